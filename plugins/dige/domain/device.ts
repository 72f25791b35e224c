// What a Dige site is made of in our model: rooms, devices and the state the provider reports for them.
import type { Capability } from './capabilities.ts';

export interface Room {
  readonly id: string;
  readonly name: string;
  readonly buildingId: string;
  readonly floor: number | null;
}

/** The attributes a device can report; which ones are present depends on its capabilities. */
export interface DeviceState {
  readonly on?: boolean;
  readonly brightness?: number;
  readonly setpoint?: number;
  readonly mode?: string;
  readonly fanSpeed?: string;
  readonly position?: number;
  readonly currentTemperature?: number;
}

export const STATE_FIELDS = ['on', 'brightness', 'setpoint', 'mode', 'fanSpeed', 'position', 'currentTemperature'] as const;
export type StateField = (typeof STATE_FIELDS)[number];

/** A device as the provider described it at one moment. */
export interface Device {
  readonly id: string;
  readonly roomId: string;
  readonly name: string;
  /** The provider's own kind label (e.g. "dimmer"); behaviour follows `capabilities`, not the label. */
  readonly kind: string;
  readonly capabilities: readonly Capability[];
  readonly online: boolean;
  readonly state: DeviceState;
  /** When the provider says the state last changed, if it says. */
  readonly stateUpdatedAt: string | null;
}
