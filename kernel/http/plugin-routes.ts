// Gives each loaded plugin its own Fastify instance under /api/<name>, so plugins can come and go while the API server runs.
import fastifySwagger from '@fastify/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { toErrorBody } from '../../shared/errors/error-body.ts';
import type { AttachPlugin, PluginHost } from '../plugins/plugin-host.ts';
import type { PluginRouter } from '../plugins/define-plugin.ts';
import { createHttpApp, type HttpApp, type HttpAppOptions } from './create-http-app.ts';

export interface PluginRoutes {
  readonly attach: AttachPlugin;
  /** onRequest hook for the main server: hands /api/<plugin>/... to that plugin's instance. */
  dispatch(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The OpenAPI paths of every mounted plugin. */
  openApiPaths(): Record<string, unknown>;
  /**
   * Closes every plugin's Fastify instance, running its onClose hooks: the main server calls it before it stops, so a
   * plugin's long-lived responses (SSE) end and the server's close does not wait for them forever.
   */
  closeAll(): Promise<void>;
}

const PLUGIN_PATH = /^\/api\/([a-z][a-z0-9-]*)(?:[/?]|$)/;

export function createPluginRoutes(appOptions: HttpAppOptions, host: () => PluginHost, reserved: ReadonlySet<string>): PluginRoutes {
  const apps = new Map<string, HttpApp>();
  const closing = new WeakMap<HttpApp, Promise<void>>();
  /** Once per instance: the server's closeAll and the plugin's detach may both ask. */
  const closeApp = (app: HttpApp) => {
    if (!closing.has(app)) closing.set(app, app.close().then(() => undefined));
    return closing.get(app)!;
  };

  return {
    attach: async (plugin) => {
      if (!plugin.definition.routes) return async () => undefined;
      if (reserved.has(plugin.name)) throw new Error(`/api/${plugin.name} is reserved by the kernel`);
      const app = createHttpApp({
        ...appOptions,
        logger: appOptions.logger.child({ plugin: plugin.name }),
        permissions: { owner: `the ${plugin.name} manifest`, names: new Set((plugin.definition.permissions ?? []).map((p) => p.name)) },
      });
      try {
        await app.register(fastifySwagger, { openapi: { info: { title: plugin.name, version: plugin.definition.version } } });
        await app.register(async (router) => plugin.definition.routes!(router as unknown as PluginRouter, plugin.services), { prefix: `/api/${plugin.name}` });
        await app.ready();
      } catch (err) {
        await app.close();
        throw err;
      }
      apps.set(plugin.name, app);
      return async () => {
        if (apps.get(plugin.name) === app) apps.delete(plugin.name);
        await closeApp(app);
      };
    },
    async dispatch(request, reply) {
      const name = PLUGIN_PATH.exec(request.url)?.[1];
      if (!name || reserved.has(name)) return;
      const app = apps.get(name);
      if (app) {
        reply.hijack();
        app.routing(request.raw, reply.raw);
        return;
      }
      if (host().status().some((s) => s.name === name)) {
        await reply.status(503).send(toErrorBody(kernelErrors.plugin_unavailable({ plugin: name }, `The ${name} plugin is not loaded; see /api/system/plugins.`)));
      }
    },
    async closeAll() {
      await Promise.all([...apps.values()].map(closeApp));
    },
    openApiPaths() {
      const paths: Record<string, unknown> = {};
      for (const app of apps.values()) Object.assign(paths, (app.swagger() as { paths?: Record<string, unknown> }).paths ?? {});
      return paths;
    },
  };
}
