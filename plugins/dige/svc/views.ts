// What the services hand out, as TypeBox schemas (the REST and MCP layers reuse them) and the functions that build them.
import { Type, type Static, type TSchema } from 'typebox';
import { COMMAND_NAMES } from '../domain/capabilities.ts';
import { acceptedCommands } from '../domain/commands.ts';
import type { Device, DeviceState, Room } from '../domain/device.ts';
import { OPERATION_OUTCOMES } from '../domain/operation.ts';
import { StateBody } from '../infra/provider/contract.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const isoTime = Type.String({ format: 'date-time' });

/** A command as callers send it; the device's capabilities decide whether it is accepted. */
export const CommandInput = Type.Object(
  {
    command: Type.Enum([...COMMAND_NAMES], { description: 'What to do; the device must accept it (see its `accepts`).' }),
    value: Type.Optional(Type.Union([Type.Number(), Type.String()], { description: 'The argument: a number for set_brightness, set_setpoint and set_position; a name for set_mode and set_fan_speed; absent otherwise.' })),
  },
  { additionalProperties: false },
);
export type CommandInput = Static<typeof CommandInput>;

/** The state we show is the provider's own state shape. */
export const StateView = StateBody;

export const RoomView = Type.Object({ id: Type.String(), name: Type.String(), buildingId: Type.String(), floor: nullable(Type.Integer()) });

export const DeviceView = Type.Object({
  id: Type.String(),
  roomId: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  capabilities: Type.Array(Type.String()),
  online: Type.Boolean(),
  state: StateView,
  stateUpdatedAt: nullable(Type.String()),
  /** When we read it from the provider: this is live data, not a stored copy. */
  observedAt: isoTime,
});

export const AcceptedCommandView = Type.Object({
  command: Type.String(),
  description: Type.String(),
  value: Type.Object({
    type: Type.String(),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    step: Type.Optional(Type.Number()),
    unit: Type.Optional(Type.String()),
    values: Type.Optional(Type.Array(Type.String())),
  }),
});

export const DeviceDetailView = Type.Object({ ...DeviceView.properties, accepts: Type.Array(AcceptedCommandView) });

export const OutcomeView = Type.Enum([...OPERATION_OUTCOMES]);

/** The provider's answer to one control, as returned to the caller and carried in the details of a failed one. */
export const ControlResultView = Type.Object({
  operationId: Type.String(),
  deviceId: Type.String(),
  command: Type.Object({ command: Type.String(), value: Type.Optional(Type.Union([Type.Number(), Type.String()])) }),
  outcome: OutcomeView,
  idempotencyKey: Type.String(),
  expectedState: nullable(StateView),
  observedState: nullable(StateView),
  observedAt: nullable(isoTime),
  provider: Type.Object({
    operationId: nullable(Type.String()),
    /** The last status the provider gave its operation; still "pending" when the first state read already confirmed it. */
    status: nullable(Type.String()),
    /** True when the provider answered an idempotency key it had seen with the operation it accepted then. */
    replayed: nullable(Type.Boolean()),
  }),
  requestedAt: isoTime,
  completedAt: isoTime,
});

export type RoomView = Static<typeof RoomView>;
export type DeviceView = Static<typeof DeviceView>;
export type DeviceDetailView = Static<typeof DeviceDetailView>;
export type ControlResultView = Static<typeof ControlResultView>;
export type StateView = Static<typeof StateView>;

export const roomView = (room: Room): RoomView => ({ id: room.id, name: room.name, buildingId: room.buildingId, floor: room.floor });

export function deviceView(device: Device, observedAt: number): DeviceView {
  return {
    id: device.id, roomId: device.roomId, name: device.name, kind: device.kind, capabilities: [...device.capabilities],
    online: device.online, state: { ...device.state } as StateView, stateUpdatedAt: device.stateUpdatedAt,
    observedAt: new Date(observedAt).toISOString(),
  };
}

export function deviceDetailView(device: Device, observedAt: number): DeviceDetailView {
  return { ...deviceView(device, observedAt), accepts: acceptedCommands(device.capabilities) };
}

export const stateView = (state: DeviceState | null): StateView | null => (state === null ? null : ({ ...state } as StateView));
