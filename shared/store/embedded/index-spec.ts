// Normalises the driver's index and sort specifications into ordered (path, direction) lists and derives driver-style index names.
import type { IndexSpecification, Sort } from 'mongodb';
import { EmbeddedStoreError } from './errors.ts';
import type { IndexField } from './index-keys.ts';

function direction(path: string, value: unknown, what: string): 1 | -1 {
  if (value === 1 || value === -1) return value;
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (lower === 'asc' || lower === 'ascending') return 1;
    if (lower === 'desc' || lower === 'descending') return -1;
  }
  throw new EmbeddedStoreError('BadValue', `the embedded store supports only 1/-1 ${what} directions; got ${JSON.stringify(value)} for '${path}'`);
}

function entriesOf(spec: unknown): Array<[string, unknown]> {
  if (typeof spec === 'string') return [[spec, 1]];
  if (spec instanceof Map) return [...(spec as Map<string, unknown>).entries()];
  if (Array.isArray(spec)) {
    if (spec.length === 2 && typeof spec[0] === 'string' && isDirectionLike(spec[1])) {
      return [[spec[0], spec[1]]];
    }
    return spec.flatMap((item) => entriesOf(item));
  }
  if (typeof spec === 'object' && spec !== null) return Object.entries(spec);
  return [];
}

function isDirectionLike(value: unknown): boolean {
  return typeof value === 'number' || (typeof value === 'string' && /^(asc|desc|ascending|descending)$/i.test(value));
}

export function normalizeIndexSpec(spec: IndexSpecification): IndexField[] {
  const fields = entriesOf(spec).map(([path, dir]) => ({ path, direction: direction(path, dir, 'index') }));
  if (fields.length === 0) throw new EmbeddedStoreError('BadValue', 'an index needs at least one field');
  return fields;
}

export function normalizeSort(sort: Sort | undefined): IndexField[] {
  if (sort === undefined) return [];
  return entriesOf(sort).map(([path, dir]) => ({ path, direction: direction(path, dir, 'sort') }));
}

export function defaultIndexName(fields: readonly IndexField[]): string {
  return fields.map((field) => `${field.path}_${field.direction}`).join('_');
}

export function keyPattern(fields: readonly IndexField[]): Record<string, number> {
  return Object.fromEntries(fields.map((field) => [field.path, field.direction]));
}
