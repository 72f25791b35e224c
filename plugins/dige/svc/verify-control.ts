// Reads the provider until its state confirms an accepted command, the provider says it is done, or the deadline passes.
import { isAppError, type AppError } from 'nexus/kernel';
import type { Clock } from '../domain/clock.ts';
import { stateMatches } from '../domain/commands.ts';
import type { Device, DeviceState } from '../domain/device.ts';
import { judgeRound, type ProviderOperationStatus } from '../domain/operation.ts';
import { errors } from '../errors.ts';
import type { ProviderClient } from '../infra/provider/provider-client.ts';

export interface VerifyInput {
  readonly client: ProviderClient;
  readonly clock: Clock;
  readonly deviceId: string;
  readonly providerOperationId: string;
  readonly expected: DeviceState;
  readonly deadlineAt: number;
  readonly pollMs: number;
  /** Our operation id, stamped on every provider call made here. */
  readonly operationId: string;
  /** Called with every device state the provider reports, so each one is kept. */
  readonly observe: (device: Device, at: number) => Promise<void>;
}

export interface Verification {
  readonly outcome: 'verified' | 'mismatch' | 'timeout' | 'failed';
  /** The last device the provider described, with when we read it; null when no read succeeded. */
  readonly observed: { readonly device: Device; readonly at: number } | null;
  readonly providerStatus: ProviderOperationStatus | null;
  readonly polls: number;
  /** The provider failure that ended or accompanied verification, if any. */
  readonly lastError: AppError | null;
}

export async function verifyControl(input: VerifyInput): Promise<Verification> {
  const { client, clock, expected } = input;
  const trace = { operationId: input.operationId };
  let observed: Verification['observed'] = null;
  let providerStatus: ProviderOperationStatus | null = null;
  let lastError: AppError | null = null;
  let polls = 0;

  const readDevice = async () => {
    const device = await client.getDevice(input.deviceId, trace);
    const at = clock.now();
    observed = { device, at };
    await input.observe(device, at);
    return device;
  };

  for (;;) {
    polls += 1;
    let matches = false;
    try {
      matches = stateMatches((await readDevice()).state, expected);
      if (!matches) {
        providerStatus = (await client.getOperation(input.providerOperationId, trace)).status;
        // Once the provider says it is done, read the state again: the first read may predate the change.
        if (providerStatus !== 'pending') matches = stateMatches((await readDevice()).state, expected);
      }
      lastError = null;
    } catch (err) {
      if (!isAppError(err)) throw err;
      lastError = err;
      // Only "cannot reach the provider right now" is worth waiting out; anything else will not change by waiting.
      if (err.code !== errors.provider_unavailable.code) return { outcome: 'failed', observed, providerStatus, polls, lastError };
    }
    const verdict = judgeRound({ stateMatches: matches, providerStatus, deadlinePassed: clock.now() >= input.deadlineAt });
    if (verdict !== 'continue') return { outcome: verdict, observed, providerStatus, polls, lastError };
    await clock.sleep(Math.min(input.pollMs, Math.max(0, input.deadlineAt - clock.now())));
  }
}
