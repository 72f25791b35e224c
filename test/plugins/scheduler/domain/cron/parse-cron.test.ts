// Accepted cron forms and every refusal, each naming its field and token.
import t from 'tap';
import { CronError, parseCron } from '../../../../../plugins/scheduler/domain/cron/index.ts';

const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

t.test('accepted forms', async (t) => {
  const cases: Array<[string, Partial<ReturnType<typeof parseCron>>]> = [
    ['* * * * *', { minutes: range(0, 59), hours: range(0, 23), daysOfMonth: range(1, 31), months: range(1, 12), daysOfWeek: range(0, 6) }],
    ['*/15 * * * *', { minutes: [0, 15, 30, 45] }],
    ['1-30/5 * * * *', { minutes: [1, 6, 11, 16, 21, 26] }],
    ['5/10 * * * *', { minutes: [5, 15, 25, 35, 45, 55] }],
    ['0 5/6 * * *', { hours: [5, 11, 17, 23] }],
    ['0,7,59 0-3,22 * * *', { minutes: [0, 7, 59], hours: [0, 1, 2, 3, 22] }],
    ['0 0 */10 * *', { daysOfMonth: [1, 11, 21, 31], dayOfMonthStar: true }],
    ['0 0 20/5 * *', { daysOfMonth: [20, 25, 30] }],
    ['0 0 1 JAN,mar-May,Dec *', { months: [1, 3, 4, 5, 12] }],
    ['0 0 1 */4 *', { months: [1, 5, 9] }],
    ['0 0 * * 7', { daysOfWeek: [0] }],
    ['0 0 * * 0,7', { daysOfWeek: [0] }],
    ['0 0 * * 5-7', { daysOfWeek: [0, 5, 6] }],
    ['0 0 * * MON-fri', { daysOfWeek: [1, 2, 3, 4, 5], dayOfWeekStar: false }],
    ['0 0 * * Sun,SAT', { daysOfWeek: [0, 6] }],
    ['0 0 * * */2', { daysOfWeek: [0, 2, 4, 6], dayOfWeekStar: true }],
    ['0 0 * * 1/2', { daysOfWeek: [1, 3, 5] }],
    ['0 0 * * */7', { daysOfWeek: [0] }],
    ['0 0 * * 7/2', { daysOfWeek: [0] }],
    ['0 0 * * 6/2', { daysOfWeek: [6] }],
    ['05 007 * * *', { minutes: [5], hours: [7] }],
    ['*/90 * * * *', { minutes: [0] }],
    ['  0\t12   *  *\t*  ', { expression: '0\t12   *  *\t*', minutes: [0], hours: [12] }],
    ['@yearly', { expression: '@yearly', minutes: [0], hours: [0], daysOfMonth: [1], months: [1], dayOfWeekStar: true }],
    ['@annually', { daysOfMonth: [1], months: [1] }],
    ['@monthly', { daysOfMonth: [1], months: range(1, 12) }],
    ['@weekly', { daysOfWeek: [0], dayOfMonthStar: true, dayOfWeekStar: false }],
    ['@daily', { minutes: [0], hours: [0], daysOfWeek: range(0, 6) }],
    ['@MIDNIGHT', { minutes: [0], hours: [0] }],
    ['@hourly', { minutes: [0], hours: range(0, 23), fixedHour: false }],
    ['0 0 29 2 *', { daysOfMonth: [29], months: [2] }],
    ['0 0 31 2 1', { daysOfMonth: [31], months: [2], daysOfWeek: [1] }],
  ];
  for (const [expression, expected] of cases) {
    const parsed = parseCron(expression);
    const picked = Object.fromEntries(Object.keys(expected).map((key) => [key, parsed[key as keyof typeof parsed]]));
    t.strictSame(picked, expected, JSON.stringify(expression));
  }
});

t.test('fixed means the hour field does not start with *', async (t) => {
  const fixed: Array<[string, boolean]> = [
    ['30 2 * * *', true],
    ['0 9-17 * * 1-5', true],
    ['0 0-23/2 * * *', true],
    ['*/5 3 * * *', true],
    ['@daily', true],
    ['*/15 * * * *', false],
    ['30 * * * *', false],
    ['0 */2 * * *', false],
    ['@hourly', false],
  ];
  for (const [expression, expected] of fixed) t.equal(parseCron(expression).fixedHour, expected, expression);
});

t.test('refusals name the field and token', async (t) => {
  const cases: Array<[string, string, string, string]> = [
    ['* * L * *', 'day-of-month', 'L', 'day-of-month: unsupported token "L"'],
    ['* * 15W * *', 'day-of-month', '15W', 'day-of-month: unsupported token "15W"'],
    ['* * LW * *', 'day-of-month', 'LW', 'day-of-month: unsupported token "LW"'],
    ['* * * * 5L', 'day-of-week', '5L', 'day-of-week: unsupported token "5L"'],
    ['* * * * 1#2', 'day-of-week', '1#2', 'day-of-week: unsupported token "1#2"'],
    ['* * ? * 1', 'day-of-month', '?', 'day-of-month: unsupported token "?"'],
    ['H * * * *', 'minute', 'H', 'minute: unsupported token "H"'],
    ['H/5 * * * *', 'minute', 'H/5', 'minute: unsupported token "H/5"'],
    ['0 0 * * monday', 'day-of-week', 'monday', 'day-of-week: unsupported token "monday"'],
    ['0 0 * jan-feb,x *', 'month', 'x', 'month: unsupported token "x"'],
    ['0 0 * * jan', 'day-of-week', 'jan', 'day-of-week: unsupported token "jan"'],
    ['0 0 * mon *', 'month', 'mon', 'month: unsupported token "mon"'],
    ['-5 * * * *', 'minute', '-5', 'minute: unsupported token "-5"'],
    ['1-2-3 * * * *', 'minute', '1-2-3', 'minute: unsupported token "1-2-3"'],
    ['*/5/2 * * * *', 'minute', '*/5/2', 'minute: unsupported token "*/5/2"'],
    ['*/x * * * *', 'minute', '*/x', 'minute: unsupported token "*/x"'],
    ['*/ * * * *', 'minute', '*/', 'minute: unsupported token "*/"'],
    ['60 * * * *', 'minute', '60', 'minute: 60 is out of range 0-59'],
    ['0 24 * * *', 'hour', '24', 'hour: 24 is out of range 0-23'],
    ['0 0 0 * *', 'day-of-month', '0', 'day-of-month: 0 is out of range 1-31'],
    ['0 0 32 * *', 'day-of-month', '32', 'day-of-month: 32 is out of range 1-31'],
    ['0 0 * 13 *', 'month', '13', 'month: 13 is out of range 1-12'],
    ['0 0 * 0 *', 'month', '0', 'month: 0 is out of range 1-12'],
    ['0 0 * * 8', 'day-of-week', '8', 'day-of-week: 8 is out of range 0-7'],
    ['0 10-70 * * *', 'hour', '70', 'hour: 70 is out of range 0-23'],
    ['30-10 * * * *', 'minute', '30-10', 'minute: range "30-10" is reversed (30 > 10)'],
    ['0 0 * * fri-sun', 'day-of-week', 'fri-sun', 'day-of-week: range "fri-sun" is reversed (5 > 0)'],
    ['*/0 * * * *', 'minute', '*/0', 'minute: zero step in "*/0"'],
    ['0 1-5/0 * * *', 'hour', '1-5/0', 'hour: zero step in "1-5/0"'],
    ['1,,2 * * * *', 'minute', '', 'minute: empty list item in "1,,2"'],
    ['0 0 1, * *', 'day-of-month', '', 'day-of-month: empty list item in "1,"'],
    ['0 0 * * ,1', 'day-of-week', '', 'day-of-week: empty list item in ",1"'],
    ['0 0 30 2 *', 'day-of-month', '30', 'day-of-month: "30" never occurs in month "2"'],
    ['0 0 31 apr,jun *', 'day-of-month', '31', 'day-of-month: "31" never occurs in month "apr,jun"'],
    ['0 0 31 2 */2', 'day-of-month', '31', 'day-of-month: "31" never occurs in month "2"'],
    ['@reboot', 'expression', '@reboot', 'unsupported macro "@reboot"'],
    ['@every 5m', 'expression', '@every', 'unknown macro "@every"'],
    ['@daily 5', 'expression', '5', 'macro "@daily" takes no fields, got "5"'],
    ['0 0 0 * * *', 'expression', '0 0 0 * * *', 'expected 5 fields (minute hour day-of-month month day-of-week), got 6; a sixth (seconds) field is not supported'],
    ['0 0 0 * * * 2026', 'expression', '0 0 0 * * * 2026', 'expected 5 fields (minute hour day-of-month month day-of-week), got 7; seconds and year fields are not supported'],
    ['* * * *', 'expression', '* * * *', 'expected 5 fields (minute hour day-of-month month day-of-week), got 4'],
    ['   ', 'expression', '', 'expected 5 fields (minute hour day-of-month month day-of-week), got 0'],
  ];
  for (const [expression, field, token, message] of cases) {
    t.throws(() => parseCron(expression), { name: 'CronError', field, token, message }, JSON.stringify(expression));
  }
  t.ok(captured(() => parseCron('L * * * *')) instanceof CronError, 'is a CronError');
});

function captured(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}
