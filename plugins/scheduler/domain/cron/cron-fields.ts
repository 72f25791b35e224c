// Value ranges, names and macros of the standard five-field cron syntax.
import type { CronField } from './cron-schedule.ts';

export interface FieldSpec {
  readonly field: CronField;
  readonly min: number;
  /** Highest value that may be written. */
  readonly max: number;
  /** Upper end of `*` and of an open `a/step`; below `max` only for day-of-week, whose 7 is an alias of 0. */
  readonly openMax: number;
  /** Names in value order starting at `min`, lower case. */
  readonly names: readonly string[];
}

export const FIELD_SPECS: readonly FieldSpec[] = [
  { field: 'minute', min: 0, max: 59, openMax: 59, names: [] },
  { field: 'hour', min: 0, max: 23, openMax: 23, names: [] },
  { field: 'day-of-month', min: 1, max: 31, openMax: 31, names: [] },
  {
    field: 'month',
    min: 1,
    max: 12,
    openMax: 12,
    names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
  },
  { field: 'day-of-week', min: 0, max: 7, openMax: 6, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

export const MACROS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** Longest month lengths, February counted in a leap year: the bound for "can this day ever occur". */
export const MAX_DAYS_IN_MONTH: readonly number[] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
