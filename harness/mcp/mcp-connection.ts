// One MCP client for one server and one credential: connects lazily, caches the tool list, and re-initialises when the server forgot it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
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
  /** The tool is annotated idempotent or read-only, so running it twice is harmless. */
  repeatable: boolean;
}

export interface McpConnection {
  tools(): Promise<ToolDefinition[]>;
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<ToolResult>;
  /** The names of the last listing (undefined before one succeeded) and the last transport problem. */
  info(): { connected: boolean; tools: string[] | undefined; lastError: string | undefined };
  close(): Promise<void>;
}

interface Session {
  client: Client;
  transport: Transport;
  stale: boolean;
}

// The graph enforces each call's deadline and cancels through the signal, so the SDK's own request timer must not fire first.
const NO_SDK_TIMEOUT = 2_147_483_647;
const LIST_TIMEOUT_MS = 15_000;
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

async function listAll(client: Client): Promise<ToolDefinition[]> {
  const tools: ToolDefinition[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: LIST_TIMEOUT_MS });
    tools.push(...page.tools.map(toDefinition));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

function toResult(result: Awaited<ReturnType<Client['callTool']>>): ToolResult {
  const out: ToolResult = { content: (Array.isArray(result.content) ? result.content : []) as ContentBlock[] };
  if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
  if (result.isError === true) out.isError = true;
  if (result._meta !== undefined) out._meta = result._meta;
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
    // A session this client already let go of (closed when idle, replaced on reconnect) is no news.
    if (target !== session) return;
    lastError = reason;
    logger.info({ server: server.name, reason }, 'MCP session lost; the next request re-initialises it');
  };

  const remember = (tools: ToolDefinition[]) => {
    cache = tools;
    options.onToolsChanged(tools);
    return tools;
  };

  // Runs after the server says its tools changed; a failure leaves the old list and marks the session for re-initialising.
  const refresh = async (target: Session) => {
    if (target !== session || target.stale) return;
    try {
      remember(await listAll(target.client));
    } catch (err) {
      if (transportFailure(err)) markStale(target, (err as Error).message);
      logger.warn({ server: server.name, err: (err as Error).message }, 'refreshing the MCP tool list failed');
    }
  };

  async function open(): Promise<Session> {
    const previous = session;
    session = undefined;
    cache = undefined;
    if (previous) await previous.client.close().catch(() => undefined);
    const transport = newTransport(server, options.headers);
    // Set once initialize succeeded; notifications and errors before that belong to no session yet.
    let created: Session | undefined;
    const onToolsChanged = () => {
      const target = created;
      if (target) refreshing = refreshing.then(() => refresh(target));
    };
    const client = new Client(options.clientInfo, {
      listChanged: { tools: { autoRefresh: false, debounceMs: 20, onChanged: onToolsChanged } },
    });
    // The standalone SSE stream fails this way when the server restarted, before any request notices.
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
    created = { client, transport, stale: false };
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
   * One re-initialise and one more attempt, only when the failure shows the request never reached a tool (the server
   * forgot the session, or nothing listened) or when repeating it is harmless; otherwise the failure is reported.
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
      if (cache && session && !session.stale) return cache;
      return withSession(async (target) => remember(await listAll(target.client)), true);
    },
    async callTool(name, args, call) {
      const run = () =>
        withSession(
          async (target) => toResult(await target.client.callTool({ name, arguments: args }, undefined, { signal: call.signal, timeout: NO_SDK_TIMEOUT })),
          call.repeatable,
        );
      return call.correlationId === undefined ? run() : correlation.run(call.correlationId, run);
    },
    info: () => ({ connected: session !== undefined && !session.stale, tools: cache?.map((tool) => tool.name), lastError }),
    async close() {
      const current = session;
      session = undefined;
      cache = undefined;
      if (!current) return;
      // Ending the session politely frees it on the server at once instead of when it idles out.
      if (current.transport instanceof StreamableHTTPClientTransport && !current.stale) {
        await current.transport.terminateSession().catch(() => undefined);
      }
      await current.client.close().catch(() => undefined);
    },
  };
}
