// The live MCP sessions of this process, each a Server and its Streamable HTTP transport, bound to the identity that opened it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** Who opened a session: the user and the credential; the role is not part of it, since it is re-read on every request. */
export interface SessionOwner {
  readonly userId: string;
  readonly tokenId: string;
}

export interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly owner: SessionOwner;
  /** Last request on the session, for idle expiry. */
  lastSeenAt: number;
}

export interface SessionRegistry {
  get(sessionId: string): Session | undefined;
  /** Answers an initialize request on a fresh session, which is kept only if the transport accepted it. */
  initialize(owner: SessionOwner, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  notifyToolsChanged(): void;
  /** Closes sessions idle longer than the timeout; clients that come back get 404 and initialize again. */
  closeIdle(): Promise<number>;
  closeAll(): Promise<void>;
}

export interface SessionRegistryDeps {
  readonly newServer: () => Server;
  readonly logger: Logger;
  readonly idleTimeoutMs: number;
  /** Sessions one identity may hold; opening one more closes its least recently used. */
  readonly maxSessionsPerOwner: number;
  readonly now?: () => number;
}

export function createSessionRegistry(deps: SessionRegistryDeps): SessionRegistry {
  const sessions = new Map<string, Session & { readonly server: Server }>();
  const now = deps.now ?? Date.now;

  const evictOldestOf = async (owner: SessionOwner) => {
    const mine = [...sessions.values()].filter((x) => x.owner.userId === owner.userId && x.owner.tokenId === owner.tokenId);
    if (mine.length < deps.maxSessionsPerOwner) return;
    const oldest = mine.sort((a, b) => a.lastSeenAt - b.lastSeenAt)[0];
    await oldest?.server.close();
  };

  return {
    get: (sessionId) => {
      const session = sessions.get(sessionId);
      if (session) session.lastSeenAt = now();
      return session;
    },

    async initialize(owner, req, res, body) {
      await evictOldestOf(owner);
      const server = deps.newServer();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          sessions.set(sessionId, { transport, server, owner, lastSeenAt: now() });
        },
      });
      // Fires for DELETE, for closeAll and for a failed initialize alike.
      server.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      server.onerror = (err) => deps.logger.debug({ err, sessionId: transport.sessionId }, 'MCP transport error');
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      if (transport.sessionId === undefined) await server.close();
    },

    notifyToolsChanged() {
      for (const [sessionId, { server }] of sessions) {
        server.sendToolListChanged().catch((err: unknown) => {
          deps.logger.warn({ err, sessionId }, 'could not send tools/list_changed');
        });
      }
    },

    async closeIdle() {
      const cutoff = now() - deps.idleTimeoutMs;
      const idle = [...sessions.values()].filter((x) => x.lastSeenAt < cutoff);
      await Promise.all(idle.map(({ server }) => server.close()));
      return idle.length;
    },

    async closeAll() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()));
    },
  };
}
