// Chooses the backend: MongoDB when a URI is configured, otherwise the embedded store in the data folder.
import { createEmbeddedStore } from './embedded/embedded-store.ts';
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
    // The driver is loaded only here: a process on the embedded store never pays for it.
    const { createMongoStore } = await import('./mongodb-store.ts');
    return createMongoStore({ uri: options.mongodbUri, dbName: options.mongodbDbName ?? 'nexus' });
  }
  return createEmbeddedStore({ dataDir: options.dataDir });
}
