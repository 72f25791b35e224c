// Parses a standard five-field cron expression (or macro) into value sets, refusing anything non-standard.
import { CronError } from './cron-error.ts';
import { FIELD_SPECS, MACROS, MAX_DAYS_IN_MONTH, type FieldSpec } from './cron-fields.ts';
import { parseField } from './parse-field.ts';
import type { CronSchedule } from './cron-schedule.ts';

const FIELD_LIST = 'minute hour day-of-month month day-of-week';

/** Throws CronError naming the field and token at fault. */
export function parseCron(expression: string): CronSchedule {
  const text = expression.trim();
  const words = text === '' ? [] : text.split(/\s+/);
  const fields = words[0]?.startsWith('@') ? expandMacro(words) : words;
  if (fields.length !== 5) throw fieldCountError(text, fields.length);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  const [minuteSpec, hourSpec, domSpec, monthSpec, dowSpec] = FIELD_SPECS as [FieldSpec, FieldSpec, FieldSpec, FieldSpec, FieldSpec];
  const schedule: CronSchedule = {
    expression: text,
    minutes: parseField(minuteSpec, minute),
    hours: parseField(hourSpec, hour),
    daysOfMonth: parseField(domSpec, dayOfMonth),
    months: parseField(monthSpec, month),
    daysOfWeek: parseField(dowSpec, dayOfWeek),
    dayOfMonthStar: dayOfMonth.startsWith('*'),
    dayOfWeekStar: dayOfWeek.startsWith('*'),
    // "Fixed" means the hour field does not start with `*`: such schedules name wall-clock times, which on
    // DST days fire once (first occurrence) or, when skipped, at the first instant after the gap. `*` and
    // `*/n` hours instead follow elapsed real time.
    fixedHour: !hour.startsWith('*'),
  };
  assertDayCanOccur(schedule, dayOfMonth, month);
  return schedule;
}

function expandMacro(words: readonly string[]): string[] {
  const macro = (words[0] ?? '').toLowerCase();
  if (macro === '@reboot') throw new CronError('expression', words[0] ?? '', `unsupported macro "${words[0]}"`);
  const body = MACROS[macro];
  if (body === undefined) throw new CronError('expression', words[0] ?? '', `unknown macro "${words[0]}"`);
  if (words.length > 1) {
    throw new CronError('expression', words[1] ?? '', `macro "${words[0]}" takes no fields, got "${words.slice(1).join(' ')}"`);
  }
  return body.split(' ');
}

function fieldCountError(text: string, count: number): CronError {
  const hint =
    count === 6 ? '; a sixth (seconds) field is not supported' : count === 7 ? '; seconds and year fields are not supported' : '';
  return new CronError('expression', text, `expected 5 fields (${FIELD_LIST}), got ${count}${hint}`);
}

// Vixie accepts e.g. `0 0 30 2 *` and never runs it; refusing it keeps every accepted schedule firing and
// bounds the fire-time search. Only an ANDed, restricted day-of-month can make a schedule impossible.
function assertDayCanOccur(schedule: CronSchedule, dayOfMonth: string, month: string): void {
  if (schedule.dayOfMonthStar || !schedule.dayOfWeekStar) return;
  const firstDay = schedule.daysOfMonth[0] ?? Infinity;
  if (schedule.months.some((m) => firstDay <= (MAX_DAYS_IN_MONTH[m - 1] ?? 0))) return;
  throw new CronError('day-of-month', dayOfMonth, `day-of-month: "${dayOfMonth}" never occurs in month "${month}"`);
}
