// Server-sent events on a hijacked Fastify reply: the head, one event, and a comment that keeps proxies from closing.
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function openEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  void reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    'x-correlation-id': request.correlationId,
  });
  res.flushHeaders();
  return res;
}

/** Writes one event unless the client has gone; the caller decides whether to keep producing. */
export function writeEvent(res: ServerResponse, event: string, data: unknown, id?: number): void {
  if (res.destroyed || res.writableEnded) return;
  res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export function writeComment(res: ServerResponse, text: string): void {
  if (!res.destroyed && !res.writableEnded) res.write(`: ${text}\n\n`);
}

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}
