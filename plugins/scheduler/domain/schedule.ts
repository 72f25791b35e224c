// Schedules as the scheduler stores and follows them: validation into the stored form, and the occurrences they produce.
import { nextFireTimes, parseCron, validateTimeZone, type CronSchedule } from './cron/index.ts';
import type { StoredSchedule } from './task.ts';

export type ScheduleInput =
  | { readonly type: 'cron'; readonly expression: string; readonly timeZone?: string }
  | { readonly type: 'once'; readonly at: string };

// Parsing is cheap but a busy worker asks for the same few expressions over and over.
const parsed = new Map<string, CronSchedule>();
const PARSED_CACHE_LIMIT = 1000;

function cronOf(expression: string): CronSchedule {
  let schedule = parsed.get(expression);
  if (schedule === undefined) {
    schedule = parseCron(expression);
    if (parsed.size >= PARSED_CACHE_LIMIT) parsed.clear();
    parsed.set(expression, schedule);
  }
  return schedule;
}

/** The stored form: expression trimmed, zone canonical (UTC by default), instant in UTC. Throws CronError when refused. */
export function normalizeSchedule(input: ScheduleInput): StoredSchedule {
  if (input.type === 'once') return { type: 'once', at: new Date(input.at).toISOString() };
  const cron = cronOf(input.expression);
  return { type: 'cron', expression: cron.expression, timeZone: validateTimeZone(input.timeZone ?? 'UTC') };
}

/** The first occurrence strictly after `after`; null when a one-shot schedule has passed. */
export function occurrenceAfter(schedule: StoredSchedule, after: Date): Date | null {
  if (schedule.type === 'once') {
    const at = new Date(schedule.at);
    return at.getTime() > after.getTime() ? at : null;
  }
  const [next] = nextFireTimes(cronOf(schedule.expression), { timeZone: schedule.timeZone, from: after, count: 1 });
  return next ?? null;
}

/** Occurrences strictly after `after` and at or before `until`, at most `limit` of them, oldest first. */
export function occurrencesBetween(schedule: StoredSchedule, after: Date, until: Date, limit: number): Date[] {
  if (schedule.type === 'once') {
    const at = occurrenceAfter(schedule, after);
    return at !== null && at.getTime() <= until.getTime() && limit > 0 ? [at] : [];
  }
  const cron = cronOf(schedule.expression);
  const out: Date[] = [];
  let from = after;
  while (out.length < limit) {
    const batch = nextFireTimes(cron, { timeZone: schedule.timeZone, from, count: Math.min(limit - out.length, 64) });
    for (const at of batch) {
      if (at.getTime() > until.getTime()) return out;
      out.push(at);
    }
    const last = batch[batch.length - 1];
    if (last === undefined) break;
    from = last;
  }
  return out;
}

/**
 * The first of the `k` latest occurrences in [first, until] (k = 1: the latest), or `first` when there are fewer.
 * `first` must be an occurrence at or before `until`. A bisection over instants keeps this cheap however many
 * occurrences were missed (a minutely schedule idle for a year).
 */
export function kthLatestOccurrence(schedule: StoredSchedule, first: Date, until: Date, k: number): Date {
  if (schedule.type === 'once') return first;
  const cron = cronOf(schedule.expression);
  const kthAfter = (t: number) => nextFireTimes(cron, { timeZone: schedule.timeZone, from: new Date(t), count: k })[k - 1];
  const fits = (t: number) => {
    const kth = kthAfter(t);
    return kth !== undefined && kth.getTime() <= until.getTime();
  };
  let lo = first.getTime() - 1;
  if (!fits(lo)) return first;
  let hi = until.getTime();
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return occurrenceAfter(schedule, new Date(lo)) ?? first;
}

/** How many occurrences lie in [first, until], counting no further than `cap`. */
export function countOccurrences(schedule: StoredSchedule, first: Date, until: Date, cap: number): number {
  return occurrencesBetween(schedule, new Date(first.getTime() - 1), until, cap).length;
}
