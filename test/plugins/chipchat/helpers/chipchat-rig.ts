// Boots the API process with a copy of plugins/chipchat, the shared fake scheduler and a harness double, plus an MCP host on its tools.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { createKernel, type Kernel } from '../../../../kernel/boot/create-kernel.ts';
import { createApiServer, type ApiServer } from '../../../../kernel/http/create-api-server.ts';
import { ERROR_META_KEY } from '../../../../kernel/mcp/tool-results.ts';
import type { ChipchatServices } from '../../../../plugins/chipchat/svc/chipchat-services.ts';
import type { HeldTask } from '../../../fixtures/plugins/fake-scheduler/plugin.ts';
import { startHarnessDouble, type HarnessDouble } from '../../../../kernel/testing/harness-double.ts';
import { createTestEnv, fixturePlugin, projectRoot } from '../../../helpers/test-env.ts';
import { connectClient, startKernelMcp } from '../../../kernel/mcp/fixtures.ts';

type InjectResponse = Awaited<ReturnType<ApiServer['app']['inject']>>;
export type McpClient = Awaited<ReturnType<typeof connectClient>>;
type ToolResult = Awaited<ReturnType<McpClient['callTool']>>;

const SECRET = 'c'.repeat(40);

export interface ChipchatRig {
  readonly kernel: Kernel;
  readonly server: ApiServer;
  readonly harness: HarnessDouble;
  readonly chipchat: ChipchatServices;
  readonly held: HeldTask[];
  readonly dataDir: string;
  token(userId: string, role: string): Promise<string>;
  request(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>): Promise<InjectResponse>;
  /** Starts listening on a free port, for clients that must read a stream as it comes. */
  listen(): Promise<string>;
  /** An MCP client of the Operations MCP host over the loaded tools, for a user. */
  mcp(userId: string, role: string): Promise<McpClient>;
  /** Stops the process early; the teardown does it otherwise. */
  close(): Promise<void>;
}

export async function startChipchatRig(t: { teardown(fn: () => unknown): void }, options: { env?: NodeJS.ProcessEnv } = {}): Promise<ChipchatRig> {
  const harness = await startHarnessDouble(SECRET);
  t.teardown(() => harness.close());
  const te = await createTestEnv(t, {
    env: {
      NEXUS_SERVICE_SECRET: SECRET, NEXUS_HARNESS_URL: harness.url,
      NEXUS_RUNTIME_PROFILE_PATH: path.join(projectRoot, 'test/plugins/chipchat/fixtures/chipchat-profile.yaml'),
      ...options.env,
    },
  });
  await cp(path.join(projectRoot, 'plugins/chipchat'), path.join(te.pluginsDir, 'chipchat'), { recursive: true });
  await cp(fixturePlugin('fake-scheduler'), path.join(te.pluginsDir, 'fake-scheduler'), { recursive: true });
  const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
  const server = await createApiServer(kernel);
  const loaded = server.host.loaded('chipchat');
  if (loaded === undefined) throw new Error(`chipchat did not load: ${JSON.stringify(server.host.status())}`);
  let mcp: ReturnType<typeof startKernelMcp> | undefined;
  const clients: McpClient[] = [];
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const client of clients) await client.close();
      if (mcp) await (await mcp).close();
      await server.close();
      await kernel.close();
    })());
  t.teardown(close);
  const token = async (userId: string, role: string) => (await kernel.tokens.create({ userId, role })).token;
  return {
    kernel, server, harness, dataDir: te.dataDir,
    chipchat: loaded.services as ChipchatServices,
    held: (server.host.loaded('fake-scheduler')!.services as { held: HeldTask[] }).held,
    token,
    request: (bearer, method, url, payload, headers = {}) =>
      server.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}`, ...headers }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }),
    listen: () => server.listen(),
    close,
    async mcp(userId, role) {
      mcp ??= startKernelMcp(kernel, server.host.registry.tools);
      const client = await connectClient((await mcp).url, await token(userId, role));
      clients.push(client);
      return client;
    },
  };
}

/** The error code an isError tool result carries. */
export const toolErrorOf = (result: ToolResult) => (result._meta as Record<string, { code: string }> | undefined)?.[ERROR_META_KEY];
