// Matching and updating for the plain filters and updates most repository calls use, without building a mingo query; anything else goes to mingo.
import type { Document } from 'mongodb';
import { isOperatorObject, isPlainObject } from './values.ts';

/** 'unsure' hands the document to mingo: an array or a subdocument in a compared field follows rules not repeated here. */
export type FastTest = (doc: Document) => boolean | 'unsure';

type Check = (value: unknown) => boolean | 'unsure';

const RANGE: Record<string, (a: number, b: number) => boolean> = {
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
};

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Values whose comparison rules are simple: strings, booleans, finite numbers and dates; no null (it also matches a missing field). */
function isComparable(value: unknown): value is string | number | boolean | Date {
  return isScalar(value) || (value instanceof Date && !Number.isNaN(value.getTime()));
}

function composite(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function equals(expected: string | number | boolean | Date): Check {
  if (expected instanceof Date) {
    const time = expected.getTime();
    return (value) => (value instanceof Date ? value.getTime() === time : composite(value) ? 'unsure' : false);
  }
  return (value) => (composite(value) ? 'unsure' : value === expected);
}

/** MongoDB compares only within a type class, so a range on numbers never matches a string, a date only a date. */
function range(operator: string, bound: number | Date): Check {
  const compare = RANGE[operator]!;
  if (bound instanceof Date) {
    const time = bound.getTime();
    return (value) => (value instanceof Date ? compare(value.getTime(), time) : composite(value) ? 'unsure' : false);
  }
  // NaN sorts below every number in MongoDB, which mingo follows; not worth repeating here.
  return (value) => (typeof value === 'number' ? (Number.isNaN(value) ? 'unsure' : compare(value, bound)) : composite(value) ? 'unsure' : false);
}

function conditionCheck(condition: unknown): Check | undefined {
  if (isComparable(condition)) return equals(condition);
  if (!isOperatorObject(condition)) return undefined;
  const checks: Check[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if (operator === '$eq' && isComparable(operand)) checks.push(equals(operand));
    else if (operator in RANGE && ((typeof operand === 'number' && Number.isFinite(operand)) || (operand instanceof Date && !Number.isNaN(operand.getTime())))) {
      checks.push(range(operator, operand));
    } else if (operator === '$in' && Array.isArray(operand) && operand.length > 0 && operand.every(isScalar)) {
      const set = new Set<unknown>(operand);
      checks.push((value) => (composite(value) ? 'unsure' : set.has(value)));
    } else return undefined;
  }
  return (value) => {
    for (const check of checks) {
      const result = check(value);
      if (result !== true) return result;
    }
    return true;
  };
}

/** A test for a filter of top-level fields with equality, range or `$in` conditions on plain values; undefined for anything else. */
export function fastFilter(filter: Document): FastTest | undefined {
  if (!isPlainObject(filter)) return undefined;
  const fields: Array<[string, Check]> = [];
  for (const [path, condition] of Object.entries(filter)) {
    if (path.startsWith('$') || path.includes('.')) return undefined;
    const check = conditionCheck(condition);
    if (check === undefined) return undefined;
    fields.push([path, check]);
  }
  return (doc) => {
    let unsure = false;
    for (const [path, check] of fields) {
      const result = check(doc[path]);
      if (result === false) return false;
      if (result === 'unsure') unsure = true;
    }
    return unsure ? 'unsure' : true;
  };
}

/**
 * Applies `$set` / `$unset` of top-level fields directly; false (and the document untouched) when the update needs
 * mingo: other operators, dotted or positional paths, undefined values, or a field both set and unset.
 */
export function applyFastUpdate(doc: Document, operators: Record<string, Record<string, unknown>>): boolean {
  const { $set = {}, $unset = {}, ...others } = operators;
  if (Object.keys(others).length > 0) return false;
  const plainPath = (path: string) => path !== '' && !path.includes('.') && !path.startsWith('$') && path !== '_id';
  for (const [path, value] of Object.entries($set)) if (!plainPath(path) || value === undefined || path in $unset) return false;
  for (const path of Object.keys($unset)) if (!plainPath(path)) return false;
  for (const [path, value] of Object.entries($set)) doc[path] = value;
  for (const path of Object.keys($unset)) delete doc[path];
  return true;
}
