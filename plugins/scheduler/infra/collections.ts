// The scheduler's collections and their indexes, declared in the manifest so the kernel creates them before init.
import type { CollectionSpec } from 'nexus/kernel';

export const TASKS = 'scheduler_tasks';
export const RUNS = 'scheduler_task_runs';

export const SCHEDULER_COLLECTIONS: readonly CollectionSpec[] = [
  {
    name: TASKS,
    indexes: [
      // The claim: active tasks whose dueAt has come, most overdue first (equality, range and sort on one index).
      { key: { status: 1, dueAt: 1 }, name: 'claim' },
      { key: { 'owner.userId': 1, createdAt: -1 }, name: 'by_owner' },
      { key: { createdAt: -1 }, name: 'by_created' },
      { key: { kind: 1, createdAt: -1 }, name: 'by_kind' },
    ],
  },
  {
    name: RUNS,
    indexes: [
      // One run per occurrence: the loser of a claim race cannot insert a second one, even where findAndModify is not atomic.
      { key: { taskId: 1, scheduledFor: 1 }, unique: true, name: 'one_run_per_occurrence' },
      // The sweep for runs whose worker stopped renewing its lease.
      { key: { state: 1, leaseExpiresAt: 1 }, name: 'lapsed' },
    ],
  },
];
