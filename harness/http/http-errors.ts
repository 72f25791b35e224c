// Turns every error a route raises into `{ error: { code, message, details? } }` with the status the harness error registry gives it.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/contracts/harness-http.ts';
import { HARNESS_ERRORS, HarnessError, isHarnessError } from '../graph/harness-errors.ts';

function fieldsOf(err: FastifyError): Array<{ field: string; message: string }> {
  return (err.validation ?? []).map((problem) => ({
    field: `${err.validationContext ?? 'body'}${problem.instancePath ?? ''}`,
    message: problem.message ?? 'is not valid',
  }));
}

/** Fastify's own errors (parsing, limits, validation) get harness codes; anything unknown is internal and says no more. */
export function toHarnessError(err: unknown): HarnessError {
  if (isHarnessError(err)) return err;
  const fastify = err as FastifyError;
  if (fastify.validation) return new HarnessError('invalid_request', 'The request is not valid.', { fields: fieldsOf(fastify) });
  switch (fastify.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HarnessError('invalid_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HarnessError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HarnessError('invalid_request', 'The body must be JSON.');
  }
  if (err instanceof SyntaxError && fastify.statusCode === 400) return new HarnessError('invalid_json');
  return new HarnessError('internal_error', HARNESS_ERRORS.internal_error.message);
}

export function errorBody(err: HarnessError): ErrorBody {
  const body: ErrorBody = { error: { code: err.code, message: err.message } };
  if (err.details !== undefined) body.error.details = err.details;
  return body;
}

export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const error = toHarnessError(err);
  // Only the unexpected deserves a stack in the log; the registry's own codes are described by their code.
  if (error.code === 'internal_error') request.log.error({ err }, 'request failed');
  else request.log[error.status >= 500 ? 'warn' : 'info']({ code: error.code, status: error.status }, 'request refused');
  if (error.code === 'unauthorized') void reply.header('www-authenticate', 'Bearer');
  void reply.status(error.status).send(errorBody(error));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(404).send(errorBody(new HarnessError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)));
}
