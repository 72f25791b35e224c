// The Dige tools through the real plugin host and MCP host, called with the SDK client, against the simulator.
import t from 'tap';
import { connectClient, startKernelMcp } from '../../../kernel/mcp/fixtures.ts';
import fakeScheduler, { type HeldTask } from '../../../fixtures/plugins/fake-scheduler/plugin.ts';
import type { AnyPluginDefinition } from '../../../../kernel/plugins/define-plugin.ts';
import { ERROR_META_KEY } from '../../../../kernel/mcp/tool-results.ts';
import { startKernelRig, type KernelRig } from '../helpers/kernel-rig.ts';

/** The wiring of kernel/main/mcp.ts, in-process and on a free port. */
async function startMcp(t: Parameters<typeof startKernelRig>[0], plugins: readonly AnyPluginDefinition[] = []) {
  const rig = await startKernelRig(t, { process: 'mcp', plugins });
  const { kernel, host } = rig;
  const mcp = await startKernelMcp(kernel, host.registry.tools);
  const { url } = mcp;
  t.teardown(() => mcp.close());
  const client = async (userId: string, role: string) => {
    const c = await connectClient(url, await rig.token(userId, role));
    t.teardown(() => c.close());
    return c;
  };
  return { rig, host, client };
}

type Result = Awaited<ReturnType<Awaited<ReturnType<typeof connectClient>>['callTool']>>;
const errorOf = (r: Result) => (r._meta as Record<string, { code: string; details?: Record<string, unknown> }> | undefined)?.[ERROR_META_KEY];

let rig: KernelRig;

t.test('without a scheduler', async (t) => {
  const started = await startMcp(t);
  rig = started.rig;
  t.match(started.host.status().find((s) => s.name === 'dige'), { state: 'loaded', executors: ['dige.control'], skill: /SKILL\.md$/ });
  const operator = await started.client('olga', 'operator');
  const viewer = await started.client('vic', 'viewer');

  t.test('the tools are listed with their annotations; viewers see only the read-only ones', async (t) => {
    const { tools } = await operator.listTools();
    t.same(tools.map((x) => x.name), ['dige_list_rooms', 'dige_list_devices', 'dige_get_device_state', 'dige_control_device', 'dige_schedule_control']);
    for (const name of ['dige_list_rooms', 'dige_list_devices', 'dige_get_device_state']) {
      t.match(tools.find((x) => x.name === name)?.annotations, { readOnlyHint: true, destructiveHint: false, openWorldHint: true }, name);
    }
    t.match(tools.find((x) => x.name === 'dige_control_device')?.annotations, { readOnlyHint: false, destructiveHint: true });
    t.match(tools.find((x) => x.name === 'dige_schedule_control')?.annotations, { readOnlyHint: false, destructiveHint: false });
    t.same((await viewer.listTools()).tools.map((x) => x.name), ['dige_list_rooms', 'dige_list_devices', 'dige_get_device_state']);
  });

  t.test('look up, then control: the answer is the provider state', async (t) => {
    const rooms = await viewer.callTool({ name: 'dige_list_rooms', arguments: {} });
    t.equal((rooms.structuredContent as { rooms: unknown[] }).rooms.length, 4);
    const devices = await viewer.callTool({ name: 'dige_list_devices', arguments: { roomId: 'room-meeting' } });
    t.same((devices.structuredContent as { devices: { id: string }[] }).devices.map((d) => d.id), ['dimmer-meeting', 'ac-meeting']);
    const state = await viewer.callTool({ name: 'dige_get_device_state', arguments: { deviceId: 'dimmer-meeting' } });
    t.match(state.structuredContent, { id: 'dimmer-meeting', state: { brightness: 0 }, accepts: [{ command: 'turn_on' }, { command: 'turn_off' }, { command: 'set_brightness' }] });

    const result = await operator.callTool({ name: 'dige_control_device', arguments: { deviceId: 'dimmer-meeting', command: 'set_brightness', value: 35 } });
    t.notOk(result.isError);
    t.match(result.structuredContent, { outcome: 'verified', deviceId: 'dimmer-meeting', observedState: { brightness: 35 }, provider: { operationId: /^op-/ } });
    t.equal(rig.sim.world().device('dimmer-meeting')?.state['brightness'], 35);
    const [op] = await rig.kernel.store.collection('dige_device_operations').find({}).toArray();
    t.match(op, { outcome: 'verified', actor: { userId: 'olga', role: 'operator', channel: 'mcp' } });
  });

  t.test('failures come back as isError results with the plugin code and the provider answer', async (t) => {
    const range = await operator.callTool({ name: 'dige_control_device', arguments: { deviceId: 'thermo-office', command: 'set_setpoint', value: 36 } });
    t.equal(range.isError, true);
    t.match(errorOf(range), { code: 'out_of_range', details: { min: 5, max: 35 } });
    rig.sim.faults.set('light-office', [{ kind: 'apply_different', times: 1 }]);
    const mismatch = await operator.callTool({ name: 'dige_control_device', arguments: { deviceId: 'light-office', command: 'turn_off' } });
    t.match(errorOf(mismatch), { code: 'verification_failed', details: { outcome: 'mismatch', expectedState: { on: false }, observedState: { on: true } } });
    t.match(errorOf(await operator.callTool({ name: 'dige_get_device_state', arguments: { deviceId: 'ghost' } })), { code: 'device_not_found' });
    t.match(errorOf(await viewer.callTool({ name: 'dige_control_device', arguments: { deviceId: 'light-lobby', command: 'turn_on' } })), { code: 'forbidden' });
    t.match(errorOf(await operator.callTool({ name: 'dige_control_device', arguments: { deviceId: 'light-lobby', command: 'dance' } })), { code: 'validation_failed' });
  });

  t.test('scheduling without the scheduler plugin is scheduler_unavailable', async (t) => {
    const result = await operator.callTool({
      name: 'dige_schedule_control', arguments: { deviceId: 'light-lobby', command: 'turn_on', schedule: { type: 'once', at: '2026-12-01T07:00:00Z' } },
    });
    t.equal(result.isError, true);
    t.match(errorOf(result), { code: 'scheduler_unavailable' });
  });

  t.test('neither the app secret nor any provider token is in a log line or a stored document', async (t) => {
    const stored = await rig.storedText();
    const logged = rig.logs.join('');
    t.ok(stored.includes('/v1/auth/token') && logged.length > 0, 'there is something to search');
    for (const secret of rig.secrets()) {
      t.notOk(stored.includes(secret), `stored documents are free of ${secret.slice(0, 7)}…`);
      t.notOk(logged.includes(secret), `logs are free of ${secret.slice(0, 7)}…`);
    }
  });
});

t.test('with a scheduler', async (t) => {
  const started = await startMcp(t, [fakeScheduler]);
  const operator = await started.client('olga', 'operator');
  const held = (started.host.loaded('fake-scheduler')?.services as { held: HeldTask[] }).held;

  const created = await operator.callTool({
    name: 'dige_schedule_control',
    arguments: { deviceId: 'thermo-office', command: 'set_setpoint', value: 19.5, schedule: { type: 'cron', expression: '0 22 * * *', timeZone: 'Europe/Berlin' } },
  });
  t.notOk(created.isError, JSON.stringify(created.content));
  t.match(created.structuredContent, { task: { kind: 'dige.control', title: 'set_setpoint 19.5 on thermo-office', ownerId: 'olga', createdVia: 'mcp' } });
  t.same(held.map((x) => x.view.payload), [{ deviceId: 'thermo-office', command: 'set_setpoint', value: 19.5 }]);

  const refused = await operator.callTool({
    name: 'dige_schedule_control', arguments: { deviceId: 'thermo-office', command: 'set_setpoint', value: 50, schedule: { type: 'once', at: '2026-12-01T07:00:00Z' } },
  });
  t.match(errorOf(refused), { code: 'out_of_range' }, 'the executor refuses a bad payload before anything is stored');
  t.equal(held.length, 1);
  t.equal(started.rig.sim.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/commands')).length, 0, 'scheduling sends no command');
});
