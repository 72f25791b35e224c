// Applies MongoDB update operators through mingo, guards the immutable _id, and builds the document an upsert inserts.
import { update as applyOperators, type Modifier } from 'mingo/updater';
import { ObjectId } from './bson.ts';
import type { Document } from 'mongodb';
import { deserialize } from './codec.ts';
import { EmbeddedStoreError, invalidInput } from './errors.ts';
import { applyFastUpdate } from './fast-paths.ts';
import { idKey } from './index-keys.ts';
import { isOperatorObject, isPlainObject } from './values.ts';

export type UpdateOperators = Record<string, Record<string, unknown>>;

/** Refuses what the driver refuses before sending: replacements, empty updates and (unsupported here) pipelines. */
export function checkUpdate(update: unknown): asserts update is UpdateOperators {
  if (Array.isArray(update)) {
    throw new EmbeddedStoreError('BadValue', 'the embedded store does not support aggregation-pipeline updates');
  }
  if (!isOperatorObject(update)) throw new EmbeddedStoreError('BadValue', 'Update document requires atomic operators');
  for (const [operator, fields] of Object.entries(update)) {
    if (!isPlainObject(fields)) throw new EmbeddedStoreError('FailedToParse', `Modifiers operate on fields but we found ${operator} with a non-document argument`);
  }
}

function run(doc: Document, operators: UpdateOperators, filter: Document | undefined): void {
  if (Object.keys(operators).length === 0) return;
  try {
    applyOperators(doc, operators as Modifier<Document>, undefined, filter);
  } catch (err) {
    throw invalidInput('update', err);
  }
}

function immutableId(): EmbeddedStoreError {
  return new EmbeddedStoreError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
}

function usesPositional(operators: UpdateOperators): boolean {
  return Object.values(operators).some((fields) => Object.keys(fields).some((path) => /(^|\.)\$(\.|$)/.test(path)));
}

/** The updated form of a stored document (parsed afresh from its text so the caller's copy stays the "before" image). */
export function updatedDocument(stored: { text: string; doc: Document }, update: UpdateOperators, filter: Document): Document {
  const { $setOnInsert: _onlyOnInsert, ...operators } = update;
  const $set = operators.$set;
  // MongoDB accepts setting _id to the value it already has; mingo refuses any _id path.
  if ($set !== undefined && '_id' in $set) {
    if (idKey($set._id) !== idKey(stored.doc._id)) throw immutableId();
    const { _id: _unchanged, ...rest } = $set;
    operators.$set = rest;
  }
  const doc = deserialize<Document>(stored.text);
  // Only the positional `$` operator needs the filter (to find the matched element); compiling it costs time otherwise.
  if (!applyFastUpdate(doc, operators)) run(doc, operators, usesPositional(operators) ? filter : undefined);
  if (idKey(doc._id) !== idKey(stored.doc._id)) throw immutableId();
  return doc;
}

const NO_VALUE = Symbol('no equality value');

function equalityValue(condition: unknown): unknown {
  if (condition instanceof RegExp) return NO_VALUE;
  if (!isOperatorObject(condition)) return condition;
  if ('$eq' in condition) return condition.$eq;
  if (Array.isArray(condition.$in) && condition.$in.length === 1) return condition.$in[0];
  return NO_VALUE;
}

function setPath(doc: Document, path: string, value: unknown): void {
  const segments = path.split('.');
  let target: Record<string, unknown> = doc;
  for (const segment of segments.slice(0, -1)) {
    const next = target[segment];
    if (!isPlainObject(next)) target[segment] = {};
    target = target[segment] as Record<string, unknown>;
  }
  target[segments.at(-1)!] = value;
}

/** Like MongoDB, an upsert starts from the filter's equality conditions (top level and inside $and). */
function seedFromFilter(filter: Document, seed: Document = {}): Document {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) if (isPlainObject(part)) seedFromFilter(part, seed);
      continue;
    }
    if (key.startsWith('$')) continue;
    const value = equalityValue(condition);
    if (value !== NO_VALUE) setPath(seed, key, value);
  }
  return seed;
}

/** The document an upsert inserts: filter equalities, then the update with $setOnInsert applied as $set; `_id` first. */
export function upsertDocument(filter: Document, update: UpdateOperators): Document {
  const seed = seedFromFilter(filter);
  const { $setOnInsert, ...operators } = update;
  const $set: Record<string, unknown> = { ...operators.$set, ...$setOnInsert };
  if ('_id' in $set) {
    seed._id = $set._id;
    delete $set._id;
  }
  if (Object.keys($set).length > 0) operators.$set = $set;
  else delete operators.$set;
  run(seed, operators, undefined);
  const { _id, ...fields } = seed;
  return { _id: _id === undefined ? new ObjectId() : _id, ...fields };
}
