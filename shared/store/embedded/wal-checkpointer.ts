// Copies the write-ahead log back into the database file on a worker thread, away from the event loop.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What a checkpoint did, as `PRAGMA wal_checkpoint` reports it: frames in the log, and how many are now in the file. */
export interface CheckpointResult {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

// Plain CommonJS evaluated by the worker, so it needs no TypeScript loader.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: workerData.busyTimeoutMs });
parentPort.on('message', (message) => {
  if (message === 'close') { db.close(); parentPort.close(); return; }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ result });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
});
`;

/**
 * SQLite's automatic checkpoint runs inside whichever COMMIT crosses the threshold and fsyncs the file there: on this
 * store's connections it is turned off, and the engine asks this worker instead. A PASSIVE checkpoint never blocks
 * writers or readers; with several processes each asks its own worker, and whichever runs copies what is there.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private readonly waiting: Array<{ resolve: (result: CheckpointResult) => void; reject: (err: Error) => void }> = [];

  constructor(
    private readonly file: string,
    private readonly busyTimeoutMs: number,
  ) {}

  checkpoint(): Promise<CheckpointResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.started().postMessage('checkpoint');
    });
  }

  close(): void {
    this.worker?.postMessage('close');
    this.worker = undefined;
  }

  /** Started on first use, so a short-lived store (a test, the CLI) never pays for a thread. */
  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file: this.file, busyTimeoutMs: this.busyTimeoutMs },
    });
    // Pending work of its own never keeps the process alive: an unfinished checkpoint is simply redone later.
    worker.unref();
    worker.on('message', (message: { result?: CheckpointResult; error?: string }) => {
      const waiter = this.waiting.shift();
      if (message.result !== undefined) waiter?.resolve(message.result);
      else waiter?.reject(new Error(`checkpointing ${this.file} failed: ${message.error}`));
    });
    worker.on('error', (err) => {
      for (const waiter of this.waiting.splice(0)) waiter.reject(err);
    });
    worker.on('exit', () => {
      for (const waiter of this.waiting.splice(0)) waiter.reject(new Error(`the checkpoint worker of ${this.file} stopped`));
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}
