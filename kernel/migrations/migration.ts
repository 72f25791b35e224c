// What a plugin declares to change its stored data between versions: ordered, idempotent steps over the store port.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { DocumentStore } from '../../shared/store/port.ts';

export interface MigrationContext {
  /** The store, limited to the plugin's own collections (names with its prefix). */
  readonly store: DocumentStore;
  readonly logger: Logger;
}

export interface Migration {
  /** Unique within the plugin and never reused, e.g. `0002-rename-due-at`; the record's key. */
  readonly id: string;
  readonly description?: string;
  /**
   * Brings the data to the new shape. It must be idempotent: a process that dies mid-way leaves the step unrecorded,
   * and the next boot runs it again from the start.
   */
  up(ctx: MigrationContext): Promise<void>;
}

export const MIGRATION_ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Of the step's source, so `nexus migrations status` can say when an applied step was edited afterwards. */
export function migrationChecksum(migration: Migration): string {
  return createHash('sha256').update(`${migration.id}\n${migration.up.toString()}`).digest('hex').slice(0, 16);
}
