// Controls against the simulator in every fault mode: the recorded outcome is the provider's, and nothing is made up.
import t from 'tap';
import { operator, startRig, viewer, type Rig } from '../helpers/dige-rig.ts';

const control = (rig: Rig, deviceId: string, command: { command: string; value?: number | string }, idempotencyKey?: string) =>
  rig.control.control({ deviceId, command: command as never, identity: operator, channel: 'api', idempotencyKey });

const operations = (rig: Rig) => rig.docs('dige_device_operations');

/** The device as the simulator holds it, which the stored records must never contradict. */
const simState = (rig: Rig, id: string) => ({ ...rig.sim.world().device(id)!.state });

t.test('verified: the provider applies the command after a delay and the state confirms it', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 600, pollMs: 250 });
  const result = await control(rig, 'dimmer-meeting', { command: 'set_brightness', value: 40 });
  t.match(result, { outcome: 'verified', expectedState: { brightness: 40 }, observedState: { brightness: 40 }, provider: { operationId: /^op-/, replayed: false } });
  t.same(rig.clock.sleeps, [250, 250, 250], 'polled until the provider showed the change');
  const [op] = await operations(rig);
  t.match(op, {
    _id: result.operationId, deviceId: 'dimmer-meeting', outcome: 'verified', command: { command: 'set_brightness', value: 40 },
    actor: { userId: 'olga', role: 'operator', tokenId: 'tok-olga', channel: 'api', taskId: null },
    idempotencyKey: `op:${result.operationId}`, observedState: simState(rig, 'dimmer-meeting'), verification: { polls: 4 }, error: null,
  });
  const history = (await rig.docs('dige_device_state_history')).filter((h) => h['operationId'] === result.operationId);
  t.ok(history.length >= 2 && history.every((h) => h['source'] === 'control'), 'each provider read during the control was kept');
  const calls = (await rig.docs('dige_api_calls')).filter((c) => c['operationId'] === result.operationId);
  t.ok(calls.some((c) => c['path'] === '/v1/devices/dimmer-meeting/commands' && c['idempotencyKey'] === result.idempotencyKey));
});

t.test('latency: slower answers, same verified outcome, and the recorded timings show it', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  rig.sim.faults.set('global', [{ kind: 'latency', ms: 40 }]);
  const result = await control(rig, 'light-lobby', { command: 'turn_on' });
  t.equal(result.outcome, 'verified');
  const calls = (await rig.docs('dige_api_calls')).filter((c) => c['operationId'] === result.operationId);
  t.ok(calls.length >= 3 && calls.every((c) => (c['durationMs'] as number) >= 39), 'every provider call took the added latency');
});

t.test('timeout fault: the answer to the command never comes; the control fails and claims nothing', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0, timeoutMs: 150 });
  const before = simState(rig, 'light-lobby');
  rig.sim.faults.set('light-lobby', [{ kind: 'timeout', target: 'command' }]);
  const err = await control(rig, 'light-lobby', { command: 'turn_on' }).catch((e: unknown) => e as { code: string; details: unknown });
  t.match(err, { code: 'provider_unavailable' });
  const [op] = await operations(rig);
  t.match(op, { outcome: 'failed', provider: { operationId: null, status: null }, observedState: before, error: { code: 'provider_unavailable' } });
  t.equal(rig.hits('POST', '/v1/devices/light-lobby/commands'), 3, 'the keyed command was retried');
  t.equal(rig.sim.world().state().operations.length, 1, 'the provider took it once, whatever the retries');
});

t.test('5xx: retried with the same key; a lasting outage is a failure, a passing one is not', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  rig.sim.faults.set('curtain-lobby', [{ kind: 'error', status: 503, target: 'command', times: 2 }]);
  const ok = await control(rig, 'curtain-lobby', { command: 'set_position', value: 30 });
  t.equal(ok.outcome, 'verified');
  t.equal(rig.sim.world().appliedCount('curtain-lobby'), 1);

  rig.sim.faults.set('curtain-lobby', [{ kind: 'error', status: 500, target: 'command' }]);
  await t.rejects(control(rig, 'curtain-lobby', { command: 'set_position', value: 60 }), { code: 'provider_unavailable' });
  const failed = (await operations(rig)).filter((o) => o['outcome'] === 'failed');
  t.equal(failed.length, 1);
  t.match(failed[0], { outcome: 'failed', provider: { operationId: null }, observedState: { position: 30 } });
  t.same(simState(rig, 'curtain-lobby'), { position: 30 }, 'and indeed nothing changed');
});

t.test('429: waits as told and then succeeds', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  rig.sim.faults.set('thermo-office', [{ kind: 'rate_limit', retryAfterSeconds: 2, target: 'command', times: 1 }]);
  const result = await control(rig, 'thermo-office', { command: 'set_setpoint', value: 22.5 });
  t.equal(result.outcome, 'verified');
  t.ok(rig.clock.sleeps.includes(2_000));
});

t.test('accepted but never applied: timeout after the deadline, with the state the provider still reports', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0, verifyTimeoutMs: 3_000, pollMs: 500 });
  rig.sim.faults.set('thermo-office', [{ kind: 'never_apply' }]);
  const err = await control(rig, 'thermo-office', { command: 'set_mode', value: 'cool' }).catch((e: unknown) => e as { code: string; details: Record<string, unknown> });
  t.match(err, { code: 'verification_timeout', status: 504, details: { outcome: 'timeout', expectedState: { mode: 'cool' }, observedState: { mode: 'heat' }, provider: { status: 'pending' } } });
  const [op] = await operations(rig);
  t.match(op, { outcome: 'timeout', observedState: simState(rig, 'thermo-office'), error: { code: 'verification_timeout' } });
  t.equal(rig.clock.sleeps.reduce((a, b) => a + b, 0), 3_000, 'waited exactly until the deadline');
  const device = (await rig.docs('dige_devices')).find((d) => d['_id'] === 'thermo-office');
  t.match(device, { state: { mode: 'heat' } }, 'the stored device shows what the provider said, not what we asked for');
});

t.test('applied with a different value: mismatch, reporting the value the provider applied', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  rig.sim.faults.set('ac-meeting', [{ kind: 'apply_different', times: 1 }]);
  const err = await control(rig, 'ac-meeting', { command: 'set_setpoint', value: 21 }).catch((e: unknown) => e as { code: string; details: Record<string, unknown> });
  t.match(err, { code: 'verification_failed', details: { outcome: 'mismatch', expectedState: { setpoint: 21 }, observedState: { setpoint: 21.5 }, provider: { status: 'applied' } } });
  const [op] = await operations(rig);
  t.match(op, { outcome: 'mismatch', observedState: { setpoint: 21.5 } });
  t.equal(simState(rig, 'ac-meeting')['setpoint'], 21.5);
});

t.test('rejected: by the provider (offline device), and by our own checks before anything is sent', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  await t.rejects(control(rig, 'light-server', { command: 'turn_on' }), { code: 'command_rejected', details: { status: 409, provider: { code: 'device_offline' } } });
  await t.rejects(control(rig, 'thermo-office', { command: 'set_setpoint', value: 40 }), { code: 'out_of_range', details: { deviceId: 'thermo-office', min: 5, max: 35 } });
  await t.rejects(control(rig, 'light-lobby', { command: 'set_brightness', value: 10 }), { code: 'unsupported_command', details: { accepted: ['turn_on', 'turn_off'] } });
  await t.rejects(control(rig, 'no-such-device', { command: 'turn_on' }), { code: 'device_not_found' });
  const ops = await operations(rig);
  t.same(ops.map((o) => `${o['outcome']} ${(o['error'] as { code: string }).code}`).sort(), [
    'rejected command_rejected', 'rejected device_not_found', 'rejected out_of_range', 'rejected unsupported_command',
  ]);
  t.equal(rig.hits('POST', '/v1/devices/thermo-office/commands') + rig.hits('POST', '/v1/devices/light-lobby/commands'), 0, 'refused commands never reach the provider');
});

t.test('the same idempotency key twice changes the device once and is recorded twice', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  const first = await control(rig, 'dimmer-meeting', { command: 'set_brightness', value: 65 }, 'my-key');
  const second = await control(rig, 'dimmer-meeting', { command: 'set_brightness', value: 65 }, 'my-key');
  t.equal(first.provider.operationId, second.provider.operationId);
  t.equal(second.provider.replayed, true);
  t.equal(first.idempotencyKey, 'client:olga:my-key', 'a client key is scoped to its user');
  t.equal(rig.sim.world().appliedCount('dimmer-meeting'), 1);
  t.equal((await operations(rig)).length, 2, 'both attempts are on record');
  await t.rejects(control(rig, 'dimmer-meeting', { command: 'set_brightness', value: 10 }, 'my-key'), { code: 'command_rejected', details: { status: 422 } });
});

t.test('a role that may not control is refused before anything happens', async (t) => {
  const rig = await startRig(t);
  await t.rejects(rig.control.control({ deviceId: 'light-lobby', command: { command: 'turn_on' }, identity: viewer, channel: 'mcp' }), { code: 'forbidden' });
  t.equal((await rig.docs('dige_device_operations')).length, 0);
  t.equal(rig.sim.requests().length, 0);
});
