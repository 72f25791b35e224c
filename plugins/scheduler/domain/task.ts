// The scheduler's stored shapes: a task (what, when, whose, lease) and a run (one occurrence of a task, with its attempts).

export type TaskStatus = 'active' | 'paused' | 'cancelled' | 'completed';
export type CreatedVia = 'api' | 'mcp' | 'agent';

/** A validated schedule as stored: the zone is canonical, the one-shot instant is a UTC ISO string. */
export type StoredSchedule =
  | { readonly type: 'cron'; readonly expression: string; readonly timeZone: string }
  | { readonly type: 'once'; readonly at: string };

/**
 * What to do with occurrences that fell due while no worker ran: run the latest once (coalesce), run none of
 * them (skip), or run each one, at most `maxRuns` of the latest (run-all).
 */
export type MissedRunsPolicy =
  | { readonly policy: 'coalesce' }
  | { readonly policy: 'skip' }
  | { readonly policy: 'run-all'; readonly maxRuns: number };

export const DEFAULT_MISSED_RUNS: MissedRunsPolicy = { policy: 'coalesce' };

/** Who the task acts for; the worker re-resolves this pair to a current identity when a run starts. */
export interface TaskOwner {
  readonly userId: string;
  readonly tokenId: string;
}

/** Held by the worker running the task's current occurrence; `fencingToken` on the task says which claim is current. */
export interface Lease {
  readonly holder: string;
  readonly expiresAt: Date;
}

export type RunOutcome = 'succeeded' | 'failed' | 'abandoned' | 'skipped';

export interface TaskRecord {
  readonly _id: string;
  readonly kind: string;
  readonly title: string;
  readonly payload: unknown;
  readonly schedule: StoredSchedule;
  readonly missedRuns: MissedRunsPolicy;
  readonly owner: TaskOwner;
  readonly status: TaskStatus;
  readonly createdVia: CreatedVia;
  /** The occurrence to run next (or being run); null when the task has no more occurrences. */
  readonly nextRunAt: Date | null;
  /** When a worker may claim the task: the next occurrence, a retry's back-off, or the lease expiry while one is held. */
  readonly dueAt: Date | null;
  readonly lease: Lease | null;
  /** Raised by every claim; writes of a worker holding an older value are refused. */
  readonly fencingToken: number;
  /** Claims of the current occurrence (1 on its first claim); 0 while it waits for its first. */
  readonly attempt: number;
  readonly runCount: number;
  readonly failedRunCount: number;
  readonly lastRunAt: Date | null;
  readonly lastOutcome: RunOutcome | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface RunError {
  readonly code: string;
  readonly message: string;
}

export interface RunResult {
  readonly summary: string;
  readonly data?: Record<string, unknown>;
}

/** A finished attempt at an occurrence; the run's own fields describe its current (or last) attempt. */
export interface AttemptRecord {
  readonly attempt: number;
  readonly workerId: string;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly outcome: Exclude<RunOutcome, 'skipped'>;
  readonly error: RunError | null;
}

/** State of a run: in progress, waiting for a retry after a failed or abandoned attempt, or finished with an outcome. */
export type RunState = 'running' | 'retrying' | RunOutcome;

export interface RunRecord {
  readonly _id: string;
  readonly taskId: string;
  /** The occurrence; unique per task, so an occurrence can never be run twice. */
  readonly scheduledFor: Date;
  readonly kind: string;
  readonly ownerId: string;
  /** How many scheduled occurrences this run stands for (more than 1 when missed ones were coalesced or skipped). */
  readonly occurrences: number;
  readonly state: RunState;
  readonly attempt: number;
  /** From the executor's retry policy when the run began; failed and abandoned attempts are retried up to it. */
  readonly maxAttempts: number;
  readonly workerId: string;
  readonly fencingToken: number;
  readonly leaseExpiresAt: Date | null;
  readonly startedAt: Date;
  readonly finishedAt: Date | null;
  readonly result: RunResult | null;
  readonly error: RunError | null;
  readonly attempts: readonly AttemptRecord[];
}
