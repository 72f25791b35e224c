// One MCP client for one server and one credential: connects lazily (2026-07-28 first, else the 2025 era), caches the tool list, follows list_changed, reconnects.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Client,
  StreamableHTTPClientTransport,
  TRACEPARENT_META_KEY,
  type CallToolResult,
  type McpSubscription,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Logger } from 'pino';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import type { ContentBlock } from '../../shared/contracts/tool-call-record.ts';
import { CORRELATION_ID_HEADER } from '../../shared/service-auth/service-headers.ts';
import { traceMcpClientRequest } from '../../shared/telemetry/mcp-spans.ts';
import type { ToolDefinition, ToolResult } from '../tools/tool-source.ts';
import { transportFailure } from './mcp-failures.ts';
import { describeServer, stdioEnvironment, type ResolvedMcpServer } from './mcp-servers.ts';

export interface McpConnectionOptions {
  server: ResolvedMcpServer;
  /** Sent with every HTTP request of this client (the credentials of the identity it belongs to). */
  headers: Record<string, string>;
  logger: Logger;
  clientInfo: { name: string; version: string };
  onToolsChanged: (tools: ToolDefinition[]) => void;
}

export interface McpCallOptions {
  signal: AbortSignal;
  correlationId?: string;
  /** The caller's W3C trace context, carried in the request's `_meta` as the 2026-07-28 revision defines. */
  traceparent?: string;
  /** The tool is annotated idempotent or read-only, so running it twice is harmless. */
  repeatable: boolean;
}

export interface McpConnection {
  tools(): Promise<ToolDefinition[]>;
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<ToolResult>;
  /** The names of the last listing (undefined before one succeeded), the last transport problem, and the era spoken. */
  info(): { connected: boolean; era: 'modern' | 'legacy' | undefined; tools: string[] | undefined; lastError: string | undefined };
  close(): Promise<void>;
}

interface Session {
  client: Client;
  transport: Transport;
  /** Only a server that pushes list_changed to this client lets the cached list stand until told otherwise. */
  pushesChanges: boolean;
  subscription: McpSubscription | undefined;
  stale: boolean;
}

// The graph enforces each call's deadline and cancels through the signal, so the SDK's own request timer must not fire first.
const NO_SDK_TIMEOUT = 2_147_483_647;
const LIST_TIMEOUT_MS = 15_000;
const PROTOCOL_META_PREFIX = 'io.modelcontextprotocol/';
const correlation = new AsyncLocalStorage<string>();

/**
 * A fresh connection per request (pipelining 0 turns keep-alive off). A pooled socket that a restarted server closed
 * fails the next request exactly like a crash in the middle of a call, so a write could not be repeated; on a fresh
 * socket a restart shows as "session unknown" (404) or "refused", both proof that nothing ran. The explicit
 * dispatcher also keeps HTTP(S)_PROXY away from these calls.
 */
const dispatcher = new Agent({ pipelining: 0 });

/** Adds the run's correlation id to the one request being sent; the transport's fixed headers cannot vary per call. */
const correlatedFetch = ((input: string | URL, init?: RequestInit) => {
  const headers = new Headers(init?.headers);
  const id = correlation.getStore();
  if (id !== undefined) headers.set(CORRELATION_ID_HEADER, id);
  const plain = Object.fromEntries(headers);
  // Tracing seam: the MCP client span of this request; the HTTP instrumentation sends its traceparent.
  return traceMcpClientRequest(plain, init?.body, () => undiciFetch(input, { ...(init as UndiciRequestInit), headers: plain, dispatcher }));
}) as unknown as typeof fetch;

function toDefinition(tool: Tool): ToolDefinition {
  const definition: ToolDefinition = { name: tool.name, description: tool.description ?? tool.title ?? '', inputSchema: tool.inputSchema as Record<string, unknown> };
  if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema as Record<string, unknown>;
  if (tool.annotations !== undefined) definition.annotations = tool.annotations as Record<string, unknown>;
  return definition;
}

/**
 * Every page of the listing. A server that pushes no list_changed is asked each time; the SDK's response cache then
 * answers within the `ttlMs` that server gave, so its own freshness promise decides how often the wire is used.
 */
async function listAll(target: Session): Promise<ToolDefinition[]> {
  const cacheMode = target.pushesChanges ? 'refresh' : 'use';
  const { tools } = await target.client.listTools(undefined, { timeout: LIST_TIMEOUT_MS, cacheMode });
  return tools.map(toDefinition);
}

/** The protocol's own `_meta` keys (the 2026-07-28 server stamps its identity on every result) are wire bookkeeping, not tool output. */
function toolMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  const kept = Object.entries(meta).filter(([key]) => !key.startsWith(PROTOCOL_META_PREFIX));
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

function toResult(result: CallToolResult): ToolResult {
  const out: ToolResult = { content: (Array.isArray(result.content) ? result.content : []) as ContentBlock[] };
  if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
  if (result.isError === true) out.isError = true;
  const meta = toolMeta(result._meta);
  if (meta !== undefined) out._meta = meta;
  return out;
}

function newTransport(server: ResolvedMcpServer, headers: Record<string, string>): Transport {
  if (server.transport === 'stdio') {
    const params = { command: server.command, args: server.args, env: stdioEnvironment(server.envFrom), stderr: 'inherit' as const };
    return new StdioClientTransport(server.cwd === undefined ? params : { ...params, cwd: server.cwd });
  }
  return new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers }, fetch: correlatedFetch });
}

export function createMcpConnection(options: McpConnectionOptions): McpConnection {
  const { server, logger } = options;
  const where = describeServer(server);
  let session: Session | undefined;
  let opening: Promise<Session> | undefined;
  let cache: ToolDefinition[] | undefined;
  let lastError: string | undefined;
  let refreshing: Promise<void> = Promise.resolve();

  const markStale = (target: Session, reason: string) => {
    if (target.stale) return;
    target.stale = true;
    // A connection this client already let go of (closed when idle, replaced on reconnect) is no news.
    if (target !== session) return;
    lastError = reason;
    logger.info({ server: server.name, reason }, 'MCP connection lost; the next request reconnects');
  };

  const remember = (tools: ToolDefinition[]) => {
    cache = tools;
    options.onToolsChanged(tools);
    return tools;
  };

  // Runs after the server says its tools changed; a failure leaves the old list and marks the connection for reconnecting.
  const refresh = async (target: Session) => {
    if (target !== session || target.stale) return;
    try {
      remember(await listAll(target));
    } catch (err) {
      if (transportFailure(err)) markStale(target, (err as Error).message);
      logger.warn({ server: server.name, err: (err as Error).message }, 'refreshing the MCP tool list failed');
    }
  };

  /**
   * A 2026-07-28 server pushes list_changed only on a subscriptions/listen stream; a 2025 server sends it unasked on its
   * own stream. A listen stream that ends unasked means the server went away, so the next request reconnects and listens again.
   */
  async function follow(created: Session): Promise<void> {
    if (created.client.getServerCapabilities()?.tools?.listChanged !== true) return;
    if (created.client.getProtocolEra() !== 'modern') {
      created.pushesChanges = true;
      return;
    }
    try {
      created.subscription = await created.client.listen({ toolsListChanged: true }, { timeout: LIST_TIMEOUT_MS });
    } catch (err) {
      logger.warn({ server: server.name, err: (err as Error).message }, 'subscriptions/listen failed; the tool list is re-read on every run');
      return;
    }
    created.pushesChanges = true;
    void created.subscription.closed.then((how) => {
      if (how !== 'local') markStale(created, `the server ended the subscriptions/listen stream (${how})`);
    });
  }

  async function open(): Promise<Session> {
    const previous = session;
    session = undefined;
    cache = undefined;
    if (previous) await previous.client.close().catch(() => undefined);
    const transport = newTransport(server, options.headers);
    // Set once connected; notifications and errors before that belong to no connection yet.
    let created: Session | undefined;
    const client = new Client(options.clientInfo, { versionNegotiation: { mode: 'auto' } });
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      const target = created;
      if (target) refreshing = refreshing.then(() => refresh(target));
    });
    // A 2025 server's standalone SSE stream fails this way when the server restarted, before any request notices.
    client.onerror = (err) => {
      const failure = transportFailure(err);
      if (created && (failure === 'session_gone' || failure === 'unreachable')) markStale(created, err.message);
    };
    client.onclose = () => {
      if (created) markStale(created, 'the connection closed');
    };
    try {
      await client.connect(transport);
    } catch (err) {
      lastError = (err as Error).message;
      await client.close().catch(() => undefined);
      throw new Error(`cannot connect to MCP server "${server.name}" (${where}): ${lastError}`);
    }
    created = { client, transport, pushesChanges: false, subscription: undefined, stale: false };
    await follow(created);
    session = created;
    lastError = undefined;
    return created;
  }

  function ensure(): Promise<Session> {
    if (session && !session.stale) return Promise.resolve(session);
    opening ??= open().finally(() => {
      opening = undefined;
    });
    return opening;
  }

  /**
   * One reconnect and one more attempt, only when the failure shows the request never reached a tool (the server
   * forgot a 2025 session, or nothing listened) or when repeating it is harmless; otherwise the failure is reported.
   */
  async function withSession<T>(work: (target: Session) => Promise<T>, repeatable: boolean): Promise<T> {
    const first = await ensure();
    try {
      return await work(first);
    } catch (err) {
      const failure = transportFailure(err);
      if (failure === undefined) throw err;
      markStale(first, (err as Error).message);
      if (failure === 'connection_lost' && !repeatable) {
        throw new Error(`the connection to MCP server "${server.name}" broke during the call; its outcome is unknown, so it was not repeated`);
      }
      return work(await ensure());
    }
  }

  return {
    async tools() {
      if (cache && session && !session.stale && session.pushesChanges) return cache;
      return withSession(async (target) => remember(await listAll(target)), true);
    },
    async callTool(name, args, call) {
      const params = call.traceparent === undefined ? { name, arguments: args } : { name, arguments: args, _meta: { [TRACEPARENT_META_KEY]: call.traceparent } };
      const run = () =>
        withSession(async (target) => toResult(await target.client.callTool(params, { signal: call.signal, timeout: NO_SDK_TIMEOUT })), call.repeatable);
      return call.correlationId === undefined ? run() : correlation.run(call.correlationId, run);
    },
    info: () => ({
      connected: session !== undefined && !session.stale,
      era: session?.client.getProtocolEra(),
      tools: cache?.map((tool) => tool.name),
      lastError,
    }),
    async close() {
      const current = session;
      session = undefined;
      cache = undefined;
      if (!current) return;
      await current.subscription?.close().catch(() => undefined);
      // Ending a 2025 session politely frees it on the server at once instead of when it idles out; modern has none.
      if (current.transport instanceof StreamableHTTPClientTransport && current.transport.sessionId !== undefined && !current.stale) {
        await current.transport.terminateSession().catch(() => undefined);
      }
      await current.client.close().catch(() => undefined);
    },
  };
}
