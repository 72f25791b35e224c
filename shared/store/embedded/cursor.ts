// The embedded find cursor: gathers sort, skip, limit and projection, and runs the query when the results are asked for.
import type { Document, Sort } from 'mongodb';
import type { StoreCursor, StoreFindOptions } from '../port.ts';

export class EmbeddedCursor<T> implements StoreCursor<T> {
  constructor(
    private readonly run: (options: StoreFindOptions) => Promise<T[]>,
    private options: StoreFindOptions,
  ) {}

  sort(sort: Sort): StoreCursor<T> {
    this.options = { ...this.options, sort };
    return this;
  }

  skip(value: number): StoreCursor<T> {
    this.options = { ...this.options, skip: value };
    return this;
  }

  limit(value: number): StoreCursor<T> {
    this.options = { ...this.options, limit: value };
    return this;
  }

  project<P extends Document = Document>(value: Document): StoreCursor<P> {
    this.options = { ...this.options, projection: value };
    return this as unknown as StoreCursor<P>;
  }

  toArray(): Promise<T[]> {
    return this.run(this.options);
  }
}
