// Transport shapes of the scheduler's REST routes: path, query and body schemas and the paged answers.
import { Type } from 'typebox';
import { CreateTaskInput, TaskStatus } from 'nexus/kernel';
import { MissedRunsInput, RunView, SchedulerTaskView } from '../svc/views.ts';

const Limit = Type.Integer({ minimum: 1, maximum: 200, description: 'Page size (default 50).' });
const Offset = Type.Integer({ minimum: 0, maximum: 100_000, description: 'Items to skip (default 0).' });

export const TaskParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const TaskListQuery = Type.Object(
  {
    kind: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(TaskStatus),
    owner: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: "A user id; scheduler admins only, others see their own tasks." })),
    limit: Type.Optional(Limit),
    offset: Type.Optional(Offset),
  },
  { additionalProperties: false },
);

export const PageQuery = Type.Object({ limit: Type.Optional(Limit), offset: Type.Optional(Offset) }, { additionalProperties: false });

/** What a client sends: the task service's input without createdVia, which the route sets. */
export const CreateTaskBody = Type.Object(
  {
    kind: CreateTaskInput.properties.kind,
    title: CreateTaskInput.properties.title,
    payload: CreateTaskInput.properties.payload,
    schedule: CreateTaskInput.properties.schedule,
    missedRuns: Type.Optional(MissedRunsInput),
  },
  { additionalProperties: false },
);

export const CronPreviewBody = Type.Object(
  {
    expression: Type.String({ minLength: 1, maxLength: 200, description: 'Five-field cron (see the cron docs).' }),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone; UTC when omitted.' })),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Fire times strictly after this instant; now when omitted.' })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'How many fire times (default 5).' })),
  },
  { additionalProperties: false },
);

export const CronPreviewView = Type.Object({
  expression: Type.String(),
  timeZone: Type.String({ description: 'The canonical zone name.' }),
  fireTimes: Type.Array(Type.String({ format: 'date-time' }), { description: 'UTC instants, ascending.' }),
});

export const TaskPage = Type.Object({ total: Type.Integer(), items: Type.Array(SchedulerTaskView) });
export const RunPage = Type.Object({ total: Type.Integer(), items: Type.Array(RunView) });
