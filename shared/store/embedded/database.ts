// Opens the SQLite file shared by all processes (WAL, busy timeout) and runs work in deferred or IMMEDIATE transactions,
// the latter also begun without waiting for another process's lock.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { EmbeddedStoreError, storageFailure } from './errors.ts';

/** How long a process waits for another one's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 5000;

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

export class SqliteDatabase {
  readonly file: string;
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly transaction: Database.Transaction<(work: () => unknown) => unknown>;
  private lastBusy: unknown;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'store.sqlite');
    let db: Database.Database | undefined;
    try {
      db = new Database(this.file, { timeout: BUSY_TIMEOUT_MS });
      // Switching to WAL needs a brief exclusive lock; skip it when another process already did it.
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
      // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last commits.
      db.pragma('synchronous = NORMAL');
      // The engine checkpoints on a worker thread (see WalCheckpointer), never inside a commit on the event loop.
      db.pragma('wal_autocheckpoint = 0');
    } catch (err) {
      db?.close();
      throw storageFailure(this.file, err);
    }
    this.db = db;
    this.transaction = this.db.transaction((work: () => unknown) => work());
  }

  prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** A consistent snapshot for reads; never blocks and is never blocked by writers (WAL). */
  read<R>(work: () => R): R {
    return this.run(() => this.transaction.deferred(work) as R);
  }

  /** BEGIN IMMEDIATE takes the write lock first, so read-match-modify-write is atomic across processes. */
  write<R>(work: () => R): R {
    return this.run(() => this.transaction.immediate(work) as R);
  }

  /**
   * BEGIN IMMEDIATE without waiting: false when another process holds the write lock, so that the caller waits on its
   * event loop instead of SQLite sleeping inside this call. Reads keep the busy timeout (in WAL mode they rarely need it).
   */
  tryBeginImmediate(): boolean {
    this.run(() => this.prepare('PRAGMA busy_timeout = 0').get());
    try {
      this.prepare('BEGIN IMMEDIATE').run();
      return true;
    } catch (err) {
      if (!isBusy(err)) throw storageFailure(this.file, err);
      this.lastBusy = err;
      return false;
    } finally {
      this.prepare(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).get();
    }
  }

  /** The error of a write that found the file locked for longer than the busy timeout. */
  lockTimeout(): Error {
    return storageFailure(this.file, this.lastBusy);
  }

  commit(): void {
    this.run(() => this.prepare('COMMIT').run());
  }

  /** Ends the transaction begun by tryBeginImmediate, undoing it; a no-op when SQLite already rolled it back. */
  rollback(): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
  }

  /** Inside a transaction: a savepoint, so a failing step is undone without aborting the whole transaction. */
  savepoint<R>(work: () => R): R {
    return this.transaction(work) as R;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Runs work against the open file, turning SQLite's errors into the store's. */
  run<R>(work: () => R): R {
    if (!this.db.open) throw new EmbeddedStoreError('StorageError', `embedded store ${this.file} is closed`);
    try {
      return work();
    } catch (err) {
      throw storageFailure(this.file, err);
    }
  }
}
