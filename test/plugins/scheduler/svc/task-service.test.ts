// The task service: refusals at creation store nothing, DST-exact next runs, owner scoping, and idempotent status changes.
import t from 'tap';
import { Compile } from 'typebox/compile';
import { TaskView } from 'nexus/kernel';
import { createHarness, drainWorker } from '../helpers/scheduler-harness.ts';
import { createProbe } from '../helpers/probe-executor.ts';

const probe = createProbe();
const h = await createHarness(t, { start: '2026-03-28T12:00:00Z', executors: [probe.executor] });
const { tasks } = h.scheduler;
const alice = h.identities.identity('alice');
const bob = h.identities.identity('bob');
const admin = h.identities.identity('root', 'admin');
const daily = (expression: string, timeZone?: string) => ({
  kind: 'probe.record', title: 'probe', payload: { note: 'n' }, schedule: { type: 'cron' as const, expression, ...(timeZone ? { timeZone } : {}) }, createdVia: 'api' as const,
});

t.test('bad input is refused at creation and nothing is stored', async (t) => {
  const refusals: Array<[string, unknown, string]> = [
    ['bad cron', daily('61 * * * *'), 'scheduler_invalid_cron'],
    ['seconds field', daily('0 0 * * * *'), 'scheduler_invalid_cron'],
    ['impossible day', daily('0 0 30 2 *'), 'scheduler_invalid_cron'],
    ['bad zone', daily('0 9 * * *', 'Mars/Olympus_Mons'), 'scheduler_invalid_time_zone'],
    ['offset as zone', daily('0 9 * * *', '+01:00'), 'scheduler_invalid_time_zone'],
    ['payload misses a field', { ...daily('0 9 * * *'), payload: {} }, 'scheduler_invalid_payload'],
    ['payload field of the wrong type', { ...daily('0 9 * * *'), payload: { note: 42 } }, 'scheduler_invalid_payload'],
    ['payload with an unknown field', { ...daily('0 9 * * *'), payload: { note: 'n', extra: true } }, 'scheduler_invalid_payload'],
    ['payload the executor refuses', { ...daily('0 9 * * *'), payload: { note: 'refuse-me' } }, 'probe_refused'],
    ['unknown kind', { ...daily('0 9 * * *'), kind: 'nobody.nothing' }, 'scheduler_unknown_kind'],
    ['one-shot in the past', { ...daily('0 9 * * *'), schedule: { type: 'once', at: '2026-03-28T11:00:00Z' } }, 'scheduler_time_in_past'],
    ['one-shot without a zone offset', { ...daily('0 9 * * *'), schedule: { type: 'once', at: '2026-03-29T11:00:00' } }, 'scheduler_invalid_task'],
    ['maxRuns outside run-all', { ...daily('0 9 * * *'), missedRuns: { policy: 'skip', maxRuns: 3 } }, 'scheduler_invalid_task'],
    ['no title', { ...daily('0 9 * * *'), title: undefined }, 'scheduler_invalid_task'],
  ];
  for (const [name, input, code] of refusals) {
    await t.rejects(tasks.create(alice, input as never), { code }, name);
  }
  const unknown = await tasks.create(alice, { ...daily('0 9 * * *'), kind: 'nobody.nothing' }).catch((err: { details: unknown }) => err.details);
  t.same(unknown, { kind: 'nobody.nothing', known: ['probe.record'] }, 'an unknown kind names the kinds there are');
  const payload = await tasks.create(alice, { ...daily('0 9 * * *'), payload: { note: 42 } }).catch((err: { details: unknown }) => err.details);
  t.match(payload, { kind: 'probe.record', issues: [{ path: '/payload/note' }] }, 'a bad payload names the field');
  const cron = await tasks.create(alice, daily('61 * * * *')).catch((err: { message: string; details: unknown }) => err);
  t.match(cron, { message: /minute: 61 is out of range 0-59/, details: { field: 'minute', token: '61' } });
  t.equal(await h.store.collection('scheduler_tasks').countDocuments({}), 0, 'no task stored');
  t.equal(await h.store.collection('scheduler_task_runs').countDocuments({}), 0, 'no run stored');
});

t.test('next runs follow the zone across DST changes, through creation and runs', async (t) => {
  const runThrough = async (expression: string, timeZone: string, start: string, count: number) => {
    const clock = h.clock;
    clock.jump(new Date(start).getTime() - clock.now().getTime());
    const task = await tasks.create(alice, daily(expression, timeZone));
    const seen = [task.nextRunAt];
    for (let i = 1; i < count; i++) {
      clock.jump(new Date(seen[seen.length - 1]!).getTime() - clock.now().getTime());
      const reports = await h.scheduler.worker.tick();
      t.same(reports.map((r) => r.outcome), ['succeeded'], `run ${i} of ${expression} in ${timeZone}`);
      seen.push((await tasks.get(alice, task.id)).nextRunAt);
    }
    await tasks.cancel(alice, task.id);
    return seen;
  };
  t.same(await runThrough('30 2 * * *', 'Europe/Berlin', '2026-03-28T12:00:00Z', 3),
    ['2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-31T00:30:00.000Z'], 'a time skipped by spring-forward fires at the gap end');
  t.same(await runThrough('30 2 * * *', 'Europe/Berlin', '2026-10-24T12:00:00Z', 3),
    ['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z', '2026-10-27T01:30:00.000Z'], 'a repeated time fires once, at its first occurrence');
  t.same(await runThrough('0,30 * * * *', 'Europe/Berlin', '2026-10-24T23:45:00Z', 5),
    ['2026-10-25T00:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:00:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T02:00:00.000Z'], 'a non-fixed schedule fires in both passes of the repeated hour');
  t.same(await runThrough('0 2 * * *', 'America/New_York', '2026-03-07T12:00:00Z', 2),
    ['2026-03-08T07:00:00.000Z', '2026-03-09T06:00:00.000Z'], 'New York spring-forward');
  const zone = await tasks.create(alice, daily('0 9 * * *', 'US/Eastern'));
  t.same(zone.schedule, { type: 'cron', expression: '0 9 * * *', timeZone: 'America/New_York' }, 'the zone is stored canonical');
  const utc = await tasks.create(alice, daily(' 0 9 * * * '));
  t.same(utc.schedule, { type: 'cron', expression: '0 9 * * *', timeZone: 'UTC' }, 'UTC by default, expression trimmed');
});

t.test('views satisfy the kernel TaskView contract', async (t) => {
  const view = await tasks.create(alice, { ...daily('0 9 * * *'), schedule: { type: 'once', at: '2026-12-01T09:00:00+01:00' } });
  t.ok(Compile(TaskView).Check(view));
  t.equal(view.nextRunAt, '2026-12-01T08:00:00.000Z');
  t.same(view.schedule, { type: 'once', at: '2026-12-01T08:00:00.000Z' });
  t.equal(view.ownerId, 'alice');
  t.same(view.missedRuns, { policy: 'coalesce' });
  const runAll = await tasks.create(alice, { ...daily('0 9 * * *'), missedRuns: { policy: 'run-all' } });
  t.same(runAll.missedRuns, { policy: 'run-all', maxRuns: 10 }, 'run-all caps at 10 by default');
});

t.test('users see and change their own tasks; scheduler admins all', async (t) => {
  const mine = await tasks.create(bob, { ...daily('0 9 * * *'), title: 'bob task' });
  await t.rejects(tasks.get(alice, mine.id), { code: 'scheduler_task_not_found', status: 404 });
  await t.rejects(tasks.cancel(alice, mine.id), { code: 'scheduler_task_not_found' });
  await t.rejects(tasks.runs(alice, mine.id), { code: 'scheduler_task_not_found' });
  t.notOk((await tasks.list(alice)).items.some((task) => task.id === mine.id), 'not in her list');
  await t.rejects(tasks.list(alice, { ownerId: 'bob' }), { code: 'forbidden', status: 403 });
  t.equal((await tasks.list(bob)).total, 1);
  t.equal((await tasks.get(admin, mine.id)).title, 'bob task');
  t.same((await tasks.list(admin, { ownerId: 'bob' })).items.map((task) => task.id), [mine.id]);
  t.ok((await tasks.list(admin)).total > 1);
  t.equal((await tasks.cancel(admin, mine.id)).status, 'cancelled', 'an admin may change it');
});

t.test('list filters and pages, newest first', async (t) => {
  const carol = h.identities.identity('carol');
  const made = [];
  for (let i = 0; i < 5; i++) {
    h.clock.jump(1000);
    made.push(await tasks.create(carol, { ...daily('0 9 * * *'), title: `t${i}` }));
  }
  await tasks.pause(carol, made[1]!.id);
  const page = await tasks.list(carol, { limit: 2, offset: 1 });
  t.equal(page.total, 5);
  t.same(page.items.map((task) => task.title), ['t3', 't2']);
  t.same((await tasks.list(carol, { status: 'paused' })).items.map((task) => task.title), ['t1']);
  t.equal((await tasks.list(carol, { kind: 'other.kind' })).total, 0);
});

t.test('pause, resume and cancel are idempotent; finished tasks refuse them', async (t) => {
  const task = await tasks.create(alice, daily('0 9 * * *'));
  const paused = await tasks.pause(alice, task.id);
  t.equal(paused.status, 'paused');
  t.same(await tasks.pause(alice, task.id), paused, 'pausing again changes nothing');
  h.clock.jump(3 * 86_400_000);
  const resumed = await tasks.resume(alice, task.id);
  t.equal(resumed.status, 'active');
  t.ok(new Date(resumed.nextRunAt!).getTime() > h.clock.now().getTime(), 'occurrences missed while paused are not made up for');
  const cancelled = await tasks.cancel(alice, task.id);
  t.equal(cancelled.status, 'cancelled');
  t.equal(cancelled.nextRunAt, null);
  t.same(await tasks.cancel(alice, task.id), cancelled, 'cancelling again changes nothing');
  await t.rejects(tasks.resume(alice, task.id), { code: 'scheduler_task_finished', status: 409 });
  await t.rejects(tasks.pause(alice, task.id), { code: 'scheduler_task_finished' });

  const once = await tasks.create(alice, { ...daily('0 9 * * *'), schedule: { type: 'once', at: h.clock.now().toISOString() } });
  // Earlier tests left due tasks too: tick until the worker finds nothing more to do.
  const reports = await drainWorker(h.scheduler.worker);
  t.same(reports.find((r) => r.taskId === once.id)?.outcome, 'succeeded');
  t.equal((await tasks.get(alice, once.id)).status, 'completed', 'a one-shot task completes after its run');
  await t.rejects(tasks.cancel(alice, once.id), { code: 'scheduler_task_finished' });
});
