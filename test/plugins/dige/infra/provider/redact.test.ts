// What may be stored of a provider body: credentials masked by key and by value, big bodies reduced to their size.
import t from 'tap';
import { redactBody, redactText } from '../../../../../plugins/dige/infra/provider/redact.ts';
import { backoffDelay, parseRetryAfter, DEFAULT_RETRY } from '../../../../../plugins/dige/infra/provider/backoff.ts';

t.test('credential keys are masked at any depth, and known secret values wherever they appear', async (t) => {
  const body = { appKey: 'k', appSecret: 's3cr3t', nested: { accessToken: 'at', list: [{ refresh_token: 'rt' }] }, note: 'token is tok-9999 here', $where: 1, 'a.b': 2 };
  t.same(redactBody(body, ['tok-9999']), {
    appKey: 'k', appSecret: '[redacted]', nested: { accessToken: '[redacted]', list: [{ refresh_token: '[redacted]' }] }, note: 'token is [redacted] here', '＄where': 1, 'a．b': 2,
  });
  t.equal(redactBody(undefined, []), null);
  t.same(redactBody({ items: 'x'.repeat(20_000) }, []), { truncated: true, chars: 20_012 });
  t.equal(redactText('refused tok-9999', ['tok-9999']), 'refused [redacted]');
});

t.test('backoff doubles up to its cap with jitter, and Retry-After reads seconds or a date', async (t) => {
  t.same([1, 2, 3, 4, 5].map((n) => backoffDelay(DEFAULT_RETRY, n, () => 1)), [200, 400, 800, 1600, 2000]);
  t.equal(backoffDelay(DEFAULT_RETRY, 1, () => 0), 100, 'never below half');
  const now = Date.parse('2026-03-02T08:00:00Z');
  t.equal(parseRetryAfter('3', now), 3000);
  t.equal(parseRetryAfter('Mon, 02 Mar 2026 08:00:05 GMT', now), 5000);
  t.equal(parseRetryAfter('soon', now), undefined);
  t.equal(parseRetryAfter(undefined, now), undefined);
});
