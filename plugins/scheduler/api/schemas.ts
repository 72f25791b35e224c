// Transport shapes of the scheduler's REST routes: path, query and body schemas and the paged answers.
import { Type } from 'typebox';
import { CreateTaskInput, Page, PageLimit, PageOffset, TaskStatus } from 'nexus/kernel';
import { MissedRunsInput, RunView, SchedulerTaskView } from '../svc/views.ts';

export const TaskParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const TaskListQuery = Type.Object(
  {
    kind: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(TaskStatus),
    owner: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: "A user id; scheduler admins only, others see their own tasks." })),
    limit: Type.Optional(PageLimit),
    offset: Type.Optional(PageOffset),
  },
  { additionalProperties: false },
);

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

export const TaskPage = Page(SchedulerTaskView);
export const RunPage = Page(RunView);
