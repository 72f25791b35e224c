// The `nexus_migrations` collection: one record per applied step, written only after the step succeeded.
import type { DocumentStore, StoreCollection } from '../../shared/store/port.ts';
import { isDuplicateKeyError } from '../../shared/store/port.ts';

export const MIGRATIONS_COLLECTION = 'nexus_migrations';

export interface MigrationRecord {
  /** `<plugin>/<id>`: the unique key that makes a second record of one step impossible. */
  readonly _id: string;
  readonly plugin: string;
  readonly id: string;
  readonly checksum: string;
  readonly appliedAt: Date;
  readonly durationMs: number;
}

export interface MigrationRecords {
  applied(plugin?: string): Promise<MigrationRecord[]>;
  /** False when the step was already recorded (another process applied it). */
  record(record: Omit<MigrationRecord, '_id'>): Promise<boolean>;
}

export function createMigrationRecords(store: DocumentStore): MigrationRecords {
  const records: StoreCollection<MigrationRecord> = store.collection<MigrationRecord>(MIGRATIONS_COLLECTION);
  return {
    applied: (plugin) => records.find(plugin === undefined ? {} : { plugin }, { sort: { plugin: 1, appliedAt: 1, _id: 1 } }).toArray(),
    async record(record) {
      try {
        await records.insertOne({ _id: `${record.plugin}/${record.id}`, ...record });
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
  };
}
