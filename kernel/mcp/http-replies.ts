// The answers the MCP host writes itself, before or instead of the SDK transport: health, HTTP-level errors, JSON-RPC envelope errors.
import type { ServerResponse } from 'node:http';
import type { AppError } from '../../shared/errors/app-error.ts';
import { toErrorBody } from '../../shared/errors/error-body.ts';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
  });
  res.end(payload);
}

export function sendError(res: ServerResponse, err: AppError, headers: Readonly<Record<string, string>> = {}): void {
  sendJson(res, err.status, toErrorBody(err), headers);
}

/** Transport-level failures keep the JSON-RPC shape the SDK transport itself uses, so MCP clients read them alike. */
export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}
