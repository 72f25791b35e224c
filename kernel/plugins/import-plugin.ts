// Imports a plugin manifest; each load is a new generation, so a reload evaluates the plugin's own files afresh.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const registeredRoots = new Set<string>();
let generation = 0;

function ensureHooks(pluginsDir: string): void {
  const rootUrl = pathToFileURL(path.resolve(pluginsDir) + path.sep).href;
  if (registeredRoots.has(rootUrl)) return;
  registeredRoots.add(rootUrl);
  register('./reload-hooks.mjs', import.meta.url, { data: { pluginsRootUrl: rootUrl } });
}

export async function importPluginModule(pluginsDir: string, manifestPath: string): Promise<Record<string, unknown>> {
  ensureHooks(pluginsDir);
  generation += 1;
  return (await import(`${pathToFileURL(manifestPath).href}?nexus-gen=${generation}`)) as Record<string, unknown>;
}
