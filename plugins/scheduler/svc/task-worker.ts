// The worker's claim loop: polls for due tasks, leases each atomically, runs up to `concurrency` at once, stops cleanly.
import type { BackgroundService } from 'nexus/kernel';
import { abandonedError, runClaimedTask, type OccurrenceDeps, type RunReport } from './run-occurrence.ts';

export interface WorkerOptions {
  readonly pollMs: number;
  readonly concurrency: number;
  /** Runs still going this long after stop() are told to abort through their signal. */
  readonly stopTimeoutMs: number;
}

// Lapsed runs are few (a worker died); sweeping a bounded batch per poll keeps each poll cheap.
const SWEEP_BATCH = 100;

/**
 * Every time source is injected (deps.clock, deps.timers), so a test drives the worker step by step with tick()
 * instead of waiting for real time; start() runs the same polling in a loop for the worker process.
 */
export class TaskWorker implements BackgroundService {
  readonly name = 'scheduler.worker';
  private readonly running = new Set<Promise<RunReport>>();
  private readonly stopController = new AbortController();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  private lastSweep = -Infinity;

  constructor(
    private readonly deps: OccurrenceDeps,
    private readonly options: WorkerOptions,
  ) {}

  async start(): Promise<void> {
    if (this.loop !== undefined) return;
    this.deps.logger.info({ workerId: this.deps.workerId, concurrency: this.options.concurrency }, 'scheduler worker started');
    this.loop = this.pollLoop();
  }

  /** Stops claiming, then waits for the runs in progress; those still going after stopTimeoutMs are aborted. */
  async stop(): Promise<void> {
    this.stopping = true;
    const cancelAbort = this.deps.timers.after(this.options.stopTimeoutMs, () => this.stopController.abort(new Error('the worker is stopping')));
    this.wake?.();
    await this.loop;
    await Promise.allSettled([...this.running]);
    cancelAbort();
    this.deps.logger.info({ workerId: this.deps.workerId }, 'scheduler worker stopped');
  }

  /** Polls once (sweep, then claims up to the free slots) and resolves with the reports of the runs it started. */
  async tick(): Promise<RunReport[]> {
    return Promise.all(await this.poll());
  }

  /** Runs in progress in this worker. */
  get inFlight(): number {
    return this.running.size;
  }

  private async poll(): Promise<Promise<RunReport>[]> {
    const now = this.deps.clock.now();
    if (now.getTime() - this.lastSweep >= this.options.pollMs) {
      this.lastSweep = now.getTime();
      await this.sweep(now);
    }
    const started: Promise<RunReport>[] = [];
    // Only kinds whose executor is loaded here: a task whose platform is (re)loading waits for it instead of failing.
    const kinds = this.deps.executors.list().map((executor) => executor.kind);
    while (kinds.length > 0 && !this.stopping && this.running.size < this.options.concurrency) {
      const task = await this.deps.tasks.claim(this.deps.workerId, this.deps.clock.now(), this.deps.leaseMs, kinds);
      if (task === null) break;
      const run: Promise<RunReport> = runClaimedTask(this.deps, task, this.stopController.signal)
        .catch((err: unknown): RunReport => {
          // A store outage mid-run: the lease lapses and another claim settles the occurrence.
          this.deps.logger.error({ err, taskId: task._id }, 'scheduled run could not be recorded');
          return { taskId: task._id, scheduledFor: task.nextRunAt, outcome: 'stale' };
        })
        .finally(() => this.running.delete(run));
      this.running.add(run);
      started.push(run);
    }
    return started;
  }

  /** Marks runs whose worker stopped renewing the lease as abandoned, also those of paused or cancelled tasks that nobody claims. */
  private async sweep(now: Date): Promise<void> {
    for (const run of await this.deps.runs.lapsed(now, SWEEP_BATCH)) {
      if (await this.deps.runs.abandon(run, abandonedError(), now)) {
        this.deps.logger.warn({ taskId: run.taskId, runId: run._id, workerId: run.workerId }, 'run abandoned: its lease lapsed');
      }
    }
  }

  private async pollLoop(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.poll();
      } catch (err) {
        this.deps.logger.error({ err }, 'scheduler poll failed; trying again after the poll interval');
      }
      if (this.stopping) break;
      // With every slot taken there may be more due work: poll again as soon as one frees up.
      const full = this.running.size >= this.options.concurrency;
      await new Promise<void>((resolve) => {
        const cancel = full ? () => undefined : this.deps.timers.after(this.options.pollMs, resolve);
        if (full) void Promise.race(this.running).then(() => resolve());
        this.wake = () => {
          cancel();
          resolve();
        };
      });
      this.wake = undefined;
    }
  }
}
