// The scheduler's Operations-MCP tools: inspect and cancel tasks of every kind. They never execute a task; only the worker does.
import { Type } from 'typebox';
import { TaskStatus, defineTool } from 'nexus/kernel';
import type { SchedulerServices } from '../svc/scheduler-services.ts';
import { RunView, SchedulerTaskView } from '../svc/views.ts';

const TaskId = Type.String({ minLength: 1, maxLength: 64, description: 'The task id, as scheduler_list_tasks shows it.' });
const inspect = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const DEFAULT_RECENT_RUNS = 5;

export function schedulerTools(scheduler: SchedulerServices) {
  const { tasks } = scheduler;
  return [
    defineTool({
      name: 'scheduler_list_tasks',
      title: 'List scheduled tasks',
      description:
        'Lists scheduled tasks, newest first: the caller\'s own, or everyone\'s for scheduler admins. Each task shows its kind ' +
        '(which platform action it runs), schedule, status (active, paused, cancelled, completed), next run and last outcome.',
      inputSchema: Type.Object(
        {
          kind: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only this kind, e.g. dige.control.' })),
          status: Type.Optional(TaskStatus),
          ownerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: "Only this user's tasks (scheduler admins only)." })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'At most this many (default 50).' })),
          offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        },
        { additionalProperties: false },
      ),
      outputSchema: Type.Object({ total: Type.Integer(), tasks: Type.Array(SchedulerTaskView) }),
      annotations: { ...inspect, title: 'List scheduled tasks' },
      handler: async (args, ctx) => {
        const page = await tasks.list(ctx.identity, args);
        return { total: page.total, tasks: page.items };
      },
    }),
    defineTool({
      name: 'scheduler_get_task',
      title: 'Get a scheduled task',
      description: 'Reads one scheduled task with its most recent runs (when each ran, on which worker, the outcome and the result or error).',
      inputSchema: Type.Object(
        {
          taskId: TaskId,
          runs: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: `How many recent runs to include (default ${DEFAULT_RECENT_RUNS}).` })),
        },
        { additionalProperties: false },
      ),
      outputSchema: Type.Object({ task: SchedulerTaskView, recentRuns: Type.Array(RunView) }),
      annotations: { ...inspect, title: 'Get a scheduled task' },
      handler: async ({ taskId, runs }, ctx) => {
        const task = await tasks.get(ctx.identity, taskId);
        const limit = runs ?? DEFAULT_RECENT_RUNS;
        const recentRuns = limit === 0 ? [] : (await tasks.runs(ctx.identity, taskId, { limit })).items;
        return { task, recentRuns };
      },
    }),
    defineTool({
      name: 'scheduler_cancel_task',
      title: 'Cancel a scheduled task',
      description:
        'Cancels a scheduled task so it never runs again (a run already in progress finishes). Cancelling a cancelled task ' +
        'changes nothing; a completed task cannot be cancelled.',
      inputSchema: Type.Object({ taskId: TaskId }, { additionalProperties: false }),
      outputSchema: Type.Object({ task: SchedulerTaskView }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false, title: 'Cancel a scheduled task' },
      handler: async ({ taskId }, ctx) => ({ task: await tasks.cancel(ctx.identity, taskId) }),
    }),
  ];
}
