// Converts documents and values to text and back with relaxed EJSON, so Date, ObjectId and the other BSON types survive SQLite.
import { EJSON } from './bson.ts';

const RELAXED = { relaxed: true } as const;
/** Deeper than any stored document; a value nested further (or circular) is left to EJSON, which reports it. */
const MAX_DEPTH = 200;
/** EJSON writes dates in this range as ISO text, others as a number of milliseconds. */
const ISO_DATE_LIMIT = 253402300800000;
const NOT_PLAIN = Symbol('not plain');

function isoText(date: Date): string {
  const iso = date.toISOString();
  return date.getUTCMilliseconds() !== 0 ? iso : `${iso.slice(0, -5)}Z`;
}

/**
 * The value with its dates as EJSON `{ $date }` objects, sharing every subtree that holds none; NOT_PLAIN when it holds
 * anything else EJSON writes its own way (BSON types, undefined, non-finite numbers, bigints, regexes, maps...).
 */
function plainForm(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : NOT_PLAIN;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (value === null) return null;
  if (depth > MAX_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const item = value[i] as unknown;
      const form = plainForm(item, depth + 1);
      if (form === NOT_PLAIN) return NOT_PLAIN;
      if (form !== item) (copy ??= value.slice())[i] = form;
    }
    return copy ?? value;
  }
  if (value instanceof Date) {
    const time = value.getTime();
    return time > -1 && time < ISO_DATE_LIMIT ? { $date: isoText(value) } : NOT_PLAIN;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const record = value as Record<string, unknown>;
  if ('_bsontype' in record || 'toJSON' in record) return NOT_PLAIN;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const field = record[key];
    const form = plainForm(field, depth + 1);
    if (form === NOT_PLAIN || key === '__proto__') return NOT_PLAIN;
    if (form !== field) (copy ??= { ...record })[key] = form;
  }
  return copy ?? record;
}

/** Relaxed EJSON text; documents of plain JSON values and dates (nearly all) skip EJSON's generic walk but read the same. */
export function serialize(value: unknown): string {
  const form = plainForm(value, 0);
  return form === NOT_PLAIN ? EJSON.stringify(value, RELAXED) : JSON.stringify(form);
}

function hasDollarKey(record: Record<string, unknown>): boolean {
  for (const key in record) if (key.charCodeAt(0) === 36) return true;
  return false;
}

/** Turns parsed EJSON back into values in place: `{ $date: text }` directly, any other `$` object through EJSON. */
function revive(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = revive(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  if (hasDollarKey(record)) {
    const keys = Object.keys(record);
    if (keys.length === 1 && typeof record.$date === 'string') return new Date(Date.parse(record.$date));
    return EJSON.parse(JSON.stringify(record), RELAXED);
  }
  for (const key of Object.keys(record)) {
    const field = record[key];
    const revived = revive(field);
    if (revived !== field) Object.defineProperty(record, key, { value: revived, writable: true, enumerable: true, configurable: true });
  }
  return record;
}

export function deserialize<T>(text: string): T {
  // EJSON refuses field names with NUL; JSON text can only hold one escaped.
  if (text.includes('\\u0000')) return EJSON.parse(text, RELAXED) as T;
  const value: unknown = JSON.parse(text);
  return (text.includes('"$') ? revive(value) : value) as T;
}
