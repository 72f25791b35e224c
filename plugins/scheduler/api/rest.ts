// The scheduler's REST routes under /api/scheduler: transport validation and permissions only; the services do the work.
import { PageQuery, type PluginRouter } from 'nexus/kernel';
import type { SchedulerServices } from '../svc/scheduler-services.ts';
import { SchedulerTaskView } from '../svc/views.ts';
import { CreateTaskBody, CronPreviewBody, CronPreviewView, RunPage, TaskListQuery, TaskPage, TaskParams } from './schemas.ts';

const READ = { permission: 'scheduler.read' };
const WRITE = { permission: 'scheduler.write' };
const tags = ['scheduler'];

export function registerRestRoutes(router: PluginRouter, scheduler: SchedulerServices): void {
  const { tasks } = scheduler;

  router.get('/tasks', {
    config: READ,
    schema: { tags, summary: 'Tasks, newest first: your own, or everyone\'s for scheduler admins', querystring: TaskListQuery, response: { 200: TaskPage } },
    handler: async (request) => {
      const { owner, ...filter } = request.query;
      return tasks.list(request.identity, { ...filter, ownerId: owner });
    },
  });

  router.post('/tasks', {
    config: WRITE,
    schema: { tags, summary: 'Schedule a task; its executor checks the payload before anything is stored', body: CreateTaskBody, response: { 201: SchedulerTaskView } },
    handler: async (request, reply) => {
      const task = await tasks.create(request.identity, { ...request.body, createdVia: 'api' });
      return reply.status(201).send(task);
    },
  });

  router.get('/tasks/:id', {
    config: READ,
    schema: { tags, summary: 'One task', params: TaskParams, response: { 200: SchedulerTaskView } },
    handler: async (request) => tasks.get(request.identity, request.params.id),
  });

  for (const action of ['cancel', 'pause', 'resume'] as const) {
    router.post(`/tasks/:id/${action}`, {
      config: WRITE,
      schema: { tags, summary: `${action[0]!.toUpperCase()}${action.slice(1)} a task (repeating it changes nothing)`, params: TaskParams, response: { 200: SchedulerTaskView } },
      handler: async (request) => tasks[action](request.identity, request.params.id),
    });
  }

  router.get('/tasks/:id/runs', {
    config: READ,
    schema: { tags, summary: "A task's runs, latest occurrence first, each with its attempts", params: TaskParams, querystring: PageQuery, response: { 200: RunPage } },
    handler: async (request) => tasks.runs(request.identity, request.params.id, request.query),
  });

  router.post('/cron/preview', {
    config: READ,
    schema: { tags, summary: 'The next fire instants of a cron expression in a time zone', body: CronPreviewBody, response: { 200: CronPreviewView } },
    handler: async (request) => scheduler.preview(request.body),
  });
}
