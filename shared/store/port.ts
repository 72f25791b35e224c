// The document-store port: a strict subset of the mongodb driver's Collection API, so repository code is written once for every backend.
import type {
  CountDocumentsOptions,
  CreateIndexesOptions,
  DeleteResult,
  Document,
  Filter,
  FindOneAndUpdateOptions,
  FindOptions,
  IndexSpecification,
  InsertManyResult,
  InsertOneResult,
  OptionalUnlessRequiredId,
  Sort,
  UpdateFilter,
  UpdateOptions,
  UpdateResult,
  WithId,
} from 'mongodb';

export type {
  Document,
  Filter,
  Sort,
  UpdateFilter,
  WithId,
  InsertOneResult,
  InsertManyResult,
  UpdateResult,
  DeleteResult,
};

/** The part of the driver's FindCursor that repositories may use. */
export interface StoreCursor<T> {
  sort(sort: Sort): StoreCursor<T>;
  skip(value: number): StoreCursor<T>;
  limit(value: number): StoreCursor<T>;
  project<P extends Document = Document>(value: Document): StoreCursor<P>;
  toArray(): Promise<T[]>;
}

/** Options the port honours on find; a subset of the driver's FindOptions. */
export type StoreFindOptions = Pick<FindOptions, 'sort' | 'skip' | 'limit' | 'projection'>;
export type StoreUpdateOptions = Pick<UpdateOptions, 'upsert'>;
export type StoreFindOneAndUpdateOptions = Pick<
  FindOneAndUpdateOptions,
  'sort' | 'upsert' | 'returnDocument' | 'projection'
>;
export type StoreCountOptions = Pick<CountDocumentsOptions, 'skip' | 'limit'>;
export type StoreIndexOptions = Pick<CreateIndexesOptions, 'unique' | 'name' | 'expireAfterSeconds' | 'sparse'>;

export interface StoreCollection<T extends Document = Document> {
  readonly collectionName: string;
  insertOne(doc: OptionalUnlessRequiredId<T>): Promise<InsertOneResult<T>>;
  insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<InsertManyResult<T>>;
  findOne(filter?: Filter<T>, options?: StoreFindOptions): Promise<WithId<T> | null>;
  find(filter?: Filter<T>, options?: StoreFindOptions): StoreCursor<WithId<T>>;
  updateOne(filter: Filter<T>, update: UpdateFilter<T>, options?: StoreUpdateOptions): Promise<UpdateResult<T>>;
  updateMany(filter: Filter<T>, update: UpdateFilter<T>, options?: StoreUpdateOptions): Promise<UpdateResult<T>>;
  findOneAndUpdate(
    filter: Filter<T>,
    update: UpdateFilter<T>,
    options?: StoreFindOneAndUpdateOptions,
  ): Promise<WithId<T> | null>;
  deleteOne(filter?: Filter<T>): Promise<DeleteResult>;
  deleteMany(filter?: Filter<T>): Promise<DeleteResult>;
  countDocuments(filter?: Filter<T>, options?: StoreCountOptions): Promise<number>;
  createIndex(spec: IndexSpecification, options?: StoreIndexOptions): Promise<string>;
}

export interface DocumentStore {
  /** 'embedded' or 'mongodb'; for status pages and test names, never for branching in repositories. */
  readonly backend: 'embedded' | 'mongodb';
  collection<T extends Document = Document>(name: string): StoreCollection<T>;
  close(): Promise<void>;
}

/** MongoDB's duplicate-key code; every backend raises it on a unique-index violation. */
export const DUPLICATE_KEY_CODE = 11000;

export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === DUPLICATE_KEY_CODE;
}

/** The driver's errors for a database it cannot reach (connection dropped, no server selectable, pool cleared). */
const UNREACHABLE_ERRORS = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoNotConnectedError',
]);

/** True when the store could not be reached, so the request changed nothing it did not report; the cause chain is followed. */
export function isStoreUnavailableError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (UNREACHABLE_ERRORS.has((e as { name?: string }).name ?? '')) return true;
  }
  return false;
}
