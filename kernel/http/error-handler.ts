// Turns every error a route can raise into the one wire shape { error: { code, message, details? } } with a fitting status.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type AppError } from '../../shared/errors/app-error.ts';
import { toErrorBody } from '../../shared/errors/error-body.ts';
import { summarizeIssues, type SchemaIssue } from '../../shared/errors/schema-check.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { isStoreUnavailableError } from '../../shared/store/port.ts';

/** A request that breaks its route's schema: every issue in the details, the first in the message. */
export function requestInvalid(issues: SchemaIssue[]): AppError {
  return kernelErrors.validation_failed({ issues }, `The request is not valid: ${summarizeIssues(issues)}`);
}

/** Maps Fastify's own errors (parsing, limits) to ours; schema failures arrive as requestInvalid already; anything unknown is internal. */
export function toAppError(err: FastifyError): AppError {
  if (isAppError(err)) return err;
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return kernelErrors.invalid_json(undefined, err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The JSON body is empty.' : undefined);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return kernelErrors.payload_too_large();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return kernelErrors.unsupported_media_type();
  }
  if (err instanceof SyntaxError && err.statusCode === 400) return kernelErrors.invalid_json();
  if (isStoreUnavailableError(err)) return kernelErrors.store_unavailable();
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return kernelErrors.validation_failed(undefined, 'The request is not valid.');
  }
  return kernelErrors.internal_error();
}

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(err);
  if (appError.status >= 500) request.log.error({ err }, 'request failed');
  else request.log.info({ code: appError.code, status: appError.status }, 'request refused');
  if (appError.code === 'unauthorized' || appError.code.startsWith('token_')) reply.header('www-authenticate', 'Bearer');
  void reply.status(appError.status).send(toErrorBody(appError));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(404).send(toErrorBody(kernelErrors.route_not_found({ method: request.method, path: request.url.split('?')[0] })));
}
