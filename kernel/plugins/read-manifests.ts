// Reads plugin manifests without initialising them (no store, no services): for the CLI's commands and the launcher's dev processes.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { checkManifest } from './check-manifest.ts';
import type { AnyPluginDefinition } from './define-plugin.ts';
import { importPluginModule } from './import-plugin.ts';

export interface ManifestEntry {
  readonly name: string;
  readonly dir: string;
  readonly definition: AnyPluginDefinition;
}

/** Valid manifests only; a broken plugin is skipped here, and the processes report why it failed. */
export async function readManifests(pluginsDir: string): Promise<ManifestEntry[]> {
  if (!existsSync(pluginsDir)) return [];
  const out: ManifestEntry[] = [];
  for (const entry of readdirSync(pluginsDir, { withFileTypes: true })) {
    const dir = path.join(pluginsDir, entry.name);
    const manifest = path.join(dir, 'plugin.ts');
    if (!entry.isDirectory() || !existsSync(manifest)) continue;
    try {
      const definition = (await importPluginModule(pluginsDir, manifest)).default as AnyPluginDefinition;
      if (checkManifest(definition, entry.name).length === 0) out.push({ name: entry.name, dir, definition });
    } catch {
      // reported by the processes that load it
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
