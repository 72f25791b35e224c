// Controls a device: check the command against the live device, send it with an idempotency key, verify, record once.
import { randomUUID } from 'node:crypto';
import { isAppError, kernelErrors, type AccessPolicy, type AppError, type Identity } from 'nexus/kernel';
import type { Clock } from '../domain/clock.ts';
import { checkCommand, expectedStateFor, type DeviceCommand } from '../domain/commands.ts';
import type { Device, DeviceState } from '../domain/device.ts';
import type { ControlChannel, OperationOutcome } from '../domain/operation.ts';
import { errors } from '../errors.ts';
import type { AcceptedCommand, ProviderClient } from '../infra/provider/provider-client.ts';
import type { DeviceRepository } from '../infra/repositories/device-repository.ts';
import type { OperationRecord, OperationRepository } from '../infra/repositories/operation-repository.ts';
import { verifyControl, type Verification } from './verify-control.ts';
import { stateView, type CommandInput, type ControlResultView } from './views.ts';

export interface ControlServiceDeps {
  readonly client: ProviderClient;
  readonly devices: DeviceRepository;
  readonly operations: OperationRepository;
  readonly access: AccessPolicy;
  readonly clock: Clock;
  readonly verify: { readonly timeoutMs: number; readonly pollMs: number };
  readonly newId?: () => string;
}

export interface ControlRequest {
  readonly deviceId: string;
  readonly command: CommandInput;
  readonly identity: Identity;
  readonly channel: ControlChannel;
  /** The scheduled task this control runs for. */
  readonly taskId?: string;
  /** The caller's key (a client retry) or the run's key (a scheduled occurrence); generated when absent. */
  readonly idempotencyKey?: string;
}

export interface ControlService {
  /** Refuses (AppError) a control the identity may not make or the live device would not accept; sends nothing. */
  check(identity: Identity, deviceId: string, command: CommandInput): Promise<void>;
  /** Returns the provider's confirmed answer, or throws an AppError whose details carry that answer. */
  control(request: ControlRequest): Promise<ControlResultView>;
}

/** Who may control: the REST permission or the MCP tool, either granted by the role matrix. */
const CONTROL_PERMISSION = 'dige.control';
const CONTROL_TOOL = 'dige_control_device';

const REJECTING_CODES = new Set<string>([
  errors.device_not_found.code, errors.unsupported_command.code, errors.out_of_range.code, errors.invalid_command_value.code, errors.command_rejected.code,
]);

interface Progress {
  device?: Device;
  observedAt?: number;
  expected?: DeviceState;
  accepted?: AcceptedCommand;
  verification?: Verification;
}

export function createControlService(deps: ControlServiceDeps): ControlService {
  const { client, clock } = deps;
  const newId = deps.newId ?? randomUUID;

  function ensureMayControl(identity: Identity): void {
    if (!deps.access.hasPermission(identity.role, CONTROL_PERMISSION) && !deps.access.mayUseTool(identity.role, CONTROL_TOOL)) {
      throw kernelErrors.forbidden({ permission: CONTROL_PERMISSION }, `Your role "${identity.role}" may not control devices.`);
    }
  }

  function checked(device: Device, input: CommandInput) {
    const result = checkCommand(device.capabilities, input as DeviceCommand);
    if (!result.ok) throw errors[result.reason]({ deviceId: device.id, ...result.details }, result.message);
    return result;
  }

  /** Client keys are scoped to their user so two users' keys never meet at the provider; run keys are already unique. */
  function providerKey(request: ControlRequest, operationId: string): string {
    if (request.idempotencyKey === undefined) return `op:${operationId}`;
    return request.channel === 'scheduler' ? `run:${request.idempotencyKey}` : `client:${request.identity.userId}:${request.idempotencyKey}`;
  }

  function verificationError(v: Verification, details: ControlResultView): AppError {
    if (v.outcome === 'timeout') return errors.verification_timeout(details);
    if (v.outcome === 'mismatch') return errors.verification_failed(details);
    const reason = v.lastError ? `${v.lastError.code}: ${v.lastError.message}` : 'the provider reports the operation failed';
    return errors.verification_failed(details, `The command was accepted but could not be confirmed (${reason}).`);
  }

  return {
    async check(identity, deviceId, command) {
      ensureMayControl(identity);
      checked(await client.getDevice(deviceId), command);
    },

    async control(request) {
      ensureMayControl(request.identity);
      const operationId = newId();
      const requestedAt = clock.now();
      const key = providerKey(request, operationId);
      const progress: Progress = {};
      const observe = async (device: Device, at: number) => {
        progress.device = device;
        progress.observedAt = at;
        await deps.devices.observe(device, { source: 'control', operationId, at: new Date(at) });
      };
      let outcome: OperationOutcome;
      let failure: unknown;
      try {
        const trace = { operationId };
        const device = await client.getDevice(request.deviceId, trace);
        await observe(device, clock.now());
        const ok = checked(device, request.command);
        progress.expected = expectedStateFor(ok.spec, ok.command);
        progress.accepted = await client.sendCommand(device.id, ok.command, key, trace);
        progress.verification = await verifyControl({
          client, clock, deviceId: device.id, providerOperationId: progress.accepted.operationId, expected: progress.expected,
          deadlineAt: clock.now() + deps.verify.timeoutMs, pollMs: deps.verify.pollMs, operationId, observe,
        });
        outcome = progress.verification.outcome;
      } catch (err) {
        failure = err;
        outcome = isAppError(err) && REJECTING_CODES.has(err.code) ? 'rejected' : 'failed';
      }

      const view: ControlResultView = {
        operationId, deviceId: request.deviceId, command: { ...request.command }, outcome, idempotencyKey: key,
        expectedState: stateView(progress.expected ?? null), observedState: stateView(progress.device?.state ?? null),
        observedAt: progress.observedAt === undefined ? null : new Date(progress.observedAt).toISOString(),
        provider: {
          operationId: progress.accepted?.operationId ?? null,
          status: progress.verification?.providerStatus ?? progress.accepted?.status ?? null,
          replayed: progress.accepted?.replayed ?? null,
        },
        requestedAt: new Date(requestedAt).toISOString(), completedAt: new Date(clock.now()).toISOString(),
      };
      const error = failure !== undefined ? failure : outcome === 'verified' ? undefined : verificationError(progress.verification!, view);
      await deps.operations.insert(toRecord(view, request, progress, deps.verify.timeoutMs, error));
      if (error !== undefined) throw error;
      return view;
    },
  };
}

function toRecord(view: ControlResultView, request: ControlRequest, progress: Progress, deadlineMs: number, error: unknown): OperationRecord {
  const { identity } = request;
  return {
    _id: view.operationId, deviceId: view.deviceId, command: view.command,
    actor: { userId: identity.userId, role: identity.role, tokenId: identity.tokenId, channel: request.channel, taskId: request.taskId ?? null },
    idempotencyKey: view.idempotencyKey, requestedAt: new Date(view.requestedAt), completedAt: new Date(view.completedAt), outcome: view.outcome,
    expectedState: progress.expected ?? null, observedState: progress.device?.state ?? null,
    observedAt: progress.observedAt === undefined ? null : new Date(progress.observedAt),
    provider: {
      operationId: view.provider.operationId, status: progress.verification?.providerStatus ?? progress.accepted?.status ?? null,
      replayed: view.provider.replayed, acceptRequestId: progress.accepted?.providerRequestId ?? null,
    },
    verification: { polls: progress.verification?.polls ?? 0, deadlineMs },
    // The error is stored as code and message only: details repeat this record, and unexpected errors stay in the log.
    error: error === undefined ? null : isAppError(error) ? { code: error.code, message: error.message } : { code: 'internal_error', message: 'unexpected error' },
  };
}
