// The MongoDB DocumentStore: the official driver's collections, which already satisfy the port.
import { MongoClient, type Collection, type Document } from 'mongodb';
import type { DocumentStore, StoreCollection } from './port.ts';

/** The server's answer to an index option it does not implement: FerretDB 1.x has no TTL indexes. */
const NOT_IMPLEMENTED = 238;

/**
 * On a server without TTL indexes the index is created without expiry, and expired documents stay until the code that
 * owns them deletes them (the checkpointer purges its own; every reader filters on `expiresAt`). MongoDB keeps its TTL.
 */
function withTtlFallback<T extends Document>(collection: Collection<T>): StoreCollection<T> {
  const createIndex: StoreCollection<T>['createIndex'] = async (spec, options) => {
    try {
      return await collection.createIndex(spec, options);
    } catch (err) {
      if (options?.expireAfterSeconds === undefined || (err as { code?: unknown }).code !== NOT_IMPLEMENTED) throw err;
      const { expireAfterSeconds: _ttl, ...rest } = options;
      return collection.createIndex(spec, rest);
    }
  };
  return new Proxy(collection, {
    get(target, prop) {
      if (prop === 'createIndex') return createIndex;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface MongoStoreOptions {
  readonly uri: string;
  readonly dbName: string;
}

/** Connects before returning, so a wrong URI or an unreachable server fails at start-up rather than on first use. */
export async function createMongoStore(options: MongoStoreOptions): Promise<DocumentStore> {
  // ignoreUndefined: an unset optional field is left out, as the embedded store does, rather than stored as null.
  const client = new MongoClient(options.uri, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(options.dbName);
  return {
    backend: 'mongodb',
    collection<T extends Document = Document>(name: string): StoreCollection<T> {
      return withTtlFallback(db.collection<T>(name));
    },
    close: () => client.close(),
  };
}
