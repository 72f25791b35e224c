// The /mcp endpoint: rebinding guard, authentication on every request and body limit, then the SDK's per-request handler (both eras).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ProtocolErrorCode, type AuthInfo } from '@modelcontextprotocol/server';
import type { NodeMcpRequestHandler } from '@modelcontextprotocol/node';
import type { Authenticator, Identity } from '../identity/identity.ts';
import { isAppError, type AppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { toAuthInfo } from './auth-info.ts';
import { sendError, sendJsonRpcError } from './http-replies.ts';
import { readBody } from './read-body.ts';
import type { RequestGuard } from './request-guard.ts';

export interface McpEndpointDeps {
  readonly guard: RequestGuard;
  readonly authenticator: Authenticator;
  /** The SDK's handler for both eras, adapted to node:http; it keeps nothing between requests. */
  readonly serve: NodeMcpRequestHandler;
  readonly logger: Logger;
  readonly maxBodyBytes: number;
}

type Authenticated = { readonly identity: Identity } | { readonly refusal: AppError };

async function authenticate(deps: McpEndpointDeps, req: IncomingMessage): Promise<Authenticated> {
  try {
    return { identity: await deps.authenticator.authenticate(req.headers) };
  } catch (err) {
    if (isAppError(err)) return { refusal: err };
    deps.logger.error({ err }, 'authenticator failed');
    return { refusal: kernelErrors.internal_error() };
  }
}

function challenge(req: IncomingMessage, refusal: AppError): Record<string, string> {
  if (refusal.status !== 401) return {};
  // RFC 6750: name the problem only when a token was actually presented.
  return { 'www-authenticate': req.headers.authorization === undefined ? 'Bearer' : 'Bearer error="invalid_token"' };
}

export function createMcpEndpoint(deps: McpEndpointDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const misdirected = deps.guard(req.headers);
    if (misdirected !== undefined) return sendError(res, misdirected);

    const auth = await authenticate(deps, req);
    if ('refusal' in auth) return sendError(res, auth.refusal, challenge(req, auth.refusal));
    // The adapter hands `req.auth` to the factory and the handlers, so each call sees the identity of the request carrying it.
    const authed = req as IncomingMessage & { auth?: AuthInfo };
    authed.auth = toAuthInfo(auth.identity);

    // GET and DELETE were 2025 session operations; the SDK answers them (405 on the stateless lane).
    if (req.method !== 'POST') return deps.serve(authed, res);

    const read = await readBody(req, deps.maxBodyBytes);
    if (read.tooLarge) return sendError(res, kernelErrors.payload_too_large(), { connection: 'close' });
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      return sendJsonRpcError(res, 400, ProtocolErrorCode.ParseError, 'Parse error: Invalid JSON');
    }
    return deps.serve(authed, res, body);
  };
}
