// Read-only catalogues for clients such as the console: the plugins' MCP tools and task kinds with their JSON Schemas, and the harness's status.
import { Type } from 'typebox';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { loopbackFetch } from '../net/loopback-fetch.ts';
import type { PluginRegistry } from '../plugins/plugin-registry.ts';
import type { HttpApp } from './create-http-app.ts';

const ToolView = Type.Object({
  name: Type.String(),
  plugin: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  inputSchema: Type.Unknown(),
  annotations: Type.Unknown(),
});

const TaskKindView = Type.Object({ kind: Type.String(), description: Type.String(), payloadSchema: Type.Unknown() });

export interface CatalogDeps {
  readonly registry: PluginRegistry;
  readonly harnessUrl: string;
  readonly serviceSecret: string;
}

export function registerCatalogRoutes(app: HttpApp, deps: CatalogDeps): void {
  app.get('/api/system/tools', {
    config: { permission: 'system.read' },
    schema: {
      tags: ['system'],
      summary: "Every loaded plugin's MCP tools with their input JSON Schema and annotations",
      response: { 200: Type.Object({ items: Type.Array(ToolView) }) },
    },
    handler: async () => ({
      items: deps.registry.tools.list().map(({ plugin, tool }) => ({
        name: tool.name, plugin, title: tool.title ?? null, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations,
      })),
    }),
  });

  app.get('/api/system/task-kinds', {
    config: { permission: 'system.read' },
    schema: {
      tags: ['system'],
      summary: 'The scheduled-task kinds the loaded plugins execute, with their payload JSON Schema',
      response: { 200: Type.Object({ items: Type.Array(TaskKindView) }) },
    },
    handler: async () => ({
      items: deps.registry.executors.list().map((e) => ({ kind: e.kind, description: e.description, payloadSchema: e.payloadSchema })),
    }),
  });

  app.get('/api/system/harness', {
    config: { permission: 'system.read' },
    schema: {
      tags: ['system'],
      summary: "The agent harness's status: profile version, model, routes, skills, the last reload's problems, MCP servers and tools",
      response: { 200: Type.Unknown() },
    },
    handler: async () => {
      let res: Awaited<ReturnType<typeof loopbackFetch>>;
      try {
        res = await loopbackFetch(new URL('/status', deps.harnessUrl), {
          headers: { authorization: `Bearer ${deps.serviceSecret}` },
          signal: AbortSignal.timeout(5_000),
        });
      } catch (err) {
        throw kernelErrors.harness_unavailable({ reason: (err as Error).message });
      }
      if (!res.ok) throw kernelErrors.harness_refused({ status: res.status });
      return res.json();
    },
  });
}
