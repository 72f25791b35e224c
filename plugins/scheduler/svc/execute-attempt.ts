// One attempt at an occurrence: re-resolve the owner, call the executor under a heartbeat-renewed lease, shape what it returned.
import { inSpan, isAppError, type ExecutorRegistry, type Identity, type IdentityResolver, type Logger, type ScheduledTaskExecutor } from 'nexus/kernel';
import type { RunError, RunRecord, RunResult, TaskRecord } from '../domain/task.ts';
import { errors } from '../errors.ts';
import type { Clock, Timers } from 'nexus/kernel';
import type { RunRepository, TaskRepository } from './ports.ts';

export interface AttemptDeps {
  readonly tasks: TaskRepository;
  readonly runs: RunRepository;
  readonly executors: ExecutorRegistry;
  readonly identities: IdentityResolver;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly workerId: string;
  readonly leaseMs: number;
  readonly heartbeatMs: number;
}

export type AttemptEnd = { readonly result: RunResult } | { readonly error: RunError; readonly retryable: boolean };

const SUMMARY_LIMIT = 2000;
const MESSAGE_LIMIT = 1000;
const DATA_LIMIT_BYTES = 16_384;

/** The key an executor uses to make a repeated attempt harmless: the same for every attempt and worker of one occurrence. */
function idempotencyKey(taskId: string, scheduledFor: Date): string {
  return `${taskId}@${scheduledFor.toISOString()}`;
}

export async function executeAttempt(
  deps: AttemptDeps,
  task: TaskRecord,
  run: RunRecord,
  executor: ScheduledTaskExecutor | undefined,
  logger: Logger,
  stopSignal: AbortSignal,
): Promise<AttemptEnd> {
  if (executor === undefined) {
    return { error: { code: errors.scheduler_executor_unavailable.code, message: `No loaded plugin runs tasks of kind "${task.kind}".` }, retryable: true };
  }
  let identity: Identity;
  try {
    identity = await deps.identities.resolve(task.owner.userId, task.owner.tokenId);
  } catch (err) {
    // A revoked or expired owner token will not heal by retrying; a store that failed to answer may.
    return { error: errorOf(err, logger), retryable: !isAppError(err) };
  }
  const lease = new AbortController();
  const heartbeat = startHeartbeat(deps, task, run, () => lease.abort(errors.scheduler_lease_lost()), logger);
  try {
    // The attempt is the root of its trace: what the executor calls (a goal's agent run, a provider) hangs below it.
    const result = await inSpan(`scheduler.execute ${task.kind}`, { attributes: { 'nexus.task.id': task._id, 'nexus.task.kind': task.kind } }, () =>
      executor.execute(task.payload, {
        taskId: task._id,
        scheduledFor: run.scheduledFor,
        idempotencyKey: idempotencyKey(task._id, run.scheduledFor),
        identity,
        logger,
        signal: AbortSignal.any([lease.signal, stopSignal]),
      }),
    );
    return { result: shapeResult(result) };
  } catch (err) {
    return { error: errorOf(err, logger), retryable: isRetryable(err) };
  } finally {
    await heartbeat.stop();
  }
}

/**
 * Renews the run's and the task's lease every heartbeatMs while the executor works. Losing the run's lease (another
 * worker took the occurrence over) aborts the executor; the task's lease only steers claims, so losing it is logged.
 */
function startHeartbeat(deps: AttemptDeps, task: TaskRecord, run: RunRecord, onLost: () => void, logger: Logger): { stop(): Promise<void> } {
  let stopped = false;
  let cancel: () => void = () => undefined;
  let beating: Promise<void> = Promise.resolve();
  const beat = async (): Promise<void> => {
    if (stopped) return;
    let held = true;
    try {
      const expiresAt = new Date(deps.clock.now().getTime() + deps.leaseMs);
      held = await deps.runs.heartbeat(run._id, run.fencingToken, expiresAt);
      if (held && !(await deps.tasks.heartbeat(task._id, run.fencingToken, deps.workerId, expiresAt))) logger.warn('task lease taken by a newer claim');
    } catch (err) {
      logger.warn({ err }, 'heartbeat failed; trying again at the next beat');
    }
    if (!held) {
      if (!stopped) onLost();
      return;
    }
    if (!stopped) cancel = deps.timers.after(deps.heartbeatMs, next);
  };
  const next = () => (beating = beat());
  cancel = deps.timers.after(deps.heartbeatMs, next);
  return {
    async stop() {
      stopped = true;
      cancel();
      await beating;
    },
  };
}

function isRetryable(err: unknown): boolean {
  // Refusals (4xx) repeat on every attempt; outages and unexpected failures may pass.
  return !isAppError(err) || err.status >= 500 || err.status === 408 || err.status === 429;
}

function errorOf(err: unknown, logger: Logger): RunError {
  if (isAppError(err)) return { code: err.code, message: err.message.slice(0, MESSAGE_LIMIT) };
  // Unexpected errors may quote connection strings or tokens: the run keeps a generic message, the log the details.
  logger.error({ err }, 'scheduled task failed unexpectedly');
  return { code: errors.scheduler_execution_failed.code, message: errors.scheduler_execution_failed.message };
}

function shapeResult(result: unknown): RunResult {
  const r = (typeof result === 'object' && result !== null ? result : {}) as { summary?: unknown; data?: unknown };
  const summary = typeof r.summary === 'string' ? r.summary.slice(0, SUMMARY_LIMIT) : '';
  if (typeof r.data !== 'object' || r.data === null || Array.isArray(r.data)) return { summary };
  const json = JSON.stringify(r.data);
  if (json.length > DATA_LIMIT_BYTES) return { summary, data: { truncated: true, bytes: json.length } };
  return { summary, data: JSON.parse(json) as Record<string, unknown> };
}
