// Where a plugin host finds its plugins: a folder of plugin folders in the processes, or definitions in memory in the test kit.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AnyPluginDefinition } from './define-plugin.ts';
import { importPluginModule } from './import-plugin.ts';

export interface PluginSource {
  /** Every plugin present now, sorted. */
  names(): string[];
  has(name: string): boolean;
  /** The manifest's default export, unchecked (the host checks it); a fresh import on each call for folders. */
  read(name: string): Promise<unknown>;
  dir(name: string): string;
}

export function folderSource(pluginsDir: string): PluginSource {
  const manifestPath = (name: string) => path.join(pluginsDir, name, 'plugin.ts');
  return {
    names: () =>
      existsSync(pluginsDir)
        ? readdirSync(pluginsDir, { withFileTypes: true })
            .filter((d) => d.isDirectory() && existsSync(manifestPath(d.name)))
            .map((d) => d.name)
            .sort()
        : [],
    has: (name) => existsSync(manifestPath(name)),
    read: async (name) => (await importPluginModule(pluginsDir, manifestPath(name))).default,
    dir: (name) => path.join(pluginsDir, name),
  };
}

/** Plugins given as imported definitions: nothing is copied or re-imported, so a test boots the code under test itself. */
export function definitionSource(plugins: readonly { definition: AnyPluginDefinition; dir: string }[]): PluginSource {
  const byName = new Map(plugins.map((p) => [p.definition.name, p]));
  return {
    names: () => [...byName.keys()].sort(),
    has: (name) => byName.has(name),
    read: async (name) => byName.get(name)?.definition,
    dir: (name) => byName.get(name)?.dir ?? name,
  };
}
