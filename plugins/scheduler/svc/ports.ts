// What the scheduler's use cases need from the outside world besides the kernel's clock and timers: ids and the two repositories.
import type { Page } from 'nexus/kernel';
import type { RunError, RunOutcome, RunRecord, RunResult, RunState, TaskRecord, TaskStatus } from '../domain/task.ts';

export interface IdSource {
  taskId(): string;
  runId(): string;
}

export interface TaskQuery {
  readonly ownerId?: string;
  readonly kind?: string;
  readonly status?: TaskStatus;
  readonly limit: number;
  readonly offset: number;
}

/** Where a finished occurrence leaves its task. */
export interface OccurrenceEnd {
  /** The next occurrence; null completes the task. */
  readonly next: Date | null;
  readonly outcome: RunOutcome;
  /** Whether the occurrence counts as a run (skipped ones do not). */
  readonly ran: boolean;
}

export interface TaskRepository {
  insert(task: TaskRecord): Promise<void>;
  get(id: string): Promise<TaskRecord | null>;
  list(query: TaskQuery): Promise<Page<TaskRecord>>;
  /** Compare-and-set for user actions: applies `set` when status and fencing token are still those read. */
  update(id: string, expected: { status: TaskStatus; fencingToken: number }, set: Partial<TaskRecord>): Promise<TaskRecord | null>;
  /** Atomically leases the most overdue claimable task of one of `kinds` to `holder`, raising its fencing token. */
  claim(holder: string, now: Date, leaseMs: number, kinds: readonly string[]): Promise<TaskRecord | null>;
  /** The writes below apply only while `token` is the task's current fencing token. */
  heartbeat(id: string, token: number, holder: string, expiresAt: Date): Promise<boolean>;
  moveOccurrence(id: string, token: number, occurrence: Date, now: Date): Promise<boolean>;
  retryLater(id: string, token: number, dueAt: Date, now: Date): Promise<boolean>;
  finishOccurrence(id: string, token: number, end: OccurrenceEnd, now: Date): Promise<boolean>;
}

export interface RunFinish {
  readonly state: Extract<RunState, 'succeeded' | 'failed' | 'retrying'>;
  /** How the attempt itself ended, for the run's attempt list. */
  readonly attemptOutcome: 'succeeded' | 'failed' | 'abandoned';
  readonly result: RunResult | null;
  readonly error: RunError | null;
}

export interface RunRepository {
  /** Inserts a run; false when the occurrence already has one (the unique index on taskId + scheduledFor). */
  insert(run: RunRecord): Promise<boolean>;
  find(taskId: string, scheduledFor: Date): Promise<RunRecord | null>;
  listForTask(taskId: string, paging: { limit: number; offset: number }): Promise<Page<RunRecord>>;
  /** Running runs whose lease has lapsed. */
  lapsed(now: Date, limit: number): Promise<RunRecord[]>;
  /** Ends the current attempt of a lapsed run as abandoned: retrying while attempts remain, else final. */
  abandon(run: RunRecord, error: RunError, now: Date): Promise<boolean>;
  /** Starts the next attempt of a retrying run under a new fencing token, if nobody else did. */
  takeOver(run: RunRecord, token: number, workerId: string, now: Date, leaseExpiresAt: Date): Promise<RunRecord | null>;
  /** The writes below apply only while the run is running under `token`. */
  heartbeat(id: string, token: number, leaseExpiresAt: Date): Promise<boolean>;
  finish(run: RunRecord, token: number, end: RunFinish, now: Date): Promise<boolean>;
  /** Ends a retrying run for good (its task was cancelled): the last attempt's outcome becomes the run's. */
  settleRetrying(taskId: string, now: Date): Promise<void>;
}
