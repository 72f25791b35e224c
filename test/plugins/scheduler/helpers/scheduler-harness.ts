// Boots the scheduler's services on a fresh embedded store with a manual clock, fake identities and in-process executors.
import pino from 'pino';
import { kernelErrors, type AccessPolicy, type DocumentStore, type ExecutorRegistry, type Identity, type IdentityResolver, type ScheduledTaskExecutor } from 'nexus/kernel';
import { createStore } from '../../../../shared/store/index.ts';
import { SCHEDULER_COLLECTIONS } from '../../../../plugins/scheduler/infra/collections.ts';
import { randomIds } from '../../../../plugins/scheduler/infra/ids.ts';
import { createRunRepository } from '../../../../plugins/scheduler/infra/run-repository.ts';
import { createTaskRepository } from '../../../../plugins/scheduler/infra/task-repository.ts';
import { createSchedulerServices, type SchedulerDeps, type SchedulerServices } from '../../../../plugins/scheduler/svc/scheduler-services.ts';
import type { RunRepository, TaskRepository } from '../../../../plugins/scheduler/svc/ports.ts';
import { tempDirFor } from '../../../helpers/temp-dir.ts';
import { ensureCollections, ManualClock } from '../../../../kernel/testing/index.ts';

export const LEASE_MS = 30_000;
export const POLL_MS = 1_000;

/** Creates the manifest's indexes with the host's own code, as the kernel does before init. */
export const ensureIndexes = (store: DocumentStore) => ensureCollections(store, SCHEDULER_COLLECTIONS);

export interface TestExecutorRegistry extends ExecutorRegistry {
  add(executor: ScheduledTaskExecutor<any>): void;
  remove(kind: string): void;
}

/** A live registry like the kernel's: executors come and go as their plugins load and unload. */
export function executorRegistry(executors: readonly ScheduledTaskExecutor<any>[]): TestExecutorRegistry {
  const byKind = new Map(executors.map((e) => [e.kind, e as ScheduledTaskExecutor]));
  return {
    get: (kind) => byKind.get(kind),
    list: () => [...byKind.values()],
    add: (executor) => byKind.set(executor.kind, executor as ScheduledTaskExecutor),
    remove: (kind) => byKind.delete(kind),
  };
}

export interface FakeIdentities extends IdentityResolver {
  identity(userId: string, role?: string): Identity;
  revoke(tokenId: string): void;
}

export function fakeIdentities(): FakeIdentities {
  const known = new Map<string, Identity>();
  const revoked = new Set<string>();
  return {
    identity(userId, role = 'operator') {
      const identity: Identity = { userId, role, tokenId: `tok_${userId}_${known.size}`, via: 'user' };
      known.set(identity.tokenId, identity);
      return identity;
    },
    revoke: (tokenId) => revoked.add(tokenId),
    async resolve(userId, tokenId) {
      const identity = known.get(tokenId);
      if (identity === undefined || identity.userId !== userId) throw kernelErrors.unauthorized();
      if (revoked.has(tokenId)) throw kernelErrors.token_revoked();
      return { ...identity, via: 'service' };
    },
  };
}

/** Admins hold every permission; the other roles none beyond their routes, which these tests do not go through. */
export const fakeAccess: AccessPolicy = {
  hasRole: () => true,
  mayUseTool: () => true,
  hasPermission: (role) => role === 'admin',
};

export interface Harness {
  readonly dataDir: string;
  readonly store: DocumentStore;
  readonly clock: ManualClock;
  readonly identities: FakeIdentities;
  readonly tasks: TaskRepository;
  readonly runs: RunRepository;
  readonly executors: TestExecutorRegistry;
  readonly scheduler: SchedulerServices;
  /** Another worker on the same store, with its own id and clock. */
  worker(workerId: string, clock: ManualClock, options?: Partial<SchedulerDeps['worker']>): SchedulerServices['worker'];
}

export async function createHarness(
  t: { teardown(fn: () => unknown): void },
  options: { start: string; executors: readonly ScheduledTaskExecutor<any>[]; worker?: Partial<SchedulerDeps['worker']>; store?: DocumentStore },
): Promise<Harness> {
  const dataDir = await tempDirFor(t, 'nexus-scheduler-');
  const store = options.store ?? (await createStore({ dataDir }));
  t.teardown(() => store.close());
  await ensureIndexes(store);
  const clock = new ManualClock(options.start);
  const identities = fakeIdentities();
  const tasks = createTaskRepository(store);
  const runs = createRunRepository(store);
  const executors = executorRegistry(options.executors);
  const build = (workerId: string, workerClock: ManualClock, worker: Partial<SchedulerDeps['worker']> = {}) =>
    createSchedulerServices({
      tasks, runs, ids: randomIds, clock: workerClock, timers: workerClock, executors, identities, access: fakeAccess,
      logger: pino({ level: 'silent' }),
      worker: { workerId, pollMs: POLL_MS, concurrency: 4, leaseMs: LEASE_MS, ...worker },
    });
  return {
    dataDir, store, clock, identities, tasks, runs, executors,
    scheduler: build('worker-a', clock, options.worker),
    worker: (workerId, workerClock, worker) => build(workerId, workerClock, worker).worker,
  };
}

/** Ticks until a poll finds nothing due; returns every report. */
export async function drainWorker(worker: SchedulerServices['worker']): Promise<Awaited<ReturnType<SchedulerServices['worker']['tick']>>> {
  const reports = [];
  for (let batch = await worker.tick(); batch.length > 0; batch = await worker.tick()) reports.push(...batch);
  return reports;
}
