// ChipChat's event streams: the shared SSE writer, with this request's ids on the head.
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream as open } from 'nexus/kernel';

export { writeComment, writeEvent } from 'nexus/kernel';

export function openEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  return open(reply, { 'x-request-id': request.id, 'x-correlation-id': request.correlationId });
}

export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}
