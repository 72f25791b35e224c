// The simulated provider API (/v1): the contract's endpoints, behind the faults the admin switched on.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { CommandRequest, HEADERS, RefreshRequest, TokenRequest } from '../infra/provider/contract.ts';
import type { CommandName } from '../domain/capabilities.ts';
import type { SimAuth } from './auth.ts';
import type { FaultRegistry, RequestTarget } from './faults.ts';
import { readBody, sendError, sendJson } from './http-io.ts';
import type { Behaviour, SimDevice, SimOperation, World } from './world.ts';

export interface SimSettings {
  /** How long an accepted command takes to show in the device state. */
  applyDelayMs: number;
  accessTokenTtlSeconds: number;
}

export interface SimContext {
  readonly world: World;
  readonly auth: SimAuth;
  readonly faults: FaultRegistry;
  readonly settings: SimSettings;
  now(): number;
  /** The world changed and should be saved. */
  changed(): void;
  /** Keeps a response open without answering (a timeout fault); it is dropped when the simulator closes. */
  hold(res: ServerResponse): void;
}

interface Route {
  readonly target: RequestTarget;
  readonly deviceId?: string;
  readonly handle: () => Promise<{ status: number; body: unknown }>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const deviceBody = (d: SimDevice) => ({
  id: d.id, roomId: d.roomId, name: d.name, kind: d.kind, capabilities: d.capabilities, online: d.online, state: d.state, stateUpdatedAt: iso(d.stateUpdatedAt),
});

const operationBody = (o: SimOperation) => ({
  operationId: o.id, deviceId: o.deviceId, status: o.status, command: o.command, acceptedAt: iso(o.acceptedAt), completedAt: iso(o.completedAt),
});

const notFound = (code: string, message: string) => ({ status: 404, body: { error: { code, message } } });

function route(ctx: SimContext, req: IncomingMessage, path: string): Route | undefined {
  const { world } = ctx;
  const m = (re: RegExp) => re.exec(path)?.slice(1).map(decodeURIComponent);
  if (req.method === 'POST' && path === '/v1/auth/token') {
    return {
      target: 'auth',
      handle: async () => {
        const body = await readBody(req, TokenRequest);
        const tokens = ctx.auth.login(body.appKey, body.appSecret);
        return tokens ? { status: 200, body: tokens } : { status: 401, body: { error: { code: 'invalid_credentials', message: 'Unknown app key or wrong secret.' } } };
      },
    };
  }
  if (req.method === 'POST' && path === '/v1/auth/refresh') {
    return {
      target: 'auth',
      handle: async () => {
        const tokens = ctx.auth.refresh((await readBody(req, RefreshRequest)).refreshToken);
        return tokens ? { status: 200, body: tokens } : { status: 401, body: { error: { code: 'invalid_refresh_token', message: 'The refresh token is unknown, used or expired.' } } };
      },
    };
  }
  if (req.method === 'GET' && path === '/v1/rooms') {
    return { target: 'read', handle: async () => ({ status: 200, body: { items: world.state().rooms } }) };
  }
  let p: string[] | undefined;
  if (req.method === 'GET' && (p = m(/^\/v1\/rooms\/([^/]+)\/devices$/))) {
    const roomId = p[0]!;
    return {
      target: 'read',
      handle: async () =>
        world.state().rooms.some((r) => r.id === roomId)
          ? { status: 200, body: { items: world.state().devices.filter((d) => d.roomId === roomId).map(deviceBody) } }
          : notFound('room_not_found', `No room ${roomId}.`),
    };
  }
  if (req.method === 'GET' && (p = m(/^\/v1\/devices\/([^/]+)$/))) {
    const device = world.device(p[0]!);
    return { target: 'read', deviceId: p[0], handle: async () => (device ? { status: 200, body: deviceBody(device) } : notFound('device_not_found', `No device ${p![0]}.`)) };
  }
  if (req.method === 'POST' && (p = m(/^\/v1\/devices\/([^/]+)\/commands$/))) {
    const deviceId = p[0]!;
    return {
      target: 'command',
      deviceId,
      handle: async () => {
        const body = await readBody(req, CommandRequest);
        const key = req.headers[HEADERS.idempotencyKey];
        const behaviour = (): Behaviour => ctx.faults.behaviour(deviceId);
        const command = { command: body.command as CommandName, ...(body.value === undefined ? {} : { value: body.value }) };
        const result = world.accept(deviceId, command, typeof key === 'string' && key !== '' ? key : null, behaviour, ctx.now(), ctx.settings.applyDelayMs);
        if (result.kind === 'refused') return { status: result.status, body: { error: { code: result.code, message: result.message } } };
        if (result.kind === 'accepted') ctx.changed();
        const { operationId, status, acceptedAt } = operationBody(result.operation);
        return { status: result.kind === 'accepted' ? 202 : 200, body: { operationId, status, acceptedAt } };
      },
    };
  }
  if (req.method === 'GET' && (p = m(/^\/v1\/operations\/([^/]+)$/))) {
    const op = world.operation(p[0]!);
    return { target: 'read', deviceId: op?.deviceId, handle: async () => (op ? { status: 200, body: operationBody(op) } : notFound('operation_not_found', `No operation ${p![0]}.`)) };
  }
  return undefined;
}

export async function handleProvider(ctx: SimContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const found = route(ctx, req, path);
  if (found === undefined) return sendError(res, 404, 'not_found', `No ${req.method} ${path}.`);
  const effect = ctx.faults.transport(found.deviceId, found.target);
  if (effect.latencyMs > 0) await delay(effect.latencyMs);
  if (effect.errorStatus !== null) return sendError(res, effect.errorStatus, 'unavailable', 'The service is temporarily unavailable.');
  if (effect.retryAfterSeconds !== null) {
    return sendError(res, 429, 'rate_limited', 'Too many requests.', { [HEADERS.retryAfter]: String(effect.retryAfterSeconds) });
  }
  if (found.target !== 'auth') {
    const check = ctx.auth.check(req.headers[HEADERS.authorization]);
    if (check !== 'ok') return sendError(res, 401, check === 'expired' ? 'token_expired' : 'invalid_token', 'A valid access token is required.');
  }
  if (ctx.world.settle(ctx.now())) ctx.changed();
  const answer = await found.handle();
  // A timeout fault answers nothing, after the work is done: the caller cannot tell whether its command was taken.
  if (effect.hang) return ctx.hold(res);
  sendJson(res, answer.status, answer.body);
}
