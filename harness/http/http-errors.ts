// Turns every error a route raises into `{ error: { code, message, details? } }` with the status the harness error registry gives it.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type AppError } from '../../shared/errors/app-error.ts';
import { toErrorBody } from '../../shared/errors/error-body.ts';
import { summarizeIssues, type SchemaIssue } from '../../shared/errors/schema-check.ts';
import { harnessErrors } from '../graph/harness-errors.ts';

/** A request that breaks its route's schema: every issue in the details, the first in the message. */
export function requestInvalid(issues: SchemaIssue[]): AppError {
  return harnessErrors.invalid_request({ issues }, `The request is not valid: ${summarizeIssues(issues)}`);
}

/** Fastify's own errors (parsing, limits) get harness codes; schema failures arrive as requestInvalid; anything unknown is internal and says no more. */
export function toHarnessError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const fastify = err as FastifyError;
  switch (fastify.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return harnessErrors.invalid_json();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return harnessErrors.payload_too_large();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return harnessErrors.invalid_request(undefined, 'The body must be JSON.');
  }
  if (err instanceof SyntaxError && fastify.statusCode === 400) return harnessErrors.invalid_json();
  return harnessErrors.internal_error();
}

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const error = toHarnessError(err);
  // Only the unexpected deserves a stack in the log; the registry's own codes are described by their code.
  if (error.code === 'internal_error') request.log.error({ err }, 'request failed');
  else request.log[error.status >= 500 ? 'warn' : 'info']({ code: error.code, status: error.status }, 'request refused');
  if (error.code === 'unauthorized') void reply.header('www-authenticate', 'Bearer');
  void reply.status(error.status).send(toErrorBody(error));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(404).send(toErrorBody(harnessErrors.route_not_found(undefined, `No route ${request.method} ${request.url.split('?')[0]}.`)));
}
