// POSTs JSON to a model provider with per-attempt deadlines, retries with backoff on 429/5xx honouring Retry-After, and cancellation.
import { setTimeout as delay } from 'node:timers/promises';
import { Agent, fetch, type Response } from 'undici';
import { ModelError } from './model-errors.ts';
import { backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from './retry-policy.ts';
import type { ResolvedModelSettings } from './model-settings.ts';

/** Injected so tests exercise retries without real waits and with a fixed clock and jitter. */
export interface HttpClientDeps {
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export interface ModelHttpClient {
  postJson(url: string, headers: Record<string, string>, body: unknown, signal?: AbortSignal): Promise<Response>;
  close(): Promise<void>;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Maps what fetch or a body read throws to a ModelError; undici nests the real reason in `cause`. */
export function toModelError(err: unknown, signal: AbortSignal | undefined): ModelError {
  if (err instanceof ModelError) return err;
  if (signal?.aborted) return new ModelError('model_cancelled', 'the model call was cancelled');
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const code = (err as { code?: string })?.code ?? cause?.code;
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return new ModelError('model_timeout', `the model provider did not answer in time (${code})`, { retryable: true });
  }
  const message = cause?.message ?? (err as Error)?.message ?? String(err);
  return new ModelError('model_network_error', `cannot reach the model provider: ${message}`, { retryable: true });
}

/**
 * Servers that cannot stream (some llama.cpp builds, proxies in front of vLLM) answer a streamed request with one JSON
 * body; reading that as an event stream would yield an empty answer, so the caller reads it as JSON instead.
 */
export function answeredWithJson(response: Response): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

async function providerMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the raw text is the best description there is.
  }
  return text || response.statusText;
}

function statusError(status: number, message: string, attempts: number): ModelError {
  if (status === 429) return new ModelError('model_rate_limited', `rate limited by the model provider: ${message}`, { status, attempts });
  if (status >= 500) return new ModelError('model_unavailable', `model provider error ${status}: ${message}`, { status, attempts });
  return new ModelError('model_http_error', `model provider refused the request (${status}): ${message}`, { status, attempts });
}

export function createModelHttpClient(settings: ResolvedModelSettings, deps: HttpClientDeps = {}): ModelHttpClient {
  const sleep = deps.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  // An explicit dispatcher means HTTP(S)_PROXY never applies, which loopback endpoints (Ollama, vLLM) need.
  const agent = new Agent({
    connectTimeout: settings.timeoutMs,
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
  });

  async function waitBeforeRetry(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (err) {
      throw toModelError(err, signal);
    }
  }

  return {
    async postJson(url, headers, body, signal) {
      const payload = JSON.stringify(body);
      for (let attempt = 0; ; attempt += 1) {
        const attempts = attempt + 1;
        let response: Response;
        try {
          response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: payload,
            signal,
            dispatcher: agent,
          });
        } catch (err) {
          const error = toModelError(err, signal);
          if (!error.retryable || attempt >= settings.maxRetries) throw error;
          await waitBeforeRetry(backoffDelayMs(attempt, settings.retryBaseDelayMs, settings.retryMaxDelayMs, random), signal);
          continue;
        }
        if (response.ok) return response;
        const message = await providerMessage(response);
        if (!isRetryableStatus(response.status) || attempt >= settings.maxRetries) {
          throw statusError(response.status, message, attempts);
        }
        const retryAfter = parseRetryAfterMs(response.headers, now());
        if (retryAfter !== undefined && retryAfter > settings.maxRetryAfterMs) {
          throw statusError(response.status, `${message} (retry after ${retryAfter} ms exceeds the configured wait)`, attempts);
        }
        await waitBeforeRetry(
          retryAfter ?? backoffDelayMs(attempt, settings.retryBaseDelayMs, settings.retryMaxDelayMs, random),
          signal,
        );
      }
    },
    async close() {
      await agent.close();
    },
  };
}
