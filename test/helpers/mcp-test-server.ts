// A real Streamable HTTP MCP server for tests, checking the service headers: a 2026-07-28 stateless one, or a sessionful 2025-era one.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  isInitializeRequest,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type AuthInfo,
  type CallToolResult,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';

export interface TestTool {
  name: string;
  description: string;
  /** Properties of the object input schema; every one is a required string. */
  fields?: string[];
  annotations?: ToolAnnotations;
  run?: (args: Record<string, string>) => CallToolResult;
}

export interface RecordedCall {
  name: string;
  args: Record<string, unknown>;
  userId: string;
  tokenId: string;
  correlationId: string | undefined;
  /** The `traceparent` the request carried in `_meta`. */
  traceparent: string | undefined;
}

export interface McpTestServer {
  url: string;
  calls: RecordedCall[];
  /** Requests refused for missing or wrong service headers. */
  refused: number;
  /** How often a client opened a connection: `initialize` on the 2025 era, `server/discover` on 2026-07-28. */
  handshakeCount(userId?: string): number;
  /** Live 2025-era sessions (always 0 on the stateless 2026-07-28 server). */
  sessionCount(): number;
  addTool(tool: TestTool): void;
  removeTool(name: string): void;
  /** The next tools/call of this tool is recorded as run, then its connection is dropped before any answer. */
  dropNextCall(name: string): void;
  /** Stops and listens again on the same port: every session and stream is forgotten, as after a real restart. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface McpTestServerOptions {
  secret: string;
  tools: TestTool[];
  /** `modern`: one stateless handler for 2026-07-28 (and 2025 through its stateless lane); `legacy`: 2025 sessions only. */
  era?: 'modern' | 'legacy';
  /** Which tools a user may see, as the Operations server filters by role; all by default. */
  visibleTo?: (userId: string, tool: string) => boolean;
}

interface Caller {
  userId: string;
  tokenId: string;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function listen(http: HttpServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve((http.address() as AddressInfo).port));
  });
}

export async function startMcpTestServer(options: McpTestServerOptions): Promise<McpTestServer> {
  const era = options.era ?? 'modern';
  const tools = new Map(options.tools.map((tool) => [tool.name, tool]));
  const sessions = new Map<string, { transport: NodeStreamableHTTPServerTransport; server: Server; caller: Caller }>();
  const handshakes: string[] = [];
  const calls: RecordedCall[] = [];
  const drops = new Set<string>();
  const visible = options.visibleTo ?? (() => true);
  let refused = 0;

  function buildServer(caller: Caller): Server {
    const server = new Server({ name: 'test-mcp', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    server.setRequestHandler('tools/list', () => ({
      tools: [...tools.values()]
        .filter((tool) => visible(caller.userId, tool.name))
        .map((tool) => ({
          name: tool.name,
          description: tool.description,
          inputSchema: {
            type: 'object' as const,
            properties: Object.fromEntries((tool.fields ?? []).map((field) => [field, { type: 'string' }])),
            required: tool.fields ?? [],
          },
          ...(tool.annotations ? { annotations: tool.annotations } : {}),
        })),
    }));
    server.setRequestHandler('tools/call', (request, ctx) => {
      const tool = tools.get(request.params.name);
      if (tool === undefined || !visible(caller.userId, tool.name)) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      }
      const args = request.params.arguments ?? {};
      const traceparent = ctx.mcpReq._meta?.['traceparent'];
      const correlationId = ctx.http?.req?.headers.get('x-correlation-id') ?? undefined;
      calls.push({ name: tool.name, args, ...caller, correlationId, traceparent: typeof traceparent === 'string' ? traceparent : undefined });
      return tool.run ? tool.run(args as Record<string, string>) : { content: [{ type: 'text', text: `${tool.name} ran` }] };
    });
    return server;
  }

  const callerOf = (auth: AuthInfo | undefined): Caller => auth?.extra?.['caller'] as Caller;
  const modern = createMcpHandler((ctx) => buildServer(callerOf(ctx.authInfo)));
  const serveModern = toNodeHandler(modern);

  async function serveLegacy(caller: Caller, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId === undefined) {
      if (req.method !== 'POST' || !isInitializeRequest(body)) {
        return json(res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'Mcp-Session-Id header is required' }, id: null });
      }
      const server = buildServer(caller);
      const transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, { transport, server, caller }),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      return transport.handleRequest(req, res, body);
    }
    const session = sessions.get(sessionId);
    if (!session) return json(res, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
    if (session.caller.userId !== caller.userId || session.caller.tokenId !== caller.tokenId) {
      return json(res, 403, { error: { code: 'forbidden', message: 'session of another identity' } });
    }
    return session.transport.handleRequest(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const userId = header(req, 'x-nexus-on-behalf-of');
    const tokenId = header(req, 'x-nexus-credential-id');
    if (header(req, 'authorization') !== `Bearer ${options.secret}` || !userId || !tokenId) {
      refused += 1;
      return json(res, 401, { error: { code: 'unauthorized', message: 'service credentials required' } });
    }
    const caller = { userId, tokenId };
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const message = body as { method?: string; params?: { name?: string; arguments?: Record<string, unknown> } } | undefined;
    // A 2026-07-28 client's probe reaches a 2025 server too before it falls back; only the handshake of the server's own era counts.
    if (message?.method === (era === 'legacy' ? 'initialize' : 'server/discover')) handshakes.push(userId);
    if (message?.method === 'tools/call' && message.params?.name !== undefined && drops.delete(message.params.name)) {
      calls.push({ name: message.params.name, args: message.params.arguments ?? {}, ...caller, correlationId: header(req, 'x-correlation-id'), traceparent: undefined });
      req.socket.destroy();
      return;
    }
    if (era === 'legacy') return serveLegacy(caller, req, res, body);
    const authed = req as IncomingMessage & { auth?: AuthInfo };
    authed.auth = { token: tokenId, clientId: userId, scopes: [], extra: { caller } };
    return serveModern(authed, res, body);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(err) });
    });
  });
  const port = await listen(http, 0);

  const toolsChanged = () => {
    modern.notify.toolsChanged();
    for (const { server } of sessions.values()) void server.sendToolListChanged().catch(() => undefined);
  };

  async function stop(): Promise<void> {
    const open = [...sessions.values()];
    sessions.clear();
    await Promise.all(open.map((session) => session.server.close()));
    // Drops listen streams without their graceful result, as a crashed or restarted server would.
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    get refused() {
      return refused;
    },
    handshakeCount: (userId) => handshakes.filter((id) => userId === undefined || id === userId).length,
    sessionCount: () => sessions.size,
    addTool(tool) {
      tools.set(tool.name, tool);
      toolsChanged();
    },
    removeTool(name) {
      tools.delete(name);
      toolsChanged();
    },
    dropNextCall: (name) => void drops.add(name),
    async restart() {
      await stop();
      await listen(http, port);
    },
    async close() {
      await stop();
      await modern.close();
    },
  };
}
