// Server-sent events on a hijacked Fastify reply: one head and one event format for the harness, the kernel and plugins.
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** `x-accel-buffering: no` keeps reverse proxies from holding events back until the stream ends. */
export function openEventStream(reply: FastifyReply, headers: Record<string, string> = {}): ServerResponse {
  void reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...headers,
  });
  res.flushHeaders();
  return res;
}

/** Writes one event unless the client has gone; the caller decides whether to keep producing. */
export function writeEvent(res: ServerResponse, event: string, data: unknown, id?: number): void {
  if (res.destroyed || res.writableEnded) return;
  res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A comment line: clients ignore it, and it keeps idle connections from being closed by proxies. */
export function writeComment(res: ServerResponse, text: string): void {
  if (!res.destroyed && !res.writableEnded) res.write(`: ${text}\n\n`);
}
