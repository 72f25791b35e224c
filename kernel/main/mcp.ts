// Entry point of the Operations MCP process (port 8100, Streamable HTTP at /mcp): every loaded plugin's tools.
import { runProcess } from '../../shared/process/run-process.ts';

const TOOLS_LIST_TTL_MS = 5 * 60 * 1000;
// The application is imported after tracing started (see runProcess).
await runProcess('mcp', async () => {
  const { createKernel } = await import('../boot/create-kernel.ts');
  const { createMcpHost } = await import('../mcp/mcp-host.ts');
  const { watchPlugins } = await import('../plugins/plugin-watcher.ts');
  const kernel = await createKernel({ process: 'mcp' });
  const { config, logger } = kernel;
  const host = kernel.createPluginHost();
  await host.start();
  const watcher = config.watchPlugins ? watchPlugins(host, config.pluginsDir, logger) : undefined;
  const mcp = createMcpHost({
    catalog: host.registry.tools,
    authenticator: kernel.authenticator,
    access: kernel.access,
    logger,
    host: config.mcpHost,
    port: config.mcpPort,
    allowedOrigins: config.mcpAllowedOrigins,
    allowedHosts: config.mcpAllowedHosts.length > 0 ? config.mcpAllowedHosts : undefined,
    serverInfo: { name: 'nexus-operations', version: '0.1.0' },
    // Without the plugin watcher the tool set is fixed for the process's life; with it a list may change at any moment.
    toolsListTtlMs: config.watchPlugins ? 0 : TOOLS_LIST_TTL_MS,
  });
  const { url } = await mcp.start();
  logger.info({ url }, 'Operations MCP listening');
  return {
    close: async () => {
      await watcher?.close();
      await mcp.close();
      await host.close();
      await kernel.close();
    },
  };
});
