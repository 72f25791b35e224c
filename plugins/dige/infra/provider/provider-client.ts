// The Dige provider client: authenticated calls against the contract, answers checked and mapped to the domain, failures as AppErrors.
import { Agent } from 'undici';
import type { TSchema, Static } from 'typebox';
import { Value } from 'typebox/value';
import { formatIssue, schemaIssues, type Logger } from 'nexus/kernel';
import { knownCapabilities } from '../../domain/capabilities.ts';
import type { Clock } from '../../domain/clock.ts';
import type { DeviceCommand } from '../../domain/commands.ts';
import { STATE_FIELDS, type Device, type DeviceState, type Room } from '../../domain/device.ts';
import type { ProviderOperationStatus } from '../../domain/operation.ts';
import { errors } from '../../errors.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './backoff.ts';
import {
  CommandAccepted, DeviceBody, DevicesResponse, ErrorResponse, OperationResponse, PATHS, RoomsResponse, TokenResponse,
  type CommandRequest, type TokenRequest,
} from './contract.ts';
import { redactText } from './redact.ts';
import { createHttpCaller, type ApiCallRecorder, type CallRequest, type CallResponse } from './http-caller.ts';
import { createTokenKeeper } from './token-keeper.ts';

export interface ProviderClientOptions {
  readonly baseUrl: string;
  readonly appKey: string;
  readonly appSecret: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly recorder: ApiCallRecorder;
  readonly logger: Logger;
  readonly retry?: RetryPolicy;
  /** Jitter source for backoff; tests pass a constant. */
  readonly random?: () => number;
}

/** Links a call to our operation, and lets a reader give up early. */
export interface CallTrace {
  readonly operationId?: string;
  readonly signal?: AbortSignal;
}

export interface AcceptedCommand {
  readonly operationId: string;
  readonly status: ProviderOperationStatus;
  readonly acceptedAt: string;
  /** The provider answered with an operation it had already accepted for this idempotency key. */
  readonly replayed: boolean;
  readonly providerRequestId: string | null;
}

export interface ProviderOperation {
  readonly operationId: string;
  readonly status: ProviderOperationStatus;
  readonly completedAt: string | null;
}

export interface ProviderClient {
  listRooms(trace?: CallTrace): Promise<Room[]>;
  listDevices(roomId: string, trace?: CallTrace): Promise<Device[]>;
  getDevice(deviceId: string, trace?: CallTrace): Promise<Device>;
  /** Never retried without an idempotency key: the provider might have applied the first attempt. */
  sendCommand(deviceId: string, command: DeviceCommand, idempotencyKey: string | undefined, trace?: CallTrace): Promise<AcceptedCommand>;
  getOperation(operationId: string, trace?: CallTrace): Promise<ProviderOperation>;
  close(): Promise<void>;
}

function toState(body: Static<typeof DeviceBody>['state']): DeviceState {
  const out: Record<string, unknown> = {};
  for (const field of STATE_FIELDS) if (body[field] !== undefined) out[field] = body[field];
  return out as DeviceState;
}

function toDevice(body: Static<typeof DeviceBody>): Device {
  return {
    id: body.id, roomId: body.roomId, name: body.name, kind: body.kind, capabilities: knownCapabilities(body.capabilities),
    online: body.online, state: toState(body.state), stateUpdatedAt: body.stateUpdatedAt,
  };
}


export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  // A plain Agent: provider traffic never goes through HTTP(S)_PROXY, and its connections are ours to close.
  const dispatcher = new Agent({ connect: { timeout: options.timeoutMs }, keepAliveTimeout: 10_000 });
  let secrets: () => readonly string[] = () => [options.appSecret];
  const caller = createHttpCaller({
    baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, retry: options.retry ?? DEFAULT_RETRY, clock: options.clock,
    random: options.random ?? Math.random, recorder: options.recorder, logger: options.logger, dispatcher, secrets: () => secrets(),
  });

  /** The provider's own error code and message, for error details; a secret it might echo is masked. */
  function providerError(body: unknown): { code: string; message: string } | null {
    if (!Value.Check(ErrorResponse, body)) return null;
    const { code, message } = (body as Static<typeof ErrorResponse>).error;
    return { code, message: redactText(message, secrets()) };
  }

  /** A 2xx body that breaks the contract is the provider's fault and is reported, never guessed at. */
  function expect<S extends TSchema>(schema: S, res: CallResponse, path: string): Static<S> {
    // Redacted: the body is the provider's, and a token in the wrong place must not reach the error details.
    const [issue] = schemaIssues(schema, res.body, { redact: true }) ?? [];
    if (issue === undefined) return res.body as Static<S>;
    throw errors.provider_bad_response({ path, status: res.status, issue: formatIssue(issue) });
  }

  function failure(res: CallResponse, path: string): never {
    const detail = { path, status: res.status, providerRequestId: res.providerRequestId, provider: providerError(res.body) };
    if (res.status === 401 || res.status === 403) throw errors.provider_auth_failed(detail);
    if (res.status === 429 || res.status >= 500) throw errors.provider_unavailable(detail);
    throw errors.provider_bad_response(detail);
  }

  const auth = async (path: string, body: TokenRequest | { refreshToken: string }): Promise<CallResponse> =>
    caller.call({ method: 'POST', path, body, retry: true });

  const tokens = createTokenKeeper(
    {
      async login() {
        const res = await auth(PATHS.token, { appKey: options.appKey, appSecret: options.appSecret });
        if (res.status !== 200) failure(res, PATHS.token);
        return expect(TokenResponse, res, PATHS.token);
      },
      async refresh(refreshToken) {
        const res = await auth(PATHS.refresh, { refreshToken });
        if (res.status === 400 || res.status === 401) return undefined;
        if (res.status !== 200) failure(res, PATHS.refresh);
        return expect(TokenResponse, res, PATHS.refresh);
      },
    },
    options.clock,
  );
  secrets = () => [options.appSecret, ...tokens.secrets()];

  /** Calls with a bearer token; a 401 gets one fresh token and one more try, since the provider did not act on it. */
  async function authed(req: Omit<CallRequest, 'authorize'>): Promise<CallResponse> {
    let used = '';
    const authorize = async () => (used = await tokens.token());
    const res = await caller.call({ ...req, authorize });
    if (res.status !== 401) return res;
    const stale = used;
    return caller.call({ ...req, authorize: async () => (used = await tokens.renew(stale)) });
  }

  const read = (path: string, trace?: CallTrace) =>
    authed({ method: 'GET', path, retry: true, operationId: trace?.operationId, signal: trace?.signal });

  return {
    async listRooms(trace) {
      const res = await read(PATHS.rooms, trace);
      if (res.status !== 200) failure(res, PATHS.rooms);
      return expect(RoomsResponse, res, PATHS.rooms).items.map((r) => ({ id: r.id, name: r.name, buildingId: r.buildingId, floor: r.floor }));
    },

    async listDevices(roomId, trace) {
      const path = PATHS.roomDevices(roomId);
      const res = await read(path, trace);
      if (res.status === 404) throw errors.room_not_found({ roomId });
      if (res.status !== 200) failure(res, path);
      return expect(DevicesResponse, res, path).items.map(toDevice);
    },

    async getDevice(deviceId, trace) {
      const path = PATHS.device(deviceId);
      const res = await read(path, trace);
      if (res.status === 404) throw errors.device_not_found({ deviceId });
      if (res.status !== 200) failure(res, path);
      return toDevice(expect(DeviceBody, res, path));
    },

    async sendCommand(deviceId, command, idempotencyKey, trace) {
      const path = PATHS.commands(deviceId);
      const body: CommandRequest = command.value === undefined ? { command: command.command } : { command: command.command, value: command.value };
      const res = await authed({
        method: 'POST', path, body, idempotencyKey, retry: idempotencyKey !== undefined, operationId: trace?.operationId, signal: trace?.signal,
      });
      if (res.status === 404) throw errors.device_not_found({ deviceId });
      if (res.status === 400 || res.status === 409 || res.status === 422) {
        throw errors.command_rejected({ deviceId, status: res.status, providerRequestId: res.providerRequestId, provider: providerError(res.body) });
      }
      if (res.status !== 202 && res.status !== 200) failure(res, path);
      const accepted = expect(CommandAccepted, res, path);
      return { ...accepted, replayed: res.status === 200, providerRequestId: res.providerRequestId };
    },

    async getOperation(operationId, trace) {
      const path = PATHS.operation(operationId);
      const res = await read(path, trace);
      if (res.status !== 200) failure(res, path);
      const op = expect(OperationResponse, res, path);
      return { operationId: op.operationId, status: op.status, completedAt: op.completedAt };
    },

    close: () => dispatcher.close(),
  };
}
