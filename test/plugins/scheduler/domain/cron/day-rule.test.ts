// Vixie day-of-month/day-of-week matching, shown as the firing dates over June 2026 (June 1 is a Monday).
import t from 'tap';
import { firesAt, matches, nextFireTimes, parseCron } from '../../../../../plugins/scheduler/domain/cron/index.ts';

const juneDays = (expression: string): number[] =>
  nextFireTimes(parseCron(expression), { from: new Date('2026-05-31T23:59:59.999Z'), count: 40 })
    .filter((d) => d.getUTCFullYear() === 2026 && d.getUTCMonth() === 5)
    .map((d) => d.getUTCDate());

t.test('firing days in June 2026', async (t) => {
  const table: Array<[string, string, number[]]> = [
    ['0 0 */2 * 1', 'day-of-month starts with *, so both must match: odd days that are Mondays', [1, 15, 29]],
    ['0 0 1,15 * 5', 'both restricted, so either: the 1st, the 15th, or any Friday', [1, 5, 12, 15, 19, 26]],
    ['0 0 * * 1', 'Mondays', [1, 8, 15, 22, 29]],
    ['0 0 1 * *', 'the 1st of the month', [1]],
    ['0 0 1-7 * */7', 'day-of-week starts with *, so both: the first Sunday', [7]],
    ['0 0 1-7 * 0', 'both restricted: days 1-7 or any Sunday', [1, 2, 3, 4, 5, 6, 7, 14, 21, 28]],
    ['0 0 */2 * *', 'odd days', [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29]],
  ];
  for (const [expression, why, days] of table) t.strictSame(juneDays(expression), days, `${expression}: ${why}`);
});

t.test('matches applies the same rule to a wall time', async (t) => {
  const wall = (day: number) => ({ year: 2026, month: 6, day, hour: 0, minute: 0 });
  t.ok(matches(parseCron('0 0 */2 * 1'), wall(15)), 'Monday the 15th');
  t.notOk(matches(parseCron('0 0 */2 * 1'), wall(8)), 'Monday the 8th is even');
  t.notOk(matches(parseCron('0 0 */2 * 1'), wall(3)), 'the 3rd is a Wednesday');
  t.ok(matches(parseCron('0 0 1,15 * 5'), wall(5)), 'Friday the 5th');
  t.ok(matches(parseCron('0 0 1,15 * 5'), wall(15)), 'Monday the 15th');
  t.notOk(matches(parseCron('0 0 1,15 * 5'), wall(16)), 'Tuesday the 16th');
  t.notOk(matches(parseCron('0 0 1,15 * 5'), { ...wall(5), minute: 1 }), 'wrong minute');
  t.notOk(matches(parseCron('0 0 1,15 * 5'), { ...wall(5), month: 7 }), 'July 5th is a Sunday');
  t.ok(matches(parseCron('30 2 * * *'), { year: 2026, month: 3, day: 29, hour: 2, minute: 30 }), 'ignores DST: Berlin skips this wall time');
});

t.test('firesAt is true exactly at fire instants', async (t) => {
  const schedule = parseCron('30 2 * * *');
  t.ok(firesAt(schedule, new Date('2026-03-29T01:00:00Z'), { timeZone: 'Europe/Berlin' }), 'gap end');
  t.notOk(firesAt(schedule, new Date('2026-03-29T00:30:00Z'), { timeZone: 'Europe/Berlin' }), 'never shown wall time');
  t.ok(firesAt(schedule, new Date('2026-03-29T02:30:00Z')), 'UTC by default');
  t.notOk(firesAt(schedule, new Date('2026-03-29T02:30:00.001Z')), 'not a millisecond later');
});
