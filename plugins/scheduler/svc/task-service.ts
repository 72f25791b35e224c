// The task service (the kernel's TaskService contract and a little more): creation, reads and status changes, owner-scoped.
import { kernelErrors, type AccessPolicy, type ExecutorRegistry, type Identity, type TaskService } from 'nexus/kernel';
import { occurrenceAfter } from '../domain/schedule.ts';
import { decideTransition, type TaskAction } from '../domain/task-transitions.ts';
import type { TaskRecord, TaskStatus } from '../domain/task.ts';
import { errors } from '../errors.ts';
import { pageRequest, type Clock, type Page } from 'nexus/kernel';
import type { IdSource, RunRepository, TaskRepository } from './ports.ts';
import { checkNewTask } from './task-checks.ts';
import { toRunView, toTaskView, type RunView, type SchedulerCreateInput, type SchedulerTaskView } from './views.ts';

const ADMIN_PERMISSION = 'scheduler.admin';

export interface SchedulerTaskFilter {
  readonly kind?: string;
  readonly status?: TaskStatus;
  /** Admins may name any owner; others only themselves. */
  readonly ownerId?: string;
  readonly limit?: number;
  readonly offset?: number;
}

export interface SchedulerTaskService extends TaskService {
  create(identity: Identity, input: SchedulerCreateInput): Promise<SchedulerTaskView>;
  list(identity: Identity, filter?: SchedulerTaskFilter): Promise<Page<SchedulerTaskView>>;
  get(identity: Identity, id: string): Promise<SchedulerTaskView>;
  cancel(identity: Identity, id: string): Promise<SchedulerTaskView>;
  pause(identity: Identity, id: string): Promise<SchedulerTaskView>;
  resume(identity: Identity, id: string): Promise<SchedulerTaskView>;
  runs(identity: Identity, id: string, paging?: { limit?: number; offset?: number }): Promise<Page<RunView>>;
}

export interface TaskServiceDeps {
  readonly tasks: TaskRepository;
  readonly runs: RunRepository;
  readonly executors: ExecutorRegistry;
  readonly access: AccessPolicy;
  readonly clock: Clock;
  readonly ids: IdSource;
}

// A status change races only with a worker finishing a run; a few rereads settle it.
const ACTION_ATTEMPTS = 5;

export function createTaskService(deps: TaskServiceDeps): SchedulerTaskService {
  const { tasks, runs, clock } = deps;
  const isAdmin = (identity: Identity) => deps.access.hasPermission(identity.role, ADMIN_PERMISSION);

  async function visible(identity: Identity, id: string): Promise<TaskRecord> {
    const task = await tasks.get(id);
    // Someone else's task is "not found" rather than "forbidden", so ids reveal nothing.
    if (task === null || (!isAdmin(identity) && task.owner.userId !== identity.userId)) throw errors.scheduler_task_not_found({ taskId: id });
    return task;
  }

  /** The fields an action sets, given the task as read; resume looks for the next occurrence from now on. */
  function changesFor(task: TaskRecord, action: TaskAction, now: Date): Partial<TaskRecord> {
    switch (action) {
      case 'cancel':
        return { status: 'cancelled', nextRunAt: null, dueAt: null, updatedAt: now };
      case 'pause':
        return { status: 'paused', updatedAt: now };
      case 'resume': {
        // Occurrences that passed while paused are not made up for; a one-shot task whose instant passed runs now.
        const next = task.schedule.type === 'once' ? new Date(task.schedule.at) : occurrenceAfter(task.schedule, now);
        // A run still in progress keeps its claim: the task stays unclaimable until that lease ends.
        const leaseEnd = task.lease !== null && task.lease.expiresAt.getTime() > now.getTime() ? task.lease.expiresAt : null;
        return { status: 'active', nextRunAt: next, dueAt: leaseEnd ?? next, updatedAt: now };
      }
    }
  }

  async function act(identity: Identity, id: string, action: TaskAction): Promise<SchedulerTaskView> {
    for (let i = 0; i < ACTION_ATTEMPTS; i++) {
      const task = await visible(identity, id);
      const decision = decideTransition(task.status, action);
      if (decision === 'unchanged') return toTaskView(task);
      if (decision === 'refused') throw errors.scheduler_task_finished({ taskId: id, status: task.status }, `The task is ${task.status}; it cannot be ${action === 'cancel' ? 'cancelled' : action === 'pause' ? 'paused' : 'resumed'}.`);
      const now = clock.now();
      const updated = await tasks.update(id, { status: task.status, fencingToken: task.fencingToken }, changesFor(task, action, now));
      if (updated !== null) {
        if (action === 'cancel') await runs.settleRetrying(id, now);
        return toTaskView(updated);
      }
    }
    throw kernelErrors.conflict({ taskId: id }, 'The task changed while this request ran; try again.');
  }

  return {
    async create(identity, input) {
      const now = clock.now();
      const checked = await checkNewTask(input, identity, deps.executors, now);
      const task: TaskRecord = {
        _id: deps.ids.taskId(),
        kind: checked.kind,
        title: checked.title,
        payload: checked.payload,
        schedule: checked.schedule,
        missedRuns: checked.missedRuns,
        owner: { userId: identity.userId, tokenId: identity.tokenId },
        status: 'active',
        createdVia: checked.createdVia,
        nextRunAt: checked.firstRunAt,
        dueAt: checked.firstRunAt,
        lease: null,
        fencingToken: 0,
        attempt: 0,
        runCount: 0,
        failedRunCount: 0,
        lastRunAt: null,
        lastOutcome: null,
        createdAt: now,
        updatedAt: now,
      };
      await tasks.insert(task);
      return toTaskView(task);
    },
    async list(identity, filter = {}) {
      if (filter.ownerId !== undefined && filter.ownerId !== identity.userId && !isAdmin(identity)) {
        throw kernelErrors.forbidden({ permission: ADMIN_PERMISSION }, "Only scheduler admins may list other users' tasks.");
      }
      const page = await tasks.list({
        ownerId: isAdmin(identity) ? filter.ownerId : identity.userId,
        kind: filter.kind,
        status: filter.status,
        ...pageRequest(filter),
      });
      return { total: page.total, items: page.items.map(toTaskView) };
    },
    get: async (identity, id) => toTaskView(await visible(identity, id)),
    cancel: (identity, id) => act(identity, id, 'cancel'),
    pause: (identity, id) => act(identity, id, 'pause'),
    resume: (identity, id) => act(identity, id, 'resume'),
    async runs(identity, id, paging = {}) {
      await visible(identity, id);
      const page = await runs.listForTask(id, pageRequest(paging));
      return { total: page.total, items: page.items.map(toRunView) };
    },
  };
}
