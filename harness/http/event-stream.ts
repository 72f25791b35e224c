// Sends a run's events as Server-Sent Events; an error before the first event is still an ordinary JSON error response.
import type { FastifyReply } from 'fastify';
import type { RunStreamEvent } from '../../shared/contracts/stream-event.ts';
import { openEventStream, writeEvent } from '../../shared/http/server-sent-events.ts';
import { toHarnessError } from './http-errors.ts';

/**
 * The first event is awaited before any header is written: a refused start (unknown run, replayed resume, missing
 * model) then reaches the client with its real status. A client that disconnects cancels the run.
 */
export async function sendEventStream(reply: FastifyReply, runId: string, events: AsyncIterableIterator<RunStreamEvent>): Promise<void> {
  const first = await events.next();
  const res = openEventStream(reply);
  const stop = () => {
    if (!res.writableEnded) void events.return?.();
  };
  res.on('close', stop);
  try {
    if (!first.done) writeEvent(res, first.value.type, first.value);
    for (let next = await events.next(); !next.done; next = await events.next()) writeEvent(res, next.value.type, next.value);
  } catch (err) {
    reply.log.error({ err, runId }, 'run stream failed');
    const error = toHarnessError(err);
    writeEvent(res, 'error', { type: 'error', runId, error: { code: error.code, message: error.message } });
  } finally {
    res.off('close', stop);
    res.end();
  }
}
