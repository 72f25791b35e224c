// Checks a command against a device's capabilities and derives the state the provider should report once it is applied.
import { commandsFor, type Capability, type CommandName, type CommandSpec, type ValueSpec } from './capabilities.ts';
import type { DeviceState, StateField } from './device.ts';

export interface DeviceCommand {
  readonly command: CommandName;
  readonly value?: number | string;
}

export type CommandRefusal = 'unsupported_command' | 'out_of_range' | 'invalid_command_value';

export type CommandCheck =
  | { readonly ok: true; readonly spec: CommandSpec; readonly command: DeviceCommand }
  | { readonly ok: false; readonly reason: CommandRefusal; readonly message: string; readonly details: Record<string, unknown> };

const STEP_TOLERANCE = 1e-9;

function onStep(value: number, min: number, step: number): boolean {
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < STEP_TOLERANCE;
}

/** A command's value range in plain words, for error details and for listings an agent reads. */
export interface RangeDescription {
  readonly type: ValueSpec['type'];
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly unit?: string;
  readonly values?: string[];
}

function describeRange(value: ValueSpec): RangeDescription {
  switch (value.type) {
    case 'none':
      return { type: 'none' };
    case 'number':
      return { type: 'number', min: value.min, max: value.max, step: value.step, unit: value.unit };
    case 'enum':
      return { type: 'enum', values: [...value.values] };
  }
}

function refuse(reason: CommandRefusal, message: string, details: Record<string, unknown>): CommandCheck {
  return { ok: false, reason, message, details };
}

/** Accepts the command only when one of the device's capabilities offers it and its value fits that capability's range. */
export function checkCommand(capabilities: readonly Capability[], command: DeviceCommand): CommandCheck {
  const offered = commandsFor(capabilities);
  const spec = offered.find((s) => s.command === command.command);
  if (spec === undefined) {
    return refuse('unsupported_command', `The device does not accept "${command.command}".`, {
      command: command.command,
      accepted: offered.map((s) => s.command),
    });
  }
  const range = describeRange(spec.value);
  const { value } = command;
  switch (spec.value.type) {
    case 'none':
      if (value !== undefined) return refuse('invalid_command_value', `"${spec.command}" takes no value.`, { command: spec.command, ...range });
      return { ok: true, spec, command: { command: spec.command } };
    case 'number': {
      const { min, max, step, unit } = spec.value;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        return refuse('invalid_command_value', `"${spec.command}" needs a number (${min}-${max} ${unit}).`, { command: spec.command, ...range });
      }
      if (value < min || value > max || !onStep(value, min, step)) {
        return refuse('out_of_range', `${value} is outside ${min}-${max} ${unit} in steps of ${step}.`, { command: spec.command, value, ...range });
      }
      return { ok: true, spec, command: { command: spec.command, value } };
    }
    case 'enum':
      if (typeof value !== 'string') {
        return refuse('invalid_command_value', `"${spec.command}" needs one of ${spec.value.values.join(', ')}.`, { command: spec.command, ...range });
      }
      if (!spec.value.values.includes(value)) {
        return refuse('out_of_range', `"${value}" is not one of ${spec.value.values.join(', ')}.`, { command: spec.command, value, ...range });
      }
      return { ok: true, spec, command: { command: spec.command, value } };
  }
}

/** The state the provider must report for a checked command to count as applied. */
export function expectedStateFor(spec: CommandSpec, command: DeviceCommand): DeviceState {
  const target = spec.fixed ?? command.value;
  return { [spec.field]: target } as DeviceState;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < STEP_TOLERANCE;
  return a === b;
}

/** True when every field of the expectation is present in the observed state with the same value. */
export function stateMatches(observed: DeviceState, expected: DeviceState): boolean {
  return (Object.keys(expected) as StateField[]).every((field) => sameValue(observed[field], expected[field]));
}

/** What a device accepts, for listings an agent reads before it controls anything. */
export function acceptedCommands(capabilities: readonly Capability[]): { command: CommandName; description: string; value: RangeDescription }[] {
  return commandsFor(capabilities).map((s) => ({ command: s.command, description: s.description, value: describeRange(s.value) }));
}
