// The /mcp endpoint: rebinding guard, authentication on every request, session ownership and body limit, then the SDK transport.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { ErrorCode, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Authenticator, Identity } from '../identity/identity.ts';
import { isAppError, type AppError } from '../errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { toAuthInfo } from './auth-info.ts';
import { sendError, sendJsonRpcError } from './http-replies.ts';
import { readBody } from './read-body.ts';
import type { RequestGuard } from './request-guard.ts';
import type { SessionRegistry } from './session-registry.ts';

export interface McpEndpointDeps {
  readonly guard: RequestGuard;
  readonly authenticator: Authenticator;
  readonly sessions: SessionRegistry;
  readonly logger: Logger;
  readonly maxBodyBytes: number;
}

const SESSION_HEADER = 'mcp-session-id';
// The codes the SDK transport itself uses for these refusals, so clients see one vocabulary; a 404 means "initialize again".
const SESSION_NOT_FOUND = -32001;
const BAD_REQUEST = -32000;

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
    const { identity } = auth;
    // The SDK hands `req.auth` to the request handlers, so each tools/call sees the identity of the request carrying it.
    (req as IncomingMessage & { auth?: AuthInfo }).auth = toAuthInfo(identity);

    const header = req.headers[SESSION_HEADER];
    const sessionId = typeof header === 'string' ? header : undefined;
    const session = sessionId === undefined ? undefined : deps.sessions.get(sessionId);
    if (sessionId !== undefined && session === undefined) {
      return sendJsonRpcError(res, 404, SESSION_NOT_FOUND, 'Session not found');
    }
    if (
      session !== undefined &&
      (session.owner.userId !== identity.userId || session.owner.tokenId !== identity.tokenId)
    ) {
      return sendError(res, kernelErrors.forbidden(undefined, 'This MCP session belongs to another identity.'));
    }

    if (req.method !== 'POST') {
      if (session !== undefined) return session.transport.handleRequest(req, res);
      return sendJsonRpcError(res, 400, BAD_REQUEST, 'Bad Request: Mcp-Session-Id header is required');
    }

    const read = await readBody(req, deps.maxBodyBytes);
    if (read.tooLarge) return sendError(res, kernelErrors.payload_too_large(), { connection: 'close' });
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      return sendJsonRpcError(res, 400, ErrorCode.ParseError, 'Parse error: Invalid JSON');
    }

    if (session !== undefined) return session.transport.handleRequest(req, res, body);
    if (isInitializeRequest(body)) {
      return deps.sessions.initialize({ userId: identity.userId, tokenId: identity.tokenId }, req, res, body);
    }
    return sendJsonRpcError(res, 400, BAD_REQUEST, 'Bad Request: Mcp-Session-Id header is required');
  };
}
