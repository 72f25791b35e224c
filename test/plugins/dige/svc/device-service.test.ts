// Rooms and devices are read live from the provider; each device read upserts dige_devices and appends to its history.
import t from 'tap';
import { startRig } from '../helpers/dige-rig.ts';

t.test('rooms come from the provider', async (t) => {
  const rig = await startRig(t);
  const rooms = await rig.devices.listRooms();
  t.same(rooms.map((r) => r.id), ['room-lobby', 'room-meeting', 'room-office', 'room-server']);
  t.same(rooms[0], { id: 'room-lobby', name: 'Lobby', buildingId: 'bld-hq', floor: 0 });
});

t.test('listing devices observes each one: latest in dige_devices, every read in the history', async (t) => {
  const rig = await startRig(t);
  const all = await rig.devices.listDevices({});
  t.equal(all.length, 9);
  const office = await rig.devices.listDevices({ roomId: 'room-office' });
  t.same(office.map((d) => d.id), ['light-office', 'curtain-office', 'thermo-office']);
  t.equal((await rig.docs('dige_devices')).length, 9, 'one row per device');
  const history = await rig.docs('dige_device_state_history');
  t.equal(history.length, 12, 'one entry per observation');
  t.ok(history.every((h) => h['source'] === 'list' && h['operationId'] === null));
  await t.rejects(rig.devices.listDevices({ roomId: 'room-attic' }), { code: 'room_not_found' });
});

t.test('one device: its live state and what it accepts; a state changed at the provider shows at once', async (t) => {
  const rig = await startRig(t);
  const thermostat = await rig.devices.getDevice('thermo-office');
  t.match(thermostat, { id: 'thermo-office', capabilities: ['thermostat'], online: true, state: { setpoint: 21, mode: 'heat' }, observedAt: new Date(rig.clock.now()).toISOString() });
  t.match(thermostat.accepts, [{ command: 'set_setpoint', value: { type: 'number', min: 5, max: 35, step: 0.5 } }, { command: 'set_mode', value: { type: 'enum', values: ['heat', 'cool', 'auto', 'off'] } }]);
  rig.sim.world().device('thermo-office')!.state['setpoint'] = 19;
  t.equal((await rig.devices.getDevice('thermo-office')).state.setpoint, 19, 'never a stored copy');
  const stored = (await rig.docs('dige_devices')).find((d) => d['_id'] === 'thermo-office');
  t.match(stored, { state: { setpoint: 19 }, kind: 'thermostat' });
  t.equal((await rig.docs('dige_device_state_history')).length, 2);
  await t.rejects(rig.devices.getDevice('nope'), { code: 'device_not_found', status: 404 });
});
