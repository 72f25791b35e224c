// Small node:http helpers for the simulator: read a JSON body with a size cap, answer JSON with a request id.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TSchema, Static } from 'typebox';
import { formatIssue, schemaIssues } from 'nexus/kernel';

const MAX_BODY = 64 * 1024;

export class BadRequest extends Error {}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new BadRequest('body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest('body is not JSON');
  }
}

export async function readBody<S extends TSchema>(req: IncomingMessage, schema: S): Promise<Static<S>> {
  const body = await readJson(req);
  // Redacted: a request body carries the app secret, which a refusal must not echo.
  const [issue] = schemaIssues(schema, body, { redact: true }) ?? [];
  if (issue !== undefined) throw new BadRequest(formatIssue(issue));
  return body as Static<S>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...headers, ...(text === '' ? {} : { 'content-type': 'application/json' }), 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: { code, message } }, headers);
}
