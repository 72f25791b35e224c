// Entry point of the worker process (no port): runs the background services plugins give it, such as the scheduler's claim loop.
import { createKernel } from '../boot/create-kernel.ts';
import { watchPlugins } from '../plugins/plugin-watcher.ts';
import { runProcess } from '../../shared/process/run-process.ts';

await runProcess('worker', async () => {
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
