// The dige.control executor on its own (the scheduler that calls it is another plugin): validate at creation, execute per run.
import t from 'tap';
import pino from 'pino';
import { Value } from 'typebox/value';
import type { ExecutionContext } from '../../../../kernel/index.ts';
import { createControlExecutor } from '../../../../plugins/dige/executors/control-executor.ts';
import { operator, startRig, viewer } from '../helpers/dige-rig.ts';

const runContext = (overrides: Partial<ExecutionContext> = {}): ExecutionContext => ({
  taskId: 'task-42',
  scheduledFor: new Date('2026-03-02T07:30:00Z'),
  idempotencyKey: 'task-42:2026-03-02T07:30:00.000Z',
  identity: operator,
  logger: pino({ level: 'silent' }),
  signal: new AbortController().signal,
  ...overrides,
});

t.test('the payload schema takes a device and a command, nothing else', async (t) => {
  const rig = await startRig(t);
  const executor = createControlExecutor(rig.control);
  t.equal(executor.kind, 'dige.control');
  t.ok(Value.Check(executor.payloadSchema, { deviceId: 'light-lobby', command: 'turn_on' }));
  t.ok(Value.Check(executor.payloadSchema, { deviceId: 'thermo-office', command: 'set_setpoint', value: 21 }));
  t.notOk(Value.Check(executor.payloadSchema, { deviceId: 'light-lobby', command: 'explode' }));
  t.notOk(Value.Check(executor.payloadSchema, { deviceId: 'light-lobby', command: 'turn_on', extra: 1 }));
});

t.test('validate checks the device and the command against the live capabilities, and the owner', async (t) => {
  const rig = await startRig(t);
  const executor = createControlExecutor(rig.control);
  await executor.validate({ deviceId: 'thermo-office', command: 'set_setpoint', value: 21.5 }, { identity: operator });
  await t.rejects(executor.validate({ deviceId: 'thermo-office', command: 'set_setpoint', value: 50 }, { identity: operator }), { code: 'out_of_range' });
  await t.rejects(executor.validate({ deviceId: 'thermo-office', command: 'turn_on' }, { identity: operator }), { code: 'unsupported_command' });
  await t.rejects(executor.validate({ deviceId: 'ghost', command: 'turn_on' }, { identity: operator }), { code: 'device_not_found' });
  await t.rejects(executor.validate({ deviceId: 'light-lobby', command: 'turn_on' }, { identity: viewer }), { code: 'forbidden' });
  t.equal(rig.sim.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/commands')).length, 0, 'validation sends no command');
});

t.test('execute controls with the run key and the owner, and a repeated run applies once', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  const executor = createControlExecutor(rig.control);
  const payload = { deviceId: 'curtain-office', command: 'open' as const };
  const result = await executor.execute(payload, runContext());
  t.match(result, { summary: 'open on curtain-office: verified', data: { outcome: 'verified', observedState: { position: 100 } } });
  const again = await executor.execute(payload, runContext());
  t.equal(again.data?.['providerOperationId'], result.data?.['providerOperationId'], 'a retried run finds the same provider operation');
  t.equal(rig.sim.world().appliedCount('curtain-office'), 1);
  const ops = await rig.docs('dige_device_operations');
  t.equal(ops.length, 2);
  t.match(ops[0], { actor: { userId: 'olga', channel: 'scheduler', taskId: 'task-42' }, idempotencyKey: 'run:task-42:2026-03-02T07:30:00.000Z' });
  t.notMatch(result.summary, /secret|token/i);
});

t.test('a run whose control is not confirmed fails with the provider answer', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  rig.sim.faults.set('light-office', [{ kind: 'apply_different' }]);
  await t.rejects(createControlExecutor(rig.control).execute({ deviceId: 'light-office', command: 'turn_off' }, runContext()), {
    code: 'verification_failed', details: { outcome: 'mismatch', observedState: { on: true } },
  });
  await t.rejects(createControlExecutor(rig.control).execute({ deviceId: 'light-office', command: 'turn_off' }, runContext({ identity: viewer })), { code: 'forbidden' });
});
