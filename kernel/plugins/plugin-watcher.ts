// Dev mode: watches the plugins folder and brings each changed plugin folder back in line with the disk.
import path from 'node:path';
import { watch } from 'chokidar';
import type { Logger } from 'pino';
import type { PluginHost } from './plugin-host.ts';

/** Editors and copies write in bursts; wait this long after the last event of a folder before reloading it. */
const SETTLE_MS = 200;

export function watchPlugins(host: PluginHost, pluginsDir: string, logger: Logger): { close(): Promise<void> } {
  const timers = new Map<string, NodeJS.Timeout>();
  const watcher = watch(pluginsDir, {
    ignoreInitial: true,
    depth: 6,
    ignored: (p) => p.includes(`${path.sep}node_modules`) || path.basename(p).startsWith('.'),
  });
  watcher.on('all', (_event, file) => {
    const name = path.relative(pluginsDir, file).split(path.sep)[0];
    if (!name || name.startsWith('..')) return;
    clearTimeout(timers.get(name));
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name);
        host.sync(name).catch((err: unknown) => logger.error({ plugin: name, err }, 'plugin sync failed'));
      }, SETTLE_MS),
    );
  });
  watcher.on('error', (err) => logger.error({ err }, 'plugin watcher error'));
  return {
    close: async () => {
      for (const t of timers.values()) clearTimeout(t);
      await watcher.close();
    },
  };
}
