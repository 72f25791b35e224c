// The provider client against the simulator: login, refresh, retries, no retry without an idempotency key, recorded calls.
import t from 'tap';
import { APP_SECRET, startRig } from '../../helpers/dige-rig.ts';

const secretsIn = (text: string, values: readonly string[]) => values.filter((v) => text.includes(v));

t.test('logs in once and reuses the token until shortly before it expires, then refreshes', async (t) => {
  const rig = await startRig(t, { accessTokenTtlSeconds: 600 });
  await rig.client.listRooms();
  await rig.client.getDevice('light-lobby');
  t.equal(rig.hits('POST', '/v1/auth/token'), 1, 'one login for two calls');
  rig.clock.advance(539_000);
  await rig.client.getDevice('light-lobby');
  t.equal(rig.hits('POST', '/v1/auth/refresh'), 0, 'still fresh 61 s before expiry');
  rig.clock.advance(2_000);
  await rig.client.getDevice('light-lobby');
  t.equal(rig.hits('POST', '/v1/auth/refresh'), 1, 'refreshed within the last minute, before the provider would refuse it');
  t.equal(rig.hits('POST', '/v1/auth/token'), 1);
  const calls = await rig.docs('dige_api_calls');
  t.notOk(calls.some((c) => c['status'] === 401), 'no call was made with an expired token');
});

t.test('a 401 gets one refresh and one more try', async (t) => {
  const rig = await startRig(t);
  await rig.client.listRooms();
  rig.sim.advance(3_600_000 + 1);
  const device = await rig.client.getDevice('light-lobby');
  t.equal(device.id, 'light-lobby');
  t.same(rig.sim.requests().slice(-3).map((r) => `${r.method} ${r.path}`), ['GET /v1/devices/light-lobby', 'POST /v1/auth/refresh', 'GET /v1/devices/light-lobby']);

  rig.sim.auth.revokeAll();
  await rig.client.getDevice('light-lobby');
  t.same(rig.sim.requests().slice(-4).map((r) => `${r.method} ${r.path}`), ['GET /v1/devices/light-lobby', 'POST /v1/auth/refresh', 'POST /v1/auth/token', 'GET /v1/devices/light-lobby'], 'a refused refresh token falls back to login');
});

t.test('wrong credentials are provider_auth_failed, without the secret in the error', async (t) => {
  const rig = await startRig(t);
  const { createProviderClient } = await import('../../../../../plugins/dige/infra/provider/provider-client.ts');
  const { createApiCallRepository } = await import('../../../../../plugins/dige/infra/repositories/api-call-repository.ts');
  const bad = createProviderClient({
    baseUrl: rig.url, appKey: 'rig-app', appSecret: 'wrong-secret-123', timeoutMs: 2_000, clock: rig.clock,
    recorder: createApiCallRepository(rig.store), logger: (await import('pino')).pino({ level: 'silent' }),
  });
  t.teardown(() => bad.close());
  const err = await bad.listRooms().catch((e: unknown) => e as { code: string; status: number; details: unknown });
  t.match(err, { code: 'provider_auth_failed', status: 502 });
  t.notMatch(JSON.stringify(err), 'wrong-secret-123');
  t.notMatch(JSON.stringify(await rig.docs('dige_api_calls')), 'wrong-secret-123');
});

t.test('reads are retried on 5xx with backoff, and on 429 after Retry-After', async (t) => {
  const rig = await startRig(t);
  await rig.client.listRooms();
  rig.sim.faults.set('light-lobby', [{ kind: 'error', status: 503, times: 2 }]);
  const before = rig.clock.now();
  t.equal((await rig.client.getDevice('light-lobby')).id, 'light-lobby');
  t.equal(rig.hits('GET', '/v1/devices/light-lobby'), 3);
  t.same(rig.clock.sleeps, [200, 400], 'doubling backoff');
  t.equal(rig.clock.now() - before, 600);

  rig.sim.faults.set('light-lobby', [{ kind: 'rate_limit', retryAfterSeconds: 3, times: 1 }]);
  await rig.client.getDevice('light-lobby');
  t.equal(rig.clock.sleeps.at(-1), 3_000, 'waited as long as Retry-After asked');

  rig.sim.faults.set('light-lobby', [{ kind: 'error', status: 502 }]);
  await t.rejects(rig.client.getDevice('light-lobby'), { code: 'provider_unavailable', details: { status: 502 } });
  const attempts = (await rig.docs('dige_api_calls')).filter((c) => c['path'] === '/v1/devices/light-lobby' && c['status'] === 502);
  t.same(attempts.map((a) => a['attempt']), [1, 2, 3], 'every attempt is recorded');
});

t.test('a Retry-After longer than we wait is a failure, not a hang', async (t) => {
  const rig = await startRig(t);
  rig.sim.faults.set('light-lobby', [{ kind: 'rate_limit', retryAfterSeconds: 600 }]);
  await t.rejects(rig.client.getDevice('light-lobby'), { code: 'provider_unavailable', details: { status: 429 } });
  t.equal(rig.hits('GET', '/v1/devices/light-lobby'), 1);
});

t.test('a read that times out is retried, then reported as provider_unavailable', async (t) => {
  const rig = await startRig(t, { timeoutMs: 150 });
  await rig.client.listRooms();
  rig.sim.faults.set('global', [{ kind: 'timeout', target: 'read' }]);
  await t.rejects(rig.client.getDevice('light-lobby'), { code: 'provider_unavailable', details: { attempts: 3, reason: /timeout after 150 ms/ } });
  const timedOut = (await rig.docs('dige_api_calls')).filter((c) => c['status'] === null);
  t.equal(timedOut.length, 3);
  t.ok(timedOut.every((c) => (c['durationMs'] as number) >= 140 && c['responseBody'] === null));
});

t.test('a command without an idempotency key is never retried; with one it is, and applies once', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  const path = '/v1/devices/dimmer-meeting/commands';
  rig.sim.faults.set('dimmer-meeting', [{ kind: 'error', status: 503, target: 'command', times: 1 }]);
  await t.rejects(rig.client.sendCommand('dimmer-meeting', { command: 'set_brightness', value: 30 }, undefined), { code: 'provider_unavailable' });
  t.equal(rig.hits('POST', path), 1, 'no second attempt without a key');

  rig.sim.faults.set('dimmer-meeting', [{ kind: 'error', status: 503, target: 'command', times: 1 }]);
  const accepted = await rig.client.sendCommand('dimmer-meeting', { command: 'set_brightness', value: 30 }, 'key-1');
  t.equal(rig.hits('POST', path), 3, 'the keyed command was sent again');
  t.equal(accepted.replayed, false);

  const timeoutRig = await startRig(t, { applyDelayMs: 0, timeoutMs: 150 });
  timeoutRig.sim.faults.set('dimmer-meeting', [{ kind: 'timeout', target: 'command', times: 1 }]);
  const again = await timeoutRig.client.sendCommand('dimmer-meeting', { command: 'set_brightness', value: 70 }, 'key-2');
  t.equal(again.replayed, true, 'the lost answer is recovered from the provider by the same key');
  await timeoutRig.client.getDevice('dimmer-meeting');
  t.equal(timeoutRig.sim.world().appliedCount('dimmer-meeting'), 1, 'the device changed once');

  timeoutRig.sim.faults.set('dimmer-meeting', [{ kind: 'timeout', target: 'command', times: 1 }]);
  await t.rejects(timeoutRig.client.sendCommand('dimmer-meeting', { command: 'set_brightness', value: 80 }, undefined), { code: 'provider_unavailable', details: { attempts: 1 } });
});

t.test('every attempt is recorded with method, path, status, timing and provider request id; no credential anywhere', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  await rig.client.listRooms();
  await rig.client.sendCommand('light-lobby', { command: 'turn_on' }, 'key-3', { operationId: 'our-op-1' });
  rig.sim.advance(3_600_001);
  await rig.client.getDevice('light-lobby');
  const calls = await rig.docs('dige_api_calls');
  const login = calls.find((c) => c['path'] === '/v1/auth/token')!;
  t.match(login, { method: 'POST', status: 200, attempt: 1, requestBody: { appKey: 'rig-app', appSecret: '[redacted]' }, responseBody: { accessToken: '[redacted]', refreshToken: '[redacted]', expiresIn: 3600 } });
  const command = calls.find((c) => c['path'] === '/v1/devices/light-lobby/commands')!;
  t.match(command, { status: 202, idempotencyKey: 'key-3', operationId: 'our-op-1', requestBody: { command: 'turn_on' }, providerRequestId: /^sim-/ });
  t.ok(calls.every((c) => typeof c['durationMs'] === 'number' && c['at'] instanceof Date));
  const text = JSON.stringify(calls) + rig.logs.join('');
  t.same(secretsIn(text, [APP_SECRET, ...rig.sim.auth.issued()]), [], 'neither the app secret nor any token is stored or logged');
});

t.test('an answer that breaks the contract is provider_bad_response', async (t) => {
  const rig = await startRig(t);
  const http = await import('node:http');
  const liar = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url === '/v1/auth/token' ? JSON.stringify({ accessToken: 'x-token-abc', refreshToken: 'r', tokenType: 'Bearer', expiresIn: 60 }) : JSON.stringify({ items: [{ id: 3 }] }));
  });
  await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => liar.close(resolve)));
  const { createProviderClient } = await import('../../../../../plugins/dige/infra/provider/provider-client.ts');
  const client = createProviderClient({
    baseUrl: `http://127.0.0.1:${(liar.address() as { port: number }).port}`, appKey: 'k', appSecret: 'secret-s', timeoutMs: 1_000, clock: rig.clock,
    recorder: { record: async () => undefined }, logger: (await import('pino')).pino({ level: 'silent' }),
  });
  t.teardown(() => client.close());
  await t.rejects(client.listRooms(), { code: 'provider_bad_response', details: { path: '/v1/rooms', issue: /^\/items\/0\/\w+: (missing required field|expected a string$)/ } });
});
