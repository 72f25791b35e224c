// IANA zone validation and UTC-offset lookup, using only the ICU data built into Intl.DateTimeFormat.
import { CronError } from './cron-error.ts';

// Constructing an Intl.DateTimeFormat costs about 0.2 ms, far more than a whole fire-time search, so
// resolved names are memoised.
const canonicalZones = new Map<string, string>();

/** Returns the canonical zone name (e.g. "utc" -> "UTC", "US/Eastern" -> "America/New_York"). */
export function validateTimeZone(zone: string): string {
  const known = canonicalZones.get(zone);
  if (known !== undefined) return known;
  // Newer Node versions accept "+01:00" in Intl; a schedule needs a zone with rules, so refuse it everywhere.
  if (/^[+-]/.test(zone)) throw unknownZone(zone, ' (use an IANA zone name such as "Europe/Berlin", not an offset)');
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw unknownZone(zone, '');
  }
  canonicalZones.set(zone, canonical);
  return canonical;
}

function unknownZone(zone: string, hint: string): CronError {
  return new CronError('time-zone', zone, `unknown time zone "${zone}"${hint}`);
}

/**
 * A function giving the zone's UTC offset in milliseconds at an instant. Reads the "GMT+01:00" offset name
 * (seconds included for local mean time) from the shortest format that carries it: the cost of this call
 * dominates transition discovery.
 */
export function offsetReader(zone: string): (at: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset', hour: 'numeric' });
  return (at) => {
    const m = /GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?/.exec(format.format(at));
    if (m === null) throw new Error(`no GMT offset in "${format.format(at)}"`);
    const [, sign, hours = 0, minutes = 0, seconds = 0] = m;
    return (sign === '-' ? -1 : 1) * (Number(hours) * 3_600_000 + Number(minutes) * 60_000 + Number(seconds) * 1000);
  };
}
