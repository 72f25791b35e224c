// Turns every error a route can raise into the one wire shape { error: { code, message, details? } } with a fitting status.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, toErrorBody, type AppError } from '../errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { isStoreUnavailableError } from '../../shared/store/port.ts';

function fieldsOf(err: FastifyError): { field: string; message: string }[] {
  return (err.validation ?? []).map((v) => {
    const extra = (v.params as { additionalProperties?: string[] } | undefined)?.additionalProperties;
    const base = `${err.validationContext ?? 'body'}${v.instancePath ?? ''}`.replaceAll('/', '.');
    return { field: extra?.length ? `${base}.${extra.join(',')}` : base, message: v.message ?? 'is not valid' };
  });
}

/** Maps Fastify's own errors (parsing, limits, validation) to ours; anything unknown is an internal error. */
export function toAppError(err: FastifyError): AppError {
  if (isAppError(err)) return err;
  if (err.validation) return kernelErrors.validation_failed({ fields: fieldsOf(err) });
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
