// Calls the agent harness over loopback HTTP with the service secret; every answer is checked here, once, and every failure becomes an AppError the caller can record.
import { Compile } from 'typebox/compile';
import { RunResultSchema, type RunError, type RunResult } from '../../shared/contracts/run-result.ts';
import type { RunRequest } from '../../shared/contracts/run-request.ts';
import type { ResumeRequest } from '../../shared/contracts/review-decision.ts';
import { CancelAnswerSchema, type CancelAnswer, type CancelCall } from '../../shared/contracts/harness-http.ts';
import { RunStreamEventSchema, type RunStreamEvent } from '../../shared/contracts/stream-event.ts';
import { readSse } from '../../shared/http/sse-reader.ts';
import { CORRELATION_ID_HEADER } from '../../shared/service-auth/service-headers.ts';
import { AppError, isAppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { loopbackFetch } from '../net/loopback-fetch.ts';

/** A streamed run as the API follows it: its events as they come, and what the run has come to so far. */
export interface HarnessRunStream {
  /** Each event checked against the contract; a failure to reach or read the harness arrives as a last `error` event. */
  readonly events: AsyncIterable<RunStreamEvent>;
  /**
   * The result once `run_finished` arrived; else the failure that broke the stream, or the run's first `error` event;
   * `harness_stream_ended` while nothing of that came (also for a reader that stops early).
   */
  ending(): RunResult | AppError;
}

export interface HarnessClient {
  invoke(request: RunRequest): Promise<RunResult>;
  stream(request: RunRequest): HarnessRunStream;
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

const checkResult = Compile(RunResultSchema);
const checkCancelAnswer = Compile(CancelAnswerSchema);
const checkEvent = Compile(RunStreamEventSchema);
const unexpectedShape = () => kernelErrors.harness_refused(undefined, 'The agent harness answered with an unexpected shape.');

function parseEvent(data: string): RunStreamEvent {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    throw unexpectedShape();
  }
  if (!checkEvent.Check(event)) throw unexpectedShape();
  return event;
}

/** The harness's own error for the run, under its own code (from the harness's registry), so clients see what it said. */
const runError = (error: RunError): AppError => new AppError(error.code, kernelErrors.harness_refused.status, error.message, error.details);

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
    if (!checkResult.Check(body)) throw unexpectedShape();
    return body;
  };

  return {
    invoke: async (request) => result(await post('/runs', request, request.identity.correlationId)),
    resume: async (request, correlationId) => result(await post(`/runs/${encodeURIComponent(request.runId)}/resume`, request, correlationId)),
    async cancel(runId, call, correlationId) {
      const body = await (await post(`/runs/${encodeURIComponent(runId)}/cancel`, call, correlationId)).json();
      if (!checkCancelAnswer.Check(body)) throw unexpectedShape();
      return body;
    },
    stream(request) {
      let ending: RunResult | AppError | undefined;
      async function* events(): AsyncGenerator<RunStreamEvent> {
        try {
          const res = await post('/runs/stream', request, request.identity.correlationId, 'text/event-stream');
          if (!res.body) throw kernelErrors.harness_unavailable(undefined, 'The agent harness sent no stream.');
          for await (const record of readSse(res.body)) {
            const event = parseEvent(record.data);
            if (event.type === 'run_finished') ending = event.result;
            else if (event.type === 'error' && ending === undefined) ending = runError(event.error);
            yield event;
          }
        } catch (err) {
          const failure = transportError(err);
          ending = failure;
          yield { type: 'error', runId: request.runId, error: { code: failure.code, message: failure.message } };
        }
      }
      return { events: events(), ending: () => ending ?? kernelErrors.harness_stream_ended() };
    },
  };
}
