// The store's public surface: the port, the backend factory and the duplicate-key check.
export { createStore, type CreateStoreOptions } from './create-store.ts';
export { DUPLICATE_KEY_CODE, isDuplicateKeyError } from './port.ts';
export type {
  DeleteResult,
  Document,
  DocumentStore,
  Filter,
  InsertManyResult,
  InsertOneResult,
  Sort,
  StoreCollection,
  StoreCountOptions,
  StoreCursor,
  StoreFindOneAndUpdateOptions,
  StoreFindOptions,
  StoreIndexOptions,
  StoreUpdateOptions,
  UpdateFilter,
  UpdateResult,
  WithId,
} from './port.ts';
