// The embedded DocumentStore: MongoDB-like collections in one SQLite file under the data folder, shared safely by several processes.
import type { Document } from 'mongodb';
import type { DocumentStore, StoreCollection } from '../port.ts';
import { EmbeddedCollection } from './collection.ts';
import { Engine } from './engine.ts';
import { EmbeddedStoreError } from './errors.ts';

export interface EmbeddedStoreOptions {
  /** Folder holding `store.sqlite` (created if missing). */
  readonly dataDir: string;
}

export function createEmbeddedStore(options: EmbeddedStoreOptions): DocumentStore {
  const engine = new Engine(options.dataDir);
  return {
    backend: 'embedded',
    collection<T extends Document = Document>(name: string): StoreCollection<T> {
      // MongoDB's own rules, so a name that works here also works with MONGODB_URI.
      if (typeof name !== 'string' || name === '' || name.includes('$') || name.includes('\0')) {
        throw new EmbeddedStoreError('BadValue', `invalid collection name ${JSON.stringify(name)}`);
      }
      return new EmbeddedCollection<T>(engine, name);
    },
    async close(): Promise<void> {
      engine.close();
    },
  };
}
