// One low-level MCP Server per session, answering tools/list and tools/call from the live catalog for each request's identity.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCatalog } from '../plugins/define-tool.ts';
import { CORRELATION_ID_HEADER, type AccessPolicy } from '../identity/identity.ts';
import { identityOf } from './auth-info.ts';
import { listToolsFor } from './tool-listing.ts';
import { runToolCall } from './tool-call.ts';
import { traceMcpServerRequest } from '../../shared/telemetry/mcp-spans.ts';

export interface ToolServerDeps {
  readonly catalog: ToolCatalog;
  readonly access: AccessPolicy;
  readonly logger: Logger;
  readonly serverInfo: { readonly name: string; readonly version: string };
}

const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;

function correlationIdOf(headers: Readonly<Record<string, string | string[] | undefined>> | undefined): string {
  const given = headers?.[CORRELATION_ID_HEADER];
  // Only a short printable token is taken over, so a caller cannot push arbitrary text into every log line.
  return typeof given === 'string' && CORRELATION_ID.test(given) ? given : randomUUID();
}

/** The SDK turns a thrown error's message into the JSON-RPC error; anything but a deliberate McpError is logged and masked. */
async function masked<T>(logger: Logger, method: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof McpError) throw err;
    logger.error({ err, method }, 'MCP request failed');
    throw new McpError(ErrorCode.InternalError, 'Internal error');
  }
}

export function createToolServer(deps: ToolServerDeps): Server {
  const server = new Server(
    { name: deps.serverInfo.name, version: deps.serverInfo.version },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) =>
    masked(deps.logger, 'tools/list', async () => ({ tools: listToolsFor(deps, identityOf(extra.authInfo).role) })),
  );
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    masked(deps.logger, 'tools/call', () =>
      // Tracing seam: the MCP server span, continuing the caller's trace from `_meta` or the HTTP headers.
      traceMcpServerRequest(
        { method: 'tools/call', tool: request.params.name, requestId: extra.requestId, sessionId: extra.sessionId, carriers: [request.params._meta, extra.requestInfo?.headers] },
        () =>
          runToolCall(deps, {
            name: request.params.name,
            args: request.params.arguments,
            identity: identityOf(extra.authInfo),
            correlationId: correlationIdOf(extra.requestInfo?.headers),
            signal: extra.signal,
          }),
      ),
    ),
  );
  return server;
}
