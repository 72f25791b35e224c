// The scheduler manifest: one task model for every platform, a leased claim loop in the worker, cron previews, goal tasks; platforms add executors.
import { coreServices, definePlugin, taskServiceRef } from 'nexus/kernel';
import { cronCommand } from './api/cli.ts';
import { schedulerTools } from './api/mcp.ts';
import { registerRestRoutes } from './api/rest.ts';
import { loadSchedulerConfig } from './config.ts';
import { createGoalExecutor } from './executors/goal-executor.ts';
import { SCHEDULER_COLLECTIONS } from './infra/collections.ts';
import { newWorkerId, randomIds } from './infra/ids.ts';
import { createRunRepository } from './infra/run-repository.ts';
import { createTaskRepository } from './infra/task-repository.ts';
import { createSchedulerServices } from './svc/scheduler-services.ts';

export default definePlugin({
  name: 'scheduler',
  version: '1.0.0',
  description: 'Scheduled tasks for every platform: cron or one-shot, run by the worker under a lease, with run history.',
  deps: {
    store: coreServices.store, logger: coreServices.logger, config: coreServices.config, clock: coreServices.clock,
    access: coreServices.access, identities: coreServices.identities, executors: coreServices.executors, agentRuns: coreServices.agentRuns,
  },
  collections: SCHEDULER_COLLECTIONS,
  permissions: [
    { name: 'scheduler.read', description: 'List and read your scheduled tasks and their runs; preview cron expressions.' },
    { name: 'scheduler.write', description: 'Create, cancel, pause and resume your scheduled tasks.' },
    { name: 'scheduler.admin', description: "See and change every user's scheduled tasks." },
  ],
  skill: 'SKILL.md',
  commands: { cron: cronCommand },
  init: ({ deps: { store, logger, config, clock, access, identities, executors, agentRuns } }) => {
    const settings = loadSchedulerConfig(config.env);
    const scheduler = createSchedulerServices({
      tasks: createTaskRepository(store),
      runs: createRunRepository(store),
      ids: randomIds,
      clock,
      timers: clock,
      executors,
      identities,
      access,
      logger,
      worker: { workerId: newWorkerId(), pollMs: config.kernel.workerPollMs, concurrency: settings.concurrency, leaseMs: settings.leaseMs },
    });
    return { ...scheduler, goals: createGoalExecutor({ agentRuns, access }) };
  },
  provides: (provide) => [provide(taskServiceRef, (scheduler) => scheduler.tasks)],
  routes: (router, scheduler) => registerRestRoutes(router, scheduler),
  mcpTools: (scheduler) => schedulerTools(scheduler),
  executors: (scheduler) => [scheduler.goals],
  backgroundServices: (scheduler) => [scheduler.worker],
});
