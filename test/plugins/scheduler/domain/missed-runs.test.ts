// Pure planning of late occurrences, and the occurrence arithmetic under it, including across a DST change.
import t from 'tap';
import { planOccurrence } from '../../../../plugins/scheduler/domain/missed-runs.ts';
import { backoffMs, effectivePolicy, DEFAULT_RETRY_POLICY } from '../../../../plugins/scheduler/domain/retry.ts';
import { countOccurrences, kthLatestOccurrence, occurrenceAfter, occurrencesBetween } from '../../../../plugins/scheduler/domain/schedule.ts';
import type { StoredSchedule } from '../../../../plugins/scheduler/domain/task.ts';

const hourly: StoredSchedule = { type: 'cron', expression: '0 * * * *', timeZone: 'UTC' };
const minutely: StoredSchedule = { type: 'cron', expression: '* * * * *', timeZone: 'UTC' };
const d = (iso: string) => new Date(iso);
const GRACE = 60_000;

t.test('occurrence arithmetic', async (t) => {
  t.same(occurrenceAfter(hourly, d('2026-05-04T08:00:00Z')), d('2026-05-04T09:00:00Z'));
  t.equal(occurrenceAfter({ type: 'once', at: '2026-05-04T08:00:00.000Z' }, d('2026-05-04T08:00:00Z')), null);
  t.same(occurrencesBetween(hourly, d('2026-05-04T08:00:00Z'), d('2026-05-04T11:00:00Z'), 10).map((x) => x.toISOString()),
    ['2026-05-04T09:00:00.000Z', '2026-05-04T10:00:00.000Z', '2026-05-04T11:00:00.000Z']);
  t.equal(occurrencesBetween(minutely, d('2026-05-04T08:00:00Z'), d('2026-05-05T08:00:00Z'), 100).length, 100, 'stops at the limit');
  t.same(kthLatestOccurrence(minutely, d('2025-05-04T08:00:00Z'), d('2026-05-04T08:00:30Z'), 1), d('2026-05-04T08:00:00Z'), 'a year of minutes bisected');
  t.same(kthLatestOccurrence(minutely, d('2025-05-04T08:00:00Z'), d('2026-05-04T08:00:30Z'), 3), d('2026-05-04T07:58:00Z'));
  t.same(kthLatestOccurrence(hourly, d('2026-05-04T08:00:00Z'), d('2026-05-04T09:30:00Z'), 5), d('2026-05-04T08:00:00Z'), 'fewer than k: the first');
  t.equal(countOccurrences(hourly, d('2026-05-04T08:00:00Z'), d('2026-05-04T18:00:00Z'), 1000), 11);
  const berlin: StoredSchedule = { type: 'cron', expression: '30 2 * * *', timeZone: 'Europe/Berlin' };
  t.same(kthLatestOccurrence(berlin, d('2026-03-27T01:30:00Z'), d('2026-03-29T12:00:00Z'), 1), d('2026-03-29T01:00:00Z'), 'the spring-forward firing is found going backwards too');
  t.equal(countOccurrences(berlin, d('2026-10-24T00:30:00Z'), d('2026-10-26T12:00:00Z'), 10), 3, 'the repeated 02:30 counts once');
});

t.test('on time: the due occurrence runs', async (t) => {
  for (const missedRuns of [{ policy: 'coalesce' }, { policy: 'skip' }, { policy: 'run-all', maxRuns: 2 }] as const) {
    t.same(planOccurrence({ schedule: hourly, due: d('2026-05-04T09:00:00Z'), now: d('2026-05-04T09:00:59Z'), missedRuns, graceMs: GRACE }),
      { run: d('2026-05-04T09:00:00Z'), covers: 1, skipped: null }, missedRuns.policy);
  }
});

t.test('late: each policy', async (t) => {
  const late = { schedule: hourly, due: d('2026-05-04T09:00:00Z'), graceMs: GRACE };
  t.same(planOccurrence({ ...late, now: d('2026-05-04T18:30:00Z'), missedRuns: { policy: 'coalesce' } }),
    { run: d('2026-05-04T18:00:00Z'), covers: 10, skipped: null }, 'coalesce: the latest, standing for all ten');
  t.same(planOccurrence({ ...late, now: d('2026-05-04T18:30:00Z'), missedRuns: { policy: 'skip' } }),
    { run: null, covers: 0, skipped: { latest: d('2026-05-04T18:00:00Z'), count: 10 } }, 'skip: nothing runs');
  t.same(planOccurrence({ ...late, now: d('2026-05-04T18:00:30Z'), missedRuns: { policy: 'skip' } }),
    { run: d('2026-05-04T18:00:00Z'), covers: 1, skipped: { latest: d('2026-05-04T17:00:00Z'), count: 9 } }, 'skip: the one still on time runs');
  t.same(planOccurrence({ ...late, now: d('2026-05-04T18:30:00Z'), missedRuns: { policy: 'run-all', maxRuns: 20 } }),
    { run: d('2026-05-04T09:00:00Z'), covers: 1, skipped: null }, 'run-all under the cap: the oldest first');
  t.same(planOccurrence({ ...late, now: d('2026-05-04T18:30:00Z'), missedRuns: { policy: 'run-all', maxRuns: 3 } }),
    { run: d('2026-05-04T16:00:00Z'), covers: 1, skipped: { latest: d('2026-05-04T15:00:00Z'), count: 7 } }, 'run-all over the cap');
  const once: StoredSchedule = { type: 'once', at: '2026-05-04T09:00:00.000Z' };
  t.same(planOccurrence({ ...late, schedule: once, now: d('2026-05-05T00:00:00Z'), missedRuns: { policy: 'coalesce' } }), { run: d('2026-05-04T09:00:00Z'), covers: 1, skipped: null });
  t.same(planOccurrence({ ...late, schedule: once, now: d('2026-05-05T00:00:00Z'), missedRuns: { policy: 'skip' } }), { run: null, covers: 0, skipped: { latest: d('2026-05-04T09:00:00Z'), count: 1 } });
});

t.test('retry back-off', async (t) => {
  t.same(effectivePolicy(undefined), DEFAULT_RETRY_POLICY);
  t.same(effectivePolicy({ maxAttempts: 0, initialBackoffMs: -5, maxBackoffMs: 2.5 }), { maxAttempts: 1, initialBackoffMs: 0, maxBackoffMs: 2 });
  const policy = { maxAttempts: 5, initialBackoffMs: 1000, maxBackoffMs: 5000 };
  t.same([1, 2, 3, 4].map((n) => backoffMs(policy, n)), [1000, 2000, 4000, 5000]);
});
