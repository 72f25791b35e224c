// scheduler_tasks on the document-store port: user reads and actions, the atomic claim, and writes fenced by the claim's token.
import { pagedFind, type DocumentStore, type StoreCollection } from 'nexus/kernel';
import type { TaskRecord } from '../domain/task.ts';
import type { OccurrenceEnd, TaskRepository } from '../svc/ports.ts';
import { TASKS } from './collections.ts';

type Filter = Parameters<StoreCollection<TaskRecord>['findOne']>[0];

export function createTaskRepository(store: DocumentStore): TaskRepository {
  const tasks = store.collection<TaskRecord>(TASKS);
  const changed = async (filter: Filter, update: Parameters<StoreCollection<TaskRecord>['updateOne']>[1]) =>
    (await tasks.updateOne(filter ?? {}, update)).matchedCount === 1;

  return {
    async insert(task) {
      await tasks.insertOne(task);
    },
    get: (id) => tasks.findOne({ _id: id }),
    async list({ ownerId, kind, status, limit, offset }) {
      const filter: Record<string, unknown> = {};
      if (ownerId !== undefined) filter['owner.userId'] = ownerId;
      if (kind !== undefined) filter['kind'] = kind;
      if (status !== undefined) filter['status'] = status;
      return pagedFind(tasks, filter, { sort: { createdAt: -1, _id: 1 }, limit, offset });
    },
    update: (id, expected, set) =>
      tasks.findOneAndUpdate({ _id: id, status: expected.status, fencingToken: expected.fencingToken }, { $set: set }, { returnDocument: 'after' }),
    claim(holder, now, leaseMs, kinds) {
      const expiresAt = new Date(now.getTime() + leaseMs);
      // While a lease is held dueAt is its expiry, so a task whose worker died becomes claimable again by the same query.
      return tasks.findOneAndUpdate(
        { status: 'active', dueAt: { $lte: now }, kind: { $in: [...kinds] } },
        { $set: { lease: { holder, expiresAt }, dueAt: expiresAt, updatedAt: now }, $inc: { fencingToken: 1, attempt: 1 } },
        { sort: { dueAt: 1 }, returnDocument: 'after' },
      );
    },
    heartbeat: (id, token, holder, expiresAt) =>
      // Matching the holder too keeps a late heartbeat from re-creating a lease the worker has just released.
      changed({ _id: id, fencingToken: token, 'lease.holder': holder }, { $set: { 'lease.expiresAt': expiresAt, dueAt: expiresAt } }),
    moveOccurrence: (id, token, occurrence, now) =>
      changed({ _id: id, fencingToken: token }, { $set: { nextRunAt: occurrence, updatedAt: now } }),
    retryLater: (id, token, dueAt, now) =>
      changed({ _id: id, fencingToken: token }, { $set: { lease: null, dueAt, updatedAt: now } }),
    finishOccurrence: (id, token, end, now) => finishOccurrence(changed, id, token, end, now),
  };
}

/**
 * An active task moves on to its next occurrence or completes; a task paused meanwhile keeps its next occurrence
 * for resume; a cancelled one only drops the lease. Each write is fenced, so at most one of them applies.
 */
async function finishOccurrence(
  changed: (filter: Filter, update: Parameters<StoreCollection<TaskRecord>['updateOne']>[1]) => Promise<boolean>,
  id: string,
  token: number,
  end: OccurrenceEnd,
  now: Date,
): Promise<boolean> {
  const failed = end.outcome === 'failed' || end.outcome === 'abandoned';
  const $inc = { runCount: end.ran ? 1 : 0, failedRunCount: failed ? 1 : 0 };
  const released = { lease: null, attempt: 0, lastRunAt: now, lastOutcome: end.outcome, updatedAt: now };
  const moved = end.next === null
    ? { ...released, status: 'completed' as const, nextRunAt: null, dueAt: null }
    : { ...released, nextRunAt: end.next, dueAt: end.next };
  if (await changed({ _id: id, fencingToken: token, status: { $in: ['active', 'paused'] } }, { $set: moved, $inc })) return true;
  return changed({ _id: id, fencingToken: token }, { $set: released, $inc });
}
