// Ties the SQLite file, its catalog and the writer together; every transaction starts from an up-to-date catalog.
import { setTimeout as sleep } from 'node:timers/promises';
import { Catalog } from './catalog.ts';
import { BUSY_TIMEOUT_MS, SqliteDatabase } from './database.ts';
import { DocumentWriter } from './writer.ts';

function isBusy(err: unknown): boolean {
  const code = ((err as { cause?: { code?: unknown } } | null)?.cause?.code ?? (err as { code?: unknown } | null)?.code) as unknown;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * A transaction that finds the file locked by another process is retried after a short wait on the event loop, for
 * up to the busy timeout: SQLite's own busy handler would sleep inside the synchronous call and stall every other
 * request of this process meanwhile. Retrying is safe because a transaction that failed to start changed nothing.
 */
async function whenUnlocked<R>(attempt: () => R): Promise<R> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let wait = 1; ; wait = Math.min(wait * 2, 20)) {
    try {
      return attempt();
    } catch (err) {
      if (!isBusy(err) || Date.now() >= deadline) throw err;
    }
    await sleep(wait);
  }
}

export class Engine {
  readonly db: SqliteDatabase;
  readonly catalog: Catalog;
  readonly writer: DocumentWriter;

  constructor(dataDir: string) {
    this.db = new SqliteDatabase(dataDir);
    try {
      this.catalog = new Catalog(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
    this.writer = new DocumentWriter(this.db, this.catalog);
    this.db.failFastWhenLocked();
  }

  read<R>(work: () => R): Promise<R> {
    return whenUnlocked(() =>
      this.db.read(() => {
        this.catalog.refresh();
        return work();
      }),
    );
  }

  write<R>(work: () => R): Promise<R> {
    return whenUnlocked(() =>
      this.guard(() =>
        this.db.write(() => {
          this.catalog.refresh();
          return work();
        }),
      ),
    );
  }

  /** Inside write(): a step that can fail alone, e.g. one document of an ordered insertMany. */
  step<R>(work: () => R): R {
    return this.guard(() => this.db.savepoint(work));
  }

  close(): void {
    this.db.close();
  }

  /** Whatever a rolled-back transaction or savepoint put in the cached catalog never reached the file. */
  private guard<R>(work: () => R): R {
    try {
      return work();
    } catch (err) {
      this.catalog.invalidate();
      throw err;
    }
  }
}
