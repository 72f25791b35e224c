// The capabilities a device can have, the commands each accepts with their value ranges, and the state field each sets.
import type { StateField } from './device.ts';

export const CAPABILITIES = ['switch', 'dimmer', 'thermostat', 'curtain', 'air_conditioner'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const COMMAND_NAMES = [
  'turn_on',
  'turn_off',
  'set_brightness',
  'set_setpoint',
  'set_mode',
  'set_fan_speed',
  'set_position',
  'open',
  'close',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const THERMOSTAT_MODES = ['heat', 'cool', 'auto', 'off'] as const;
export const AC_MODES = ['cool', 'heat', 'dry', 'fan', 'auto'] as const;
export const FAN_SPEEDS = ['auto', 'low', 'medium', 'high'] as const;

export type ValueSpec =
  | { readonly type: 'none' }
  | { readonly type: 'number'; readonly min: number; readonly max: number; readonly step: number; readonly unit: string }
  | { readonly type: 'enum'; readonly values: readonly string[] };

export interface CommandSpec {
  readonly command: CommandName;
  readonly capability: Capability;
  readonly value: ValueSpec;
  /** The state field the command changes. */
  readonly field: StateField;
  /** The value the field takes for commands without an argument (turn_on sets `on` to true). */
  readonly fixed?: boolean | number | string;
  readonly description: string;
}

const none = { type: 'none' } as const;
const percent = { type: 'number', min: 0, max: 100, step: 1, unit: '%' } as const;

function spec(capability: Capability, command: CommandName, field: StateField, value: ValueSpec, description: string, fixed?: boolean | number): CommandSpec {
  return fixed === undefined ? { command, capability, value, field, description } : { command, capability, value, field, fixed, description };
}

/**
 * What each capability accepts. Thermostat and air conditioner both offer set_setpoint and set_mode with different
 * ranges, so a device never carries both (see `conflictingCapabilities`).
 */
export const CAPABILITY_COMMANDS: Readonly<Record<Capability, readonly CommandSpec[]>> = {
  switch: [
    spec('switch', 'turn_on', 'on', none, 'Switch the device on.', true),
    spec('switch', 'turn_off', 'on', none, 'Switch the device off.', false),
  ],
  dimmer: [spec('dimmer', 'set_brightness', 'brightness', percent, 'Set the brightness, 0-100 %.')],
  thermostat: [
    spec('thermostat', 'set_setpoint', 'setpoint', { type: 'number', min: 5, max: 35, step: 0.5, unit: '°C' }, 'Set the target temperature, 5-35 °C in 0.5 steps.'),
    spec('thermostat', 'set_mode', 'mode', { type: 'enum', values: THERMOSTAT_MODES }, 'Set the mode: heat, cool, auto or off.'),
  ],
  curtain: [
    spec('curtain', 'set_position', 'position', percent, 'Set the opening, 0 (closed) to 100 (open) %.'),
    spec('curtain', 'open', 'position', none, 'Open fully (position 100).', 100),
    spec('curtain', 'close', 'position', none, 'Close fully (position 0).', 0),
  ],
  air_conditioner: [
    spec('air_conditioner', 'set_mode', 'mode', { type: 'enum', values: AC_MODES }, 'Set the mode: cool, heat, dry, fan or auto.'),
    spec('air_conditioner', 'set_fan_speed', 'fanSpeed', { type: 'enum', values: FAN_SPEEDS }, 'Set the fan speed: auto, low, medium or high.'),
    spec('air_conditioner', 'set_setpoint', 'setpoint', { type: 'number', min: 16, max: 30, step: 0.5, unit: '°C' }, 'Set the target temperature, 16-30 °C in 0.5 steps.'),
  ],
};

function isCapability(value: string): value is Capability {
  return (CAPABILITIES as readonly string[]).includes(value);
}

/** The capabilities we know among those a provider lists; unknown ones are left out, so nothing is offered we cannot check. */
export function knownCapabilities(raw: readonly string[]): Capability[] {
  return [...new Set(raw.filter(isCapability))];
}

/** Pairs of capabilities on one device that offer the same command; a device model with any is inconsistent. */
export function conflictingCapabilities(capabilities: readonly Capability[]): CommandName[] {
  const seen = new Set<CommandName>();
  const clashes: CommandName[] = [];
  for (const c of capabilities) {
    for (const s of CAPABILITY_COMMANDS[c]) {
      if (seen.has(s.command)) clashes.push(s.command);
      seen.add(s.command);
    }
  }
  return clashes;
}

/** Every command a device with these capabilities accepts, first capability winning a clash. */
export function commandsFor(capabilities: readonly Capability[]): CommandSpec[] {
  const out = new Map<CommandName, CommandSpec>();
  for (const c of capabilities) for (const s of CAPABILITY_COMMANDS[c]) if (!out.has(s.command)) out.set(s.command, s);
  return [...out.values()];
}
