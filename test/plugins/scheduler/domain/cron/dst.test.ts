// DST policy in Europe/Berlin, America/New_York and Australia/Lord_Howe (30-minute shift), hand-derived expectations.
import t from 'tap';
import { nextFireTimes, parseCron } from '../../../../../plugins/scheduler/domain/cron/index.ts';

const fires = (expression: string, timeZone: string, from: string, count: number): string[] =>
  nextFireTimes(parseCron(expression), { timeZone, from: new Date(from), count }).map((d) => d.toISOString().replace(':00.000Z', 'Z'));

interface Case {
  readonly why: string;
  readonly expression: string;
  readonly from: string;
  readonly expected: readonly string[];
}

function check(zone: string, cases: readonly Case[]): void {
  t.test(zone, async (t) => {
    for (const c of cases) t.strictSame(fires(c.expression, zone, c.from, c.expected.length), c.expected, `${c.expression} from ${c.from}: ${c.why}`);
  });
}

// 2026-03-29 02:00 CET -> 03:00 CEST at 01:00Z; 2026-10-25 03:00 CEST -> 02:00 CET at 01:00Z (02:00-02:59 twice).
check('Europe/Berlin', [
  { why: 'skipped 02:30 fires at the gap end, 03:00 CEST', expression: '30 2 * * *', from: '2026-03-28T00:00Z', expected: ['2026-03-28T01:30Z', '2026-03-29T01:00Z', '2026-03-30T00:30Z'] },
  { why: 'from exactly one ms before the gap end', expression: '30 2 * * *', from: '2026-03-29T00:59:59.999Z', expected: ['2026-03-29T01:00Z'] },
  { why: 'two skipped times and 03:00 itself fire once at the gap end', expression: '0,30 2,3 * * *', from: '2026-03-28T23:00Z', expected: ['2026-03-29T01:00Z', '2026-03-29T01:30Z', '2026-03-30T00:00Z'] },
  { why: 'times around the gap are untouched', expression: '59 1,3 * * *', from: '2026-03-28T23:00Z', expected: ['2026-03-29T00:59Z', '2026-03-29T01:59Z'] },
  { why: 'repeated 02:30 fires at its first (CEST) occurrence only', expression: '30 2 * * *', from: '2026-10-24T00:00Z', expected: ['2026-10-24T00:30Z', '2026-10-25T00:30Z', '2026-10-26T01:30Z'] },
  { why: 'from inside the second pass: the first occurrence already fired', expression: '30 2 * * *', from: '2026-10-25T01:00Z', expected: ['2026-10-26T01:30Z'] },
  { why: 'from inside the first pass, before 02:30', expression: '30 2 * * *', from: '2026-10-25T00:10Z', expected: ['2026-10-25T00:30Z', '2026-10-26T01:30Z'] },
  { why: 'fixed times across the repeated hour fire once each', expression: '*/20 2 * * *', from: '2026-10-24T23:00Z', expected: ['2026-10-25T00:00Z', '2026-10-25T00:20Z', '2026-10-25T00:40Z', '2026-10-26T01:00Z'] },
  { why: 'wildcard hour: every real quarter hour through the gap', expression: '*/15 * * * *', from: '2026-03-29T00:30Z', expected: ['2026-03-29T00:45Z', '2026-03-29T01:00Z', '2026-03-29T01:15Z'] },
  { why: 'wildcard hour: every real quarter hour through the overlap', expression: '*/15 * * * *', from: '2026-10-25T00:20Z', expected: ['2026-10-25T00:30Z', '2026-10-25T00:45Z', '2026-10-25T01:00Z', '2026-10-25T01:15Z', '2026-10-25T01:30Z'] },
  { why: 'wildcard hour: nothing for the skipped 02:30', expression: '30 * * * *', from: '2026-03-29T00:00Z', expected: ['2026-03-29T00:30Z', '2026-03-29T01:30Z'] },
  { why: 'wildcard hour: 02:30 CEST and 02:30 CET both fire', expression: '30 * * * *', from: '2026-10-24T23:00Z', expected: ['2026-10-24T23:30Z', '2026-10-25T00:30Z', '2026-10-25T01:30Z', '2026-10-25T02:30Z'] },
  { why: 'step over all hours is not fixed: skipped 02:00 does not fire', expression: '0 */2 * * *', from: '2026-03-28T22:00Z', expected: ['2026-03-28T23:00Z', '2026-03-29T02:00Z'] },
  { why: 'step over all hours is not fixed: 02:00 fires twice', expression: '0 */2 * * *', from: '2026-10-24T21:00Z', expected: ['2026-10-24T22:00Z', '2026-10-25T00:00Z', '2026-10-25T01:00Z', '2026-10-25T03:00Z'] },
  { why: '0-23/2 is fixed: skipped 02:00 fires at the gap end', expression: '0 0-23/2 * * *', from: '2026-03-28T22:00Z', expected: ['2026-03-28T23:00Z', '2026-03-29T01:00Z', '2026-03-29T02:00Z'] },
  { why: '0-23/2 is fixed: 02:00 fires once', expression: '0 0-23/2 * * *', from: '2026-10-24T21:00Z', expected: ['2026-10-24T22:00Z', '2026-10-25T00:00Z', '2026-10-25T03:00Z'] },
]);

// 2026-03-08 02:00 EST -> 03:00 EDT at 07:00Z; 2026-11-01 02:00 EDT -> 01:00 EST at 06:00Z (01:00-01:59 twice).
check('America/New_York', [
  { why: 'skipped 02:30 fires at 03:00 EDT', expression: '30 2 * * *', from: '2026-03-07T00:00Z', expected: ['2026-03-07T07:30Z', '2026-03-08T07:00Z', '2026-03-09T06:30Z'] },
  { why: 'skipped 02:00 fires at 03:00 EDT', expression: '0 2 * * 0', from: '2026-03-01T00:00Z', expected: ['2026-03-01T07:00Z', '2026-03-08T07:00Z', '2026-03-15T06:00Z'] },
  { why: 'times just outside the gap', expression: '59 1 * * *', from: '2026-03-08T00:00Z', expected: ['2026-03-08T06:59Z', '2026-03-09T05:59Z'] },
  { why: 'repeated 01:30 fires at its EDT occurrence only', expression: '30 1 * * *', from: '2026-10-31T00:00Z', expected: ['2026-10-31T05:30Z', '2026-11-01T05:30Z', '2026-11-02T06:30Z'] },
  { why: '02:00 exists once on the fall-back day (EST)', expression: '0 2 * * *', from: '2026-11-01T00:00Z', expected: ['2026-11-01T07:00Z'] },
  { why: 'from in the second pass skips the repeated fixed time', expression: '45 1 * * *', from: '2026-11-01T06:00Z', expected: ['2026-11-02T06:45Z'] },
  { why: 'wildcard hour fires through both passes', expression: '*/30 * * * *', from: '2026-11-01T04:59Z', expected: ['2026-11-01T05:00Z', '2026-11-01T05:30Z', '2026-11-01T06:00Z', '2026-11-01T06:30Z', '2026-11-01T07:00Z'] },
  { why: 'wildcard hour skips nothing real and fires nothing for 02:xx', expression: '*/30 * * * *', from: '2026-03-08T06:00Z', expected: ['2026-03-08T06:30Z', '2026-03-08T07:00Z', '2026-03-08T07:30Z'] },
]);

// LHST is +10:30, LHDT +11:00. 2026-04-05 02:00 LHDT -> 01:30 LHST at 2026-04-04T15:00Z (01:30-01:59 twice);
// 2026-10-04 02:00 LHST -> 02:30 LHDT at 2026-10-03T15:30Z (02:00-02:29 skipped).
check('Australia/Lord_Howe', [
  { why: 'skipped 02:15 fires at 02:30 LHDT', expression: '15 2 * * *', from: '2026-10-02T00:00Z', expected: ['2026-10-02T15:45Z', '2026-10-03T15:30Z', '2026-10-04T15:15Z'] },
  { why: 'skipped 02:00 and real 02:30 share the gap end once', expression: '0,30 2 * * *', from: '2026-10-03T00:00Z', expected: ['2026-10-03T15:30Z', '2026-10-04T15:00Z'] },
  { why: '02:45 exists on the spring-forward day', expression: '45 2 * * *', from: '2026-10-03T00:00Z', expected: ['2026-10-03T15:45Z'] },
  { why: '01:59 is just before the gap', expression: '59 1 * * *', from: '2026-10-03T00:00Z', expected: ['2026-10-03T15:29Z'] },
  { why: 'repeated 01:45 fires at its LHDT occurrence only', expression: '45 1 * * *', from: '2026-04-03T00:00Z', expected: ['2026-04-03T14:45Z', '2026-04-04T14:45Z', '2026-04-05T15:15Z'] },
  { why: '01:15 is not repeated (the overlap is only 01:30-01:59)', expression: '15 1 * * *', from: '2026-04-04T00:00Z', expected: ['2026-04-04T14:15Z', '2026-04-05T14:45Z'] },
  { why: 'from in the second pass skips the repeated fixed time', expression: '45 1 * * *', from: '2026-04-04T15:00Z', expected: ['2026-04-05T15:15Z'] },
  { why: 'hourly: 02:00 is skipped, so 90 real minutes pass', expression: '0 * * * *', from: '2026-10-03T14:00Z', expected: ['2026-10-03T14:30Z', '2026-10-03T16:00Z'] },
  { why: 'hourly: 02:00 follows the repeated half hour', expression: '0 * * * *', from: '2026-04-04T13:30Z', expected: ['2026-04-04T14:00Z', '2026-04-04T15:30Z'] },
  { why: 'quarter hours through the overlap, both 01:30 and 01:45 twice', expression: '*/15 * * * *', from: '2026-04-04T14:20Z', expected: ['2026-04-04T14:30Z', '2026-04-04T14:45Z', '2026-04-04T15:00Z', '2026-04-04T15:15Z', '2026-04-04T15:30Z'] },
  { why: 'quarter hours through the gap', expression: '*/15 * * * *', from: '2026-10-03T15:00Z', expected: ['2026-10-03T15:15Z', '2026-10-03T15:30Z', '2026-10-03T15:45Z'] },
]);
