// Boot-time checks of a plugin manifest, so wiring mistakes fail loudly when the plugin loads rather than on a request.
import { providedBy, type AnyPluginDefinition } from './define-plugin.ts';
import { MIGRATION_ID } from '../migrations/migration.ts';
import { CORE_PREFIX } from './core-services.ts';
import type { ServiceRef } from './service-ref.ts';

const isRef = (value: unknown): value is ServiceRef<unknown> => typeof (value as { id?: unknown } | null)?.id === 'string';

export const PLUGIN_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** Returns the problems found; an empty list means the manifest may be loaded. */
export function checkManifest(value: unknown, folderName: string): string[] {
  if (typeof value !== 'object' || value === null) return ['plugin.ts must `export default definePlugin({...})`'];
  const m = value as Partial<AnyPluginDefinition>;
  const problems: string[] = [];
  if (typeof m.name !== 'string' || !PLUGIN_NAME.test(m.name)) {
    problems.push('name must be lower-case letters, digits and dashes, starting with a letter');
  } else if (m.name !== folderName) {
    problems.push(`name "${m.name}" must equal the folder name "${folderName}"`);
  }
  if (typeof m.version !== 'string' || !/^\d+\.\d+\.\d+([-+][\w.-]+)?$/.test(m.version)) problems.push('version must be semver (1.2.3)');
  if (typeof m.description !== 'string' || m.description.trim() === '') problems.push('description is required');
  if (typeof m.init !== 'function') problems.push('init must be a function');
  for (const hook of ['routes', 'mcpTools', 'executors', 'backgroundServices', 'close'] as const) {
    if (m[hook] !== undefined && typeof m[hook] !== 'function') problems.push(`${hook} must be a function`);
  }
  const prefix = (typeof m.name === 'string' ? m.name : folderName).replaceAll('-', '_') + '_';
  for (const c of m.collections ?? []) {
    if (typeof c?.name !== 'string' || !c.name.startsWith(prefix)) problems.push(`collection "${String(c?.name)}" must start with "${prefix}"`);
  }
  const migrationIds = new Set<string>();
  if (m.migrations !== undefined && !Array.isArray(m.migrations)) problems.push('migrations must be an array');
  for (const migration of Array.isArray(m.migrations) ? m.migrations : []) {
    const id = (migration as { id?: unknown })?.id;
    if (typeof id !== 'string' || !MIGRATION_ID.test(id)) problems.push(`migration id "${String(id)}" must be lower-case letters, digits, dots, dashes or underscores`);
    else if (migrationIds.has(id)) problems.push(`migration id "${id}" is declared twice`);
    else migrationIds.add(id);
    if (typeof migration?.up !== 'function') problems.push(`migration "${String(id)}" needs an up(ctx) function`);
  }
  for (const field of ['deps', 'optionalDeps'] as const) {
    for (const [key, ref] of Object.entries(m[field] ?? {})) {
      if (!isRef(ref)) problems.push(`${field}.${key} must be a service ref (coreServices.* or createServiceRef)`);
    }
  }
  const provided = new Set<string>();
  for (const [i, p] of listProvided(m, problems).entries()) {
    if (!isRef(p?.ref) || typeof p?.get !== 'function') {
      problems.push(`provides[${i}] must be provide(ref, factory) with a service ref (createServiceRef)`);
    } else if (p.ref.id.startsWith(CORE_PREFIX)) {
      problems.push(`provides "${p.ref.id}": only the kernel offers ${CORE_PREFIX}* services`);
    } else if (provided.has(p.ref.id)) {
      problems.push(`provides "${p.ref.id}" twice`);
    } else {
      provided.add(p.ref.id);
    }
  }
  return problems;
}

function listProvided(m: Partial<AnyPluginDefinition>, problems: string[]): readonly { ref?: unknown; get?: unknown }[] {
  if (m.provides === undefined) return [];
  if (typeof m.provides !== 'function') {
    problems.push('provides must be a function: (provide) => [provide(ref, factory), ...]');
    return [];
  }
  try {
    const list: unknown = providedBy(m);
    if (Array.isArray(list)) return list;
    problems.push('provides must return an array of provide(ref, factory)');
  } catch (err) {
    problems.push(`provides threw: ${(err as Error).message}`);
  }
  return [];
}

/** Checks what init produced: tool names and executor kinds carry the plugin's name. */
export function checkContributions(
  name: string,
  tools: readonly { name: string; inputSchema: unknown; outputSchema?: unknown }[],
  kinds: readonly string[],
): string[] {
  const toolPrefix = name.replaceAll('-', '_') + '_';
  const problems: string[] = [];
  for (const t of tools) {
    if (!/^[a-z][a-z0-9_]{0,63}$/.test(t.name) || !t.name.startsWith(toolPrefix)) problems.push(`tool "${t.name}" must be snake_case and start with "${toolPrefix}"`);
  }
  if (new Set(tools.map((t) => t.name)).size !== tools.length) problems.push('tool names must be unique');
  // MCP clients reject a whole tools/list when one schema is not an object schema.
  const isObjectSchema = (s: unknown) => typeof s === 'object' && s !== null && (s as { type?: unknown }).type === 'object';
  for (const t of tools) {
    if (!isObjectSchema(t.inputSchema)) problems.push(`tool "${t.name}" needs an object inputSchema`);
    if (t.outputSchema !== undefined && !isObjectSchema(t.outputSchema)) problems.push(`tool "${t.name}" needs an object outputSchema`);
  }
  for (const kind of kinds) {
    if (!kind.startsWith(`${name}.`)) problems.push(`executor kind "${kind}" must start with "${name}."`);
  }
  return problems;
}
