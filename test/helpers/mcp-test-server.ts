// A real Streamable HTTP MCP server for tests (the SDK's McpServer per session), checking the service headers and binding sessions to them.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type CallToolResult, type ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

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
}

export interface McpTestServer {
  url: string;
  calls: RecordedCall[];
  /** Requests refused for missing or wrong service headers. */
  refused: number;
  initializeCount(userId?: string): number;
  sessionCount(): number;
  addTool(tool: TestTool): void;
  removeTool(name: string): void;
  /** The next tools/call of this tool is recorded as run, then its connection is dropped before any answer. */
  dropNextCall(name: string): void;
  /** Stops and listens again on the same port: every session is forgotten, as after a real restart. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  userId: string;
  tokenId: string;
  handles: Map<string, RegisteredTool>;
}

export interface McpTestServerOptions {
  secret: string;
  tools: TestTool[];
  /** Which tools a user may see, as the Operations server filters by role; all by default. */
  visibleTo?: (userId: string, tool: string) => boolean;
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

function listen(http: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve((http.address() as AddressInfo).port));
  });
}

export async function startMcpTestServer(options: McpTestServerOptions): Promise<McpTestServer> {
  const tools = new Map(options.tools.map((tool) => [tool.name, tool]));
  const sessions = new Map<string, Session>();
  const initializes: string[] = [];
  const calls: RecordedCall[] = [];
  const drops = new Set<string>();
  const visible = options.visibleTo ?? (() => true);
  let refused = 0;

  function register(session: Session, tool: TestTool): void {
    if (!visible(session.userId, tool.name)) return;
    const shape = Object.fromEntries((tool.fields ?? []).map((field) => [field, z.string()]));
    const handle = session.server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: shape, ...(tool.annotations ? { annotations: tool.annotations } : {}) },
      async (args: Record<string, unknown>, extra) => {
        const correlation = extra.requestInfo?.headers['x-correlation-id'];
        calls.push({ name: tool.name, args, userId: session.userId, tokenId: session.tokenId, correlationId: typeof correlation === 'string' ? correlation : undefined });
        return tool.run ? tool.run(args as Record<string, string>) : { content: [{ type: 'text', text: `${tool.name} ran` }] };
      },
    );
    session.handles.set(tool.name, handle);
  }

  async function openSession(userId: string, tokenId: string, req: IncomingMessage, res: ServerResponse, body: unknown) {
    const server = new McpServer({ name: 'test-mcp', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    const session: Session = { server, userId, tokenId, handles: new Map(), transport: undefined as unknown as StreamableHTTPServerTransport };
    for (const tool of tools.values()) register(session, tool);
    session.transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, session);
      },
    });
    session.transport.onclose = () => {
      if (session.transport.sessionId) sessions.delete(session.transport.sessionId);
    };
    initializes.push(userId);
    await server.connect(session.transport);
    await session.transport.handleRequest(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const userId = header(req, 'x-nexus-on-behalf-of');
    const tokenId = header(req, 'x-nexus-credential-id');
    if (header(req, 'authorization') !== `Bearer ${options.secret}` || !userId || !tokenId) {
      refused += 1;
      return json(res, 401, { error: { code: 'unauthorized', message: 'service credentials required' } });
    }
    const sessionId = header(req, 'mcp-session-id');
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    if (sessionId === undefined) {
      if (req.method === 'POST' && isInitializeRequest(body)) return openSession(userId, tokenId, req, res, body);
      return json(res, 400, { jsonrpc: '2.0', error: { code: -32000, message: 'Mcp-Session-Id header is required' }, id: null });
    }
    const session = sessions.get(sessionId);
    if (!session) return json(res, 404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
    if (session.userId !== userId || session.tokenId !== tokenId) return json(res, 403, { error: { code: 'forbidden', message: 'session of another identity' } });
    const call = body as { method?: string; params?: { name?: string; arguments?: Record<string, unknown> } } | undefined;
    if (call?.method === 'tools/call' && call.params?.name !== undefined && drops.delete(call.params.name)) {
      calls.push({ name: call.params.name, args: call.params.arguments ?? {}, userId, tokenId, correlationId: header(req, 'x-correlation-id') });
      req.socket.destroy();
      return;
    }
    await session.transport.handleRequest(req, res, body);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(err) });
    });
  });
  const port = await listen(http, 0);

  async function stop(): Promise<void> {
    const open = [...sessions.values()];
    sessions.clear();
    await Promise.all(open.map((session) => session.server.close()));
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    get refused() {
      return refused;
    },
    initializeCount: (userId) => initializes.filter((id) => userId === undefined || id === userId).length,
    sessionCount: () => sessions.size,
    addTool(tool) {
      tools.set(tool.name, tool);
      for (const session of sessions.values()) register(session, tool);
    },
    removeTool(name) {
      tools.delete(name);
      for (const session of sessions.values()) session.handles.get(name)?.remove();
    },
    dropNextCall: (name) => void drops.add(name),
    async restart() {
      await stop();
      await listen(http, port);
    },
    close: stop,
  };
}
