// The scheduler's REST routes through the real API server, with the scheduler and a probe platform loaded as plugins.
import t from 'tap';
import { startTestPlugin } from '../../../../kernel/testing/index.ts';
import schedulerPlugin from '../../../../plugins/scheduler/plugin.ts';
import probe from '../fixtures/plugins/probe/plugin.ts';
import { SCHEDULER_PROFILE } from '../helpers/kernel-env.ts';

const plugin = await startTestPlugin(schedulerPlugin, { t, plugins: [probe], profile: SCHEDULER_PROFILE });
const { kernel, token } = plugin;
const app = plugin.api!.app;
const [admin, alice, bob, viewer] = [await token('root', 'admin'), await token('alice', 'operator'), await token('bob', 'operator'), await token('vic', 'viewer')];
const call = (method: 'GET' | 'POST', url: string, as: string, payload?: unknown) =>
  app.inject({ method, url: `/api/scheduler${url}`, headers: { authorization: `Bearer ${as}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
const scheduler = () => plugin.services;
const daily = { kind: 'probe.record', title: 'morning note', payload: { note: 'hi' }, schedule: { type: 'cron', expression: '0 7 * * 1-5', timeZone: 'Europe/Berlin' } };

t.test('both plugins are loaded and the executor is registered', async (t) => {
  const res = await app.inject({ url: '/api/system/plugins', headers: { authorization: `Bearer ${admin}` } });
  const plugins = res.json().plugins as { name: string; state: string; executors: string[]; tools: string[] }[];
  t.match(plugins.find((p) => p.name === 'scheduler'), { state: 'loaded', tools: ['scheduler_list_tasks', 'scheduler_get_task', 'scheduler_cancel_task'] });
  t.match(plugins.find((p) => p.name === 'probe'), { state: 'loaded', executors: ['probe.record'] });
});

t.test('create, read and list', async (t) => {
  const created = await call('POST', '/tasks', alice, daily);
  t.equal(created.statusCode, 201);
  const task = created.json();
  t.match(task, { kind: 'probe.record', title: 'morning note', status: 'active', ownerId: 'alice', createdVia: 'api', schedule: { timeZone: 'Europe/Berlin' }, missedRuns: { policy: 'coalesce' }, runCount: 0 });
  t.equal(new Date(task.nextRunAt).getUTCMinutes(), 0);
  t.same((await call('GET', `/tasks/${task.id}`, alice)).json(), task);
  t.equal((await call('GET', `/tasks/${task.id}`, bob)).statusCode, 404, "another user's task is not found");
  t.equal((await call('GET', `/tasks/${task.id}`, admin)).statusCode, 200, 'an admin sees it');

  await call('POST', '/tasks', alice, { ...daily, title: 'second', missedRuns: { policy: 'run-all', maxRuns: 3 } });
  await call('POST', '/tasks', bob, { ...daily, title: 'bob' });
  const mine = (await call('GET', '/tasks', alice)).json();
  t.equal(mine.total, 2);
  t.same(mine.items.map((x: { title: string }) => x.title), ['second', 'morning note'], 'newest first');
  t.same((await call('GET', '/tasks?limit=1&offset=1', alice)).json().items.map((x: { title: string }) => x.title), ['morning note']);
  t.equal((await call('GET', '/tasks?kind=other.kind', alice)).json().total, 0);
  t.equal((await call('GET', '/tasks', admin)).json().total, 3, 'scheduler.admin sees every task');
  t.same((await call('GET', '/tasks?owner=bob', admin)).json().items.map((x: { title: string }) => x.title), ['bob']);
  const forbidden = await call('GET', '/tasks?owner=bob', alice);
  t.equal(forbidden.statusCode, 403);
  t.equal(forbidden.json().error.code, 'forbidden');
});

t.test('refusals at creation store nothing', async (t) => {
  const tasks = kernel.store.collection('scheduler_tasks');
  const before = await tasks.countDocuments({});
  const cases: Array<[string, unknown, number, string]> = [
    ['unknown kind', { ...daily, kind: 'nobody.nothing' }, 400, 'scheduler_unknown_kind'],
    ['bad payload', { ...daily, payload: { note: 7 } }, 400, 'scheduler_invalid_payload'],
    ['payload the platform refuses', { ...daily, payload: { note: 'refuse-me' } }, 422, 'probe_refused'],
    ['bad cron', { ...daily, schedule: { type: 'cron', expression: '0 25 * * *' } }, 400, 'scheduler_invalid_cron'],
    ['bad zone', { ...daily, schedule: { type: 'cron', expression: '0 7 * * *', timeZone: 'Europe/Atlantis' } }, 400, 'scheduler_invalid_time_zone'],
    ['unknown field', { ...daily, createdVia: 'agent' }, 400, 'validation_failed'],
    ['bad instant', { ...daily, schedule: { type: 'once', at: 'tomorrow' } }, 400, 'validation_failed'],
  ];
  for (const [name, body, status, code] of cases) {
    const res = await call('POST', '/tasks', alice, body);
    t.equal(res.statusCode, status, name);
    t.equal(res.json().error.code, code, name);
  }
  t.match((await call('POST', '/tasks', alice, { ...daily, payload: { note: 7 } })).json().error.details, { kind: 'probe.record', issues: [{ path: '/payload/note', message: 'expected a string, got a number (7)' }] });
  t.match((await call('POST', '/tasks', alice, { ...daily, schedule: { type: 'cron', expression: '0 25 * * *' } })).json().error, { message: /hour: 25 is out of range 0-23/, details: { field: 'hour', token: '25' } });
  t.equal(await tasks.countDocuments({}), before, 'nothing stored');
  t.equal((await call('POST', '/tasks', viewer, daily)).statusCode, 403, 'viewers may not create');
});

t.test('pause, resume, cancel', async (t) => {
  const task = (await call('POST', '/tasks', alice, daily)).json();
  t.equal((await call('POST', `/tasks/${task.id}/pause`, alice)).json().status, 'paused');
  t.equal((await call('POST', `/tasks/${task.id}/resume`, alice)).json().status, 'active');
  t.equal((await call('POST', `/tasks/${task.id}/cancel`, viewer)).statusCode, 403);
  t.equal((await call('POST', `/tasks/${task.id}/cancel`, bob)).statusCode, 404);
  const cancelled = await call('POST', `/tasks/${task.id}/cancel`, alice);
  t.match(cancelled.json(), { status: 'cancelled', nextRunAt: null });
  const again = await call('POST', `/tasks/${task.id}/resume`, alice);
  t.equal(again.statusCode, 409);
  t.equal(again.json().error.code, 'scheduler_task_finished');
});

t.test('runs: the worker executes through the probe platform; a revoked owner token fails the run', async (t) => {
  const now = new Date().toISOString();
  const once = (await call('POST', '/tasks', alice, { ...daily, title: 'now', schedule: { type: 'once', at: now } })).json();
  const carol = await kernel.tokens.create({ userId: 'carol', role: 'operator' });
  const doomed = (await call('POST', '/tasks', carol.token, { ...daily, title: 'doomed', schedule: { type: 'once', at: now } })).json();
  await kernel.tokens.revoke({ id: carol.summary.id });
  const reports = await scheduler().worker.tick();
  t.same(reports.map((r) => [r.taskId, r.outcome]).sort(), [[once.id, 'succeeded'], [doomed.id, 'failed']].sort());

  const runs = (await call('GET', `/tasks/${once.id}/runs`, alice)).json();
  t.equal(runs.total, 1);
  t.match(runs.items[0], { taskId: once.id, state: 'succeeded', attempt: 1, result: { summary: 'recorded hi', data: { note: 'hi' } }, error: null, attempts: [{ outcome: 'succeeded' }] });
  t.match(await kernel.store.collection('probe_executions').findOne({ taskId: once.id }), { userId: 'alice', idempotencyKey: `${once.id}@${new Date(now).toISOString()}` });
  t.match((await call('GET', `/tasks/${once.id}`, alice)).json(), { status: 'completed', runCount: 1, lastOutcome: 'succeeded' });
  t.match((await call('GET', `/tasks/${doomed.id}/runs`, admin)).json().items, [{ state: 'failed', error: { code: 'token_revoked' } }]);
  t.equal(await kernel.store.collection('probe_executions').countDocuments({ taskId: doomed.id }), 0, 'the revoked owner ran nothing');
  t.equal((await call('GET', `/tasks/${once.id}/runs?limit=0`, alice)).statusCode, 400);
});

t.test('cron preview', async (t) => {
  const res = await call('POST', '/cron/preview', viewer, { expression: '30 2 * * *', timeZone: 'Europe/Berlin', from: '2026-03-28T12:00:00Z', count: 3 });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { expression: '30 2 * * *', timeZone: 'Europe/Berlin', fireTimes: ['2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-31T00:30:00.000Z'] });
  t.equal((await call('POST', '/cron/preview', viewer, { expression: '@hourly' })).json().fireTimes.length, 5, 'five from now by default');
  const bad = await call('POST', '/cron/preview', viewer, { expression: '* * * * L' });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().error, { code: 'scheduler_invalid_cron', message: /day-of-week: unsupported token "L"/ });
  t.equal((await call('POST', '/cron/preview', viewer, { expression: '* * * * *', timeZone: 'Nowhere/Land' })).json().error.code, 'scheduler_invalid_time_zone');
  t.equal((await call('POST', '/cron/preview', viewer, { expression: '* * * * *', from: '0999-01-01T00:00:00Z' })).json().error.code, 'scheduler_invalid_preview');
  t.equal((await call('POST', '/cron/preview', viewer, { expression: '* * * * *', count: 101 })).json().error.code, 'validation_failed');
});

t.test('OpenAPI documents the routes with their response schemas', async (t) => {
  const spec = (await app.inject('/docs/json')).json();
  for (const path of ['/api/scheduler/tasks', '/api/scheduler/tasks/{id}', '/api/scheduler/tasks/{id}/cancel', '/api/scheduler/tasks/{id}/pause', '/api/scheduler/tasks/{id}/resume', '/api/scheduler/tasks/{id}/runs', '/api/scheduler/cron/preview']) {
    t.ok(spec.paths[path], path);
  }
  t.ok(spec.paths['/api/scheduler/tasks'].post.responses['201'], 'create answers 201 with a schema');
  t.ok(spec.paths['/api/scheduler/tasks/{id}/runs'].get.responses['200']);
});
