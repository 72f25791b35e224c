// Cron previews for the API and the CLI: the next fire instants of an expression in a zone, or a clear refusal.
import { CronError, nextFireTimes, parseCron, validateTimeZone } from '../domain/cron/index.ts';
import { errors } from '../errors.ts';

// The CLI formats the same engine's answers; api/ reaches the domain through here.
export { CRON_DOCS, CRON_NEXT_USAGE, runCronNext } from '../domain/cron/index.ts';

const DEFAULT_PREVIEW_COUNT = 5;

export interface CronPreviewInput {
  readonly expression: string;
  readonly timeZone?: string;
  /** ISO instant; fire times are strictly after it. Now by default. */
  readonly from?: string;
  readonly count?: number;
}

export interface CronPreview {
  readonly expression: string;
  readonly timeZone: string;
  readonly fireTimes: string[];
}

export function previewCron(input: CronPreviewInput, now: Date): CronPreview {
  try {
    const schedule = parseCron(input.expression);
    const timeZone = validateTimeZone(input.timeZone ?? 'UTC');
    const from = input.from === undefined ? now : new Date(input.from);
    const fireTimes = nextFireTimes(schedule, { timeZone, from, count: input.count ?? DEFAULT_PREVIEW_COUNT }).map((d) => d.toISOString());
    return { expression: schedule.expression, timeZone, fireTimes };
  } catch (err) {
    if (err instanceof CronError) {
      if (err.field === 'time-zone') throw errors.scheduler_invalid_time_zone({ timeZone: err.token }, `The time zone is not valid: ${err.message}.`);
      throw errors.scheduler_invalid_cron({ field: err.field, token: err.token }, `The cron expression is not valid: ${err.message}.`);
    }
    // The engine's own bounds: instants outside the years 1000-9999.
    if (err instanceof RangeError) throw errors.scheduler_invalid_preview({ from: input.from }, `The preview is not valid: ${err.message}.`);
    throw err;
  }
}
