// The shapes of tools/call results: data or text on success, and AppErrors as isError results that carry their code.
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { AppError } from '../../shared/errors/app-error.ts';
import { toErrorBody } from '../../shared/errors/error-body.ts';

/** The `_meta` key under which an isError result carries `{ code, message, details? }` for programs. */
export const ERROR_META_KEY = 'nexus/error';

export function dataResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/**
 * The error body goes in the text, which the model reads, and in `_meta` for programs. It is never structuredContent:
 * that must conform to the tool's output schema, and the SDK Client rejects a result whose structuredContent does not,
 * isError or not.
 */
export function errorResult(err: AppError): CallToolResult {
  const body = toErrorBody(err);
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(body) }],
    _meta: { [ERROR_META_KEY]: body.error },
  };
}
