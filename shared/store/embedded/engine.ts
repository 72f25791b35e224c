// Ties the SQLite file, its catalog and the writer together; every transaction starts from an up-to-date catalog, and
// this process's writes wait for another process's lock on the event loop, queued, then commit together.
import { Catalog } from './catalog.ts';
import { BUSY_TIMEOUT_MS, SqliteDatabase } from './database.ts';
import { EmbeddedStoreError } from './errors.ts';
import { WalCheckpointer } from './wal-checkpointer.ts';
import { DocumentWriter } from './writer.ts';

interface QueuedWrite {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (err: unknown) => void;
}

type Settled = { ok: true; value: unknown } | { ok: false; err: unknown };

/** Most transactions hold the lock for well under a millisecond, so the first waits are short. */
const LOCK_WAITS_MS = [1, 1, 2, 2, 4];
/** A few MB of log at most between checkpoints, as SQLite's own default of 1000 pages would allow. */
const COMMITS_PER_CHECKPOINT = 200;

export class Engine {
  readonly db: SqliteDatabase;
  readonly catalog: Catalog;
  readonly writer: DocumentWriter;
  private readonly queue: QueuedWrite[] = [];
  private lockWait: { since: number; attempts: number; timer: NodeJS.Timeout } | undefined;
  private readonly checkpointer: WalCheckpointer;
  private commits = 0;

  constructor(dataDir: string) {
    this.db = new SqliteDatabase(dataDir);
    try {
      this.catalog = new Catalog(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
    this.writer = new DocumentWriter(this.db, this.catalog);
    this.checkpointer = new WalCheckpointer(this.db.file, BUSY_TIMEOUT_MS);
  }

  read<R>(work: () => R): R {
    return this.db.read(() => {
      this.catalog.refresh();
      return work();
    });
  }

  /**
   * Runs `work` atomically in an IMMEDIATE transaction. With the file free and nothing queued it runs at once, as a
   * synchronous call would; while another process holds the lock, writes queue up in order and the first transaction
   * that gets the lock runs them all, each in its own savepoint (one failing undoes only itself), and commits once.
   */
  write<R>(work: () => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.lockWait === undefined && this.queue.length === 1) this.flush();
    });
  }

  /** Inside write(): a step that can fail alone, e.g. one document of an ordered insertMany. */
  step<R>(work: () => R): R {
    return this.guard(() => this.db.savepoint(work));
  }

  close(): void {
    if (this.lockWait !== undefined) clearTimeout(this.lockWait.timer);
    this.lockWait = undefined;
    const closed = new EmbeddedStoreError('StorageError', `embedded store ${this.db.file} is closed`);
    for (const queued of this.queue.splice(0)) queued.reject(closed);
    this.checkpointer.close();
    this.db.close();
  }

  private flush(): void {
    let locked: boolean;
    try {
      locked = this.db.tryBeginImmediate();
    } catch (err) {
      this.lockWait = undefined;
      for (const queued of this.queue.splice(0)) queued.reject(err);
      return;
    }
    if (!locked) {
      this.waitForLock();
      return;
    }
    this.lockWait = undefined;
    const batch = this.queue.splice(0);
    let outcomes: Settled[];
    try {
      outcomes = this.runLocked(batch);
      this.db.commit();
      this.commits += 1;
    } catch (err) {
      this.db.rollback();
      this.catalog.invalidate();
      outcomes = batch.map(() => ({ ok: false, err }));
    }
    if (this.commits >= COMMITS_PER_CHECKPOINT) {
      this.commits = 0;
      // A failed checkpoint loses nothing: the log keeps every commit, and the next one copies it.
      this.checkpointer.checkpoint().catch((err: Error) => process.emitWarning(err.message, 'EmbeddedStoreWarning'));
    }
    batch.forEach((queued, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) queued.resolve(outcome.value);
      else queued.reject(outcome.err);
    });
  }

  /** Inside the transaction: one write runs bare (its failure fails the transaction), several run in savepoints. */
  private runLocked(batch: readonly QueuedWrite[]): Settled[] {
    this.catalog.refresh();
    if (batch.length === 1) return [{ ok: true, value: this.guard(() => this.db.run(batch[0]!.work)) }];
    return batch.map((queued) => {
      try {
        return { ok: true, value: this.step(() => this.db.run(queued.work)) };
      } catch (err) {
        // The savepoint undid the catalog rows the write may have added; the cache follows.
        this.catalog.refresh();
        return { ok: false, err };
      }
    });
  }

  private waitForLock(): void {
    const since = this.lockWait?.since ?? Date.now();
    const attempts = this.lockWait?.attempts ?? 0;
    if (Date.now() - since >= BUSY_TIMEOUT_MS) {
      this.lockWait = undefined;
      const err = this.db.lockTimeout();
      for (const queued of this.queue.splice(0)) queued.reject(err);
      return;
    }
    const wait = LOCK_WAITS_MS[Math.min(attempts, LOCK_WAITS_MS.length - 1)]!;
    this.lockWait = { since, attempts: attempts + 1, timer: setTimeout(() => this.flush(), wait) };
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
