// Decides which occurrence a claimed task runs when it is late, following the task's missed-runs policy.
import { countOccurrences, kthLatestOccurrence } from './schedule.ts';
import type { MissedRunsPolicy, StoredSchedule } from './task.ts';

/** Counting missed occurrences stops here; the number is informational and a minutely task idle for a year would go on long. */
const MISSED_COUNT_CAP = 10_000;

export interface OccurrencePlan {
  /** The occurrence to run now; null when every due occurrence is skipped. */
  readonly run: Date | null;
  /** Scheduled occurrences the run stands for: more than 1 when missed ones were coalesced into it. */
  readonly covers: number;
  /** Occurrences passed over without running: the latest of them and how many (counted up to MISSED_COUNT_CAP). */
  readonly skipped: { readonly latest: Date; readonly count: number } | null;
}

export interface PlanInput {
  readonly schedule: StoredSchedule;
  /** The task's next occurrence, at or before `now`. */
  readonly due: Date;
  readonly now: Date;
  readonly missedRuns: MissedRunsPolicy;
  /** An occurrence that starts within this long of its instant is on time, not missed. */
  readonly graceMs: number;
}

/**
 * On time: run `due`. Late: coalesce runs the latest due occurrence once, standing for all of them; skip runs
 * only an occurrence still on time and records the rest as skipped; run-all runs each missed occurrence in turn
 * (the next claim plans again), at most the `maxRuns` latest, skipping older ones.
 */
export function planOccurrence({ schedule, due, now, missedRuns, graceMs }: PlanInput): OccurrencePlan {
  const onTime = (at: Date) => at.getTime() >= now.getTime() - graceMs;
  if (onTime(due)) return { run: due, covers: 1, skipped: null };
  const count = (until: Date) => countOccurrences(schedule, due, until, MISSED_COUNT_CAP);
  const before = (at: Date) => kthLatestOccurrence(schedule, due, new Date(at.getTime() - 1), 1);
  const latest = kthLatestOccurrence(schedule, due, now, 1);
  switch (missedRuns.policy) {
    case 'coalesce':
      return { run: latest, covers: count(latest), skipped: null };
    case 'skip': {
      if (!onTime(latest)) return { run: null, covers: 0, skipped: { latest, count: count(latest) } };
      const passed = latest.getTime() > due.getTime() ? before(latest) : null;
      return { run: latest, covers: 1, skipped: passed === null ? null : { latest: passed, count: count(passed) } };
    }
    case 'run-all': {
      const { maxRuns } = missedRuns;
      if (countOccurrences(schedule, due, now, maxRuns + 1) <= maxRuns) return { run: due, covers: 1, skipped: null };
      const first = kthLatestOccurrence(schedule, due, now, maxRuns);
      const passed = before(first);
      return { run: first, covers: 1, skipped: { latest: passed, count: count(passed) } };
    }
  }
}
