// Runs one claimed task: picks the occurrence (missed-runs policy), claims it through its run record, executes, records the end.
import type { Logger } from 'nexus/kernel';
import { planOccurrence } from '../domain/missed-runs.ts';
import { backoffMs, effectivePolicy } from '../domain/retry.ts';
import { occurrenceAfter } from '../domain/schedule.ts';
import type { RunOutcome, RunRecord, TaskRecord } from '../domain/task.ts';
import { errors } from '../errors.ts';
import { executeAttempt, type AttemptDeps } from './execute-attempt.ts';
import type { IdSource } from './ports.ts';

export interface OccurrenceDeps extends AttemptDeps {
  readonly ids: IdSource;
  readonly logger: Logger;
  /** An occurrence that starts within this long of its instant is on time, not missed. */
  readonly graceMs: number;
}

/** settled: the occurrence had already finished (its worker could not move the task on), so only the task moved. */
export type ReportOutcome = 'succeeded' | 'failed' | 'retrying' | 'skipped' | 'settled' | 'busy' | 'stale';

export interface RunReport {
  readonly taskId: string;
  readonly scheduledFor: Date | null;
  readonly outcome: ReportOutcome;
}

type OccurrenceClaim =
  | { readonly kind: 'started'; readonly run: RunRecord }
  | { readonly kind: 'settled'; readonly outcome: RunOutcome }
  | { readonly kind: 'busy' };

export async function runClaimedTask(deps: OccurrenceDeps, task: TaskRecord, stopSignal: AbortSignal): Promise<RunReport> {
  const token = task.fencingToken;
  const report = (outcome: ReportOutcome, scheduledFor: Date | null): RunReport => ({ taskId: task._id, scheduledFor, outcome });
  const now = deps.clock.now();
  const finishTask = async (scheduledFor: Date, outcome: RunOutcome, ran: boolean, at: Date) => {
    const moved = await deps.tasks.finishOccurrence(task._id, token, { next: occurrenceAfter(task.schedule, scheduledFor), outcome, ran }, at);
    if (!moved) deps.logger.warn({ taskId: task._id }, 'a newer claim holds the task; it will settle the occurrence');
    return moved;
  };

  let occurrence = task.nextRunAt;
  // Active tasks always have a next occurrence; should one lack it, it is completed rather than run.
  if (occurrence === null) return report((await finishTask(now, 'skipped', false, now)) ? 'settled' : 'stale', null);
  let covers = 1;
  // Only an occurrence's first claim may move it; later claims (retries, take-overs) must finish the one begun.
  if (task.attempt === 1) {
    const plan = planOccurrence({ schedule: task.schedule, due: occurrence, now, missedRuns: task.missedRuns, graceMs: deps.graceMs });
    if (plan.skipped !== null) await deps.runs.insert(skippedRun(deps, task, plan.skipped, now));
    if (plan.run === null) {
      const latest = plan.skipped?.latest ?? occurrence;
      return report((await finishTask(latest, 'skipped', false, now)) ? 'skipped' : 'stale', latest);
    }
    if (plan.run.getTime() !== occurrence.getTime()) {
      if (!(await deps.tasks.moveOccurrence(task._id, token, plan.run, now))) return report('stale', plan.run);
      occurrence = plan.run;
    }
    covers = plan.covers;
  }

  const executor = deps.executors.get(task.kind);
  const policy = effectivePolicy(executor?.retry);
  const claim = await claimOccurrence(deps, task, occurrence, covers, policy.maxAttempts, now);
  if (claim.kind === 'busy') return report('busy', occurrence);
  if (claim.kind === 'settled') {
    const moved = await finishTask(occurrence, claim.outcome, claim.outcome !== 'skipped', now);
    return report(moved ? 'settled' : 'stale', occurrence);
  }

  const { run } = claim;
  const logger = deps.logger.child({ taskId: task._id, kind: task.kind, scheduledFor: occurrence.toISOString(), attempt: run.attempt });
  const end = await executeAttempt(deps, task, run, executor, logger, stopSignal);
  const endedAt = deps.clock.now();
  if ('result' in end) {
    if (!(await deps.runs.finish(run, token, { state: 'succeeded', attemptOutcome: 'succeeded', result: end.result, error: null }, endedAt))) return report('stale', occurrence);
    await finishTask(occurrence, 'succeeded', true, endedAt);
    logger.debug('scheduled task succeeded');
    return report('succeeded', occurrence);
  }
  // Stopping is not the task's failure: the attempt is released for another worker whatever its retry policy says.
  const released = stopSignal.aborted;
  if (released || (end.retryable && run.attempt < run.maxAttempts)) {
    const error = released ? { code: errors.scheduler_worker_stopped.code, message: errors.scheduler_worker_stopped.message } : end.error;
    const finish = { state: 'retrying', attemptOutcome: released ? 'abandoned' : 'failed', result: null, error } as const;
    if (!(await deps.runs.finish(run, token, finish, endedAt))) return report('stale', occurrence);
    const dueAt = released ? endedAt : new Date(endedAt.getTime() + backoffMs(policy, run.attempt));
    await deps.tasks.retryLater(task._id, token, dueAt, endedAt);
    logger.info({ code: error.code, dueAt }, 'scheduled task attempt ended; it will run again');
    return report('retrying', occurrence);
  }
  if (!(await deps.runs.finish(run, token, { state: 'failed', attemptOutcome: 'failed', result: null, error: end.error }, endedAt))) return report('stale', occurrence);
  await finishTask(occurrence, 'failed', true, endedAt);
  logger.info({ code: end.error.code }, 'scheduled task failed');
  return report('failed', occurrence);
}

/**
 * Inserting the run record before anything executes is what makes a second run of an occurrence impossible: the
 * unique index on (taskId, scheduledFor) lets one insert through even where findAndModify is not atomic. When the
 * occurrence already has a run, a retry waiting for a worker is taken over, a run whose lease lapsed is first
 * marked abandoned, a live one is left alone, and a finished one only needs its task moved on.
 */
async function claimOccurrence(
  deps: OccurrenceDeps,
  task: TaskRecord,
  occurrence: Date,
  covers: number,
  maxAttempts: number,
  now: Date,
): Promise<OccurrenceClaim> {
  const leaseExpiresAt = new Date(now.getTime() + deps.leaseMs);
  const fresh: RunRecord = {
    _id: deps.ids.runId(), taskId: task._id, scheduledFor: occurrence, kind: task.kind, ownerId: task.owner.userId, occurrences: covers,
    state: 'running', attempt: 1, maxAttempts, workerId: deps.workerId, fencingToken: task.fencingToken, leaseExpiresAt,
    startedAt: now, finishedAt: null, result: null, error: null, attempts: [],
  };
  if (await deps.runs.insert(fresh)) return { kind: 'started', run: fresh };

  let existing = await deps.runs.find(task._id, occurrence);
  if (existing?.state === 'running') {
    if (existing.leaseExpiresAt !== null && existing.leaseExpiresAt.getTime() > now.getTime()) return { kind: 'busy' };
    await deps.runs.abandon(existing, abandonedError(), now);
    existing = await deps.runs.find(task._id, occurrence);
  }
  if (existing === null || existing.state === 'running') return { kind: 'busy' };
  if (existing.state === 'retrying') {
    const run = await deps.runs.takeOver(existing, task.fencingToken, deps.workerId, now, leaseExpiresAt);
    return run === null ? { kind: 'busy' } : { kind: 'started', run };
  }
  return { kind: 'settled', outcome: existing.state };
}

export function abandonedError(): { code: string; message: string } {
  return { code: errors.scheduler_run_abandoned.code, message: errors.scheduler_run_abandoned.message };
}

function skippedRun(deps: OccurrenceDeps, task: TaskRecord, skipped: { latest: Date; count: number }, now: Date): RunRecord {
  return {
    _id: deps.ids.runId(), taskId: task._id, scheduledFor: skipped.latest, kind: task.kind, ownerId: task.owner.userId,
    occurrences: skipped.count, state: 'skipped', attempt: 0, maxAttempts: 0, workerId: deps.workerId, fencingToken: task.fencingToken,
    leaseExpiresAt: null, startedAt: now, finishedAt: now, result: null, error: null, attempts: [],
  };
}
