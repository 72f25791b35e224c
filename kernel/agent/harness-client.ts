// Calls the agent harness over loopback HTTP with the service secret; every failure becomes an AppError the caller can record.
import { RunResultSchema, type RunResult } from '../../shared/contracts/run-result.ts';
import type { RunRequest } from '../../shared/contracts/run-request.ts';
import type { ResumeRequest } from '../../shared/contracts/review-decision.ts';
import { CancelAnswerSchema, type CancelAnswer, type CancelCall } from '../../shared/contracts/harness-http.ts';
import type { RunStreamEvent } from '../../shared/contracts/stream-event.ts';
import { readSse } from '../../shared/http/sse-reader.ts';
import { CORRELATION_ID_HEADER } from '../../shared/service-auth/service-headers.ts';
import { Value } from 'typebox/value';
import { isAppError, type AppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { loopbackFetch } from '../net/loopback-fetch.ts';

export interface HarnessClient {
  invoke(request: RunRequest): Promise<RunResult>;
  stream(request: RunRequest): AsyncIterable<RunStreamEvent>;
  resume(request: ResumeRequest, correlationId: string): Promise<RunResult>;
  /** Stops a run at its next node boundary on whichever harness copy runs it; a paused run ends at once. */
  cancel(runId: string, call: CancelCall, correlationId: string): Promise<CancelAnswer>;
}

export interface HarnessClientOptions {
  readonly baseUrl: string;
  readonly serviceSecret: string;
  /** Longest a whole run may take before the API gives up on it. */
  readonly timeoutMs: number;
}

async function refusal(res: { status: number; text(): Promise<string> }): Promise<AppError> {
  const text = await res.text();
  let body: { error?: { code?: string; message?: string } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: keep the status only
  }
  return kernelErrors.harness_refused(
    { status: res.status, code: body.error?.code },
    body.error?.message ? `The agent harness refused the request: ${body.error.message}` : undefined,
  );
}

/** A connection that was open broke: the harness may have had the run. Any other failure happened before it saw the request. */
const BROKE_MID_REQUEST = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);

/** undici reports every transport failure as "fetch failed" or "terminated" and keeps what happened in `cause`. */
function transportCause(err: unknown): { code: string | undefined; reason: string } {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : (err as { code?: unknown }).code;
  const reason = typeof cause?.message === 'string' && cause.message !== '' ? cause.message : (err as Error).message;
  return { code: typeof code === 'string' ? code : undefined, reason };
}

function transportError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const name = (err as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return kernelErrors.harness_timeout();
  const { code, reason } = transportCause(err);
  if (code === undefined || !BROKE_MID_REQUEST.has(code)) {
    return kernelErrors.harness_unavailable({ reason }, `The agent harness cannot be reached (${reason}).`);
  }
  // Tools the run called before the break may have acted, so a client must not assume that nothing happened.
  return kernelErrors.harness_connection_lost(
    { reason },
    `The connection to the agent harness broke before it answered (${reason}); tools the run had called may have run.`,
  );
}

export function createHarnessClient(options: HarnessClientOptions): HarnessClient {
  const post = async (path: string, body: unknown, correlationId: string, accept = 'application/json') => {
    try {
      const res = await loopbackFetch(new URL(path, options.baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.serviceSecret}`,
          'content-type': 'application/json',
          accept,
          [CORRELATION_ID_HEADER]: correlationId,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!res.ok) throw await refusal(res);
      return res;
    } catch (err) {
      throw transportError(err);
    }
  };
  const result = async (res: { json(): Promise<unknown> }): Promise<RunResult> => {
    const body = await res.json();
    if (!Value.Check(RunResultSchema, body)) throw kernelErrors.harness_refused(undefined, 'The agent harness answered with an unexpected shape.');
    return body;
  };

  return {
    invoke: async (request) => result(await post('/runs', request, request.identity.correlationId)),
    resume: async (request, correlationId) => result(await post(`/runs/${encodeURIComponent(request.runId)}/resume`, request, correlationId)),
    async cancel(runId, call, correlationId) {
      const body = await (await post(`/runs/${encodeURIComponent(runId)}/cancel`, call, correlationId)).json();
      if (!Value.Check(CancelAnswerSchema, body)) throw kernelErrors.harness_refused(undefined, 'The agent harness answered with an unexpected shape.');
      return body;
    },
    async *stream(request) {
      const res = await post('/runs/stream', request, request.identity.correlationId, 'text/event-stream');
      if (!res.body) throw kernelErrors.harness_unavailable(undefined, 'The agent harness sent no stream.');
      try {
        for await (const record of readSse(res.body)) yield JSON.parse(record.data) as RunStreamEvent;
      } catch (err) {
        throw transportError(err);
      }
    },
  };
}
