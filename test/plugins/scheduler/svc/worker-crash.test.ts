// A worker process killed with SIGKILL mid-run: its lease lapses, the run is marked abandoned, another worker finishes the task.
import t from 'tap';
import type { RunRecord, TaskRecord } from '../../../../plugins/scheduler/domain/task.ts';
import { createHarness } from '../helpers/scheduler-harness.ts';
import { ManualClock } from '../../../../kernel/testing/manual-clock.ts';
import { createProbe } from '../helpers/probe-executor.ts';
import { killAll, spawnWorker } from '../helpers/worker-processes.ts';

const LEASE_MS = 30_000;
const RETRY = { maxAttempts: 2, initialBackoffMs: 0, maxBackoffMs: 0 };

t.test('a killed worker\'s task is finished by another worker', async (t) => {
  const probe = createProbe('probe.record', RETRY);
  const start = new Date().toISOString();
  const h = await createHarness(t, { start, executors: [probe.executor] });
  const owner = h.identities.identity('alice');
  const task = await h.scheduler.tasks.create(owner, { kind: 'probe.record', title: 'survives a crash', payload: { note: 'n' }, schedule: { type: 'once', at: start }, createdVia: 'api' });

  const victim = spawnWorker({ workerId: 'victim', dataDir: h.dataDir, concurrency: 1, leaseMs: LEASE_MS, hang: true, retry: RETRY });
  t.teardown(() => killAll([victim]));
  t.equal(await victim.nextLine(), 'ready');
  victim.go();
  t.equal(await victim.nextLine(), `started ${task.id}`, 'the victim claimed the task and its executor is running');
  victim.child.kill('SIGKILL');
  await victim.exited();
  t.equal(victim.child.signalCode, 'SIGKILL');
  const runs = h.store.collection<RunRecord>('scheduler_task_runs');
  t.match(await runs.findOne({ taskId: task.id }), { state: 'running', workerId: 'victim', attempt: 1 }, 'the run was recorded before it executed');

  // The victim's lease follows the wall clock; the rescuer's clock is already past it, so nothing waits for it to lapse.
  const rescuer = h.worker('rescuer', new ManualClock(new Date(Date.now() + LEASE_MS + 1000)));
  t.same((await rescuer.tick()).map((r) => r.outcome), ['succeeded']);
  t.match(await runs.findOne({ taskId: task.id }), {
    state: 'succeeded', attempt: 2, workerId: 'rescuer',
    attempts: [{ attempt: 1, workerId: 'victim', outcome: 'abandoned', error: { code: 'scheduler_run_abandoned' } }, { attempt: 2, workerId: 'rescuer', outcome: 'succeeded' }],
  });
  t.equal(await runs.countDocuments({ taskId: task.id }), 1, 'still one run for the occurrence');
  const [victimCall] = await h.store.collection('probe_executions').find({ taskId: task.id }).toArray();
  t.equal(probe.calls.length, 1);
  t.equal(probe.calls[0]?.idempotencyKey, victimCall?.['idempotencyKey'], 'both attempts carried the same idempotency key');
  t.match(await h.store.collection<TaskRecord>('scheduler_tasks').findOne({ _id: task.id }), { status: 'completed', lastOutcome: 'succeeded', lease: null });
});
