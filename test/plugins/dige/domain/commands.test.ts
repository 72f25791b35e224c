// Each capability's validation table, the expected state a command implies, and the verification rule.
import t from 'tap';
import { CAPABILITIES, conflictingCapabilities, knownCapabilities, type Capability } from '../../../../plugins/dige/domain/capabilities.ts';
import { acceptedCommands, checkCommand, expectedStateFor, stateMatches, type DeviceCommand } from '../../../../plugins/dige/domain/commands.ts';
import { judgeRound } from '../../../../plugins/dige/domain/operation.ts';
import { seedWorld } from '../../../../plugins/dige/sim/seed.ts';

type Row = [command: string, value: number | string | undefined, result: 'ok' | 'unsupported_command' | 'out_of_range' | 'invalid_command_value'];

const TABLE: Record<Capability, Row[]> = {
  switch: [
    ['turn_on', undefined, 'ok'],
    ['turn_off', undefined, 'ok'],
    ['turn_on', 1, 'invalid_command_value'],
    ['set_brightness', 50, 'unsupported_command'],
  ],
  dimmer: [
    ['set_brightness', 0, 'ok'],
    ['set_brightness', 100, 'ok'],
    ['set_brightness', 55, 'ok'],
    ['set_brightness', -1, 'out_of_range'],
    ['set_brightness', 101, 'out_of_range'],
    ['set_brightness', 50.5, 'out_of_range'],
    ['set_brightness', 'bright', 'invalid_command_value'],
    ['set_brightness', undefined, 'invalid_command_value'],
    ['turn_on', undefined, 'unsupported_command'],
  ],
  thermostat: [
    ['set_setpoint', 5, 'ok'],
    ['set_setpoint', 35, 'ok'],
    ['set_setpoint', 21.5, 'ok'],
    ['set_setpoint', 21.3, 'out_of_range'],
    ['set_setpoint', 4.5, 'out_of_range'],
    ['set_setpoint', 35.5, 'out_of_range'],
    ['set_setpoint', Number.NaN, 'invalid_command_value'],
    ['set_mode', 'heat', 'ok'],
    ['set_mode', 'cool', 'ok'],
    ['set_mode', 'auto', 'ok'],
    ['set_mode', 'off', 'ok'],
    ['set_mode', 'dry', 'out_of_range'],
    ['set_mode', 3, 'invalid_command_value'],
    ['set_fan_speed', 'low', 'unsupported_command'],
  ],
  curtain: [
    ['set_position', 0, 'ok'],
    ['set_position', 100, 'ok'],
    ['set_position', 37, 'ok'],
    ['set_position', 100.5, 'out_of_range'],
    ['set_position', 120, 'out_of_range'],
    ['open', undefined, 'ok'],
    ['close', undefined, 'ok'],
    ['close', 0, 'invalid_command_value'],
    ['turn_on', undefined, 'unsupported_command'],
  ],
  air_conditioner: [
    ['set_mode', 'dry', 'ok'],
    ['set_mode', 'fan', 'ok'],
    ['set_mode', 'off', 'out_of_range'],
    ['set_fan_speed', 'high', 'ok'],
    ['set_fan_speed', 'turbo', 'out_of_range'],
    ['set_setpoint', 16, 'ok'],
    ['set_setpoint', 30, 'ok'],
    ['set_setpoint', 22.5, 'ok'],
    ['set_setpoint', 15.5, 'out_of_range'],
    ['set_setpoint', 35, 'out_of_range'],
    ['set_position', 10, 'unsupported_command'],
  ],
};

t.test('every capability accepts exactly its commands and ranges', async (t) => {
  t.same(Object.keys(TABLE).sort(), [...CAPABILITIES].sort(), 'the table covers every capability');
  for (const [capability, rows] of Object.entries(TABLE) as [Capability, Row[]][]) {
    for (const [command, value, expected] of rows) {
      const input = (value === undefined ? { command } : { command, value }) as DeviceCommand;
      const result = checkCommand([capability], input);
      t.equal(result.ok ? 'ok' : result.reason, expected, `${capability}: ${command} ${String(value)} -> ${expected}`);
    }
  }
});

t.test('a refusal names what the device accepts', async (t) => {
  const unsupported = checkCommand(['switch'], { command: 'set_brightness', value: 10 });
  t.match(unsupported, { ok: false, details: { accepted: ['turn_on', 'turn_off'] } });
  const range = checkCommand(['thermostat'], { command: 'set_setpoint', value: 40 });
  t.match(range, { ok: false, message: /5-35 °C in steps of 0.5/, details: { min: 5, max: 35, step: 0.5 } });
});

t.test('a combined device takes the commands of all its capabilities', async (t) => {
  t.ok(checkCommand(['switch', 'dimmer'], { command: 'turn_on' }).ok);
  t.ok(checkCommand(['switch', 'dimmer'], { command: 'set_brightness', value: 30 }).ok);
  t.same(acceptedCommands(['switch', 'air_conditioner']).map((c) => c.command), ['turn_on', 'turn_off', 'set_mode', 'set_fan_speed', 'set_setpoint']);
  t.same(conflictingCapabilities(['thermostat', 'air_conditioner']), ['set_mode', 'set_setpoint']);
  t.same(knownCapabilities(['dimmer', 'laser', 'dimmer']), ['dimmer'], 'unknown and repeated capabilities are dropped');
});

t.test('the expected state follows from the command', async (t) => {
  const expect = (capabilities: Capability[], command: DeviceCommand) => {
    const r = checkCommand(capabilities, command);
    if (!r.ok) throw new Error(r.message);
    return expectedStateFor(r.spec, r.command);
  };
  t.same(expect(['switch'], { command: 'turn_on' }), { on: true });
  t.same(expect(['switch'], { command: 'turn_off' }), { on: false });
  t.same(expect(['dimmer'], { command: 'set_brightness', value: 40 }), { brightness: 40 });
  t.same(expect(['thermostat'], { command: 'set_setpoint', value: 22.5 }), { setpoint: 22.5 });
  t.same(expect(['thermostat'], { command: 'set_mode', value: 'off' }), { mode: 'off' });
  t.same(expect(['curtain'], { command: 'open' }), { position: 100 });
  t.same(expect(['curtain'], { command: 'close' }), { position: 0 });
  t.same(expect(['air_conditioner'], { command: 'set_fan_speed', value: 'low' }), { fanSpeed: 'low' });
});

t.test('a state matches when every expected field is there with the same value', async (t) => {
  t.ok(stateMatches({ on: true, brightness: 40 }, { brightness: 40 }));
  t.ok(stateMatches({ setpoint: 0.1 + 0.2 }, { setpoint: 0.3 }), 'float noise is not a mismatch');
  t.notOk(stateMatches({ on: true, brightness: 41 }, { brightness: 40 }));
  t.notOk(stateMatches({ on: true }, { brightness: 40 }), 'a missing field is not a match');
});

t.test('verification rounds: the provider state decides success, its status decides when to stop', async (t) => {
  t.equal(judgeRound({ stateMatches: true, providerStatus: 'pending', deadlinePassed: true }), 'verified');
  t.equal(judgeRound({ stateMatches: false, providerStatus: 'applied', deadlinePassed: false }), 'mismatch');
  t.equal(judgeRound({ stateMatches: false, providerStatus: 'failed', deadlinePassed: false }), 'failed');
  t.equal(judgeRound({ stateMatches: false, providerStatus: 'pending', deadlinePassed: false }), 'continue');
  t.equal(judgeRound({ stateMatches: false, providerStatus: null, deadlinePassed: true }), 'timeout');
});

t.test('the seeded building has every kind, and no device with clashing capabilities', async (t) => {
  const world = seedWorld();
  const kinds = new Set(world.devices.flatMap((d) => d.capabilities));
  for (const c of CAPABILITIES) t.ok(kinds.has(c), `a device with ${c}`);
  for (const d of world.devices) t.same(conflictingCapabilities(knownCapabilities(d.capabilities)), [], d.id);
  t.ok(world.devices.some((d) => !d.online), 'one device is offline');
});
