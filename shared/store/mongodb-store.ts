// The MongoDB DocumentStore: the official driver's collections, which already satisfy the port.
import { MongoClient, type Document } from 'mongodb';
import type { DocumentStore, StoreCollection } from './port.ts';

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
      return db.collection<T>(name);
    },
    close: () => client.close(),
  };
}
