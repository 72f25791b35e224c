// The wire shape of every error answer (the API, MCP tool results and the harness service alike): a schema, its type and the mapping.
import { Type, type Static } from 'typebox';
import type { AppError } from './app-error.ts';

export const ErrorBodySchema = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String(), details: Type.Optional(Type.Unknown()) }),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;

export function toErrorBody(err: AppError): ErrorBody {
  return err.details === undefined
    ? { error: { code: err.code, message: err.message } }
    : { error: { code: err.code, message: err.message, details: err.details } };
}
