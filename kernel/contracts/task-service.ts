// The scheduler's task service as other plugins see it: they create and manage tasks of their own kinds through it, by injection.
import { Type, type Static } from 'typebox';
import type { Identity } from '../identity/identity.ts';
import { createServiceRef } from '../plugins/service-ref.ts';

export const TaskSchedule = Type.Union([
  Type.Object(
    {
      type: Type.Literal('cron'),
      /** Standard five-field cron (names, lists, ranges, steps, macros); Vixie day matching. */
      expression: Type.String({ minLength: 1, maxLength: 200 }),
      /** IANA zone; UTC when omitted. */
      timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { type: Type.Literal('once'), at: Type.String({ format: 'date-time' }) },
    { additionalProperties: false },
  ),
]);

export const TaskStatus = Type.Union([Type.Literal('active'), Type.Literal('paused'), Type.Literal('cancelled'), Type.Literal('completed')]);
export const TaskCreatedVia = Type.Union([Type.Literal('api'), Type.Literal('mcp'), Type.Literal('agent')]);
export type TaskCreatedVia = Static<typeof TaskCreatedVia>;

/** Who created a task through an MCP tool: the harness calls on a user's behalf with service credentials, so that is the agent. */
export function createdViaMcp(identity: Identity): TaskCreatedVia {
  return identity.via === 'service' ? 'agent' : 'mcp';
}

export const CreateTaskInput = Type.Object(
  {
    kind: Type.String({ minLength: 1, maxLength: 100 }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    payload: Type.Unknown(),
    schedule: TaskSchedule,
    createdVia: TaskCreatedVia,
  },
  { additionalProperties: false },
);

export const TaskView = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  payload: Type.Unknown(),
  schedule: TaskSchedule,
  status: TaskStatus,
  nextRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  ownerId: Type.String(),
  createdVia: TaskCreatedVia,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export type TaskSchedule = Static<typeof TaskSchedule>;
export type CreateTaskInput = Static<typeof CreateTaskInput>;
export type TaskView = Static<typeof TaskView>;
export type TaskStatus = Static<typeof TaskStatus>;

export interface TaskListFilter {
  readonly kind?: string;
  readonly status?: TaskStatus;
  readonly limit?: number;
  readonly offset?: number;
}

/**
 * Users see and change their own tasks; roles the profile allows see all. The payload is validated by the
 * executor of `kind` at creation, so a bad payload or an unknown kind is refused before anything is stored.
 */
export interface TaskService {
  create(identity: Identity, input: CreateTaskInput): Promise<TaskView>;
  list(identity: Identity, filter?: TaskListFilter): Promise<{ total: number; items: TaskView[] }>;
  get(identity: Identity, id: string): Promise<TaskView>;
  cancel(identity: Identity, id: string): Promise<TaskView>;
  pause(identity: Identity, id: string): Promise<TaskView>;
  resume(identity: Identity, id: string): Promise<TaskView>;
}

export const taskServiceRef = createServiceRef<TaskService>('scheduler.tasks');
