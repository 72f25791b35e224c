// Pure pieces of the model layer: Retry-After parsing, backoff bounds, SSE framing, argument parsing.
import t from 'tap';
import { backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from '../../../harness/models/retry-policy.ts';
import { readSse } from '../../../shared/http/sse-reader.ts';
import { parseToolArguments } from '../../../harness/models/tool-call-arguments.ts';

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

t.test('Retry-After: seconds, HTTP date, retry-after-ms, garbage', async (t) => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  t.equal(parseRetryAfterMs(headers({ 'retry-after': '3' }), now), 3000);
  t.equal(parseRetryAfterMs(headers({ 'retry-after': '0.5' }), now), 500);
  t.equal(parseRetryAfterMs(headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:10 GMT' }), now), 10_000);
  t.equal(parseRetryAfterMs(headers({ 'retry-after': 'Mon, 31 Dec 2029 00:00:00 GMT' }), now), 0, 'a past date means now');
  t.equal(parseRetryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now), 250);
  t.equal(parseRetryAfterMs(headers({ 'retry-after': 'soon' }), now), undefined);
  t.equal(parseRetryAfterMs(headers({}), now), undefined);
});

t.test('backoff doubles per attempt within [ceiling/2, ceiling] and respects the maximum', async (t) => {
  t.same([0, 1, 2, 3].map((a) => backoffDelayMs(a, 100, 1000, () => 0)), [50, 100, 200, 400]);
  t.same([0, 1, 2, 3, 8].map((a) => backoffDelayMs(a, 100, 1000, () => 1)), [100, 200, 400, 800, 1000]);
  t.same([408, 429, 500, 529, 400, 401, 404].map(isRetryableStatus), [true, true, true, true, false, false, false]);
});

async function* chunks(...parts: string[]) {
  for (const part of parts) yield new TextEncoder().encode(part);
}

t.test('SSE records reassemble across chunk boundaries, CRLF, comments and multi-line data', async (t) => {
  const records = [];
  for await (const record of readSse(chunks('event: a\r\nda', 'ta: {"x":1}\r\n\r\n: keep-alive\n\n', 'data: line1\ndata: line2\n\ndata: tail'))) records.push(record);
  t.same(records, [
    { event: 'a', data: '{"x":1}' },
    { event: undefined, data: 'line1\nline2' },
    { event: undefined, data: 'tail' },
  ]);
});

t.test('argument text: empty means no arguments, invalid JSON is kept raw', async (t) => {
  t.same(parseToolArguments(''), { arguments: {} });
  t.same(parseToolArguments('{"a":1}'), { arguments: { a: 1 } });
  t.same(parseToolArguments('{"a":'), { arguments: null, rawArguments: '{"a":' });
});
