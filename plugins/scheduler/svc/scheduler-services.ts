// Builds the scheduler's services from their ports: the task service, the worker and cron previews.
import type { AccessPolicy, ExecutorRegistry, IdentityResolver, Logger } from 'nexus/kernel';
import { previewCron, type CronPreview, type CronPreviewInput } from './cron-preview.ts';
import type { Clock, Timers } from 'nexus/kernel';
import type { IdSource, RunRepository, TaskRepository } from './ports.ts';
import { createTaskService, type SchedulerTaskService } from './task-service.ts';
import { TaskWorker } from './task-worker.ts';

const DEFAULT_GRACE_MS = 60_000;

export interface SchedulerDeps {
  readonly tasks: TaskRepository;
  readonly runs: RunRepository;
  readonly ids: IdSource;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly executors: ExecutorRegistry;
  readonly identities: IdentityResolver;
  readonly access: AccessPolicy;
  readonly logger: Logger;
  readonly worker: {
    readonly workerId: string;
    readonly pollMs: number;
    readonly concurrency: number;
    readonly leaseMs: number;
    /** A third of the lease by default, so two beats may fail before the lease lapses. */
    readonly heartbeatMs?: number;
    /** Occurrences starting this late are missed (see the missed-runs policy); a minute by default. */
    readonly graceMs?: number;
    /** How long stop() lets runs finish before aborting them; the lease length by default. */
    readonly stopTimeoutMs?: number;
  };
}

export interface SchedulerServices {
  readonly tasks: SchedulerTaskService;
  readonly worker: TaskWorker;
  preview(input: CronPreviewInput): CronPreview;
}

export function createSchedulerServices(deps: SchedulerDeps): SchedulerServices {
  const { worker } = deps;
  const tasks = createTaskService({ tasks: deps.tasks, runs: deps.runs, executors: deps.executors, access: deps.access, clock: deps.clock, ids: deps.ids });
  const occurrenceDeps = {
    tasks: deps.tasks,
    runs: deps.runs,
    executors: deps.executors,
    identities: deps.identities,
    clock: deps.clock,
    timers: deps.timers,
    ids: deps.ids,
    logger: deps.logger,
    workerId: worker.workerId,
    leaseMs: worker.leaseMs,
    heartbeatMs: worker.heartbeatMs ?? Math.max(1, Math.floor(worker.leaseMs / 3)),
    graceMs: worker.graceMs ?? DEFAULT_GRACE_MS,
  };
  return {
    tasks,
    worker: new TaskWorker(occurrenceDeps, { pollMs: worker.pollMs, concurrency: worker.concurrency, stopTimeoutMs: worker.stopTimeoutMs ?? worker.leaseMs }),
    preview: (input) => previewCron(input, deps.clock.now()),
  };
}
