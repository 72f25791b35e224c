// scheduler_task_runs on the document-store port: one run per occurrence (unique index), attempts fenced by the claim's token.
import { isDuplicateKeyError, pagedFind, type DocumentStore } from 'nexus/kernel';
import type { AttemptRecord, RunRecord } from '../domain/task.ts';
import type { RunRepository } from '../svc/ports.ts';
import { RUNS } from './collections.ts';

function attemptOf(run: RunRecord, outcome: AttemptRecord['outcome'], error: AttemptRecord['error'], now: Date): AttemptRecord {
  return { attempt: run.attempt, workerId: run.workerId, startedAt: run.startedAt, finishedAt: now, outcome, error };
}

export function createRunRepository(store: DocumentStore): RunRepository {
  const runs = store.collection<RunRecord>(RUNS);
  const current = (run: RunRecord, token: number) => ({ _id: run._id, fencingToken: token, state: 'running' as const, attempt: run.attempt });

  return {
    async insert(run) {
      try {
        await runs.insertOne(run);
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
    find: (taskId, scheduledFor) => runs.findOne({ taskId, scheduledFor }),
    listForTask: (taskId, { limit, offset }) => pagedFind(runs, { taskId }, { sort: { scheduledFor: -1 }, limit, offset }),
    lapsed: (now, limit) => runs.find({ state: 'running', leaseExpiresAt: { $lte: now } }, { sort: { leaseExpiresAt: 1 }, limit }).toArray(),
    async abandon(run, error, now) {
      const state = run.attempt < run.maxAttempts ? 'retrying' : 'abandoned';
      const result = await runs.updateOne(current(run, run.fencingToken), {
        $set: { state, finishedAt: now, leaseExpiresAt: null, error },
        $push: { attempts: attemptOf(run, 'abandoned', error, now) },
      });
      return result.matchedCount === 1;
    },
    takeOver: (run, token, workerId, now, leaseExpiresAt) =>
      runs.findOneAndUpdate(
        { _id: run._id, fencingToken: run.fencingToken, state: 'retrying', attempt: run.attempt },
        {
          $set: { state: 'running', attempt: run.attempt + 1, workerId, fencingToken: token, leaseExpiresAt, startedAt: now, finishedAt: null, result: null, error: null },
        },
        { returnDocument: 'after' },
      ),
    async heartbeat(id, token, leaseExpiresAt) {
      const result = await runs.updateOne({ _id: id, fencingToken: token, state: 'running' }, { $set: { leaseExpiresAt } });
      return result.matchedCount === 1;
    },
    async finish(run, token, end, now) {
      const result = await runs.updateOne(current(run, token), {
        $set: { state: end.state, finishedAt: now, leaseExpiresAt: null, result: end.result, error: end.error },
        $push: { attempts: attemptOf(run, end.attemptOutcome, end.error, now) },
      });
      return result.matchedCount === 1;
    },
    async settleRetrying(taskId, now) {
      for (const run of await runs.find({ taskId, state: 'retrying' }).toArray()) {
        const last = run.attempts[run.attempts.length - 1];
        await runs.updateOne({ _id: run._id, state: 'retrying', attempt: run.attempt }, { $set: { state: last?.outcome ?? 'failed', finishedAt: now } });
      }
    },
  };
}
