// The scheduler's Operations-MCP tools: inspect and cancel tasks of every kind, schedule goals. They never execute a task; only the worker does.
import { Type } from 'typebox';
import { PageLimit, PageOffset, TaskSchedule, TaskStatus, createdViaMcp, defineTool, toolAnnotations } from 'nexus/kernel';
import { GOAL_TASK_KIND, GoalText } from '../domain/goal.ts';
import type { SchedulerServices } from '../svc/scheduler-services.ts';
import { RunView, SchedulerTaskView } from '../svc/views.ts';

const TaskId = Type.String({ minLength: 1, maxLength: 64, description: 'The task id, as scheduler_list_tasks shows it.' });
const DEFAULT_RECENT_RUNS = 5;
const TITLE_LIMIT = 200;

/** The harness calls MCP on a user's behalf with the service secret; a user's own token is a direct MCP client. */
const goalTitle = (goal: string) => (goal.length > TITLE_LIMIT ? `${goal.slice(0, TITLE_LIMIT - 1)}…` : goal);

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
          limit: Type.Optional(PageLimit),
          offset: Type.Optional(PageOffset),
        },
        { additionalProperties: false },
      ),
      outputSchema: Type.Object({ total: Type.Integer(), tasks: Type.Array(SchedulerTaskView) }),
      annotations: { ...toolAnnotations.readStored, title: 'List scheduled tasks' },
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
      annotations: { ...toolAnnotations.readStored, title: 'Get a scheduled task' },
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
      annotations: { ...toolAnnotations.end, title: 'Cancel a scheduled task' },
      handler: async ({ taskId }, ctx) => ({ task: await tasks.cancel(ctx.identity, taskId) }),
    }),
    defineTool({
      name: 'scheduler_create_goal_task',
      title: 'Schedule a goal',
      description:
        'Schedules a request in plain words for the assistant to carry out later as the user, once ("once" at an ISO time) or ' +
        'repeatedly (five-field cron with an IANA time zone). When due, the goal runs like a new request from the user: the ' +
        "assistant finds the devices, documents or channels it needs at that time, with the user's permissions, and calls " +
        'that need review wait for a reviewer.',
      inputSchema: Type.Object(
        {
          goal: { ...GoalText, description: 'The request to carry out when due, complete in itself, e.g. "switch off the lights in the meeting room".' },
          schedule: TaskSchedule,
          title: Type.Optional(Type.String({ minLength: 1, maxLength: TITLE_LIMIT, description: 'A short name for the task; the goal itself when omitted.' })),
        },
        { additionalProperties: false },
      ),
      outputSchema: Type.Object({ task: SchedulerTaskView }),
      annotations: { ...toolAnnotations.create, title: 'Schedule a goal' },
      handler: async ({ goal, schedule, title }, ctx) => ({
        task: await tasks.create(ctx.identity, { kind: GOAL_TASK_KIND, title: title ?? goalTitle(goal), payload: { goal }, schedule, createdVia: createdViaMcp(ctx.identity) }),
      }),
    }),
  ];
}
