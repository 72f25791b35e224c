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
}

export interface SessionRegistry {
  get(sessionId: string): Session | undefined;
  /** Answers an initialize request on a fresh session, which is kept only if the transport accepted it. */
  initialize(owner: SessionOwner, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  notifyToolsChanged(): void;
  closeAll(): Promise<void>;
}

export interface SessionRegistryDeps {
  readonly newServer: () => Server;
  readonly logger: Logger;
}

export function createSessionRegistry(deps: SessionRegistryDeps): SessionRegistry {
  const sessions = new Map<string, Session & { readonly server: Server }>();

  return {
    get: (sessionId) => sessions.get(sessionId),

    async initialize(owner, req, res, body) {
      const server = deps.newServer();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          sessions.set(sessionId, { transport, server, owner });
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

    async closeAll() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close()));
    },
  };
}
