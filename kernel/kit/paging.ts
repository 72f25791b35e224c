// One paged listing for every plugin: the query schema with one documented maximum, the answer's shape, and count + find.
import { Type, type Static, type TSchema } from 'typebox';
import type { Document, Filter, Sort, StoreCollection, WithId } from '../../shared/store/port.ts';

/** Items per page when a request names none. */
export const DEFAULT_PAGE_LIMIT = 50;
/** The largest page any listing serves: big enough for a screen or a tool result, small enough to answer quickly. */
export const MAX_PAGE_LIMIT = 200;
/** Deeper than this, filter instead: skipping costs the store a scan of every skipped document. */
export const MAX_PAGE_OFFSET = 100_000;

export const PageLimit = Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, description: `Items per page (default ${DEFAULT_PAGE_LIMIT}, at most ${MAX_PAGE_LIMIT}).` });
export const PageOffset = Type.Integer({ minimum: 0, maximum: MAX_PAGE_OFFSET, description: 'Items to skip (default 0).' });

/** Both optional: the request validator fills no defaults, so `pageRequest` applies them. */
export const PageQuery = Type.Object({ limit: Type.Optional(PageLimit), offset: Type.Optional(PageOffset) }, { additionalProperties: false });
export type PageQuery = Static<typeof PageQuery>;

/** A page with its bounds applied. */
export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
}

export function pageRequest(query: { readonly limit?: number; readonly offset?: number } = {}): PageRequest {
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, offset: query.offset ?? 0 };
}

export interface Page<T> {
  /** Every match, not only this page's. */
  readonly total: number;
  readonly items: T[];
}

/** The answer schema of a paged listing of `item`. */
export const Page = <T extends TSchema>(item: T) => Type.Object({ total: Type.Integer(), items: Type.Array(item) });

/** Counts the matches and reads one page of them, in `sort` order (which should end in a unique field, so pages never overlap). */
export async function pagedFind<T extends Document>(
  collection: StoreCollection<T>,
  filter: Filter<T>,
  options: PageRequest & { readonly sort: Sort },
): Promise<Page<WithId<T>>> {
  const [total, items] = await Promise.all([
    collection.countDocuments(filter),
    collection.find(filter, { sort: options.sort, skip: options.offset, limit: options.limit }).toArray(),
  ]);
  return { total, items };
}
