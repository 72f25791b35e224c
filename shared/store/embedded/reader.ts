// Runs a query: fetches candidates through the planner, keeps those mingo matches, then sorts, skips, limits and projects like the driver.
import { Query } from 'mingo';
import type { Document, Sort } from 'mongodb';
import type { CollectionInfo } from './catalog.ts';
import { deserialize } from './codec.ts';
import type { SqliteDatabase } from './database.ts';
import { invalidInput } from './errors.ts';
import { fastFilter } from './fast-paths.ts';
import { normalizeSort } from './index-spec.ts';
import { planQuery } from './planner.ts';
import type { StoredRow } from './writer.ts';

export interface SelectOptions {
  readonly sort?: Sort;
  readonly skip?: number;
  readonly limit?: number;
}

function compile(filter: Document, what: string): Query {
  try {
    return new Query(filter, {});
  } catch (err) {
    throw invalidInput(what, err);
  }
}

/** Plain filters are tested directly; mingo, compiled only when some document needs it, decides the rest. */
function matcher(filter: Document): (doc: Document) => boolean {
  const fast = fastFilter(filter);
  let query: Query | undefined = fast === undefined ? compile(filter, 'filter') : undefined;
  return (doc) => {
    const quick = fast?.(doc);
    if (quick === true || quick === false) return quick;
    query ??= compile(filter, 'filter');
    try {
      return query.test(doc);
    } catch (err) {
      throw invalidInput('filter', err);
    }
  };
}

function integerOption(value: number | undefined, what: string): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value)) throw invalidInput(what, new Error(`${what} must be an integer, got ${value}`));
  return value;
}

/** A limit of 0 means none; a negative one counts like its absolute value, as in the driver. */
function pagination(options: SelectOptions): { skip: number; limit: number } {
  const skip = integerOption(options.skip, 'skip');
  if (skip < 0) throw invalidInput('skip', new Error('skip must not be negative'));
  return { skip, limit: Math.abs(integerOption(options.limit, 'limit')) };
}

/** Matching stored rows in result order, after skip and limit. */
export function selectRows(db: SqliteDatabase, collection: CollectionInfo | undefined, filter: Document, options: SelectOptions = {}): StoredRow[] {
  const { skip, limit } = pagination(options);
  if (collection === undefined) return [];
  const sort = normalizeSort(options.sort);
  const matches = matcher(filter);
  const plan = planQuery(collection, filter, sort);
  const wanted = plan.sortServed && limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  const rows: StoredRow[] = [];
  const candidates = db.prepare(plan.sql).iterate(...plan.params) as Iterable<{ seq: number; text: string }>;
  for (const { seq, text } of candidates) {
    const doc = deserialize<Document>(text);
    if (!matches(doc)) continue;
    rows.push({ seq, text, doc });
    if (rows.length >= wanted) break;
  }
  // mingo's comparator is not a total order over mixed types (NaN, arrays...), so it always starts from natural order.
  const ordered = plan.sortServed ? rows : sortRows(rows.sort((x, y) => x.seq - y.seq), sort.map((key) => [key.path, key.direction] as const));
  return ordered.slice(skip, limit > 0 ? skip + limit : undefined);
}

/** Counts matches like countDocuments; when the plan is exact SQLite counts without parsing a single document. */
export function countRows(db: SqliteDatabase, collection: CollectionInfo | undefined, filter: Document, options: SelectOptions = {}): number {
  if (collection === undefined) return selectRows(db, collection, filter, options).length;
  if (fastFilter(filter) === undefined) compile(filter, 'filter');
  const plan = planQuery(collection, filter, []);
  if (!plan.exact) return selectRows(db, collection, filter, options).length;
  const { skip, limit } = pagination(options);
  const { n } = db.prepare(`SELECT count(*) AS n FROM (${plan.sql})`).get(...plan.params) as { n: number };
  const afterSkip = Math.max(0, n - skip);
  return limit > 0 ? Math.min(afterSkip, limit) : afterSkip;
}

function sortRows(rows: StoredRow[], sort: ReadonlyArray<readonly [string, 1 | -1]>): StoredRow[] {
  // Sorting wrappers keeps mingo's ordering rules while remembering each document's row.
  const spec = Object.fromEntries(sort.map(([path, direction]) => [`doc.${path}`, direction]));
  try {
    return new Query({}, {}).find<StoredRow>(rows).sort(spec).all();
  } catch (err) {
    throw invalidInput('sort', err);
  }
}

/** Applies an inclusion or exclusion projection the way the server does. */
export function project(doc: Document, projection: Document | undefined): Document {
  if (projection === undefined || Object.keys(projection).length === 0) return doc;
  try {
    const [projected] = new Query({}, {}).find<Document>([doc], projection).all();
    return projected ?? doc;
  } catch (err) {
    throw invalidInput('projection', err);
  }
}
