// Data shapes shared by the cron parser, matcher and fire-time engine.

export type CronField = 'minute' | 'hour' | 'day-of-month' | 'month' | 'day-of-week';

/** A parsed five-field expression: each field as its sorted set of allowed values. */
export interface CronSchedule {
  /** The expression as written (trimmed), macros not expanded. */
  readonly expression: string;
  /** 0-59 */
  readonly minutes: readonly number[];
  /** 0-23 */
  readonly hours: readonly number[];
  /** 1-31 */
  readonly daysOfMonth: readonly number[];
  /** 1-12 */
  readonly months: readonly number[];
  /** 0-6, Sunday is 0 (a written 7 is folded into 0). */
  readonly daysOfWeek: readonly number[];
  /** The day-of-month field starts with `*` (Vixie's DOM_STAR). */
  readonly dayOfMonthStar: boolean;
  /** The day-of-week field starts with `*` (Vixie's DOW_STAR). */
  readonly dayOfWeekStar: boolean;
  /**
   * The hour field does not start with `*`, so the schedule names fixed wall-clock times and follows the
   * fixed-time DST policy (fire once; a time skipped by the clock fires at the end of the gap).
   */
  readonly fixedHour: boolean;
}

/** A zone-local calendar minute. */
export interface WallTime {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  /** 1-31 */
  readonly day: number;
  /** 0-23 */
  readonly hour: number;
  /** 0-59 */
  readonly minute: number;
}
