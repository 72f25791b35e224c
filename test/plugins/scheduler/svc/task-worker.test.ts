// The worker driven step by step with a manual clock: runs, identities, retries, heartbeats, lapsed leases, fencing, stop.
import t from 'tap';
import type { RunRecord, TaskRecord } from '../../../../plugins/scheduler/domain/task.ts';
import { createHarness, drainWorker, LEASE_MS } from '../helpers/scheduler-harness.ts';
import { ManualClock } from '../../../../kernel/testing/manual-clock.ts';
import { createProbe } from '../helpers/probe-executor.ts';

const START = '2026-05-04T08:00:00Z';
const at = (iso: string) => ({ type: 'once' as const, at: iso });
const task = (schedule: { type: 'once'; at: string } | { type: 'cron'; expression: string; timeZone?: string }, payload: Record<string, unknown> = { note: 'n' }) =>
  ({ kind: 'probe.record', title: 'probe', payload, schedule, createdVia: 'api' as const });

async function setup(t: { teardown(fn: () => unknown): void }, retry?: { maxAttempts: number; initialBackoffMs: number; maxBackoffMs: number }, worker = {}) {
  const probe = createProbe('probe.record', retry);
  const h = await createHarness(t, { start: START, executors: [probe.executor], worker });
  const alice = h.identities.identity('alice');
  const record = (id: string) => h.store.collection<TaskRecord>('scheduler_tasks').findOne({ _id: id });
  const runsOf = (id: string) => h.store.collection<RunRecord>('scheduler_task_runs').find({ taskId: id }, { sort: { scheduledFor: 1 } }).toArray();
  return { probe, h, alice, record, runsOf };
}

t.test('a due task runs once with its idempotency key and its owner re-resolved', async (t) => {
  const { probe, h, alice, record, runsOf } = await setup(t);
  const due = await h.scheduler.tasks.create(alice, task(at(START)));
  const later = await h.scheduler.tasks.create(alice, task(at('2026-05-04T09:00:00Z')));
  const reports = await h.scheduler.worker.tick();
  t.same(reports, [{ taskId: due.id, scheduledFor: new Date(START), outcome: 'succeeded' }]);
  t.same(await h.scheduler.worker.tick(), [], 'nothing else is due');
  t.match(probe.calls, [{ taskId: due.id, scheduledFor: '2026-05-04T08:00:00.000Z', idempotencyKey: `${due.id}@2026-05-04T08:00:00.000Z`, userId: 'alice', role: 'operator' }]);
  const [run] = await runsOf(due.id);
  t.match(run, {
    state: 'succeeded', attempt: 1, maxAttempts: 1, workerId: 'worker-a', occurrences: 1, leaseExpiresAt: null,
    result: { summary: 'recorded n', data: { attempt: 1 } }, error: null,
    attempts: [{ attempt: 1, workerId: 'worker-a', outcome: 'succeeded', error: null }],
  });
  t.match(await record(due.id), { status: 'completed', nextRunAt: null, dueAt: null, lease: null, runCount: 1, lastOutcome: 'succeeded', fencingToken: 1 });
  t.match(await record(later.id), { status: 'active', fencingToken: 0, runCount: 0 }, 'a task not yet due is not touched');
});

t.test('a cron task moves on to its next occurrence', async (t) => {
  const { h, alice, record } = await setup(t);
  const hourly = await h.scheduler.tasks.create(alice, task({ type: 'cron', expression: '0 * * * *' }));
  t.equal(hourly.nextRunAt, '2026-05-04T09:00:00.000Z');
  await h.clock.advance(3_600_000);
  t.same((await h.scheduler.worker.tick()).map((r) => r.outcome), ['succeeded']);
  t.match(await record(hourly.id), { status: 'active', nextRunAt: new Date('2026-05-04T10:00:00Z'), dueAt: new Date('2026-05-04T10:00:00Z'), attempt: 0, runCount: 1 });
});

t.test("a revoked owner token fails the run cleanly, recorded and not retried", async (t) => {
  const { probe, h, alice, record, runsOf } = await setup(t, { maxAttempts: 3, initialBackoffMs: 1000, maxBackoffMs: 1000 });
  const due = await h.scheduler.tasks.create(alice, task(at(START)));
  h.identities.revoke(alice.tokenId);
  t.same((await h.scheduler.worker.tick()).map((r) => r.outcome), ['failed']);
  t.equal(probe.calls.length, 0, 'the executor never ran');
  t.match(await runsOf(due.id), [{ state: 'failed', error: { code: 'token_revoked' }, attempts: [{ outcome: 'failed' }] }]);
  t.match(await record(due.id), { status: 'completed', lastOutcome: 'failed', failedRunCount: 1 });
});

t.test('failures are retried with back-off per the executor policy, on the clock', async (t) => {
  const { probe, h, alice, record, runsOf } = await setup(t, { maxAttempts: 3, initialBackoffMs: 1000, maxBackoffMs: 10_000 });
  const flaky = await h.scheduler.tasks.create(alice, task(at(START), { note: 'flaky', failTimes: 2 }));
  t.same((await h.scheduler.worker.tick()).map((r) => r.outcome), ['retrying']);
  t.match(await record(flaky.id), { dueAt: new Date('2026-05-04T08:00:01Z'), lease: null, nextRunAt: new Date(START) });
  t.same(await h.scheduler.worker.tick(), [], 'not before the back-off');
  await h.clock.advance(1000);
  t.same((await h.scheduler.worker.tick()).map((r) => r.outcome), ['retrying']);
  t.match(await record(flaky.id), { dueAt: new Date('2026-05-04T08:00:03Z') }, 'the back-off doubles');
  await h.clock.advance(2000);
  t.same((await h.scheduler.worker.tick()).map((r) => r.outcome), ['succeeded']);
  t.equal(new Set(probe.calls.map((c) => c.idempotencyKey)).size, 1, 'every attempt carries the same idempotency key');
  const [run] = await runsOf(flaky.id);
  t.match(run, { state: 'succeeded', attempt: 3, maxAttempts: 3, attempts: [{ outcome: 'failed', error: { code: 'probe_outage' } }, { outcome: 'failed' }, { outcome: 'succeeded' }] });
  t.match(await record(flaky.id), { status: 'completed', runCount: 1, failedRunCount: 0 });

  const refused = await h.scheduler.tasks.create(alice, task(at(h.clock.now().toISOString()), { note: 'no', refuse: true }));
  t.same((await h.scheduler.worker.tick()).map((r) => r.outcome), ['failed'], 'a refusal (4xx) is not retried');
  t.match(await runsOf(refused.id), [{ state: 'failed', attempt: 1, error: { code: 'probe_refused' } }]);

  const hopeless = await h.scheduler.tasks.create(alice, task({ type: 'cron', expression: '*/5 * * * *' }, { note: 'down', failTimes: 99 }));
  await h.clock.advance(new Date(hopeless.nextRunAt!).getTime() - h.clock.now().getTime());
  for (const wait of [0, 1000, 2000]) {
    await h.clock.advance(wait);
    await h.scheduler.worker.tick();
  }
  t.match(await runsOf(hopeless.id), [{ state: 'failed', attempt: 3 }], 'attempts exhausted: the run failed');
  t.match(await record(hopeless.id), { status: 'active', nextRunAt: new Date(new Date(hopeless.nextRunAt!).getTime() + 300_000), failedRunCount: 1 }, 'and the task moved on');
});

t.test('missed occurrences: coalesced by default, or skipped, or run each up to a cap', async (t) => {
  const { probe, h, alice, record, runsOf } = await setup(t);
  const hourly = (missedRuns?: object) => h.scheduler.tasks.create(alice, { ...task({ type: 'cron', expression: '0 * * * *' }), ...(missedRuns ? { missedRuns } : {}) } as never);
  const coalesce = await hourly();
  const skip = await hourly({ policy: 'skip' });
  const runAll = await hourly({ policy: 'run-all', maxRuns: 3 });
  // No worker ran from 09:00 to 18:30: ten hourly occurrences passed.
  h.clock.jump(10.5 * 3_600_000);
  await drainWorker(h.scheduler.worker);
  t.match(await runsOf(coalesce.id), [{ scheduledFor: new Date('2026-05-04T18:00:00Z'), state: 'succeeded', occurrences: 10 }], 'one run for the ten');
  t.match(await record(coalesce.id), { nextRunAt: new Date('2026-05-04T19:00:00Z') });
  t.match(await runsOf(skip.id), [{ scheduledFor: new Date('2026-05-04T18:00:00Z'), state: 'skipped', occurrences: 10 }], 'the ten recorded as skipped');
  t.match(await record(skip.id), { nextRunAt: new Date('2026-05-04T19:00:00Z'), runCount: 0, lastOutcome: 'skipped' });
  t.match(await runsOf(runAll.id), [
    { scheduledFor: new Date('2026-05-04T15:00:00Z'), state: 'skipped', occurrences: 7 },
    { scheduledFor: new Date('2026-05-04T16:00:00Z'), state: 'succeeded' },
    { scheduledFor: new Date('2026-05-04T17:00:00Z'), state: 'succeeded' },
    { scheduledFor: new Date('2026-05-04T18:00:00Z'), state: 'succeeded' },
  ], 'the three latest run, the older seven are skipped');
  t.equal(probe.calls.filter((c) => c.taskId === runAll.id).length, 3);
  t.match(await record(runAll.id), { nextRunAt: new Date('2026-05-04T19:00:00Z'), runCount: 3 });
});

t.test('heartbeats extend the lease while the executor runs', async (t) => {
  const { probe, h, alice, record } = await setup(t);
  const slow = await h.scheduler.tasks.create(alice, task(at(START), { note: 'slow', hold: true }));
  const ticked = h.scheduler.worker.tick();
  await probe.started();
  t.match(await record(slow.id), { lease: { holder: 'worker-a', expiresAt: new Date(Date.parse(START) + LEASE_MS) }, dueAt: new Date(Date.parse(START) + LEASE_MS) });
  await h.clock.advance(LEASE_MS / 3);
  await h.clock.advance(LEASE_MS / 3);
  const expected = new Date(Date.parse(START) + (2 * LEASE_MS) / 3 + LEASE_MS);
  t.match(await record(slow.id), { lease: { expiresAt: expected }, dueAt: expected }, 'renewed twice');
  const [run] = await h.store.collection<RunRecord>('scheduler_task_runs').find({ taskId: slow.id }).toArray();
  t.same(run?.leaseExpiresAt, expected, 'the run record carries the same lease');
  probe.release();
  t.same((await ticked).map((r) => r.outcome), ['succeeded']);
  t.equal(h.clock.timersPending, 0, 'no heartbeat left behind');
  t.match(await record(slow.id), { lease: null, status: 'completed' });
});

t.test('a lapsed lease: the run is abandoned, another worker takes it over, the stale worker is refused', async (t) => {
  const { probe, h, alice, record, runsOf } = await setup(t, { maxAttempts: 2, initialBackoffMs: 0, maxBackoffMs: 0 });
  const hung = await h.scheduler.tasks.create(alice, task(at(START), { note: 'hung', hold: true }));
  const tickA = h.scheduler.worker.tick();
  const callA = await probe.started();
  // Worker A hangs: its heartbeats never fire. Worker B's clock is past A's lease.
  const clockB = new ManualClock(new Date(Date.parse(START) + LEASE_MS + 1));
  const workerB = h.worker('worker-b', clockB);
  const tickB = workerB.tick();
  const callB = await probe.started();
  t.equal(callB.idempotencyKey, callA.idempotencyKey, 'the same occurrence, the same key');
  t.match(await record(hung.id), { fencingToken: 2, lease: { holder: 'worker-b' } });
  t.match(await runsOf(hung.id), [{ state: 'running', attempt: 2, workerId: 'worker-b', fencingToken: 2, attempts: [{ attempt: 1, workerId: 'worker-a', outcome: 'abandoned', error: { code: 'scheduler_run_abandoned' } }] }]);

  await h.clock.advance(LEASE_MS / 3);
  t.ok(callA.signal.aborted, "A's next heartbeat finds the run taken over and aborts its executor");
  t.same((await tickA).map((r) => r.outcome), ['stale'], 'A records nothing');
  probe.release();
  t.same((await tickB).map((r) => r.outcome), ['succeeded']);
  t.match(await runsOf(hung.id), [{ state: 'succeeded', attempt: 2, workerId: 'worker-b', attempts: [{ outcome: 'abandoned' }, { outcome: 'succeeded', workerId: 'worker-b' }] }]);
  t.match(await record(hung.id), { status: 'completed', runCount: 1, lease: null });
});

t.test('writes under a stale fencing token are refused', async (t) => {
  const { h, alice, record } = await setup(t);
  const created = await h.scheduler.tasks.create(alice, task(at(START)));
  const first = await h.tasks.claim('worker-a', h.clock.now(), LEASE_MS, ['probe.record']);
  const second = await h.tasks.claim('worker-b', new Date(Date.parse(START) + LEASE_MS), LEASE_MS, ['probe.record']);
  t.equal(first?.fencingToken, 1);
  t.equal(second?.fencingToken, 2, 'the token rises with every claim');
  const now = h.clock.now();
  t.notOk(await h.tasks.finishOccurrence(created.id, 1, { next: null, outcome: 'succeeded', ran: true }, now));
  t.notOk(await h.tasks.retryLater(created.id, 1, now, now));
  t.notOk(await h.tasks.moveOccurrence(created.id, 1, now, now));
  t.notOk(await h.tasks.heartbeat(created.id, 1, 'worker-a', now));
  t.match(await record(created.id), { status: 'active', lease: { holder: 'worker-b' }, fencingToken: 2 }, 'the stale writes changed nothing');
  t.ok(await h.tasks.finishOccurrence(created.id, 2, { next: null, outcome: 'succeeded', ran: true }, now), 'the current token may write');
});

t.test('an occurrence that already has a live run is left to it (the unique index)', async (t) => {
  const { probe, h, alice, runsOf } = await setup(t);
  const raced = await h.scheduler.tasks.create(alice, task(at(START)));
  // What a store without atomic findAndModify allows: another worker claimed the same task and inserted its run first.
  await h.runs.insert({
    _id: 'run_other', taskId: raced.id, scheduledFor: new Date(START), kind: 'probe.record', ownerId: 'alice', occurrences: 1, state: 'running',
    attempt: 1, maxAttempts: 1, workerId: 'worker-x', fencingToken: 1, leaseExpiresAt: new Date(Date.parse(START) + LEASE_MS),
    startedAt: new Date(START), finishedAt: null, result: null, error: null, attempts: [],
  });
  t.same((await h.scheduler.worker.tick()).map((r) => r.outcome), ['busy']);
  t.equal(probe.calls.length, 0, 'nothing executed');
  t.match(await runsOf(raced.id), [{ _id: 'run_other', workerId: 'worker-x', state: 'running' }], 'and nothing recorded');
});

t.test('without a retry policy an abandoned attempt is final and the task moves on', async (t) => {
  const { probe, h, alice, record, runsOf } = await setup(t);
  const crashed = await h.scheduler.tasks.create(alice, task(at(START), { note: 'crash', hold: true }));
  const tickA = h.scheduler.worker.tick();
  await probe.started();
  const clockB = new ManualClock(new Date(Date.parse(START) + LEASE_MS + 1));
  t.same((await h.worker('worker-b', clockB).tick()).map((r) => r.outcome), ['settled']);
  t.match(await runsOf(crashed.id), [{ state: 'abandoned', attempts: [{ outcome: 'abandoned', workerId: 'worker-a' }] }]);
  t.match(await record(crashed.id), { status: 'completed', lastOutcome: 'abandoned', failedRunCount: 1 });
  probe.release();
  t.same((await tickA).map((r) => r.outcome), ['stale']);
});

t.test('a worker runs at most `concurrency` tasks at once', async (t) => {
  const { h, alice } = await setup(t, undefined, { concurrency: 2 });
  for (let i = 0; i < 5; i++) await h.scheduler.tasks.create(alice, task(at(START)));
  t.equal((await h.scheduler.worker.tick()).length, 2);
  t.equal((await h.scheduler.worker.tick()).length, 2);
  t.equal((await h.scheduler.worker.tick()).length, 1);
});

t.test('stop() claims nothing more, lets a run finish, and releases one that outlives the stop timeout', async (t) => {
  const { probe, h, alice, record } = await setup(t);
  const first = await h.scheduler.tasks.create(alice, task(at(START), { note: 'finishes', hold: true }));
  await h.scheduler.worker.start();
  await probe.started();
  const stopped = h.scheduler.worker.stop();
  const later = await h.scheduler.tasks.create(alice, task(at(START)));
  probe.release();
  await stopped;
  t.match(await record(first.id), { status: 'completed', lastOutcome: 'succeeded' });
  await h.clock.advance(10_000);
  t.match(await record(later.id), { status: 'active', fencingToken: 0 }, 'nothing claimed after stop');

  const { probe: p2, h: h2, alice: a2, record: record2, runsOf: runsOf2 } = await setup(t);
  const stuck = await h2.scheduler.tasks.create(a2, task(at(START), { note: 'stuck', hold: true }));
  await h2.scheduler.worker.start();
  await p2.started();
  const stopping = h2.scheduler.worker.stop();
  await h2.clock.advance(LEASE_MS);
  await stopping;
  t.match(await runsOf2(stuck.id), [{ state: 'retrying', attempts: [{ outcome: 'abandoned', error: { code: 'scheduler_worker_stopped' } }] }]);
  t.match(await record2(stuck.id), { status: 'active', lease: null, dueAt: new Date(Date.parse(START) + LEASE_MS) }, 'released for another worker at once');
});

t.test("a task whose executor is not loaded waits for it instead of failing", async (t) => {
  const { probe, h, alice, record, runsOf } = await setup(t);
  const waiting = await h.scheduler.tasks.create(alice, task(at(START)));
  h.executors.remove('probe.record');
  t.same(await h.scheduler.worker.tick(), [], 'not claimed while its platform is away');
  t.match(await record(waiting.id), { status: 'active', fencingToken: 0 });
  h.executors.add(probe.executor);
  t.same((await h.scheduler.worker.tick()).map((r) => r.outcome), ['succeeded'], 'run once it is back');
  t.equal((await runsOf(waiting.id)).length, 1);
});
