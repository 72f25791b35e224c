// Entry point of the worker process (no port): runs the background services plugins give it, such as the scheduler's claim loop.
import { runProcess } from '../../shared/process/run-process.ts';

// The application is imported after tracing started (see runProcess).
await runProcess('worker', async () => {
  const { createKernel } = await import('../boot/create-kernel.ts');
  const { watchPlugins } = await import('../plugins/plugin-watcher.ts');
  const kernel = await createKernel({ process: 'worker' });
  const { config, logger } = kernel;
  const host = kernel.createPluginHost(async (plugin) => {
    const services = plugin.definition.backgroundServices?.(plugin.services) ?? [];
    for (const service of services) await service.start();
    return async () => {
      for (const service of [...services].reverse()) await service.stop();
    };
  });
  await host.start();
  const watcher = config.watchPlugins ? watchPlugins(host, config.pluginsDir, logger) : undefined;
  logger.info({ plugins: host.status().filter((s) => s.state === 'loaded').map((s) => s.name) }, 'worker running');
  return {
    close: async () => {
      await watcher?.close();
      await host.close();
      await kernel.close();
    },
  };
});
