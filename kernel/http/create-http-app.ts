// Builds a Fastify instance with the kernel's conventions: request ids, TypeBox validation, auth, permissions, one error shape.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAjvFormats, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import { schemaValidatorCompiler } from '../../shared/http/schema-validator.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER, type AccessPolicy, type Authenticator } from '../identity/identity.ts';
import { errorHandler, notFoundHandler, requestInvalid } from './error-handler.ts';
import './request-context.ts';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
registerAjvFormats();

export interface HttpAppOptions {
  readonly logger: Logger;
  readonly bodyLimit: number;
  readonly authenticator: Authenticator;
  readonly access: AccessPolicy;
  /** Path prefixes served without a token (third-party routes such as the OpenAPI UI). */
  readonly publicPrefixes?: readonly string[];
  /** The permissions this app's routes may name (its owner's declared ones); a route naming another fails to register. */
  readonly permissions?: { readonly owner: string; readonly names: ReadonlySet<string> };
}

export type HttpApp = FastifyInstance<any, any, any, Logger, TypeBoxTypeProvider>;

function headerValue(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v && SAFE_ID.test(v) ? v : undefined;
}

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit,
    genReqId: (req) => headerValue(req.headers[REQUEST_ID_HEADER]) ?? randomUUID(),
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(schemaValidatorCompiler(requestInvalid));
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.decorateRequest('identity', null as never);
  app.decorateRequest('correlationId', '');

  app.addHook('onRoute', (route) => {
    if (options.publicPrefixes?.some((p) => route.url.startsWith(p))) route.config = { ...(route.config as object), public: true };
    const config = route.config as { permission?: string; public?: boolean; anyRole?: boolean } | undefined;
    if (!config?.public && !config?.permission && !config?.anyRole && route.method !== 'HEAD') {
      throw new Error(`route ${String(route.method)} ${route.url} must declare config.permission, config.anyRole or config.public`);
    }
    const declared = options.permissions;
    if (declared && config?.permission && !declared.names.has(config.permission)) {
      throw new Error(
        `route ${String(route.method)} ${route.url} needs permission "${config.permission}", which ${declared.owner} does not declare ` +
          `(declared: ${[...declared.names].join(', ') || 'none'})`,
      );
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    request.correlationId = headerValue(request.headers[CORRELATION_ID_HEADER]) ?? request.id;
    request.log = request.log.child({ correlationId: request.correlationId });
    void reply.header(REQUEST_ID_HEADER, request.id).header(CORRELATION_ID_HEADER, request.correlationId);
    const config = request.routeOptions.config;
    if (request.is404 || config.public) return;
    request.identity = await options.authenticator.authenticate(request.headers);
    request.log = request.log.child({ userId: request.identity.userId });
    if (config.anyRole && !config.permission) return;
    if (!config.permission || !options.access.hasPermission(request.identity.role, config.permission)) {
      throw kernelErrors.forbidden({ permission: config.permission }, `Your role "${request.identity.role}" may not do this (${config.permission}).`);
    }
  });

  return app as HttpApp;
}
