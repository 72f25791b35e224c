// Finds the CLI commands plugins declare, reading manifests only: no plugin is initialised, no store is opened.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { checkManifest } from './check-manifest.ts';
import type { AnyPluginDefinition, CliCommand } from './define-plugin.ts';
import { importPluginModule } from './import-plugin.ts';

export interface PluginCommand {
  readonly plugin: string;
  readonly name: string;
  readonly command: CliCommand;
}

export async function readPluginCommands(pluginsDir: string): Promise<PluginCommand[]> {
  if (!existsSync(pluginsDir)) return [];
  const out: PluginCommand[] = [];
  for (const entry of readdirSync(pluginsDir, { withFileTypes: true })) {
    const manifest = path.join(pluginsDir, entry.name, 'plugin.ts');
    if (!entry.isDirectory() || !existsSync(manifest)) continue;
    try {
      const def = (await importPluginModule(pluginsDir, manifest)).default as AnyPluginDefinition;
      if (checkManifest(def, entry.name).length > 0) continue;
      for (const [name, command] of Object.entries(def.commands ?? {})) out.push({ plugin: entry.name, name, command });
    } catch {
      // A broken plugin offers no commands; the processes report why it failed.
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
