// Runs a plugin's pending migrations once per store: under the plugin's store lock, in declared order, each recorded after it succeeds.
import type { Logger } from 'pino';
import type { Document, DocumentStore } from '../../shared/store/port.ts';
import { migrationChecksum, type Migration } from './migration.ts';
import { createMigrationRecords } from './migration-records.ts';
import { acquireStoreLock, type StoreLockOptions } from './store-lock.ts';

export interface RunMigrationsOptions {
  readonly plugin: string;
  readonly migrations: readonly Migration[];
  readonly store: DocumentStore;
  readonly logger: Logger;
  /** Names this process in the lock, so a waiting process can say whom it waits for. */
  readonly holder: string;
  readonly lock?: Pick<StoreLockOptions, 'leaseMs' | 'pollMs' | 'now'>;
}

/** A step threw: the steps before it stay recorded, it and the ones after it stay pending. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migrationId: string,
    cause: unknown,
  ) {
    super(`migration "${migrationId}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationFailedError';
  }
}

/** Returns the ids this call applied (none when another process got there first). */
export async function runMigrations(options: RunMigrationsOptions): Promise<string[]> {
  const { plugin, migrations, store, logger } = options;
  const records = createMigrationRecords(store);
  const pendingNow = async () => {
    const applied = new Map((await records.applied(plugin)).map((r) => [r.id, r.checksum]));
    for (const m of migrations) {
      const checksum = applied.get(m.id);
      if (checksum !== undefined && checksum !== migrationChecksum(m)) logger.warn({ migration: m.id }, 'an applied migration was edited afterwards');
    }
    return migrations.filter((m) => !applied.has(m.id));
  };
  // Most boots have nothing to do; they must not queue behind each other for the lock.
  if ((await pendingNow()).length === 0) return [];
  const lock = await acquireStoreLock(store, `migrations:${plugin}`, {
    ...options.lock,
    holder: options.holder,
    onWait: (holder) => logger.info({ holder }, 'waiting for the migration lock'),
  });
  const done: string[] = [];
  try {
    const scoped = pluginScopedStore(store, plugin);
    for (const migration of await pendingNow()) {
      const started = performance.now();
      try {
        await migration.up({ store: scoped, logger: logger.child({ migration: migration.id }) });
      } catch (err) {
        throw new MigrationFailedError(migration.id, err);
      }
      const durationMs = Math.round(performance.now() - started);
      await records.record({ plugin, id: migration.id, checksum: migrationChecksum(migration), appliedAt: new Date(), durationMs });
      logger.info({ migration: migration.id, durationMs }, 'migration applied');
      done.push(migration.id);
    }
  } finally {
    await lock.release();
  }
  return done;
}

/** The store as a migration sees it: its plugin's collections only, and no way to close the shared connection. */
function pluginScopedStore(store: DocumentStore, plugin: string): DocumentStore {
  const prefix = plugin.replaceAll('-', '_') + '_';
  return {
    backend: store.backend,
    collection<T extends Document = Document>(name: string) {
      if (!name.startsWith(prefix)) throw new Error(`a ${plugin} migration may only touch collections starting with "${prefix}", not "${name}"`);
      return store.collection<T>(name);
    },
    close: async () => {
      throw new Error('a migration may not close the store');
    },
  };
}
