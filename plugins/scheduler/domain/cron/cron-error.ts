// The single error type for refused cron expressions and time zones, naming the offending field and token.
import type { CronField } from './cron-schedule.ts';

/** Where a refusal points: one of the five fields, the expression as a whole, or the time zone. */
export type CronErrorField = CronField | 'expression' | 'time-zone';

export class CronError extends Error {
  readonly field: CronErrorField;
  readonly token: string;

  constructor(field: CronErrorField, token: string, message: string) {
    super(message);
    this.name = 'CronError';
    this.field = field;
    this.token = token;
  }
}
