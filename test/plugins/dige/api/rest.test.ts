// The Dige REST routes through the API server (Fastify inject): permissions, live reads, controls, and the audit listings.
import t from 'tap';
import { startKernelRig } from '../helpers/kernel-rig.ts';

const rig = await startKernelRig(t, { process: 'api' });
const app = rig.api!.app;
const [admin, operator, viewer] = await Promise.all([rig.token('root', 'admin'), rig.token('olga', 'operator'), rig.token('vic', 'viewer')]);
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token: string) => app.inject({ url, headers: as(token) });
const command = (id: string, token: string, payload: unknown) => app.inject({ method: 'POST', url: `/api/dige/devices/${id}/commands`, headers: as(token), payload: payload as object });

t.test('rooms and devices are read live by anyone with dige.read', async (t) => {
  const rooms = await get('/api/dige/rooms', viewer);
  t.equal(rooms.statusCode, 200);
  t.equal(rooms.json().items.length, 4);
  const office = await get('/api/dige/devices?roomId=room-office', viewer);
  t.same(office.json().items.map((d: { id: string }) => d.id), ['light-office', 'curtain-office', 'thermo-office']);
  t.equal((await get('/api/dige/devices', viewer)).json().items.length, 9);
  const ac = await get('/api/dige/devices/ac-meeting', viewer);
  t.match(ac.json(), { id: 'ac-meeting', capabilities: ['switch', 'air_conditioner'], state: { mode: 'cool', fanSpeed: 'auto' }, accepts: [{ command: 'turn_on' }] });
  const missing = await get('/api/dige/devices/ghost', viewer);
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().error.code, 'device_not_found');
  t.equal((await get('/api/dige/devices?roomId=room-attic', viewer)).json().error.code, 'room_not_found');
});

t.test('controls need dige.control and answer with the verified provider state', async (t) => {
  t.equal((await command('ac-meeting', viewer, { command: 'turn_on' })).statusCode, 403);
  const ok = await command('ac-meeting', operator, { command: 'set_fan_speed', value: 'low', idempotencyKey: 'rest-1' });
  t.equal(ok.statusCode, 200);
  t.match(ok.json(), { outcome: 'verified', observedState: { fanSpeed: 'low' }, idempotencyKey: 'client:olga:rest-1' });
  const again = await command('ac-meeting', operator, { command: 'set_fan_speed', value: 'low', idempotencyKey: 'rest-1' });
  t.equal(again.json().provider.replayed, true);
  t.equal(rig.sim.world().appliedCount('ac-meeting'), 1);

  const range = await command('ac-meeting', operator, { command: 'set_setpoint', value: 31 });
  t.equal(range.statusCode, 422);
  t.match(range.json(), { error: { code: 'out_of_range', details: { deviceId: 'ac-meeting', min: 16, max: 30 } } });
  const unknown = await command('ac-meeting', operator, { command: 'self_destruct' });
  t.equal(unknown.statusCode, 400);
  t.equal(unknown.json().error.code, 'validation_failed');
  t.equal((await command('ac-meeting', operator, { command: 'turn_on', extra: true })).statusCode, 400);

  rig.sim.faults.set('curtain-office', [{ kind: 'apply_different', times: 1 }]);
  const mismatch = await command('curtain-office', operator, { command: 'set_position', value: 80 });
  t.equal(mismatch.statusCode, 502);
  t.match(mismatch.json(), { error: { code: 'verification_failed', details: { outcome: 'mismatch', observedState: { position: 81 } } } });
  const offline = await command('light-server', operator, { command: 'turn_on' });
  t.equal(offline.statusCode, 422);
  t.equal(offline.json().error.code, 'command_rejected');
});

t.test('audit routes are for dige.audit only, paged, newest first', async (t) => {
  for (const url of ['/api/dige/operations', '/api/dige/devices/ac-meeting/history', '/api/dige/api-calls']) {
    t.equal((await get(url, operator)).statusCode, 403, `${url} is refused to operators`);
  }
  const allRes = await get('/api/dige/operations', admin);
  t.equal(allRes.statusCode, 200, allRes.body.slice(0, 500));
  const all = allRes.json();
  t.equal(all.total, 5);
  t.match(all, { limit: 50, offset: 0 });
  const page = (await get('/api/dige/operations?limit=2&offset=1', admin)).json();
  t.same(page.items.map((o: { id: string }) => o.id), all.items.slice(1, 3).map((o: { id: string }) => o.id));
  const mismatches = (await get('/api/dige/operations?outcome=mismatch', admin)).json();
  t.equal(mismatches.total, 1);
  t.match(mismatches.items[0], { deviceId: 'curtain-office', expectedState: { position: 80 }, observedState: { position: 81 }, actor: { userId: 'olga', channel: 'api' } });

  const history = (await get('/api/dige/devices/ac-meeting/history?limit=1', admin)).json();
  t.ok(history.total >= 3);
  t.equal(history.items.length, 1);
  t.match(history.items[0], { deviceId: 'ac-meeting', state: { fanSpeed: 'low' } });

  const opId = mismatches.items[0].id as string;
  const calls = (await get(`/api/dige/api-calls?operationId=${opId}`, admin)).json();
  t.ok(calls.total >= 3);
  t.ok(calls.items.every((c: { operationId: string; durationMs: number }) => c.operationId === opId && c.durationMs >= 0));
  t.match(calls.items.find((c: { method: string }) => c.method === 'POST'), { status: 202, requestBody: { command: 'set_position', value: 80 }, providerRequestId: /^sim-/ });
  const everything = JSON.stringify((await get('/api/dige/api-calls?limit=200', admin)).json());
  for (const secret of rig.secrets()) t.notOk(everything.includes(secret), 'no credential in the api-calls listing');
  t.equal((await get('/api/dige/operations?limit=500', admin)).statusCode, 400);
  t.equal((await get('/api/dige/operations?outcome=great', admin)).statusCode, 400);
});

t.test('the routes are in the OpenAPI document', async (t) => {
  const paths = Object.keys((await app.inject('/docs/json')).json().paths);
  for (const p of ['/api/dige/rooms', '/api/dige/devices', '/api/dige/devices/{id}', '/api/dige/devices/{id}/commands', '/api/dige/operations', '/api/dige/devices/{id}/history', '/api/dige/api-calls']) {
    t.ok(paths.includes(p), p);
  }
});

t.test('no credential was logged by any of it', async (t) => {
  const logged = rig.logs.join('');
  t.ok(logged.includes('/api/dige'));
  for (const secret of rig.secrets()) t.notOk(logged.includes(secret));
});
