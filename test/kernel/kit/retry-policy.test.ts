// The executors' retry policy helper: the usual back-off unless overridden, and bad numbers refused when the plugin is built.
import t from 'tap';
import { retryPolicy } from '../../../kernel/index.ts';

t.test('the usual back-off, or the one named', async (t) => {
  t.strictSame(retryPolicy({ maxAttempts: 3 }), { maxAttempts: 3, initialBackoffMs: 5_000, maxBackoffMs: 60_000 });
  t.strictSame(retryPolicy({ maxAttempts: 2, maxBackoffMs: 120_000 }), { maxAttempts: 2, initialBackoffMs: 5_000, maxBackoffMs: 120_000 });
});

t.test('numbers that cannot be a schedule are refused', async (t) => {
  for (const policy of [{ maxAttempts: 0 }, { maxAttempts: 1.5 }, { maxAttempts: 3, initialBackoffMs: -1 }, { maxAttempts: 3, initialBackoffMs: 10_000, maxBackoffMs: 1_000 }]) {
    t.throws(() => retryPolicy(policy), { message: /maxAttempts must be a whole number >= 1 and 0 <= initialBackoffMs <= maxBackoffMs/ }, JSON.stringify(policy));
  }
});
