// Chooses the backend: MongoDB when a URI is configured, otherwise the embedded store in the data folder.
import { createEmbeddedStore } from './embedded/embedded-store.ts';
import { createMongoStore } from './mongodb-store.ts';
import type { DocumentStore } from './port.ts';

export interface CreateStoreOptions {
  readonly mongodbUri?: string;
  /** Database used with MongoDB; `nexus` when omitted. */
  readonly mongodbDbName?: string;
  /** Folder of the embedded store (ignored with MongoDB). */
  readonly dataDir: string;
}

export async function createStore(options: CreateStoreOptions): Promise<DocumentStore> {
  if (options.mongodbUri !== undefined && options.mongodbUri !== '') {
    return createMongoStore({ uri: options.mongodbUri, dbName: options.mongodbDbName ?? 'nexus' });
  }
  return createEmbeddedStore({ dataDir: options.dataDir });
}
