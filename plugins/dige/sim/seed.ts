// The simulator's starting building: a few rooms with a device of every kind, one of them offline.
import type { WorldState } from './world.ts';

export function seedWorld(): WorldState {
  const room = (id: string, name: string, floor: number) => ({ id, name, buildingId: 'bld-hq', floor });
  const device = (id: string, roomId: string, name: string, kind: string, capabilities: string[], state: Record<string, boolean | number | string>, online = true) => ({
    id, roomId, name, kind, capabilities, online, state, stateUpdatedAt: null,
  });
  return {
    version: 1,
    building: { id: 'bld-hq', name: 'Head office' },
    rooms: [room('room-lobby', 'Lobby', 0), room('room-meeting', 'Meeting room', 1), room('room-office', 'Open office', 1), room('room-server', 'Server room', -1)],
    devices: [
      device('light-lobby', 'room-lobby', 'Lobby lights', 'switch', ['switch'], { on: false }),
      device('curtain-lobby', 'room-lobby', 'Lobby curtains', 'curtain', ['curtain'], { position: 0 }),
      device('dimmer-meeting', 'room-meeting', 'Meeting room lights', 'dimmer', ['switch', 'dimmer'], { on: false, brightness: 0 }),
      device('ac-meeting', 'room-meeting', 'Meeting room air conditioner', 'air_conditioner', ['switch', 'air_conditioner'], {
        on: false, mode: 'cool', fanSpeed: 'auto', setpoint: 24, currentTemperature: 25.5,
      }),
      device('light-office', 'room-office', 'Office lights', 'switch', ['switch'], { on: true }),
      device('curtain-office', 'room-office', 'Office blinds', 'curtain', ['curtain'], { position: 50 }),
      device('thermo-office', 'room-office', 'Office thermostat', 'thermostat', ['thermostat'], { setpoint: 21, mode: 'heat', currentTemperature: 20.5 }),
      device('ac-server', 'room-server', 'Server room air conditioner', 'air_conditioner', ['switch', 'air_conditioner'], {
        on: true, mode: 'cool', fanSpeed: 'high', setpoint: 18, currentTemperature: 19,
      }),
      device('light-server', 'room-server', 'Server room lights', 'switch', ['switch'], { on: false }, false),
    ],
    operations: [],
    nextOperation: 1,
  };
}
