// The contract a platform implements to run its own kind of scheduled task; the scheduler core calls it, never the other way round.
import type { Static, TSchema } from 'typebox';
import type { Logger } from 'pino';
import type { Identity } from '../identity/identity.ts';

export interface ExecutionContext {
  readonly taskId: string;
  /** The occurrence being run. */
  readonly scheduledFor: Date;
  /** Stable for one occurrence across retries and workers: task id + scheduled instant. */
  readonly idempotencyKey: string;
  /** The task owner's identity, re-resolved when the run starts. */
  readonly identity: Identity;
  readonly logger: Logger;
  readonly signal: AbortSignal;
}

export interface ExecutionResult {
  /** A structured summary of what happened, stored with the run; never secrets. */
  readonly summary: string;
  readonly data?: Record<string, unknown>;
}

export interface RetryPolicy {
  readonly maxAttempts: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
}

export interface ScheduledTaskExecutor<P extends TSchema = TSchema> {
  /** `<plugin>.<thing>`, e.g. `dige.control`. */
  readonly kind: string;
  readonly description: string;
  readonly payloadSchema: P;
  /** Business checks beyond the schema, run when the task is created; throw an AppError to refuse. */
  validate(payload: Static<P>, ctx: { readonly identity: Identity }): Promise<void>;
  execute(payload: Static<P>, ctx: ExecutionContext): Promise<ExecutionResult>;
  readonly retry?: RetryPolicy;
}

/** The live set of executors every loaded plugin registered. */
export interface ExecutorRegistry {
  get(kind: string): ScheduledTaskExecutor | undefined;
  list(): readonly ScheduledTaskExecutor[];
}
