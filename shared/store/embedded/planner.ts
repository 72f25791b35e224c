// Picks an index for a filter and sort and builds the SQL fetching candidate documents: it may over-select (mingo re-checks each one) but must never miss a match.
import type { CollectionInfo } from './catalog.ts';
import { idKey, keyPart, RANK, type IndexDefinition, type IndexField, type KeyPart } from './index-keys.ts';
import { isOperatorObject } from './values.ts';

interface Bound {
  readonly op: '>' | '>=' | '<' | '<=';
  readonly part: KeyPart;
}

/** What one condition on a path guarantees: the value is one of `equals`, and/or it satisfies every bound. */
interface PathConstraint {
  readonly equals?: { readonly values: unknown[]; readonly parts: KeyPart[] };
  readonly bounds: Bound[];
  /** The condition says nothing more than `equals` (when present) or else the bounds, with SQLite comparing like mingo. */
  readonly exact: boolean;
}

interface Constraints {
  readonly byPath: Map<string, PathConstraint[]>;
  /** Every condition of the filter became an exact constraint. */
  complete: boolean;
}

export interface QueryPlan {
  readonly sql: string;
  readonly params: unknown[];
  /** Rows come out in the requested sort order, so the caller may stop at the limit. */
  readonly sortServed: boolean;
  /** The SQL selects exactly the matching documents, so counting needs no parsing. */
  readonly exact: boolean;
  readonly description: string;
}

const RANGE_OPERATORS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** Values whose index key matches exactly the documents mingo's equality matches. */
function isEqualityValue(value: unknown, path: string): boolean {
  // `{ a: null }` also matches documents missing `a`; only a top-level path maps missing to a null entry reliably.
  if (value === null) return !path.includes('.');
  if (typeof value === 'number') return !Number.isNaN(value);
  if (typeof value === 'string' || typeof value === 'boolean' || isValidDate(value)) return true;
  return keyPart(value).t === RANK.objectId;
}

function isRangeValue(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isNaN(value);
  if (typeof value === 'string' || isValidDate(value)) return true;
  return value !== null && typeof value === 'object' && keyPart(value).t === RANK.objectId;
}

function equalityConstraint(values: unknown[], bounds: Bound[], exact: boolean): PathConstraint {
  // Null also matches missing fields and string order differs between SQLite (UTF-8) and JavaScript (UTF-16).
  return { equals: { values, parts: values.map(keyPart) }, bounds, exact: exact && !values.includes(null) };
}

function constraintOf(path: string, condition: unknown): PathConstraint | undefined {
  if (!isOperatorObject(condition)) {
    return isEqualityValue(condition, path) ? equalityConstraint([condition], [], true) : undefined;
  }
  const operators = Object.keys(condition);
  const bounds: Bound[] = [];
  for (const [operator, op] of Object.entries(RANGE_OPERATORS)) {
    const value = condition[operator];
    if (operator in condition && isRangeValue(value)) bounds.push({ op, part: keyPart(value) });
  }
  if ('$eq' in condition && isEqualityValue(condition.$eq, path)) {
    return equalityConstraint([condition.$eq], bounds, operators.length === 1);
  }
  const list = condition.$in;
  if (Array.isArray(list) && list.length > 0 && list.every((value) => isEqualityValue(value, path))) {
    return equalityConstraint(list, bounds, operators.length === 1);
  }
  if (bounds.length === 0) return undefined;
  const exact = bounds.length === operators.length && bounds.every((bound) => bound.part.t !== RANK.string);
  return { bounds, exact };
}

/** Conditions every match must satisfy: the filter's top-level fields and those of a top-level $and. */
function constraintsOf(filter: Record<string, unknown>, into: Constraints = { byPath: new Map(), complete: true }): Constraints {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) {
        if (part !== null && typeof part === 'object') constraintsOf(part as Record<string, unknown>, into);
        else into.complete = false;
      }
      continue;
    }
    const constraint = key.startsWith('$') ? undefined : constraintOf(key, condition);
    if (constraint === undefined || !constraint.exact) into.complete = false;
    if (constraint !== undefined) into.byPath.set(key, [...(into.byPath.get(key) ?? []), constraint]);
  }
  return into;
}

interface IndexChoice {
  readonly index: IndexDefinition;
  readonly where: string[];
  readonly params: unknown[];
  readonly orderBy: string | undefined;
  readonly score: number;
  readonly exact: boolean;
}

function equalitySql(column: number, parts: KeyPart[], params: unknown[]): string {
  const byRank = new Map<number, KeyPart[]>();
  for (const part of parts) byRank.set(part.t, [...(byRank.get(part.t) ?? []), part]);
  const alternatives = [...byRank].map(([rank, group]) => {
    params.push(rank, ...group.map((part) => part.v));
    return `(ix.t${column} = ? AND ix.v${column} IN (${group.map(() => '?').join(', ')}))`;
  });
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
}

function evaluateIndex(index: IndexDefinition, constraints: Constraints, sort: readonly IndexField[]): IndexChoice | undefined {
  const where: string[] = [];
  const params: unknown[] = [];
  let equalityColumns = 0;
  let singleValued = true;
  let ranged = false;
  const fullyApplied = new Set<string>();
  for (const [column, field] of index.fields.entries()) {
    const pathConstraints = constraints.byPath.get(field.path) ?? [];
    const equality = pathConstraints.find((constraint) => constraint.equals !== undefined)?.equals;
    // A sparse index has no entry for documents missing the field, which `null` would match.
    if (equality !== undefined && !(index.sparse && equality.parts.some((part) => part.t === RANK.null))) {
      where.push(equalitySql(column, equality.parts, params));
      equalityColumns += 1;
      singleValued &&= equality.parts.length === 1;
      if (pathConstraints.length === 1) fullyApplied.add(field.path);
      continue;
    }
    const bounds = pathConstraints.flatMap((constraint) => constraint.bounds);
    if (!index.multikey && bounds.length > 0) fullyApplied.add(field.path);
    // On a multikey index each bound may hold for a different array element, so only one bound can be pushed down.
    for (const bound of index.multikey ? bounds.slice(0, 1) : bounds) {
      where.push(`ix.t${column} = ? AND ix.v${column} ${bound.op} ?`);
      params.push(bound.part.t, bound.part.v);
      ranged = true;
    }
    break;
  }
  const sortColumns = index.fields.slice(equalityColumns, equalityColumns + sort.length);
  const relative = sort[0] !== undefined && sortColumns[0] !== undefined ? sort[0].direction * sortColumns[0].direction : 0;
  const sortServed =
    sort.length > 0 &&
    !index.multikey &&
    !index.looseOrder &&
    singleValued &&
    sortColumns.length === sort.length &&
    sort.every((key, i) => key.path === sortColumns[i]!.path && key.direction * sortColumns[i]!.direction === relative);
  if (where.length === 0 && !(sortServed && !index.sparse)) return undefined;
  const orderBy = sortServed
    ? sort
        .map((key, i) => {
          const direction = key.direction === 1 ? 'ASC' : 'DESC';
          return `ix.t${equalityColumns + i} ${direction}, ix.v${equalityColumns + i} ${direction}`;
        })
        .join(', ')
    : undefined;
  const pointLookup = index.unique && singleValued && equalityColumns === index.fields.length;
  const score = equalityColumns * 4 + (ranged ? 2 : 0) + (sortServed ? 1 : 0) + (pointLookup ? 100 : 0);
  // Without arrays every document has one entry per key, so applying every (exact) condition selects exactly the matches.
  const exact = constraints.complete && !index.multikey && [...constraints.byPath.keys()].every((path) => fullyApplied.has(path));
  return { index, where, params, orderBy, score, exact };
}

export function planQuery(collection: CollectionInfo, filter: Record<string, unknown>, sort: readonly IndexField[]): QueryPlan {
  const docs = `"${collection.table}"`;
  const constraints = constraintsOf(filter);
  const idConstraints = constraints.byPath.get('_id') ?? [];
  const ids = idConstraints.find((constraint) => constraint.equals !== undefined)?.equals;
  if (ids !== undefined) {
    return {
      sql: `SELECT seq, doc AS text FROM ${docs} WHERE id IN (${ids.values.map(() => '?').join(', ')}) ORDER BY seq`,
      params: ids.values.map(idKey),
      sortServed: sort.length === 0,
      exact: constraints.complete && constraints.byPath.size === 1 && idConstraints.length === 1,
      description: '_id_',
    };
  }
  let best: IndexChoice | undefined;
  for (const index of collection.indexes) {
    const choice = evaluateIndex(index, constraints, sort);
    if (choice !== undefined && (best === undefined || choice.score > best.score)) best = choice;
  }
  if (best === undefined) {
    const everything = Object.keys(filter).length === 0;
    return { sql: `SELECT seq, doc AS text FROM ${docs} ORDER BY seq`, params: [], sortServed: sort.length === 0, exact: everything, description: 'collection scan' };
  }
  const entries = `"${best.index.table}"`;
  const where = best.where.join(' AND ') || '1';
  if (best.index.multikey) {
    // Several entries may point at one document; IN deduplicates them.
    return {
      sql: `SELECT seq, doc AS text FROM ${docs} WHERE seq IN (SELECT ix.seq FROM ${entries} AS ix WHERE ${where}) ORDER BY seq`,
      params: best.params,
      sortServed: sort.length === 0,
      exact: false,
      description: best.index.name,
    };
  }
  return {
    sql: `SELECT d.seq AS seq, d.doc AS text FROM ${entries} AS ix JOIN ${docs} AS d ON d.seq = ix.seq WHERE ${where}${best.orderBy === undefined ? '' : ` ORDER BY ${best.orderBy}`}`,
    params: best.params,
    sortServed: sort.length === 0 || best.orderBy !== undefined,
    exact: best.exact,
    description: best.index.name,
  };
}
