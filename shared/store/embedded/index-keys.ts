// Turns document values into SQLite-comparable index keys (type rank + value) and computes a document's entries for an index.
import { ObjectId } from './bson.ts';
import { deserialize, serialize } from './codec.ts';
import { EmbeddedStoreError } from './errors.ts';
import { bsonType, isPlainObject } from './values.ts';

/** One key part: SQLite compares `t` first (the type's rank) and then `v`, mirroring how mingo orders mixed types. */
export interface KeyPart {
  readonly t: number;
  readonly v: number | string | Buffer;
}

export interface IndexField {
  readonly path: string;
  readonly direction: 1 | -1;
}

export interface IndexDefinition {
  readonly name: string;
  readonly fields: readonly IndexField[];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly expireAfterSeconds: number | null;
  readonly table: string;
  /** Some document produced several entries (an array on the path): bounds on one field may then hold for different elements. */
  multikey: boolean;
  /** Some entry has a type whose SQLite order differs from mingo's (objects, arrays, binaries...), so index order cannot serve a sort. */
  looseOrder: boolean;
}

export const RANK = {
  null: 2,
  // NaN sorts below every number, and a rank of its own keeps it out of numeric ranges.
  nan: 3,
  number: 4,
  string: 5,
  object: 6,
  array: 7,
  binary: 8,
  boolean: 9,
  date: 10,
  objectId: 11,
  regex: 12,
  other: 13,
} as const;

const ORDER_EXACT_RANKS: ReadonlySet<number> = new Set([RANK.null, RANK.number, RANK.string, RANK.boolean, RANK.date, RANK.objectId]);

function numberPart(n: number): KeyPart {
  // SQLite would store NaN as NULL.
  return Number.isNaN(n) ? { t: RANK.nan, v: 0 } : { t: RANK.number, v: n };
}

/** The key part for one (non-array) value; `undefined` (a missing field) indexes as null, as in MongoDB. */
export function keyPart(value: unknown): KeyPart {
  if (value === null || value === undefined) return { t: RANK.null, v: 0 };
  switch (typeof value) {
    case 'number':
      return numberPart(value);
    case 'bigint':
      return numberPart(Number(value));
    case 'string':
      return { t: RANK.string, v: value };
    case 'boolean':
      return { t: RANK.boolean, v: value ? 1 : 0 };
    case 'object':
      break;
    default:
      return { t: RANK.other, v: serialize(String(value)) };
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { t: RANK.other, v: serialize(String(value)) } : { t: RANK.date, v: value.getTime() };
  if (value instanceof RegExp) return { t: RANK.regex, v: String(value) };
  if (Array.isArray(value)) return { t: RANK.array, v: serialize(value) };
  if (value instanceof Uint8Array) return { t: RANK.binary, v: Buffer.from(value) };
  switch (bsonType(value)) {
    case 'ObjectId':
      return { t: RANK.objectId, v: (value as { toHexString(): string }).toHexString() };
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return numberPart(Number(value.toString()));
    case 'Binary':
      return { t: RANK.binary, v: Buffer.from((value as { buffer: Uint8Array }).buffer) };
    case undefined:
      return { t: RANK.object, v: serialize(value) };
    default:
      return { t: RANK.other, v: serialize(value) };
  }
}

/** Text form of a key part: equal values (per MongoDB) give equal text. */
export function partText({ t, v }: KeyPart): string {
  return `${t}:${Buffer.isBuffer(v) ? v.toString('hex') : String(v)}`;
}

/** The documents table's unique id column holds this text form of `_id`. */
export function idKey(id: unknown): string {
  return partText(keyPart(id));
}

/** The value a key part was made from, for duplicate-key reports. */
export function partValue({ t, v }: KeyPart): unknown {
  switch (t) {
    case RANK.null:
      return null;
    case RANK.nan:
      return Number.NaN;
    case RANK.boolean:
      return v === 1;
    case RANK.date:
      return new Date(v as number);
    case RANK.objectId:
      return ObjectId.createFromHexString(v as string);
    case RANK.object:
    case RANK.array:
    case RANK.other:
      return deserialize(v as string);
    default:
      return v;
  }
}

const EMPTY_ARRAY = Symbol('empty array');

interface PathValues {
  readonly values: unknown[];
  readonly missing: boolean;
  readonly throughArray: boolean;
}

/** Values at a dotted path, descending through arrays of subdocuments and spreading a final array into its elements. */
function valuesAtPath(doc: unknown, path: string): PathValues {
  let current: unknown[] = [doc];
  let throughArray = false;
  for (const segment of path.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      if (Array.isArray(value)) {
        throughArray = true;
        const position = /^\d+$/.test(segment) ? value[Number(segment)] : undefined;
        if (position !== undefined) next.push(position);
        for (const element of value) if (isPlainObject(element) && segment in element) next.push(element[segment]);
      } else if (isPlainObject(value)) {
        next.push(value[segment]);
      }
    }
    current = next;
  }
  const values: unknown[] = [];
  for (const value of current) {
    if (Array.isArray(value)) {
      throughArray = true;
      if (value.length === 0) values.push(EMPTY_ARRAY);
      else values.push(...value);
    } else {
      values.push(value);
    }
  }
  const missing = values.every((value) => value === undefined);
  return { values: values.length === 0 ? [undefined] : values, missing, throughArray };
}

export interface IndexEntries {
  readonly keys: KeyPart[][];
  readonly multikey: boolean;
  readonly looseOrder: boolean;
}

/** The distinct index keys a document contributes to an index (none for a sparse index when every field is missing). */
export function indexEntries(index: Pick<IndexDefinition, 'name' | 'fields' | 'sparse'>, doc: unknown): IndexEntries {
  const perField = index.fields.map((field) => valuesAtPath(doc, field.path));
  if (index.sparse && perField.every((field) => field.missing)) return { keys: [], multikey: false, looseOrder: false };
  const arrayFields = index.fields.filter((_, i) => perField[i]!.throughArray).map((field) => field.path);
  if (arrayFields.length > 1) {
    throw new EmbeddedStoreError(
      'CannotIndexParallelArrays',
      `cannot index parallel arrays [${arrayFields.join('] [')}] for index ${index.name}`,
    );
  }
  let keys: KeyPart[][] = [[]];
  for (const field of perField) {
    const parts = dedupe(field.values.map((value) => (value === EMPTY_ARRAY ? keyPart([]) : keyPart(value))));
    keys = keys.flatMap((prefix) => parts.map((part) => [...prefix, part]));
  }
  const looseOrder = keys.some((key) => key.some((part) => !ORDER_EXACT_RANKS.has(part.t)));
  return { keys, multikey: arrayFields.length > 0, looseOrder };
}

function dedupe(parts: KeyPart[]): KeyPart[] {
  const seen = new Map<string, KeyPart>();
  for (const part of parts) seen.set(partText(part), part);
  return [...seen.values()];
}
