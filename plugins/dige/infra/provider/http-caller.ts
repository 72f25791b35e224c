// One provider request with a deadline, retried when that is safe, every attempt recorded with its timing and redacted bodies.
import { performance } from 'node:perf_hooks';
import { request, type Dispatcher } from 'undici';
import type { Logger } from 'nexus/kernel';
import type { Clock } from '../../domain/clock.ts';
import { errors } from '../../errors.ts';
import { RETRYABLE_STATUSES, backoffDelay, parseRetryAfter, type RetryPolicy } from './backoff.ts';
import { HEADERS } from './contract.ts';
import { redactBody, redactText } from './redact.ts';

/** One attempt as stored in dige_api_calls; never a credential. */
export interface ApiCallRecord {
  readonly at: Date;
  readonly method: string;
  readonly path: string;
  /** Null when no answer came (timeout, connection error). */
  readonly status: number | null;
  readonly durationMs: number;
  readonly attempt: number;
  readonly providerRequestId: string | null;
  readonly idempotencyKey: string | null;
  /** Our operation id when the call was made for a control. */
  readonly operationId: string | null;
  readonly requestBody: unknown;
  readonly responseBody: unknown;
  readonly error: string | null;
}

export interface ApiCallRecorder {
  record(call: ApiCallRecord): Promise<void>;
}

export interface CallRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  /** Supplies the bearer token for each attempt (a retry may need a fresh one). */
  readonly authorize?: () => Promise<string>;
  readonly idempotencyKey?: string;
  /** Whether repeating the request is safe: reads, auth, and commands that carry an idempotency key. */
  readonly retry: boolean;
  readonly operationId?: string;
  readonly signal?: AbortSignal;
}

export interface CallResponse {
  readonly status: number;
  readonly body: unknown;
  readonly providerRequestId: string | null;
}

export interface HttpCallerOptions {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  readonly clock: Clock;
  readonly random: () => number;
  readonly recorder: ApiCallRecorder;
  readonly logger: Logger;
  readonly dispatcher: Dispatcher;
  /** Values to mask wherever they appear in a stored body (the app secret, current tokens). */
  readonly secrets: () => readonly string[];
}

export interface HttpCaller {
  call(req: CallRequest): Promise<CallResponse>;
}

type Attempt =
  | { readonly kind: 'answer'; readonly response: CallResponse; readonly retryAfterMs: number | undefined }
  | { readonly kind: 'no-answer'; readonly reason: string };

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (contentType !== null && !contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpCaller(options: HttpCallerOptions): HttpCaller {
  const { clock, logger } = options;

  async function record(req: CallRequest, attempt: number, at: number, started: number, outcome: Attempt): Promise<void> {
    const secrets = options.secrets();
    const entry: ApiCallRecord = {
      at: new Date(at),
      method: req.method,
      path: req.path,
      status: outcome.kind === 'answer' ? outcome.response.status : null,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      attempt,
      providerRequestId: outcome.kind === 'answer' ? outcome.response.providerRequestId : null,
      idempotencyKey: req.idempotencyKey ?? null,
      operationId: req.operationId ?? null,
      requestBody: redactBody(req.body, secrets),
      responseBody: outcome.kind === 'answer' ? redactBody(outcome.response.body, secrets) : null,
      error: outcome.kind === 'no-answer' ? redactText(outcome.reason, secrets) : null,
    };
    try {
      await options.recorder.record(entry);
    } catch (err) {
      // A lost audit row must not turn a provider answer into a failure; it is logged for the operator instead.
      logger.warn({ path: req.path, reason: (err as Error).message }, 'could not record a Dige provider call');
    }
  }

  async function attemptOnce(req: CallRequest, attempt: number): Promise<Attempt> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    // Obtaining a token is its own recorded call; its failures are the caller's to see, not this attempt's.
    if (req.authorize) headers[HEADERS.authorization] = `Bearer ${await req.authorize()}`;
    if (req.idempotencyKey !== undefined) headers[HEADERS.idempotencyKey] = req.idempotencyKey;
    const at = clock.now();
    const started = performance.now();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    let outcome: Attempt;
    try {
      const res = await request(options.baseUrl + req.path, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        dispatcher: options.dispatcher,
        signal,
      });
      const text = await res.body.text();
      const response = {
        status: res.statusCode,
        body: parseBody(text, header(res.headers['content-type'])),
        providerRequestId: header(res.headers[HEADERS.requestId]),
      };
      outcome = { kind: 'answer', response, retryAfterMs: parseRetryAfter(res.headers[HEADERS.retryAfter], clock.now()) };
    } catch (err) {
      const reason = timeout.aborted ? `timeout after ${options.timeoutMs} ms` : req.signal?.aborted ? 'aborted by the caller' : `network: ${(err as { code?: string }).code ?? (err as Error).message}`;
      outcome = { kind: 'no-answer', reason };
    }
    await record(req, attempt, at, started, outcome);
    return outcome;
  }

  return {
    async call(req) {
      for (let attempt = 1; ; attempt += 1) {
        const outcome = await attemptOnce(req, attempt);
        const last = !req.retry || attempt >= options.retry.maxAttempts || req.signal?.aborted === true;
        if (outcome.kind === 'answer' && (!RETRYABLE_STATUSES.has(outcome.response.status) || last)) return outcome.response;
        if (outcome.kind === 'no-answer' && last) {
          throw errors.provider_unavailable({ method: req.method, path: req.path, attempts: attempt, reason: redactText(outcome.reason, options.secrets()) });
        }
        let wait = backoffDelay(options.retry, attempt, options.random);
        if (outcome.kind === 'answer' && outcome.retryAfterMs !== undefined) {
          // A provider that names its own pause is obeyed, unless it asks for longer than a caller should hang.
          if (outcome.retryAfterMs > options.retry.maxRetryAfterMs) return outcome.response;
          wait = Math.max(wait, outcome.retryAfterMs);
        }
        logger.debug({ method: req.method, path: req.path, attempt, waitMs: wait, status: outcome.kind === 'answer' ? outcome.response.status : null }, 'retrying a Dige provider call');
        try {
          await clock.sleep(wait, req.signal);
        } catch {
          throw errors.provider_unavailable({ method: req.method, path: req.path, attempts: attempt, reason: 'aborted by the caller' });
        }
      }
    },
  };
}
