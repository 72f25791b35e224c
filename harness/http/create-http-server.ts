// The harness's HTTP service (:9011): service-token auth on every route but /health, TypeBox validation, one error shape.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import { schemaValidatorCompiler } from '../../shared/http/schema-validator.ts';
import { harnessErrors } from '../graph/harness-errors.ts';
import type { HarnessService } from '../runtime/harness-service.ts';
import { errorHandler, notFoundHandler, requestInvalid } from './http-errors.ts';
import { registerRunRoutes } from './run-routes.ts';
import { createServiceTokenCheck } from './service-auth.ts';

export interface HttpServerDeps {
  service: HarnessService;
  serviceSecret: string;
  logger: Logger;
  bodyLimit: number;
}

export type HarnessHttpServer = FastifyInstance<any, any, any, Logger, TypeBoxTypeProvider>;

const PUBLIC_PATHS = new Set(['/health']);

export function createHttpServer(deps: HttpServerDeps): HarnessHttpServer {
  const app = Fastify({ loggerInstance: deps.logger, bodyLimit: deps.bodyLimit, return503OnClosing: true }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(schemaValidatorCompiler(requestInvalid));
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  const authorized = createServiceTokenCheck(deps.serviceSecret);

  // Runs before the body is read, so an unauthenticated caller cannot make the harness parse anything.
  app.addHook('onRequest', async (request) => {
    if (request.is404 || PUBLIC_PATHS.has(request.routeOptions.url ?? '')) return;
    if (!authorized(request.headers.authorization)) throw harnessErrors.unauthorized();
  });

  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/status', async () => deps.service.status());
  registerRunRoutes(app, deps.service);
  return app as HarnessHttpServer;
}
