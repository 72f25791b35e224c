// The REST API process: kernel routes, every plugin's routes under /api/<name>, OpenAPI at /docs, and the web console at /.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Kernel, PluginHostOverrides } from '../boot/create-kernel.ts';
import { createAuditRepository } from '../audit/audit-repository.ts';
import { registerAuditRoutes } from '../audit/audit-routes.ts';
import { registerAgentRoutes } from '../agent/agent-routes.ts';
import type { PluginHost } from '../plugins/plugin-host.ts';
import { watchPlugins } from '../plugins/plugin-watcher.ts';
import { KERNEL_PERMISSIONS } from '../identity/kernel-permissions.ts';
import { createHttpApp, type HttpApp } from './create-http-app.ts';
import { registerCatalogRoutes } from './catalog-routes.ts';
import { registerConsoleRoutes } from './console-routes.ts';
import { createPluginRoutes } from './plugin-routes.ts';
import { registerSystemRoutes, unknownProfilePermissions } from './system-routes.ts';

/** Names under /api that belong to the kernel, so no plugin can take them. */
const KERNEL_PATHS = new Set(['system', 'audit', 'agent', 'tokens']);

export interface ApiServer {
  readonly app: HttpApp;
  readonly host: PluginHost;
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface ApiServerOptions {
  /** The built console to serve at /; console/dist by default. */
  readonly consoleDir?: string;
  /** Where plugins come from and which kernel services to fake (the test kit); the plugins folder and the real ones by default. */
  readonly plugins?: PluginHostOverrides;
}

export async function createApiServer(kernel: Kernel, options: ApiServerOptions = {}): Promise<ApiServer> {
  const { config, logger, access, authenticator } = kernel;
  const appOptions = { logger, bodyLimit: config.apiBodyLimit, authenticator, access };
  let host: PluginHost | undefined;
  const pluginRoutes = createPluginRoutes(appOptions, () => host!, KERNEL_PATHS);
  host = kernel.createPluginHost(pluginRoutes.attach, options.plugins);

  const app = createHttpApp({
    ...appOptions,
    publicPrefixes: ['/docs'],
    permissions: { owner: 'the kernel', names: new Set(KERNEL_PERMISSIONS.map((p) => p.name)) },
  });
  app.addHook('onRequest', pluginRoutes.dispatch);
  // Before the server waits for open connections, so plugins end their endless responses (SSE) first.
  app.addHook('preClose', () => pluginRoutes.closeAll());
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Nexus API', version: '0.1.0', description: 'Every route needs `Authorization: Bearer <token>` except /health and /ready.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    transformSpecification: (spec) => ({ ...spec, paths: { ...(spec.paths as object), ...pluginRoutes.openApiPaths() } }),
  });
  registerSystemRoutes(app, { host, store: kernel.store, profile: kernel.profile });
  registerCatalogRoutes(app, { registry: host.registry, harnessUrl: config.harnessUrl, serviceSecret: kernel.serviceSecret });
  registerConsoleRoutes(app, { dir: options.consoleDir });
  registerAuditRoutes(app, await createAuditRepository(kernel.store), access);
  registerAgentRoutes(app, kernel.agent, (name) => host!.registry.tools.get(name)?.tool.description ?? null);
  const stopReviewExpiry = kernel.agent.startReviewExpiry();

  await host.start();
  // A role entry that grants nothing declared is a typo or a removed plugin; said at start and after each profile edit.
  const checkRoles = () => {
    const unknown = unknownProfilePermissions(kernel.profile, host!);
    if (unknown.length > 0) logger.warn({ unknownPermissions: unknown }, 'the role matrix names permissions that nothing declares');
  };
  checkRoles();
  const stopCheckingRoles = kernel.profile.onReload(checkRoles);
  const watcher = config.watchPlugins ? watchPlugins(host, config.pluginsDir, logger) : undefined;

  return {
    app,
    host,
    async listen() {
      return app.listen({ host: config.apiHost, port: config.apiPort });
    },
    async close() {
      stopReviewExpiry();
      stopCheckingRoles();
      await watcher?.close();
      await app.close();
      await host!.close();
    },
  };
}
