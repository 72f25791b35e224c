// Finds the next wall-clock minute a schedule selects by skipping whole months, days and hours, never minute by minute.
import { dayOfWeek, dayRuleMatches } from './matches.ts';
import type { CronSchedule } from './cron-schedule.ts';

const MINUTE_MS = 60_000;

/** Lookup tables for one schedule; `next*[v]` is the smallest allowed value >= v, or -1. */
export interface CompiledSchedule {
  readonly dayOfMonthStar: boolean;
  readonly dayOfWeekStar: boolean;
  readonly nextMinute: Int8Array;
  readonly nextHour: Int8Array;
  readonly nextMonth: Int8Array;
  readonly dayOfMonth: Uint8Array;
  readonly dayOfWeek: Uint8Array;
}

export function compileSchedule(schedule: CronSchedule): CompiledSchedule {
  return {
    dayOfMonthStar: schedule.dayOfMonthStar,
    dayOfWeekStar: schedule.dayOfWeekStar,
    nextMinute: nextTable(schedule.minutes, 60),
    nextHour: nextTable(schedule.hours, 24),
    nextMonth: nextTable(schedule.months, 13),
    dayOfMonth: membership(schedule.daysOfMonth, 32),
    dayOfWeek: membership(schedule.daysOfWeek, 7),
  };
}

function nextTable(values: readonly number[], end: number): Int8Array {
  const table = new Int8Array(end + 1).fill(-1);
  for (const v of values) table[v] = v;
  for (let v = end - 1; v >= 0; v--) if (table[v] === -1) table[v] = table[v + 1]!;
  return table;
}

function membership(values: readonly number[], size: number): Uint8Array {
  const table = new Uint8Array(size);
  for (const v of values) table[v] = 1;
  return table;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
}

/** First day >= `day` of the month the day rule selects, or 0. */
function nextDayInMonth(c: CompiledSchedule, year: number, month: number, day: number): number {
  const last = daysInMonth(year, month);
  for (let d = day, weekday = dayOfWeek(year, month, day); d <= last; d++, weekday = (weekday + 1) % 7) {
    if (dayRuleMatches(c, c.dayOfMonth[d] === 1, c.dayOfWeek[weekday] === 1)) return d;
  }
  return 0;
}

/**
 * Smallest selected wall minute >= `from`. Wall times are zone-local fields encoded as if they were UTC
 * milliseconds, so calendar arithmetic here never touches a time zone. Terminates because parseCron refuses
 * day combinations that can never occur.
 */
export function nextMatchingWall(c: CompiledSchedule, from: number): number {
  const start = new Date(Math.ceil(from / MINUTE_MS) * MINUTE_MS);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth() + 1;
  let day = start.getUTCDate();
  let hour = start.getUTCHours();
  let minute = start.getUTCMinutes();
  for (;;) {
    const m = c.nextMonth[month]!;
    if (m < 0) {
      year++;
      month = 1;
      day = 1;
      hour = 0;
      minute = 0;
      continue;
    }
    if (m !== month) {
      month = m;
      day = 1;
      hour = 0;
      minute = 0;
    }
    const d = nextDayInMonth(c, year, month, day);
    if (d === 0) {
      month++;
      day = 1;
      hour = 0;
      minute = 0;
      continue;
    }
    if (d !== day) {
      day = d;
      hour = 0;
      minute = 0;
    }
    const h = c.nextHour[hour]!;
    if (h < 0) {
      day++;
      hour = 0;
      minute = 0;
      continue;
    }
    if (h !== hour) {
      hour = h;
      minute = 0;
    }
    const mi = c.nextMinute[minute]!;
    if (mi < 0) {
      hour++;
      minute = 0;
      continue;
    }
    return Date.UTC(year, month - 1, day, hour, mi);
  }
}
