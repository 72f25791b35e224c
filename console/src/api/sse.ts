// Reads a text/event-stream response (POST or GET, with the bearer token) record by record; EventSource cannot send headers.
import { authHeaders, errorOf, withQuery, type Query } from './client.ts';

export interface SseRecord {
  event: string;
  data: string;
}

/** Splits a byte stream into SSE records: `event:` and `data:` lines, a blank line ends a record. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseRecord> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
        if (line === '') {
          if (data.length > 0) yield { event, data: data.join('\n') };
          event = 'message';
          data = [];
        } else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
    }
    if (data.length > 0) yield { event, data: data.join('\n') };
  } finally {
    reader.releaseLock();
  }
}

export interface StreamOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

/** Opens an event stream and yields its records; throws ApiError when the server refuses before streaming. */
export async function* openStream(path: string, options: StreamOptions = {}): AsyncGenerator<SseRecord> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...authHeaders() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(withQuery(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!res.ok) throw await errorOf(res);
  if (!res.body) return;
  yield* readSse(res.body);
}
