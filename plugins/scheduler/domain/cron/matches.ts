// Whether a zone-local wall-clock minute is selected by a schedule, with Vixie's day-of-month/day-of-week rule.
import type { CronSchedule, WallTime } from './cron-schedule.ts';

/**
 * Vixie cron: when either day field starts with `*`, stepped stars included, a day must satisfy both; when
 * both are restricted, satisfying either is enough. cron-parser only treats a bare `*` this way, hence our own rule.
 */
export function dayRuleMatches(
  schedule: Pick<CronSchedule, 'dayOfMonthStar' | 'dayOfWeekStar'>,
  dayOfMonthHit: boolean,
  dayOfWeekHit: boolean,
): boolean {
  return schedule.dayOfMonthStar || schedule.dayOfWeekStar ? dayOfMonthHit && dayOfWeekHit : dayOfMonthHit || dayOfWeekHit;
}

// Sakamoto's method: plain arithmetic, because this runs for every candidate day of the search.
const MONTH_SHIFT = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** 0 = Sunday, for a Gregorian date in a year >= 1. */
export function dayOfWeek(year: number, month: number, day: number): number {
  const y = month < 3 ? year - 1 : year;
  return (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_SHIFT[month - 1]! + day) % 7;
}

/**
 * Field matching only: says nothing about DST, so a wall time skipped or repeated by the zone's clock still
 * "matches". Use `nextFireTimes`/`firesAt` for when a schedule actually fires.
 */
export function matches(schedule: CronSchedule, wall: WallTime): boolean {
  return (
    schedule.minutes.includes(wall.minute) &&
    schedule.hours.includes(wall.hour) &&
    schedule.months.includes(wall.month) &&
    dayRuleMatches(
      schedule,
      schedule.daysOfMonth.includes(wall.day),
      schedule.daysOfWeek.includes(dayOfWeek(wall.year, wall.month, wall.day)),
    )
  );
}
