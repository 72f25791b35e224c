// The live contributions of loaded plugins (tools, executors, services), with change notifications for the MCP host.
import type { ExecutorRegistry, ScheduledTaskExecutor } from '../contracts/scheduled-task-executor.ts';
import type { CatalogTool, ToolCatalog, ToolDefinition } from './define-tool.ts';
import type { ServiceRef } from './service-ref.ts';

export interface Contributions {
  readonly tools: readonly ToolDefinition[];
  readonly executors: readonly ScheduledTaskExecutor[];
  readonly services: ReadonlyMap<string, unknown>;
}

export interface PluginRegistry {
  readonly tools: ToolCatalog;
  readonly executors: ExecutorRegistry;
  /** Returns the conflicts with other plugins' contributions (empty when none). */
  conflicts(plugin: string, c: Contributions): string[];
  add(plugin: string, c: Contributions): void;
  remove(plugin: string): void;
  service<T>(ref: ServiceRef<T>): T | undefined;
  providerOf(serviceId: string): string | undefined;
}

export function createPluginRegistry(): PluginRegistry {
  const byPlugin = new Map<string, Contributions>();
  const listeners = new Set<() => void>();
  let toolIndex = new Map<string, CatalogTool>();
  let executorIndex = new Map<string, ScheduledTaskExecutor>();

  const rebuild = () => {
    toolIndex = new Map();
    executorIndex = new Map();
    for (const [plugin, c] of byPlugin) {
      for (const tool of c.tools) toolIndex.set(tool.name, { plugin, tool });
      for (const ex of c.executors) executorIndex.set(ex.kind, ex);
    }
    for (const listener of listeners) listener();
  };

  return {
    tools: {
      list: () => [...toolIndex.values()],
      get: (name) => toolIndex.get(name),
      onChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    executors: {
      get: (kind) => executorIndex.get(kind),
      list: () => [...executorIndex.values()],
    },
    conflicts(plugin, c) {
      const out: string[] = [];
      for (const [other, oc] of byPlugin) {
        if (other === plugin) continue;
        for (const t of c.tools) if (oc.tools.some((o) => o.name === t.name)) out.push(`tool "${t.name}" is already offered by plugin "${other}"`);
        for (const e of c.executors) if (oc.executors.some((o) => o.kind === e.kind)) out.push(`executor "${e.kind}" is already registered by plugin "${other}"`);
        for (const id of c.services.keys()) if (oc.services.has(id)) out.push(`plugin "${plugin}" provides service "${id}", which plugin "${other}" already provides`);
      }
      return out;
    },
    add(plugin, c) {
      byPlugin.set(plugin, c);
      rebuild();
    },
    remove(plugin) {
      if (byPlugin.delete(plugin)) rebuild();
    },
    service<T>(ref: ServiceRef<T>) {
      for (const c of byPlugin.values()) if (c.services.has(ref.id)) return c.services.get(ref.id) as T;
      return undefined;
    },
    providerOf(serviceId) {
      for (const [plugin, c] of byPlugin) if (c.services.has(serviceId)) return plugin;
      return undefined;
    },
  };
}
