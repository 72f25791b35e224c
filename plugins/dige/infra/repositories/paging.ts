// The one shape of a paged listing, shared by every Dige audit collection.

export interface PageQuery {
  readonly limit: number;
  readonly offset: number;
}

export interface Page<T> {
  readonly total: number;
  readonly items: T[];
}
