// Server-sent events from a plugin route: the shared head with this request's ids, and the Accept check that selects a stream.
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream as openStream } from '../../shared/http/server-sent-events.ts';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER } from '../identity/identity.ts';
import './request-context.ts';

/** Hijacks the reply; from here on the route writes events (writeEvent, writeComment) and ends the response itself. */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  return openStream(reply, { [REQUEST_ID_HEADER]: request.id, [CORRELATION_ID_HEADER]: request.correlationId });
}

/** Whether the client asked for a stream (Accept: text/event-stream) rather than one JSON answer. */
export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}
