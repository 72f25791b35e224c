// The `nexus cron next` formatter: argv in, UTC lines or a one-line error out.
import t from 'tap';
import { CRON_NEXT_USAGE, runCronNext } from '../../../../../plugins/scheduler/domain/cron/index.ts';

const NOW = new Date('2026-03-29T00:45:00Z');

t.test('good input', async (t) => {
  t.strictSame(runCronNext(['30 2 * * *', '--tz', 'Europe/Berlin', '--from', '2026-03-28T12:00:00Z', '--count', '3'], NOW), {
    ok: true,
    lines: ['2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-31T00:30:00.000Z'],
  }, 'spring-forward day fires at the gap end');
  t.strictSame(runCronNext(['*/15 * * * *'], NOW), {
    ok: true,
    lines: ['2026-03-29T01:00:00.000Z', '2026-03-29T01:15:00.000Z', '2026-03-29T01:30:00.000Z', '2026-03-29T01:45:00.000Z', '2026-03-29T02:00:00.000Z'],
  }, 'defaults: UTC, from now, 5 lines');
  t.strictSame(runCronNext(['--count=2', '--tz=America/New_York', '@daily', '--from=2026-03-08T00:00:00-05:00'], NOW), {
    ok: true,
    lines: ['2026-03-09T04:00:00.000Z', '2026-03-10T04:00:00.000Z'],
  }, '--name=value form, options before the expression, offset in --from');
  t.strictSame(runCronNext(['0 0 * * *', '--from', '2026-03-28T23:59:59.999999Z', '--count', '1'], NOW), {
    ok: true,
    lines: ['2026-03-29T00:00:00.000Z'],
  }, 'fractional seconds beyond milliseconds');
  t.strictSame(runCronNext(['0 0 * * *', '--from', '2026-03-29T00:00Z', '--count', '1'], NOW), {
    ok: true,
    lines: ['2026-03-30T00:00:00.000Z'],
  }, 'strictly after --from; seconds optional');
  const many = runCronNext(['0 12 * * *', '--tz', 'utc', '--count', '1000', '--from', '2026-01-01T00:00:00Z'], NOW);
  t.equal(many.ok && many.lines.length, 1000, 'count 1000, zone name in any case');
});

t.test('bad input', async (t) => {
  const cases: Array<[string[], string]> = [
    [[], `missing cron expression\n${CRON_NEXT_USAGE}`],
    [['0', '0', '*', '*', '*'], `expected the cron expression as one quoted argument, got 5 arguments\n${CRON_NEXT_USAGE}`],
    [['* * * * *', '--zone', 'UTC'], `unknown option --zone\n${CRON_NEXT_USAGE}`],
    [['* * * * *', '--tz'], '--tz needs a value'],
    [['* * * * *', '--tz', '--count', '3'], '--tz needs a value'],
    [['* * * * *', '--tz='], '--tz needs a value'],
    [['* * * * *', '--count', '2', '--count', '3'], '--count given twice'],
    [['* * * * L'], 'day-of-week: unsupported token "L"'],
    [['61 * * * *'], 'minute: 61 is out of range 0-59'],
    [['@reboot'], 'unsupported macro "@reboot"'],
    [['* * * * *', '--tz', 'Mars/Olympus_Mons'], 'unknown time zone "Mars/Olympus_Mons"'],
    [['* * * * *', '--tz', '+01:00'], 'unknown time zone "+01:00" (use an IANA zone name such as "Europe/Berlin", not an offset)'],
    [['* * * * *', '--from', 'yesterday'], '--from "yesterday" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)'],
    [['* * * * *', '--from', '2026-03-29'], '--from "2026-03-29" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)'],
    [['* * * * *', '--from', '2026-03-29T01:00:00'], '--from "2026-03-29T01:00:00" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)'],
    [['* * * * *', '--from', '2026-02-30T00:00:00Z'], '--from "2026-02-30T00:00:00Z" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)'],
    [['* * * * *', '--from', '2026-03-29T24:00:00Z'], '--from "2026-03-29T24:00:00Z" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)'],
    [['* * * * *', '--from', '2026-03-29T01:00:60Z'], '--from "2026-03-29T01:00:60Z" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)'],
    [['* * * * *', '--from', '2026-03-29T01:00:00+24:00'], '--from "2026-03-29T01:00:00+24:00" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)'],
    [['* * * * *', '--from', '0999-12-31T00:00:00Z'], '--from "0999-12-31T00:00:00Z" is not an ISO-8601 instant (e.g. 2026-03-29T01:00:00Z)'],
    [['* * * * *', '--from', '9999-12-31T23:59:00-05:00'], 'from must be a valid date in the years 1000-9999'],
    [['* * * * *', '--count', '0'], '--count "0" must be an integer from 1 to 1000'],
    [['* * * * *', '--count', '1001'], '--count "1001" must be an integer from 1 to 1000'],
    [['* * * * *', '--count', '2.5'], '--count "2.5" must be an integer from 1 to 1000'],
    [['* * * * *', '--count', '-3'], '--count "-3" must be an integer from 1 to 1000'],
    [['* * * * *', '--count', '1e2'], '--count "1e2" must be an integer from 1 to 1000'],
  ];
  for (const [argv, error] of cases) t.strictSame(runCronNext(argv, NOW), { ok: false, error }, JSON.stringify(argv));
});
