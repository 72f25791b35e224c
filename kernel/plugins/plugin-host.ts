// Discovers, loads, reloads and unloads plugins in one process; a plugin that fails is reported and the others keep working.
import { hostname } from 'node:os';
import path from 'node:path';
import { checkContributions, checkManifest } from './check-manifest.ts';
import { coreServicesFor, isCoreRef, type KernelServices } from './core-services.ts';
import { ensureCollections } from './ensure-collections.ts';
import { providedBy, type AnyPluginDefinition, type NexusProcess } from './define-plugin.ts';
import type { PluginSource } from './plugin-source.ts';
import { runMigrations } from '../migrations/run-migrations.ts';
import { KERNEL_PERMISSIONS } from '../identity/kernel-permissions.ts';
import { checkedAccess } from '../identity/permission-check.ts';
import { createPluginRegistry, type PluginRegistry } from './plugin-registry.ts';
import type { PluginStatus } from './plugin-status.ts';
import type { ServiceRef } from './service-ref.ts';

export interface LoadedPlugin {
  readonly name: string;
  readonly dir: string;
  readonly definition: AnyPluginDefinition;
  readonly services: unknown;
}

/** Per-process work when a plugin comes and goes (mount routes, start background services); returns the undo. */
export type AttachPlugin = (plugin: LoadedPlugin) => Promise<() => Promise<void>>;

export interface PluginHostOptions {
  readonly process: NexusProcess;
  readonly source: PluginSource;
  /** What plugins receive through `coreServices` refs. */
  readonly core: KernelServices;
  readonly attach?: AttachPlugin;
}

export interface PluginHost {
  readonly registry: PluginRegistry;
  start(): Promise<void>;
  /** Brings one plugin folder in line with the disk: loads, reloads or unloads it (and reloads its dependents). */
  sync(name: string): Promise<void>;
  loaded(name: string): LoadedPlugin | undefined;
  status(): PluginStatus[];
  /** The permission names every known plugin declares, loaded or not (a failed plugin's names are still its own). */
  declaredPermissions(): string[];
  close(): Promise<void>;
}

interface Entry {
  definition?: AnyPluginDefinition;
  loaded?: { plugin: LoadedPlugin; detach: () => Promise<void> };
  status: PluginStatus;
}

export function createPluginHost(options: PluginHostOptions): PluginHost {
  const { source } = options;
  const { logger, store } = options.core;
  const holder = `${hostname()}/${process.pid}/${options.process}`;
  const registry = createPluginRegistry();
  const entries = new Map<string, Entry>();
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };


  const failedStatus = (name: string, error: string, definition?: AnyPluginDefinition): PluginStatus => ({
    name, version: definition?.version ?? null, description: definition?.description ?? null, state: 'failed', error,
    changedAt: new Date().toISOString(), tools: [], executors: [], skill: null,
  });
  const fail = (name: string, error: string, definition?: AnyPluginDefinition) => {
    logger.error({ plugin: name, error }, 'plugin failed to load');
    entries.set(name, { definition, status: failedStatus(name, error, definition) });
  };
  /** Known but not loaded yet: lets dependency ordering see what the plugin provides. */
  const markPending = (name: string, definition: AnyPluginDefinition) => {
    entries.set(name, { definition, status: failedStatus(name, 'waiting for its dependencies', definition) });
    return definition;
  };

  async function readManifest(name: string): Promise<AnyPluginDefinition | undefined> {
    try {
      const manifest = await source.read(name);
      const problems = checkManifest(manifest, name);
      if (problems.length > 0) return void fail(name, `invalid manifest: ${problems.join('; ')}`);
      return manifest as AnyPluginDefinition;
    } catch (err) {
      return void fail(name, `plugin.ts could not be imported: ${(err as Error).message}`);
    }
  }

  const allDeps = (d: AnyPluginDefinition) => [...Object.values(d.deps ?? {}), ...Object.values(d.optionalDeps ?? {})];
  const providerOf = (refId: string) =>
    [...entries.entries()].find(([, e]) => e.definition && providedBy(e.definition).some((p) => p.ref.id === refId))?.[0];

  async function load(name: string, definition: AnyPluginDefinition): Promise<void> {
    const pluginLogger = logger.child({ plugin: name });
    const declared = new Set([...KERNEL_PERMISSIONS, ...(definition.permissions ?? [])].map((p) => p.name));
    const core = coreServicesFor(options.core, {
      logger: pluginLogger, access: checkedAccess(options.core.access, name, declared), executors: registry.executors,
    });
    const resolve = (ref: ServiceRef<unknown>) => (isCoreRef(ref) ? core.get(ref.id) : registry.service(ref));
    const deps: Record<string, unknown> = {};
    for (const [key, ref] of Object.entries(definition.deps ?? {})) {
      const service = resolve(ref);
      if (service === undefined) {
        const offeredBy = isCoreRef(ref) ? 'which the kernel does not offer (see coreServices)' : 'which no loaded plugin provides';
        return fail(name, `plugin "${name}" needs service "${ref.id}" (deps.${key}), ${offeredBy}`, definition);
      }
      deps[key] = service;
    }
    const optionalDeps: Record<string, unknown> = {};
    for (const [key, ref] of Object.entries(definition.optionalDeps ?? {})) optionalDeps[key] = resolve(ref);
    const dir = source.dir(name);
    try {
      // Before the indexes: a step may reshape documents that a new unique index would refuse.
      await runMigrations({ plugin: name, migrations: definition.migrations ?? [], store, logger: pluginLogger, holder });
    } catch (err) {
      return fail(name, (err as Error).message, definition);
    }
    try {
      await ensureCollections(store, definition.collections ?? []);
      const services = await definition.init({ name, dir, process: options.process, deps, optionalDeps });
      const tools = definition.mcpTools?.(services) ?? [];
      const executors = definition.executors?.(services) ?? [];
      const provided = new Map(providedBy(definition).map((p) => [p.ref.id, p.get(services)]));
      const contributions = { tools, executors, services: provided };
      const problems = [...checkContributions(name, tools, executors.map((e) => e.kind)), ...registry.conflicts(name, contributions)];
      if (problems.length > 0) {
        await definition.close?.(services);
        return fail(name, problems.join('; '), definition);
      }
      const plugin: LoadedPlugin = { name, dir, definition, services };
      let detach: () => Promise<void> = async () => undefined;
      try {
        if (options.attach) detach = await options.attach(plugin);
      } catch (err) {
        await definition.close?.(services);
        return fail(name, `routes could not be mounted: ${(err as Error).message}`, definition);
      }
      registry.add(name, contributions);
      const skill = definition.skill ? path.join(dir, definition.skill) : null;
      entries.set(name, {
        definition,
        loaded: { plugin, detach },
        status: { name, version: definition.version, description: definition.description, state: 'loaded', error: null, changedAt: new Date().toISOString(), tools: tools.map((t) => t.name), executors: executors.map((e) => e.kind), skill },
      });
      pluginLogger.info({ version: definition.version, tools: tools.length, executors: executors.length }, 'plugin loaded');
    } catch (err) {
      pluginLogger.error({ err }, 'plugin init failed');
      fail(name, `init failed: ${(err as Error).message}`, definition);
    }
  }

  async function unload(name: string): Promise<void> {
    const entry = entries.get(name);
    entries.delete(name);
    if (!entry?.loaded) return;
    registry.remove(name);
    try {
      await entry.loaded.detach();
      await entry.definition?.close?.(entry.loaded.plugin.services);
    } catch (err) {
      logger.warn({ plugin: name, err }, 'plugin did not close cleanly');
    }
    logger.info({ plugin: name }, 'plugin unloaded');
  }

  /** Loads in dependency order: a plugin waits until the providers of its deps are loaded. */
  async function loadAll(defs: Map<string, AnyPluginDefinition>): Promise<void> {
    const pending = new Map(defs);
    while (pending.size > 0) {
      const ready = [...pending.entries()].find(([, d]) =>
        allDeps(d).every((ref) => {
          const provider = providerOf(ref.id);
          return provider === undefined || !pending.has(provider);
        }),
      );
      if (!ready) {
        for (const [name, d] of pending) fail(name, 'dependency cycle between plugins: ' + [...pending.keys()].join(', '), d);
        return;
      }
      pending.delete(ready[0]);
      await load(ready[0], ready[1]);
    }
  }

  function dependentsOf(name: string): string[] {
    const definition = entries.get(name)?.definition;
    const provided = new Set((definition ? providedBy(definition) : []).map((p) => p.ref.id));
    const out: string[] = [];
    for (const [other, e] of entries) {
      if (other !== name && e.definition && allDeps(e.definition).some((ref) => provided.has(ref.id))) {
        out.push(other, ...dependentsOf(other));
      }
    }
    return [...new Set(out)];
  }

  return {
    registry,
    start: () =>
      serial(async () => {
        const defs = new Map<string, AnyPluginDefinition>();
        for (const name of source.names()) {
          const def = await readManifest(name);
          if (def) defs.set(name, markPending(name, def));
        }
        await loadAll(defs);
      }),
    sync: (name) =>
      serial(async () => {
        const definitionsOf = (names: string[]) =>
          new Map(names.flatMap((d) => (entries.get(d)?.definition ? [[d, entries.get(d)!.definition!] as const] : [])));
        const before = dependentsOf(name);
        const kept = definitionsOf(before);
        for (const d of [...before].reverse()) await unload(d);
        await unload(name);
        for (const [d, def] of kept) markPending(d, def);
        const defs = new Map<string, AnyPluginDefinition>();
        const def = source.has(name) ? await readManifest(name) : undefined;
        if (def) defs.set(name, markPending(name, def));
        // A returning provider also revives the plugins that failed for want of it, and restarts those that
        // were running without it (optional deps), so every dependent sees the provider's new instance.
        const after = dependentsOf(name).filter((d) => !kept.has(d));
        const revived = definitionsOf(after);
        for (const d of [...after].reverse()) if (entries.get(d)?.loaded) await unload(d);
        for (const [d, dDef] of revived) markPending(d, dDef);
        for (const [d, dDef] of [...kept, ...revived]) defs.set(d, dDef);
        await loadAll(defs);
      }),
    loaded: (name) => entries.get(name)?.loaded?.plugin,
    status: () => [...entries.values()].map((e) => e.status).sort((a, b) => a.name.localeCompare(b.name)),
    declaredPermissions: () => [...entries.values()].flatMap((e) => (e.definition?.permissions ?? []).map((p) => p.name)),
    close: () =>
      serial(async () => {
        for (const name of [...entries.keys()].reverse()) await unload(name);
      }),
  };
}
