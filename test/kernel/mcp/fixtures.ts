// In-test fakes of the MCP host's ports (catalog, authenticator, access policy) and helpers to boot the host and connect to it.
import pino from 'pino';
import { Type } from 'typebox';
import { Client, StreamableHTTPClientTransport, type FetchLike } from '@modelcontextprotocol/client';
import {
  defineTool,
  type CatalogTool,
  type ToolCatalog,
  type ToolDefinition,
} from '../../../kernel/plugins/define-tool.ts';
import type { AccessPolicy, Authenticator, Identity } from '../../../kernel/identity/identity.ts';
import { defineErrors } from '../../../shared/errors/app-error.ts';
import { kernelErrors } from '../../../kernel/errors/kernel-errors.ts';
import type { Kernel } from '../../../kernel/boot/create-kernel.ts';
import { createMcpHost, type McpHostOptions } from '../../../kernel/mcp/mcp-host.ts';

const demoErrors = defineErrors({
  device_offline: { status: 409, message: 'The device is offline.' },
});

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const echoTool = defineTool({
  name: 'demo_echo',
  description: 'Repeats the given text.',
  inputSchema: Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  annotations: readOnly,
  handler: async ({ text }) => `echo: ${text}`,
});

export const statusTool = defineTool({
  name: 'demo_status',
  title: 'Device status',
  description: 'Reports a device status and who asked.',
  inputSchema: Type.Object({ deviceId: Type.String() }),
  outputSchema: Type.Object({
    deviceId: Type.String(),
    online: Type.Boolean(),
    userId: Type.String(),
    correlationId: Type.String(),
  }),
  annotations: { ...readOnly, title: 'Device status', openWorldHint: true },
  handler: async ({ deviceId }, ctx) => ({
    deviceId,
    online: true,
    userId: ctx.identity.userId,
    correlationId: ctx.correlationId,
  }),
});

export const failingTool = defineTool({
  name: 'demo_fail',
  description: 'Always fails with an expected error.',
  inputSchema: Type.Object({ deviceId: Type.String() }),
  outputSchema: Type.Object({ ok: Type.Boolean() }),
  annotations: { ...readOnly, readOnlyHint: false, idempotentHint: false },
  handler: async ({ deviceId }) => {
    throw demoErrors.device_offline({ deviceId });
  },
});

export const SECRET_IN_ERROR = 'mongodb://admin:s3cret@db.internal';

export const explodingTool = defineTool({
  name: 'demo_explode',
  description: 'Fails with an unexpected error.',
  inputSchema: Type.Object({}),
  annotations: readOnly,
  handler: async () => {
    throw new Error(`connection to ${SECRET_IN_ERROR} refused`);
  },
});

export const resetTool = defineTool({
  name: 'demo_admin_reset',
  description: 'Resets everything; admins only.',
  inputSchema: Type.Object({}),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  handler: async () => 'reset',
});

export const extraTool = defineTool({
  name: 'demo_extra',
  description: 'Appears when a plugin is loaded later.',
  inputSchema: Type.Object({}),
  annotations: readOnly,
  handler: async () => 'extra',
});

export interface FakeCatalog extends ToolCatalog {
  add(tool: ToolDefinition): void;
}

export function createFakeCatalog(tools: readonly ToolDefinition[]): FakeCatalog {
  const entries = new Map<string, CatalogTool>(tools.map((tool) => [tool.name, { plugin: 'demo', tool }]));
  const listeners = new Set<() => void>();
  return {
    list: () => [...entries.values()],
    get: (name) => entries.get(name),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(tool) {
      entries.set(tool.name, { plugin: 'demo', tool });
      for (const listener of listeners) listener();
    },
  };
}

export const ALICE_TOKEN = 'token-alice';
export const BOB_TOKEN = 'token-bob';

export interface FakeAuthenticator extends Authenticator {
  revoke(token: string): void;
}

/** Accepts one fixed bearer token per user; a revoked token is refused from then on. */
export function createFakeAuthenticator(): FakeAuthenticator {
  const identities = new Map<string, Identity>([
    [ALICE_TOKEN, { userId: 'alice', role: 'operator', tokenId: 'tok-alice', via: 'user' }],
    [BOB_TOKEN, { userId: 'bob', role: 'admin', tokenId: 'tok-bob', via: 'user' }],
  ]);
  const revoked = new Set<string>();
  return {
    async authenticate(headers) {
      const authorization = headers['authorization'];
      const token =
        typeof authorization === 'string' && authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
      if (revoked.has(token)) throw kernelErrors.token_revoked();
      const identity = identities.get(token);
      if (identity === undefined) throw kernelErrors.unauthorized();
      return identity;
    },
    revoke: (token) => revoked.add(token),
  };
}

const operatorTools = new Set(['demo_echo', 'demo_status', 'demo_fail', 'demo_explode', 'demo_extra']);

export function createFakeAccessPolicy(): AccessPolicy {
  return {
    hasRole: (role) => role === 'operator' || role === 'admin',
    mayUseTool: (role, toolName) => role === 'admin' || (role === 'operator' && operatorTools.has(toolName)),
    hasPermission: () => false,
  };
}

export interface TestHost {
  readonly url: string;
  readonly catalog: FakeCatalog;
  readonly authenticator: FakeAuthenticator;
  /** Every log line the host wrote, parsed. */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startTestHost(overrides: Partial<McpHostOptions> = {}): Promise<TestHost> {
  const catalog = createFakeCatalog([echoTool, statusTool, failingTool, explodingTool, resetTool]);
  const authenticator = createFakeAuthenticator();
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const host = createMcpHost({
    catalog,
    authenticator,
    access: createFakeAccessPolicy(),
    logger,
    host: '127.0.0.1',
    port: 0,
    allowedOrigins: [],
    serverInfo: { name: 'nexus-operations-test', version: '0.0.0' },
    ...overrides,
  });
  const { url } = await host.start();
  return { url, catalog, authenticator, logs, close: () => host.close() };
}

/** The wiring of kernel/main/mcp.ts over a booted kernel and its plugins' tools, in-process on a free port. */
export async function startKernelMcp(
  kernel: Pick<Kernel, 'authenticator' | 'access' | 'logger'>,
  catalog: ToolCatalog,
): Promise<{ url: string; close(): Promise<void> }> {
  const host = createMcpHost({
    catalog, authenticator: kernel.authenticator, access: kernel.access, logger: kernel.logger,
    host: '127.0.0.1', port: 0, allowedOrigins: [], serverInfo: { name: 'nexus-operations-test', version: '0.0.0' },
  });
  const { url } = await host.start();
  return { url, close: () => host.close() };
}

export interface ClientOptions {
  /** `modern` negotiates 2026-07-28 (server/discover, `_meta` envelope); `legacy` runs the 2025 initialize handshake. */
  readonly era?: 'modern' | 'legacy';
  readonly headers?: Record<string, string>;
  readonly fetch?: FetchLike;
  /** Receives the refreshed tool list after every tools/list_changed notification. */
  readonly onToolsChanged?: (error: Error | null, tools: readonly { name: string }[] | null) => void;
}

export async function connectClient(url: string, token: string, options: ClientOptions = {}): Promise<Client> {
  const { onToolsChanged } = options;
  const client = new Client(
    { name: 'mcp-host-test', version: '0.0.0' },
    {
      versionNegotiation: { mode: options.era === 'legacy' ? 'legacy' : { pin: '2026-07-28' } },
      ...(onToolsChanged === undefined ? {} : { listChanged: { tools: { debounceMs: 0, onChanged: onToolsChanged } } }),
    },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...options.headers } },
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  await client.connect(transport);
  return client;
}
