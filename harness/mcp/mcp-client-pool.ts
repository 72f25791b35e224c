// Keeps one MCP client per (server, user, credential): each request carries that identity's credentials, and the server filters tools by role.
import type { Logger } from 'pino';
import type { RunIdentity } from '../../shared/contracts/run-request.ts';
import { ON_BEHALF_OF_TOKEN_HEADER, ON_BEHALF_OF_USER_HEADER } from '../../shared/service-auth/service-headers.ts';
import type { ToolDefinition } from '../tools/tool-source.ts';
import { createMcpConnection, type McpConnection } from './mcp-connection.ts';
import { describeServer, type ResolvedMcpServer } from './mcp-servers.ts';

export interface McpClientPoolOptions {
  serviceSecret: string;
  logger: Logger;
  /** A client unused this long is closed by sweepIdle(). */
  idleMs: number;
  now?: () => number;
  clientInfo?: { name: string; version: string };
}

export interface ToolsChangedEvent {
  server: string;
  userId: string | undefined;
  tools: string[];
}

export interface McpServerStatus {
  name: string;
  transport: ResolvedMcpServer['transport'];
  target: string;
  clients: number;
  /** The protocol era the clients negotiated: `modern` is 2026-07-28, `legacy` a 2025 revision. */
  era: 'modern' | 'legacy' | undefined;
  /** Every tool some client of this server was last offered (each user sees the part their role allows). */
  tools: string[];
  lastError: string | undefined;
}

export interface McpClientPool {
  connection(server: ResolvedMcpServer, identity: RunIdentity): McpConnection;
  onToolsChanged(listener: (event: ToolsChangedEvent) => void): () => void;
  sweepIdle(): Promise<number>;
  status(servers: readonly ResolvedMcpServer[]): McpServerStatus[];
  close(): Promise<void>;
}

interface Entry {
  server: ResolvedMcpServer;
  connection: McpConnection;
  lastUsedAt: number;
}

function serverKey(server: ResolvedMcpServer): string {
  return `${server.name}\u0000${describeServer(server)}`;
}

/** Servers that get no credentials (stdio, or `auth: none`) are shared by every identity. */
function bindsIdentity(server: ResolvedMcpServer): boolean {
  return server.transport === 'http' && server.auth === 'service';
}

export function createMcpClientPool(options: McpClientPoolOptions): McpClientPool {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const listeners = new Set<(event: ToolsChangedEvent) => void>();
  const clientInfo = options.clientInfo ?? { name: 'nexus-harness', version: '0.1.0' };

  const headersFor = (server: ResolvedMcpServer, identity: RunIdentity): Record<string, string> =>
    bindsIdentity(server)
      ? {
          authorization: `Bearer ${options.serviceSecret}`,
          [ON_BEHALF_OF_USER_HEADER]: identity.userId,
          [ON_BEHALF_OF_TOKEN_HEADER]: identity.tokenId,
        }
      : {};

  return {
    connection(server, identity) {
      const userId = bindsIdentity(server) ? identity.userId : undefined;
      const key = `${serverKey(server)}\u0000${userId === undefined ? '' : `${userId}\u0000${identity.tokenId}`}`;
      let entry = entries.get(key);
      if (!entry) {
        const connection = createMcpConnection({
          server,
          headers: headersFor(server, identity),
          logger: options.logger,
          clientInfo,
          onToolsChanged: (tools: ToolDefinition[]) => {
            const event = { server: server.name, userId, tools: tools.map((tool) => tool.name) };
            for (const listener of listeners) listener(event);
          },
        });
        entry = { server, connection, lastUsedAt: now() };
        entries.set(key, entry);
      }
      entry.lastUsedAt = now();
      return entry.connection;
    },
    onToolsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async sweepIdle() {
      const cutoff = now() - options.idleMs;
      const idle = [...entries].filter(([, entry]) => entry.lastUsedAt < cutoff);
      for (const [key] of idle) entries.delete(key);
      await Promise.all(idle.map(([, entry]) => entry.connection.close()));
      return idle.length;
    },
    status(servers) {
      return servers.map((server) => {
        const mine = [...entries.values()].filter((entry) => serverKey(entry.server) === serverKey(server)).map((entry) => entry.connection.info());
        return {
          name: server.name,
          transport: server.transport,
          target: describeServer(server),
          clients: mine.length,
          era: mine.map((info) => info.era).find((era) => era !== undefined),
          tools: [...new Set(mine.flatMap((info) => info.tools ?? []))].sort(),
          lastError: mine.map((info) => info.lastError).find((error) => error !== undefined),
        };
      });
    },
    async close() {
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(all.map((entry) => entry.connection.close()));
    },
  };
}
