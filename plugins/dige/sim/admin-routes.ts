// The simulator's control panel (/admin, loopback only, no auth): faults, clock, settings, state, reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Type } from 'typebox';
import { FaultsBody } from './faults.ts';
import { readBody, sendError, sendJson } from './http-io.ts';
import type { SimContext } from './provider-routes.ts';

export interface AdminActions {
  advance(ms: number): number;
  reset(): void;
}

const AdvanceBody = Type.Object({ ms: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
const SettingsBody = Type.Object(
  { applyDelayMs: Type.Optional(Type.Integer({ minimum: 0 })), accessTokenTtlSeconds: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);

export async function handleAdmin(ctx: SimContext, actions: AdminActions, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const key = `${req.method} ${path}`;
  switch (key) {
    case 'GET /admin/state':
      ctx.world.settle(ctx.now());
      return sendJson(res, 200, { now: new Date(ctx.now()).toISOString(), settings: ctx.settings, ...ctx.world.state() });
    case 'GET /admin/faults':
      return sendJson(res, 200, ctx.faults.list());
    case 'PUT /admin/faults': {
      const body = await readBody(req, FaultsBody);
      ctx.faults.set(body.scope, body.faults);
      return sendJson(res, 200, ctx.faults.list());
    }
    case 'DELETE /admin/faults':
      ctx.faults.clear();
      return sendJson(res, 204, undefined);
    case 'POST /admin/clock/advance':
      return sendJson(res, 200, { now: new Date(actions.advance((await readBody(req, AdvanceBody)).ms)).toISOString() });
    case 'PUT /admin/settings':
      Object.assign(ctx.settings, await readBody(req, SettingsBody));
      return sendJson(res, 200, ctx.settings);
    case 'POST /admin/tokens/revoke':
      ctx.auth.revokeAll();
      return sendJson(res, 204, undefined);
    case 'POST /admin/reset':
      actions.reset();
      return sendJson(res, 204, undefined);
    default:
      return sendError(res, 404, 'not_found', `No ${key}.`);
  }
}
