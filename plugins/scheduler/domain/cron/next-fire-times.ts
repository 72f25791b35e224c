// The fire-time engine: exact next instants of a schedule in an IANA zone, with the documented DST policy.
import { validateTimeZone } from './time-zone.ts';
import { compileSchedule, nextMatchingWall } from './wall-search.ts';
import { zoneRules, type ZoneRules } from './zone-transitions.ts';
import type { CronSchedule } from './cron-schedule.ts';

const DAY_MS = 86_400_000;
const EARLIEST_FROM = Date.UTC(1000, 0, 1);
const LATEST_FROM = Date.UTC(10000, 0, 1) - 1;

export interface NextFireOptions {
  /** IANA zone; default "UTC". */
  readonly timeZone?: string;
  /** Results are strictly after this instant. */
  readonly from: Date;
  readonly count: number;
}

/**
 * The next `count` fire instants strictly after `from`, ascending. Walks the zone's constant-offset stretches
 * in real time: within one, the next selected wall minute maps to exactly one instant, found by field skipping.
 * Non-fixed schedules (hour field starting with `*`) thus fire at every instant whose wall time matches;
 * fixed ones additionally skip wall times the clock already showed (the second pass of a fall-back) and fire
 * at the first instant after a spring-forward gap when the gap hid a selected wall time.
 * Throws CronError for an unknown zone and RangeError for a bad `from` (years 1000-9999) or `count`.
 */
export function nextFireTimes(schedule: CronSchedule, options: NextFireOptions): Date[] {
  const rules = zoneRules(validateTimeZone(options.timeZone ?? 'UTC'));
  const from = options.from.getTime();
  if (!(from >= EARLIEST_FROM && from <= LATEST_FROM)) throw new RangeError('from must be a valid date in the years 1000-9999');
  if (!Number.isSafeInteger(options.count) || options.count < 0) throw new RangeError('count must be a non-negative integer');

  const compiled = compileSchedule(schedule);
  const fixed = schedule.fixedHour;
  const fires: number[] = [];
  // A fixed time hidden in a gap fires at the gap's end, which may also be a selected wall time itself.
  const emit = (at: number) => {
    if (fires[fires.length - 1] !== at) fires.push(at);
  };
  // Fires before `now` and transitions up to `settled` are done; `offset` is in force just after `settled`.
  // The two differ after a transition, whose own instant may still be a fire time.
  let now = from + 1;
  let settled = from;
  let offset = rules.offsetAt(from);
  // Highest wall time the clock has shown before `now`; fixed times at or below it have had their one firing.
  let reached = fixed ? wallReachedBefore(rules, now) : -Infinity;
  while (fires.length < options.count) {
    const wall = nextMatchingWall(compiled, Math.max(now + offset, reached + 1));
    const candidate = wall - offset;
    const transition = rules.firstTransitionIn(settled, candidate);
    if (transition === undefined) {
      emit(candidate);
      if (fixed) reached = wall;
      now = candidate + 1;
      settled = candidate;
      continue;
    }
    if (fixed) {
      reached = Math.max(reached, transition.at - 1 + transition.before);
      const gapEnd = transition.at + transition.after;
      if (gapEnd - 1 > reached) {
        if (nextMatchingWall(compiled, reached + 1) < gapEnd) emit(transition.at);
        reached = gapEnd - 1;
      }
    }
    now = transition.at;
    settled = transition.at;
    offset = transition.after;
  }
  return fires.map((at) => new Date(at));
}

/** Whether `at` is exactly one of the schedule's fire instants in the zone. */
export function firesAt(schedule: CronSchedule, at: Date, options: { readonly timeZone?: string } = {}): boolean {
  const [next] = nextFireTimes(schedule, { timeZone: options.timeZone ?? 'UTC', from: new Date(at.getTime() - 1), count: 1 });
  return next?.getTime() === at.getTime();
}

// Looking back two days covers every earlier stretch that could end above the current wall time, since
// offsets span less than 26 hours.
function wallReachedBefore(rules: ZoneRules, at: number): number {
  let reached = at - 1 + rules.offsetAt(at - 1);
  for (let t = rules.firstTransitionIn(at - 2 * DAY_MS, at - 1); t !== undefined; t = rules.firstTransitionIn(t.at, at - 1)) {
    reached = Math.max(reached, t.at - 1 + t.before);
  }
  return reached;
}
