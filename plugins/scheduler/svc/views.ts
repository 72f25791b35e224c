// What callers see of tasks and runs (TypeBox schemas that also feed OpenAPI and MCP output schemas) and the mapping from records.
import { Type, type Static } from 'typebox';
import { CreateTaskInput, TaskView } from 'nexus/kernel';
import type { MissedRunsPolicy, RunRecord, TaskRecord } from '../domain/task.ts';

const Instant = Type.String({ format: 'date-time' });
const OptionalInstant = Type.Union([Instant, Type.Null()]);

export const MissedRunsInput = Type.Object(
  {
    policy: Type.Union([Type.Literal('coalesce'), Type.Literal('skip'), Type.Literal('run-all')], {
      description: 'Occurrences missed while no worker ran: coalesce (default) runs the latest once; skip runs none; run-all runs each.',
    }),
    maxRuns: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'run-all only: run at most this many of the latest missed occurrences (default 10).' })),
  },
  { additionalProperties: false },
);

/** The kernel's creation input plus the scheduler's own option; other plugins use the kernel's part only. */
export const SchedulerCreateInput = Type.Object(
  { ...CreateTaskInput.properties, missedRuns: Type.Optional(MissedRunsInput) },
  { additionalProperties: false },
);

const RunOutcomeView = Type.Union([Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('abandoned'), Type.Literal('skipped')]);

export const SchedulerTaskView = Type.Object({
  ...TaskView.properties,
  missedRuns: Type.Object({ policy: MissedRunsInput.properties.policy, maxRuns: Type.Optional(Type.Integer()) }),
  runCount: Type.Integer({ description: 'Occurrences run so far (skipped ones not counted).' }),
  failedRunCount: Type.Integer(),
  lastRunAt: OptionalInstant,
  lastOutcome: Type.Union([RunOutcomeView, Type.Null()]),
});

const ErrorView = Type.Object({ code: Type.String(), message: Type.String() });

export const RunView = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  scheduledFor: Instant,
  state: Type.Union([Type.Literal('running'), Type.Literal('retrying'), RunOutcomeView], {
    description: 'running or retrying while the occurrence is in progress; its outcome once finished.',
  }),
  occurrences: Type.Integer({ description: 'Scheduled occurrences this run stands for (more than 1 when missed ones were coalesced or skipped).' }),
  attempt: Type.Integer(),
  maxAttempts: Type.Integer(),
  workerId: Type.String(),
  startedAt: Instant,
  finishedAt: OptionalInstant,
  result: Type.Union([Type.Object({ summary: Type.String(), data: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }), Type.Null()]),
  error: Type.Union([ErrorView, Type.Null()]),
  attempts: Type.Array(
    Type.Object({
      attempt: Type.Integer(),
      workerId: Type.String(),
      startedAt: Instant,
      finishedAt: Instant,
      outcome: Type.Union([Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('abandoned')]),
      error: Type.Union([ErrorView, Type.Null()]),
    }),
    { description: 'Finished attempts, oldest first.' },
  ),
});

export type SchedulerCreateInput = Static<typeof SchedulerCreateInput>;
export type SchedulerTaskView = Static<typeof SchedulerTaskView>;
export type RunView = Static<typeof RunView>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function missedRunsView(policy: MissedRunsPolicy): SchedulerTaskView['missedRuns'] {
  return policy.policy === 'run-all' ? { policy: policy.policy, maxRuns: policy.maxRuns } : { policy: policy.policy };
}

export function toTaskView(task: TaskRecord): SchedulerTaskView {
  return {
    id: task._id,
    kind: task.kind,
    title: task.title,
    payload: task.payload,
    schedule: task.schedule,
    status: task.status,
    nextRunAt: iso(task.nextRunAt),
    ownerId: task.owner.userId,
    createdVia: task.createdVia,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    missedRuns: missedRunsView(task.missedRuns),
    runCount: task.runCount,
    failedRunCount: task.failedRunCount,
    lastRunAt: iso(task.lastRunAt),
    lastOutcome: task.lastOutcome,
  };
}

export function toRunView(run: RunRecord): RunView {
  return {
    id: run._id,
    taskId: run.taskId,
    scheduledFor: run.scheduledFor.toISOString(),
    state: run.state,
    occurrences: run.occurrences,
    attempt: run.attempt,
    maxAttempts: run.maxAttempts,
    workerId: run.workerId,
    startedAt: run.startedAt.toISOString(),
    finishedAt: iso(run.finishedAt),
    result: run.result,
    error: run.error,
    attempts: run.attempts.map((a) => ({ ...a, startedAt: a.startedAt.toISOString(), finishedAt: a.finishedAt.toISOString() })),
  };
}
