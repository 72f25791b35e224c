// The Operations MCP server: a node:http listener serving Streamable HTTP at /mcp (stateful sessions) and /health.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { ToolCatalog } from '../plugins/define-tool.ts';
import type { AccessPolicy, Authenticator } from '../identity/identity.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { sendError, sendJson } from './http-replies.ts';
import { createMcpEndpoint } from './mcp-endpoint.ts';
import { createRequestGuard } from './request-guard.ts';
import { createSessionRegistry, type SessionRegistry } from './session-registry.ts';
import { createToolServer } from './tool-server.ts';

export interface McpHostOptions {
  readonly catalog: ToolCatalog;
  readonly authenticator: Authenticator;
  readonly access: AccessPolicy;
  readonly logger: Logger;
  readonly host: string;
  /** 0 picks a free port; start() reports the real one. */
  readonly port: number;
  /** Browser origins allowed besides this server's own loopback origins. */
  readonly allowedOrigins: readonly string[];
  /** Host header values to accept; `127.0.0.1:<port>`, `localhost:<port>` and `[::1]:<port>` when absent. */
  readonly allowedHosts?: readonly string[];
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** Sessions without a request for this long are closed (clients re-initialize on the 404 that follows). */
  readonly sessionIdleMs?: number;
  readonly maxSessionsPerOwner?: number;
  /** Clock for idle expiry; tests inject one. */
  readonly now?: () => number;
}

export interface McpHost {
  start(): Promise<{ url: string }>;
  /** Runs on a timer too; returns how many sessions were closed. */
  closeIdleSessions(): Promise<number>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;
const DEFAULT_SESSION_IDLE_MS = 60 * 60 * 1000;
const DEFAULT_MAX_SESSIONS_PER_OWNER = 32;

interface Running {
  readonly http: HttpServer;
  readonly sessions: SessionRegistry;
  readonly unsubscribe: () => void;
  readonly sweeper: NodeJS.Timeout;
}

function listen(http: HttpServer, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve((http.address() as AddressInfo).port);
    });
  });
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export function createMcpHost(options: McpHostOptions): McpHost {
  const { logger } = options;
  let running: Running | undefined;

  return {
    async start() {
      if (running !== undefined) throw new Error('the MCP host is already started');
      const http = createServer();
      const port = await listen(http, options.host, options.port);
      const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
      const sessions = createSessionRegistry({
        newServer: () => createToolServer(options),
        logger,
        idleTimeoutMs: idleMs,
        maxSessionsPerOwner: options.maxSessionsPerOwner ?? DEFAULT_MAX_SESSIONS_PER_OWNER,
        now: options.now,
      });
      const sweeper = setInterval(() => {
        sessions.closeIdle().then(
          (closed) => closed > 0 && logger.info({ closed }, 'closed idle MCP sessions'),
          (err: unknown) => logger.warn({ err }, 'closing idle MCP sessions failed'),
        );
      }, Math.min(idleMs, 60_000)).unref();
      const endpoint = createMcpEndpoint({
        guard: createRequestGuard({ port, allowedHosts: options.allowedHosts, allowedOrigins: options.allowedOrigins }),
        authenticator: options.authenticator,
        sessions,
        logger,
        maxBodyBytes: MAX_BODY_BYTES,
      });
      const route = async (req: IncomingMessage, res: ServerResponse) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path === '/mcp') return endpoint(req, res);
        if (path === '/health' && req.method === 'GET') return sendJson(res, 200, { status: 'ok' });
        return sendError(res, kernelErrors.route_not_found());
      };
      http.on('request', (req: IncomingMessage, res: ServerResponse) => {
        route(req, res).catch((err: unknown) => {
          logger.error({ err, url: req.url, method: req.method }, 'MCP host request failed');
          if (res.headersSent) res.destroy();
          else sendError(res, kernelErrors.internal_error());
        });
      });
      const unsubscribe = options.catalog.onChange(() => sessions.notifyToolsChanged());
      running = { http, sessions, unsubscribe, sweeper };
      return { url: `http://${urlHost(options.host)}:${port}/mcp` };
    },

    closeIdleSessions: async () => (running === undefined ? 0 : running.sessions.closeIdle()),

    async close() {
      if (running === undefined) return;
      const { http, sessions, unsubscribe, sweeper } = running;
      running = undefined;
      unsubscribe();
      clearInterval(sweeper);
      const stopped = new Promise<void>((resolve, reject) => http.close((err) => (err ? reject(err) : resolve())));
      // Closing the sessions ends their open SSE streams; what is left are idle keep-alive sockets.
      await sessions.closeAll();
      http.closeAllConnections();
      await stopped;
    },
  };
}
