// Boots ChipChat with the kit (API process, the shared fake scheduler beside it, the kit's harness double), plus an MCP host on its tools.
import path from 'node:path';
import { startTestPlugin, type TestPlugin } from '../../../../kernel/testing/index.ts';
import { ERROR_META_KEY } from '../../../../kernel/mcp/tool-results.ts';
import chipchat from '../../../../plugins/chipchat/plugin.ts';
import type { ChipchatServices } from '../../../../plugins/chipchat/svc/chipchat-services.ts';
import fakeScheduler, { type HeldTask } from '../../../fixtures/plugins/fake-scheduler/plugin.ts';
import { projectRoot } from '../../../helpers/test-env.ts';
import { connectClient, startKernelMcp } from '../../../kernel/mcp/fixtures.ts';

export type McpClient = Awaited<ReturnType<typeof connectClient>>;
type ToolResult = Awaited<ReturnType<McpClient['callTool']>>;

export interface ChipchatRig extends TestPlugin<ChipchatServices> {
  /** The tasks the fake scheduler was asked to create. */
  readonly held: HeldTask[];
  /** An MCP client of the Operations MCP host over the loaded tools, for a user. */
  mcp(userId: string, role: string): Promise<McpClient>;
}

export async function startChipchatRig(t: { teardown(fn: () => unknown): void }, options: { env?: NodeJS.ProcessEnv } = {}): Promise<ChipchatRig> {
  const plugin = await startTestPlugin(chipchat, {
    plugins: [fakeScheduler], env: options.env, profile: path.join(projectRoot, 'test/plugins/chipchat/fixtures/chipchat-profile.yaml'),
  });
  let mcp: ReturnType<typeof startKernelMcp> | undefined;
  const clients: McpClient[] = [];
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const client of clients) await client.close();
      if (mcp) await (await mcp).close();
      await plugin.close();
    })());
  t.teardown(close);
  return {
    ...plugin,
    held: plugin.servicesOf<{ held: HeldTask[] }>('fake-scheduler').held,
    close,
    async mcp(userId, role) {
      mcp ??= startKernelMcp(plugin.kernel, plugin.host.registry.tools);
      const client = await connectClient((await mcp).url, await plugin.token(userId, role));
      clients.push(client);
      return client;
    },
  };
}

/** The error code an isError tool result carries. */
export const toolErrorOf = (result: ToolResult) => (result._meta as Record<string, { code: string }> | undefined)?.[ERROR_META_KEY];
