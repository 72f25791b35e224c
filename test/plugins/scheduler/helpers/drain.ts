// Drains due one-shot tasks with several worker processes on one store, and checks each ran exactly once.
import type { Test } from 'tap';
import type { DocumentStore } from '../../../../shared/store/index.ts';
import { createHarness, type Harness } from './scheduler-harness.ts';
import { createProbe } from './probe-executor.ts';
import { killAll, spawnWorker, type WorkerProcess } from './worker-processes.ts';

export const LEASE_MS = 30_000;

export async function drainWith(t: Test, workerCount: number, tasks: number, backend: { mongodbUri?: string; mongodbDbName?: string; store?: DocumentStore }): Promise<Harness> {
  const start = new Date(Date.now() - 1000).toISOString();
  const h = await createHarness(t, { start, executors: [createProbe().executor], store: backend.store });
  const owner = h.identities.identity('alice');
  for (let i = 0; i < tasks; i++) {
    await h.scheduler.tasks.create(owner, { kind: 'probe.record', title: `task ${i}`, payload: { note: String(i) }, schedule: { type: 'once', at: start }, createdVia: 'api' });
  }
  const workers: WorkerProcess[] = Array.from({ length: workerCount }, (_, i) =>
    spawnWorker({ workerId: `w${i}`, dataDir: h.dataDir, mongodbUri: backend.mongodbUri, mongodbDbName: backend.mongodbDbName, concurrency: 4, leaseMs: LEASE_MS }),
  );
  t.teardown(() => killAll(workers));
  for (const worker of workers) t.equal(await worker.nextLine(), 'ready', `${worker.workerId} opened the store`);
  const began = Date.now();
  for (const worker of workers) worker.go();
  const reports = await Promise.all(
    workers.map(async (worker) => {
      const report = JSON.parse(await worker.nextLine()) as { workerId: string; outcomes: Record<string, number> };
      t.equal(await worker.exited(), 0, `${worker.workerId} exited cleanly`);
      return report;
    }),
  );
  t.comment(`${workerCount} workers, ${tasks} tasks in ${Date.now() - began} ms: ${reports.map((r) => `${r.workerId} ${JSON.stringify(r.outcomes)}`).join(', ')}`);
  return h;
}

export async function assertExactlyOnce(t: Test, store: DocumentStore, tasks: number) {
  const executions = await store.collection('probe_executions').find({}).toArray();
  t.equal(executions.length, tasks, 'as many executions as tasks');
  t.equal(new Set(executions.map((e) => e['idempotencyKey'])).size, tasks, 'no occurrence executed twice');
  const runs = await store.collection('scheduler_task_runs').find({}).toArray();
  t.equal(runs.length, tasks, 'one run record per task');
  t.equal(runs.filter((r) => r['state'] === 'succeeded').length, tasks, 'every run succeeded');
  t.equal(await store.collection('scheduler_tasks').countDocuments({ status: 'completed' }), tasks, 'no task lost: all completed');
}

