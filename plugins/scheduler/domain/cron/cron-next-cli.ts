// Pure argv handling and output formatting for `nexus cron next "<expr>" --tz <zone> --from <instant> --count <n>`.
import { CronError } from './cron-error.ts';
import { nextFireTimes } from './next-fire-times.ts';
import { parseCron } from './parse-cron.ts';
import { validateTimeZone } from './time-zone.ts';

export const CRON_NEXT_USAGE = 'usage: nexus cron next "<expr>" [--tz <zone>] [--from <ISO instant>] [--count <1-1000>]';

export type CronNextResult = { readonly ok: true; readonly lines: string[] } | { readonly ok: false; readonly error: string };

const OPTIONS = ['--tz', '--from', '--count'] as const;
type OptionName = (typeof OPTIONS)[number];
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * `argv` holds the arguments after `nexus cron next`; `now` is the default for --from (passed in to stay pure).
 * Success lines are UTC ISO-8601 instants, one per fire time.
 */
export function runCronNext(argv: readonly string[], now: Date): CronNextResult {
  try {
    const args = readArgs(argv);
    const schedule = parseCron(args.expression);
    const timeZone = validateTimeZone(args.options['--tz'] ?? 'UTC');
    const from = args.options['--from'] === undefined ? now : parseInstant(args.options['--from']);
    const count = args.options['--count'] === undefined ? 5 : parseCount(args.options['--count']);
    return { ok: true, lines: nextFireTimes(schedule, { timeZone, from, count }).map((d) => d.toISOString()) };
  } catch (err) {
    // RangeError: the engine's own bounds on `from`, reachable by an instant near year 9999 with an offset.
    if (err instanceof CronError || err instanceof UsageError || err instanceof RangeError) return { ok: false, error: err.message };
    throw err;
  }
}

class UsageError extends Error {}

function readArgs(argv: readonly string[]): { expression: string; options: Partial<Record<OptionName, string>> } {
  const positional: string[] = [];
  const options: Partial<Record<OptionName, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg : arg.slice(0, eq);
    if (!isOption(name)) throw new UsageError(`unknown option ${name}\n${CRON_NEXT_USAGE}`);
    if (options[name] !== undefined) throw new UsageError(`${name} given twice`);
    const value = eq < 0 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '' || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
    options[name] = value;
  }
  if (positional.length === 0) throw new UsageError(`missing cron expression\n${CRON_NEXT_USAGE}`);
  if (positional.length > 1) {
    throw new UsageError(`expected the cron expression as one quoted argument, got ${positional.length} arguments\n${CRON_NEXT_USAGE}`);
  }
  return { expression: positional[0] ?? '', options };
}

function isOption(name: string): name is OptionName {
  return (OPTIONS as readonly string[]).includes(name);
}

// Date.parse alone would roll 2026-02-30 over to March and accept zone-less local times.
function parseInstant(text: string): Date {
  const m = ISO_INSTANT.exec(text);
  const invalid = () => new UsageError(`--from "${text}" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)`);
  if (m === null) throw invalid();
  const [year, month, day, hour, minute, second = 0, offsetHour = 0, offsetMinute = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const fields = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0, hour ?? 0, minute ?? 0, second ?? 0));
  const sameFields =
    fields.getUTCFullYear() === year &&
    fields.getUTCMonth() + 1 === month &&
    fields.getUTCDate() === day &&
    fields.getUTCHours() === hour &&
    fields.getUTCMinutes() === minute;
  if (!sameFields || (year ?? 0) < 1000 || (offsetHour ?? 0) > 23 || (offsetMinute ?? 0) > 59) throw invalid();
  return new Date(Date.parse(text));
}

function parseCount(text: string): number {
  const count = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(count >= 1 && count <= 1000)) throw new UsageError(`--count "${text}" must be an integer from 1 to 1000`);
  return count;
}
