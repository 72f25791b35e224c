// Everything a new task must pass before anything is stored: its shape, a loaded executor for its kind, the payload, the schedule.
import { isAppError, schemaIssues, summarizeIssues, type ExecutorRegistry, type Identity } from 'nexus/kernel';
import { CronError } from '../domain/cron/index.ts';
import { normalizeSchedule, occurrenceAfter } from '../domain/schedule.ts';
import { DEFAULT_MISSED_RUNS, type CreatedVia, type MissedRunsPolicy, type StoredSchedule } from '../domain/task.ts';
import { errors } from '../errors.ts';
import { SchedulerCreateInput } from './views.ts';

/** A one-shot instant this far in the past is still accepted, for clocks that differ a little between client and server. */
const ONE_SHOT_TOLERANCE_MS = 60_000;
const DEFAULT_RUN_ALL_MAX_RUNS = 10;

export interface CheckedTask {
  readonly kind: string;
  readonly title: string;
  readonly payload: unknown;
  readonly schedule: StoredSchedule;
  readonly missedRuns: MissedRunsPolicy;
  readonly createdVia: CreatedVia;
  readonly firstRunAt: Date;
}

export async function checkNewTask(input: unknown, identity: Identity, executors: ExecutorRegistry, now: Date): Promise<CheckedTask> {
  const shape = schemaIssues(SchedulerCreateInput, input);
  if (shape) throw errors.scheduler_invalid_task({ issues: shape }, `The task is not valid: ${summarizeIssues(shape)}`);
  const task = input as SchedulerCreateInput;

  const executor = executors.get(task.kind);
  if (executor === undefined) {
    const known = executors.list().map((e) => e.kind).sort();
    throw errors.scheduler_unknown_kind({ kind: task.kind, known }, `No loaded plugin runs tasks of kind "${task.kind}".`);
  }
  const payloadIssues = schemaIssues(executor.payloadSchema, task.payload, { at: '/payload' });
  if (payloadIssues) {
    throw errors.scheduler_invalid_payload({ kind: task.kind, issues: payloadIssues }, `The payload does not match the schema of "${task.kind}": ${summarizeIssues(payloadIssues)}`);
  }

  const missedRuns = checkMissedRuns(task.missedRuns);
  const schedule = checkSchedule(task.schedule);
  const firstRunAt = schedule.type === 'once' ? new Date(schedule.at) : occurrenceAfter(schedule, now);
  if (firstRunAt === null) throw errors.scheduler_invalid_cron({ schedule: task.schedule }, 'The cron expression never fires again.');
  if (schedule.type === 'once' && firstRunAt.getTime() < now.getTime() - ONE_SHOT_TOLERANCE_MS) {
    throw errors.scheduler_time_in_past({ at: schedule.at, now: now.toISOString() });
  }

  // Last, because an executor's own checks may ask its platform (a device's capabilities, say).
  try {
    await executor.validate(task.payload, { identity });
  } catch (err) {
    if (isAppError(err)) throw err;
    throw errors.scheduler_invalid_payload({ kind: task.kind }, `The ${task.kind} executor could not check the payload.`);
  }
  return { kind: task.kind, title: task.title, payload: task.payload, schedule, missedRuns, createdVia: task.createdVia, firstRunAt };
}

function checkSchedule(input: SchedulerCreateInput['schedule']): StoredSchedule {
  try {
    return normalizeSchedule(input);
  } catch (err) {
    if (!(err instanceof CronError)) throw err;
    if (err.field === 'time-zone') throw errors.scheduler_invalid_time_zone({ timeZone: err.token }, `The time zone is not valid: ${err.message}.`);
    throw errors.scheduler_invalid_cron({ field: err.field, token: err.token }, `The cron expression is not valid: ${err.message}.`);
  }
}

function checkMissedRuns(input: SchedulerCreateInput['missedRuns']): MissedRunsPolicy {
  if (input === undefined) return DEFAULT_MISSED_RUNS;
  if (input.policy === 'run-all') return { policy: 'run-all', maxRuns: input.maxRuns ?? DEFAULT_RUN_ALL_MAX_RUNS };
  if (input.maxRuns !== undefined) {
    throw errors.scheduler_invalid_task({ fields: [{ field: 'missedRuns.maxRuns', message: 'applies to the run-all policy only' }] });
  }
  return { policy: input.policy };
}
