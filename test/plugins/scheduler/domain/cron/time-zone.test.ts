// Zone validation: canonical names back, a CronError naming the zone for anything else.
import t from 'tap';
import { nextFireTimes, parseCron, validateTimeZone } from '../../../../../plugins/scheduler/domain/cron/index.ts';

t.test('valid zones come back canonical', async (t) => {
  t.equal(validateTimeZone('Europe/Berlin'), 'Europe/Berlin');
  t.equal(validateTimeZone('europe/berlin'), 'Europe/Berlin');
  t.equal(validateTimeZone('UTC'), 'UTC');
  t.equal(validateTimeZone('Etc/UTC'), 'UTC');
  t.equal(validateTimeZone('US/Eastern'), 'America/New_York');
  t.equal(validateTimeZone('Australia/Lord_Howe'), 'Australia/Lord_Howe');
});

t.test('unknown zones are refused', async (t) => {
  for (const zone of ['Mars/Olympus_Mons', '', 'Europe/Berlin ', 'CEST']) {
    t.throws(() => validateTimeZone(zone), { name: 'CronError', field: 'time-zone', token: zone, message: `unknown time zone "${zone}"` }, JSON.stringify(zone));
  }
  for (const zone of ['+01:00', '-05:00']) {
    t.throws(() => validateTimeZone(zone), { field: 'time-zone', token: zone, message: `unknown time zone "${zone}" (use an IANA zone name such as "Europe/Berlin", not an offset)` });
  }
  t.throws(() => nextFireTimes(parseCron('* * * * *'), { timeZone: 'Nowhere/Land', from: new Date(0), count: 1 }), { name: 'CronError', field: 'time-zone' }, 'the engine validates too');
});

t.test('engine argument checks', async (t) => {
  const schedule = parseCron('* * * * *');
  t.throws(() => nextFireTimes(schedule, { from: new Date(Number.NaN), count: 1 }), RangeError, 'invalid date');
  t.throws(() => nextFireTimes(schedule, { from: new Date('0999-12-31T00:00:00Z'), count: 1 }), RangeError, 'before year 1000');
  t.throws(() => nextFireTimes(schedule, { from: new Date(0), count: 1.5 }), RangeError, 'fractional count');
  t.strictSame(nextFireTimes(schedule, { from: new Date(0), count: 0 }), [], 'count 0');
});

t.test('fixed-offset zones and a zone with seconds in its historic offset', async (t) => {
  const at = (timeZone: string, from: string) => nextFireTimes(parseCron('0 12 * * *'), { timeZone, from: new Date(from), count: 1 })[0]?.toISOString();
  t.equal(at('Etc/GMT+5', '2026-06-01T00:00:00Z'), '2026-06-01T17:00:00.000Z');
  t.equal(at('Asia/Kolkata', '2026-06-01T00:00:00Z'), '2026-06-01T06:30:00.000Z');
  // Berlin kept local mean time (+00:53:28) until April 1893.
  t.equal(at('Europe/Berlin', '1890-06-01T00:00:00Z'), '1890-06-01T11:06:32.000Z');
});
