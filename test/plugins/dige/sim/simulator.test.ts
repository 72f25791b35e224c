// The simulator as a service: its admin endpoints, token expiry, idempotency, persistence, and the process entry point.
import t from 'tap';
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { request } from 'undici';
import { createSimulator } from '../../../../plugins/dige/sim/simulator.ts';
import { freePort } from '../../../helpers/free-port.ts';
import { projectRoot } from '../../../helpers/test-env.ts';
import { tempDirFor } from '../../../helpers/temp-dir.ts';
import { createManualClock } from '../helpers/manual-clock.ts';

const creds = { appKey: 'sim-test-app', appSecret: 'sim-test-secret' };

async function call(url: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await request(url + p, {
    method: method as 'GET', headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, body: text === '' ? undefined : (JSON.parse(text) as Record<string, any>) };
}

async function login(url: string) {
  const res = await call(url, 'POST', '/v1/auth/token', creds);
  return { authorization: `Bearer ${res.body!['accessToken'] as string}` };
}

t.test('tokens expire on the simulated clock, and admin can move that clock', async (t) => {
  const clock = createManualClock();
  const sim = await createSimulator({ ...creds, clock, accessTokenTtlSeconds: 60 });
  const url = await sim.listen();
  t.teardown(() => sim.close());
  t.equal((await call(url, 'POST', '/v1/auth/token', { ...creds, appSecret: 'nope' })).status, 401);
  const auth = await login(url);
  t.equal((await call(url, 'GET', '/v1/rooms', undefined, auth)).status, 200);
  t.equal((await call(url, 'GET', '/v1/rooms')).body?.['error'].code, 'invalid_token');
  const advanced = await call(url, 'POST', '/admin/clock/advance', { ms: 61_000 });
  t.equal(advanced.body?.['now'], new Date(clock.now() + 61_000).toISOString());
  const expired = await call(url, 'GET', '/v1/rooms', undefined, auth);
  t.equal(expired.status, 401);
  t.equal(expired.body?.['error'].code, 'token_expired');
  t.match(expired.headers['x-request-id'], /^sim-/);
});

t.test('commands are accepted (202), applied after the delay, and replayed (200) for the same key', async (t) => {
  const sim = await createSimulator({ ...creds, clock: createManualClock(), applyDelayMs: 1_000 });
  const url = await sim.listen();
  t.teardown(() => sim.close());
  const auth = await login(url);
  const send = (key: string | undefined, value: number) =>
    call(url, 'POST', '/v1/devices/dimmer-meeting/commands', { command: 'set_brightness', value }, { ...auth, ...(key ? { 'idempotency-key': key } : {}) });
  const first = await send('k1', 40);
  t.equal(first.status, 202);
  t.equal(first.body?.['status'], 'pending');
  t.equal((await call(url, 'GET', '/v1/devices/dimmer-meeting', undefined, auth)).body?.['state'].brightness, 0, 'not yet');
  sim.advance(1_000);
  t.equal((await call(url, 'GET', '/v1/devices/dimmer-meeting', undefined, auth)).body?.['state'].brightness, 40);
  t.match((await call(url, 'GET', `/v1/operations/${first.body?.['operationId'] as string}`, undefined, auth)).body, { status: 'applied', command: { command: 'set_brightness', value: 40 } });
  const replay = await send('k1', 40);
  t.equal(replay.status, 200);
  t.equal(replay.body?.['operationId'], first.body?.['operationId']);
  t.equal((await send('k1', 50)).status, 422, 'a key reused for another command is refused');
  t.equal((await send(undefined, 40)).status, 202, 'without a key every request is a new operation');
  t.equal((await call(url, 'POST', '/v1/devices/dimmer-meeting/commands', { command: 'set_brightness', value: 400 }, auth)).status, 400);
  t.equal((await call(url, 'POST', '/v1/devices/light-server/commands', { command: 'turn_on' }, auth)).body?.['error'].code, 'device_offline');
  t.equal((await call(url, 'GET', '/v1/devices/nothing', undefined, auth)).status, 404);
});

t.test('faults are switched on and off through the admin endpoint', async (t) => {
  const sim = await createSimulator({ ...creds, clock: createManualClock(), applyDelayMs: 0 });
  const url = await sim.listen();
  t.teardown(() => sim.close());
  const auth = await login(url);
  t.equal((await call(url, 'PUT', '/admin/faults', { scope: 'global', faults: [{ kind: 'bogus' }] })).status, 400);
  await call(url, 'PUT', '/admin/faults', { scope: 'global', faults: [{ kind: 'error', status: 503, target: 'read', times: 1 }] });
  await call(url, 'PUT', '/admin/faults', { scope: 'light-lobby', faults: [{ kind: 'rate_limit', retryAfterSeconds: 7, times: 1 }] });
  t.same(Object.keys((await call(url, 'GET', '/admin/faults')).body!), ['global', 'light-lobby']);
  t.equal((await call(url, 'GET', '/v1/rooms', undefined, auth)).status, 503);
  t.equal((await call(url, 'GET', '/v1/rooms', undefined, auth)).status, 200, 'a fault with times is used up');
  const limited = await call(url, 'GET', '/v1/devices/light-lobby', undefined, auth);
  t.equal(limited.status, 429);
  t.equal(limited.headers['retry-after'], '7');
  await call(url, 'PUT', '/admin/faults', { scope: 'light-lobby', faults: [{ kind: 'apply_different' }] });
  await call(url, 'POST', '/v1/devices/light-lobby/commands', { command: 'turn_on' }, auth);
  t.equal((await call(url, 'GET', '/v1/devices/light-lobby', undefined, auth)).body?.['state'].on, false, 'applied, but the other way');
  t.equal((await call(url, 'DELETE', '/admin/faults')).status, 204);
  t.same((await call(url, 'GET', '/admin/faults')).body, {});
  t.equal((await call(url, 'PUT', '/admin/settings', { applyDelayMs: 5 })).body?.['applyDelayMs'], 5);
  await call(url, 'POST', '/admin/reset');
  t.equal((await call(url, 'GET', '/admin/state')).body?.['operations'].length, 0);
  t.equal((await call(url, 'POST', '/admin/tokens/revoke')).status, 204);
  t.equal((await call(url, 'GET', '/v1/rooms', undefined, auth)).status, 401);
});

t.test('the world persists in a JSON file written atomically, and survives a restart', async (t) => {
  const dir = await tempDirFor(t, 'dige-sim-');
  const stateFile = path.join(dir, 'dige-sim', 'state.json');
  const first = await createSimulator({ ...creds, stateFile, applyDelayMs: 0 });
  const url = await first.listen();
  const auth = await login(url);
  await call(url, 'POST', '/v1/devices/curtain-lobby/commands', { command: 'set_position', value: 70 }, { ...auth, 'idempotency-key': 'persist-1' });
  await call(url, 'GET', '/v1/devices/curtain-lobby', undefined, auth);
  await first.close();
  t.same(await readdir(path.dirname(stateFile)), ['state.json'], 'no temporary file is left behind');
  t.equal((JSON.parse(await readFile(stateFile, 'utf8')) as { devices: { id: string; state: { position?: number } }[] }).devices.find((d) => d.id === 'curtain-lobby')?.state.position, 70);
  t.notMatch(await readFile(stateFile, 'utf8'), /sim_at_|sim_rt_|sim-test-secret/, 'no token or secret on disk');

  const second = await createSimulator({ ...creds, stateFile, applyDelayMs: 0 });
  const url2 = await second.listen();
  t.teardown(() => second.close());
  const auth2 = await login(url2);
  t.equal((await call(url2, 'GET', '/v1/devices/curtain-lobby', undefined, auth2)).body?.['state'].position, 70);
  const replay = await call(url2, 'POST', '/v1/devices/curtain-lobby/commands', { command: 'set_position', value: 70 }, { ...auth2, 'idempotency-key': 'persist-1' });
  t.equal(replay.status, 200, 'idempotency keys survive the restart');

  const broken = path.join(dir, 'broken', 'state.json');
  await mkdir(path.dirname(broken), { recursive: true });
  await writeFile(broken, '{"hello":1}');
  await t.rejects(createSimulator({ ...creds, stateFile: broken }), /not a Dige simulator state file/);
});

t.test('main.ts serves one simulator on DIGE_SIM_PORT with its state in NEXUS_DATA_DIR, and stops on SIGTERM', async (t) => {
  const dir = await tempDirFor(t, 'dige-sim-main-');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'plugins/dige/sim/main.ts')], {
    cwd: projectRoot, env: { PATH: process.env.PATH, NEXUS_DATA_DIR: dir, DIGE_SIM_PORT: String(port), DIGE_SIM_APPLY_DELAY_MS: '0' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  t.teardown(() => void (child.exitCode === null && child.kill('SIGKILL')));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (l) => /listening/.test(l) && resolve(l));
    void exited.then((code) => reject(new Error(`exited ${code}`)));
  });
  t.match(line, `http://127.0.0.1:${port}`);
  const url = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${(await call(url, 'POST', '/v1/auth/token', { appKey: 'dige-sim-app', appSecret: 'dige-sim-secret' })).body!['accessToken'] as string}` };
  t.equal((await call(url, 'POST', '/v1/devices/light-lobby/commands', { command: 'turn_on' }, auth)).status, 202);
  child.kill('SIGTERM');
  t.equal(await exited, 0);
  t.match(await readFile(path.join(dir, 'dige-sim', 'state.json'), 'utf8'), '"light-lobby"');

  const bad = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'plugins/dige/sim/main.ts')], {
    cwd: projectRoot, env: { PATH: process.env.PATH, NEXUS_DATA_DIR: dir, DIGE_SIM_PORT: 'eighty' }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  bad.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  t.equal(await new Promise((resolve) => bad.once('exit', resolve)), 2, 'a configuration error exits with 2');
  t.match(stderr, 'DIGE_SIM_PORT');
});
