// The simulated cloud's state: devices, accepted operations applied when their time comes, and idempotency keys.
import { commandsFor, knownCapabilities, type CommandSpec } from '../domain/capabilities.ts';
import { checkCommand, type DeviceCommand } from '../domain/commands.ts';

export type SimValue = boolean | number | string;

export interface SimDevice {
  id: string;
  roomId: string;
  name: string;
  kind: string;
  capabilities: string[];
  online: boolean;
  state: Record<string, SimValue>;
  stateUpdatedAt: number | null;
}

/** How an accepted command will play out: normally, never, or with a value other than the one asked for. */
export type Behaviour = 'normal' | 'never_apply' | 'apply_different';

export interface SimOperation {
  id: string;
  deviceId: string;
  command: { command: string; value?: number | string };
  idempotencyKey: string | null;
  status: 'pending' | 'applied' | 'failed';
  acceptedAt: number;
  applyAt: number;
  completedAt: number | null;
  behaviour: Behaviour;
}

export interface WorldState {
  version: 1;
  building: { id: string; name: string };
  rooms: { id: string; name: string; buildingId: string; floor: number | null }[];
  devices: SimDevice[];
  operations: SimOperation[];
  nextOperation: number;
}

export type Acceptance =
  | { readonly kind: 'accepted' | 'replayed'; readonly operation: SimOperation }
  | { readonly kind: 'refused'; readonly status: number; readonly code: string; readonly message: string };

/** Operations are forgotten a day after acceptance, and beyond this many, so the state file stays small. */
const KEEP_OPERATIONS_MS = 24 * 3_600_000;
const MAX_OPERATIONS = 5_000;

function otherValue(spec: CommandSpec, target: SimValue): SimValue {
  if (typeof target === 'boolean') return !target;
  if (typeof target === 'string') {
    const values = spec.value.type === 'enum' ? spec.value.values : [target];
    return values[(values.indexOf(target) + 1) % values.length] ?? target;
  }
  const { min, max, step } = spec.value.type === 'number' ? spec.value : { min: 0, max: 100, step: 1 };
  return target + step <= max ? target + step : Math.max(min, target - step);
}

export interface World {
  state(): WorldState;
  device(id: string): SimDevice | undefined;
  operation(id: string): SimOperation | undefined;
  /** Applies every operation whose time has come; returns whether anything changed. */
  settle(now: number): boolean;
  /** `behaviour` is asked only when a new operation is created, so a replay uses up no fault. */
  accept(deviceId: string, command: DeviceCommand, key: string | null, behaviour: () => Behaviour, now: number, applyDelayMs: number): Acceptance;
  /** How many operations have changed this device: the evidence that a repeated key applied once. */
  appliedCount(deviceId: string): number;
}

export function createWorld(initial: WorldState): World {
  const state = initial;
  const byId = new Map(state.operations.map((o) => [o.id, o]));
  const byKey = new Map(state.operations.filter((o) => o.idempotencyKey !== null).map((o) => [o.idempotencyKey!, o]));
  const devices = new Map(state.devices.map((d) => [d.id, d]));
  // Operations that may still change a device; kept apart so settling does not scan the whole history.
  const pending = new Set(state.operations.filter((o) => o.status === 'pending' && o.behaviour !== 'never_apply'));

  const specFor = (device: SimDevice, command: string) => commandsFor(knownCapabilities(device.capabilities)).find((s) => s.command === command);

  function apply(op: SimOperation): void {
    const device = devices.get(op.deviceId);
    const spec = device && specFor(device, op.command.command);
    op.completedAt = op.applyAt;
    if (device === undefined || spec === undefined) {
      op.status = 'failed';
      return;
    }
    const target = (spec.fixed ?? op.command.value) as SimValue;
    device.state[spec.field] = op.behaviour === 'apply_different' ? otherValue(spec, target) : target;
    device.stateUpdatedAt = op.applyAt;
    op.status = 'applied';
  }

  function prune(now: number): void {
    const excess = state.operations.length - MAX_OPERATIONS;
    const keep = state.operations.filter((o, i) => i >= excess && now - o.acceptedAt < KEEP_OPERATIONS_MS);
    if (keep.length === state.operations.length) return;
    const kept = new Set(keep);
    for (const o of state.operations) {
      if (kept.has(o)) continue;
      byId.delete(o.id);
      pending.delete(o);
      if (o.idempotencyKey !== null) byKey.delete(o.idempotencyKey);
    }
    state.operations = keep;
  }

  return {
    state: () => state,
    device: (id) => devices.get(id),
    operation: (id) => byId.get(id),

    settle(now) {
      const due = [...pending].filter((op) => op.applyAt <= now).sort((a, b) => a.applyAt - b.applyAt);
      for (const op of due) {
        pending.delete(op);
        apply(op);
      }
      return due.length > 0;
    },

    accept(deviceId, command, key, behaviourOf, now, applyDelayMs) {
      const device = devices.get(deviceId);
      if (device === undefined) return { kind: 'refused', status: 404, code: 'device_not_found', message: `No device ${deviceId}.` };
      const fingerprint = JSON.stringify([deviceId, command.command, command.value ?? null]);
      const earlier = key === null ? undefined : byKey.get(key);
      if (earlier !== undefined) {
        if (JSON.stringify([earlier.deviceId, earlier.command.command, earlier.command.value ?? null]) === fingerprint) return { kind: 'replayed', operation: earlier };
        return { kind: 'refused', status: 422, code: 'idempotency_key_reused', message: 'This idempotency key was used for a different command.' };
      }
      if (!device.online) return { kind: 'refused', status: 409, code: 'device_offline', message: `${device.name} is offline.` };
      const check = checkCommand(knownCapabilities(device.capabilities), command);
      if (!check.ok) return { kind: 'refused', status: 400, code: 'invalid_command', message: check.message };
      const behaviour = behaviourOf();
      const operation: SimOperation = {
        id: `op-${state.nextOperation++}`, deviceId, command: check.command.value === undefined ? { command: check.command.command } : { ...check.command },
        idempotencyKey: key, status: 'pending', acceptedAt: now, applyAt: now + applyDelayMs, completedAt: null, behaviour,
      };
      state.operations.push(operation);
      byId.set(operation.id, operation);
      if (behaviour !== 'never_apply') pending.add(operation);
      if (key !== null) byKey.set(key, operation);
      prune(now);
      return { kind: 'accepted', operation };
    },

    appliedCount: (deviceId) => state.operations.filter((o) => o.deviceId === deviceId && o.status === 'applied').length,
  };
}
