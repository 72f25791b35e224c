// Creates the collections' indexes a manifest declares; the plugin host runs it before init, and so does the test kit.
import type { DocumentStore } from '../../shared/store/port.ts';
import type { CollectionSpec } from './define-plugin.ts';

export async function ensureCollections(store: DocumentStore, collections: readonly CollectionSpec[]): Promise<void> {
  for (const c of collections) {
    const collection = store.collection(c.name);
    for (const index of c.indexes ?? []) {
      // Only the options that are set: MongoDB refuses an index option sent as null.
      const options = Object.fromEntries(
        Object.entries({ unique: index.unique, name: index.name, expireAfterSeconds: index.expireAfterSeconds }).filter(([, v]) => v !== undefined),
      );
      await collection.createIndex({ ...index.key }, options);
    }
  }
}
