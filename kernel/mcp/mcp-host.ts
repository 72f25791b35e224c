// The Operations MCP server: a node:http listener serving Streamable HTTP at /mcp (stateless, both protocol eras) and /health.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { ToolCatalog } from '../plugins/define-tool.ts';
import type { AccessPolicy, Authenticator } from '../identity/identity.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { sendError, sendJson } from './http-replies.ts';
import { createMcpEndpoint } from './mcp-endpoint.ts';
import { createRequestGuard } from './request-guard.ts';
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
  /** The `ttlMs` on tools/list for 2026-07-28 clients: 0 (the default) when plugins may hot-load, so nobody trusts a stale list. */
  readonly toolsListTtlMs?: number;
}

export interface McpHost {
  start(): Promise<{ url: string }>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

interface Running {
  readonly http: HttpServer;
  readonly handler: McpHttpHandler;
  readonly unsubscribe: () => void;
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
      const toolServer = { ...options, toolsListTtlMs: options.toolsListTtlMs ?? 0 };
      // One handler for both eras: 2026-07-28 requests natively, 2025-era ones through the SDK's stateless lane.
      const handler = createMcpHandler((request) => createToolServer(toolServer, request), {
        legacy: 'stateless',
        maxRequestBodySize: MAX_BODY_BYTES,
        onerror: (err) => logger.debug({ err: err.message }, 'MCP request refused'),
      });
      const endpoint = createMcpEndpoint({
        guard: createRequestGuard({ port, allowedHosts: options.allowedHosts, allowedOrigins: options.allowedOrigins }),
        authenticator: options.authenticator,
        serve: toNodeHandler(handler, {
          maxRequestBodySize: MAX_BODY_BYTES,
          onerror: (err) => logger.error({ err }, 'MCP handler failed'),
        }),
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
      // Reaches the subscriptions/listen streams open on this process; every copy watches the same plugins and publishes alike.
      const unsubscribe = options.catalog.onChange(() => handler.notify.toolsChanged());
      running = { http, handler, unsubscribe };
      return { url: `http://${urlHost(options.host)}:${port}/mcp` };
    },

    async close() {
      if (running === undefined) return;
      const { http, handler, unsubscribe } = running;
      running = undefined;
      unsubscribe();
      const stopped = new Promise<void>((resolve, reject) => http.close((err) => (err ? reject(err) : resolve())));
      // Closing the handler ends open listen streams with their graceful result; what is left are idle keep-alive sockets.
      await handler.close();
      http.closeAllConnections();
      await stopped;
    },
  };
}
