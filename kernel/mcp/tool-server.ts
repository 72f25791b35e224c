// The MCP Server built for one request (either era), answering tools/list and tools/call from the live catalog for that request's identity.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  TRACEPARENT_META_KEY,
  type McpRequestContext,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ToolCatalog } from '../plugins/define-tool.ts';
import { CORRELATION_ID_HEADER, type AccessPolicy } from '../identity/identity.ts';
import { TRACEPARENT_PATTERN } from '../../shared/contracts/run-request.ts';
import { identityOf } from './auth-info.ts';
import { listToolsFor } from './tool-listing.ts';
import { runToolCall } from './tool-call.ts';
import { traceMcpServerRequest, type McpServerRequest } from '../../shared/telemetry/mcp-spans.ts';

export interface ToolServerDeps {
  readonly catalog: ToolCatalog;
  readonly access: AccessPolicy;
  readonly logger: Logger;
  readonly serverInfo: { readonly name: string; readonly version: string };
  /**
   * How long a 2026-07-28 client may reuse a tools/list answer. The list is always `private`: it depends on the
   * caller's role. When plugins hot-load it can change at any moment, so the caller passes 0 then.
   */
  readonly toolsListTtlMs: number;
}

const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;
const TRACEPARENT = new RegExp(TRACEPARENT_PATTERN);

function correlationIdOf(ctx: ServerContext): string {
  const given = ctx.http?.req?.headers.get(CORRELATION_ID_HEADER);
  // Only a short printable token is taken over, so a caller cannot push arbitrary text into every log line.
  return typeof given === 'string' && CORRELATION_ID.test(given) ? given : randomUUID();
}

/** The caller's W3C trace context, which the 2026-07-28 revision carries in `_meta` (2025-era clients may send it there too). */
function traceparentOf(ctx: ServerContext): string | undefined {
  const given = ctx.mcpReq._meta?.[TRACEPARENT_META_KEY];
  return typeof given === 'string' && TRACEPARENT.test(given) ? given : undefined;
}

/**
 * Where the MCP server span finds its parent. The HTTP header comes first: a traced client's HTTP instrumentation writes
 * it inside its own MCP client span, while `_meta` may carry the trace context the client was handed by its caller.
 */
function carriersOf(ctx: ServerContext): McpServerRequest['carriers'] {
  return [Object.fromEntries(ctx.http?.req?.headers ?? []), { traceparent: traceparentOf(ctx) }];
}

/** The SDK turns a thrown error's message into the JSON-RPC error; anything but a deliberate ProtocolError is logged and masked. */
async function masked<T>(logger: Logger, method: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ProtocolError) throw err;
    logger.error({ err, method }, 'MCP request failed');
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error');
  }
}

/**
 * `listChanged` is offered to 2026-07-28 clients only: they follow it through `subscriptions/listen`, while the
 * stateless 2025 lane answers the GET stream with 405, so a 2025 client could never receive the notification.
 */
export function createToolServer(deps: ToolServerDeps, request: Pick<McpRequestContext, 'era'>): Server {
  const server = new Server(
    { name: deps.serverInfo.name, version: deps.serverInfo.version },
    {
      capabilities: { tools: { listChanged: request.era === 'modern' } },
      cacheHints: { 'tools/list': { ttlMs: deps.toolsListTtlMs, cacheScope: 'private' } },
    },
  );
  server.setRequestHandler('tools/list', (_request, ctx) =>
    masked(deps.logger, 'tools/list', () =>
      traceMcpServerRequest(
        { method: 'tools/list', requestId: ctx.mcpReq.id, carriers: carriersOf(ctx) },
        async () => ({ tools: listToolsFor(deps, identityOf(ctx.http?.authInfo).role) }),
      ),
    ),
  );
  server.setRequestHandler('tools/call', (call, ctx) =>
    masked(deps.logger, 'tools/call', () =>
      traceMcpServerRequest(
        {
          method: 'tools/call',
          tool: call.params.name,
          requestId: ctx.mcpReq.id,
          carriers: carriersOf(ctx),
        },
        () =>
          runToolCall(deps, {
            name: call.params.name,
            args: call.params.arguments,
            identity: identityOf(ctx.http?.authInfo),
            correlationId: correlationIdOf(ctx),
            traceparent: traceparentOf(ctx),
            signal: ctx.mcpReq.signal,
          }),
      ),
    ),
  );
  return server;
}
