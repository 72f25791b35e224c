// Public surface of the pure cron domain: parsing, matching, fire times, zone validation, CLI formatting, docs.
export { CronError, type CronErrorField } from './cron-error.ts';
export type { CronField, CronSchedule, WallTime } from './cron-schedule.ts';
export { parseCron } from './parse-cron.ts';
export { matches } from './matches.ts';
export { nextFireTimes, firesAt, type NextFireOptions } from './next-fire-times.ts';
export { validateTimeZone } from './time-zone.ts';
export { runCronNext, CRON_NEXT_USAGE, type CronNextResult } from './cron-next-cli.ts';
export { CRON_DOCS } from './cron-docs.ts';
