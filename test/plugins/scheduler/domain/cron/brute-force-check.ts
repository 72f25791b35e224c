// Property check shared by the brute-force test files: over all of 2026, engine fire instants equal a minute-by-minute walk.
import type { Test } from 'tap';
import { nextFireTimes, parseCron, type CronSchedule } from '../../../../../plugins/scheduler/domain/cron/index.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_END = Date.UTC(2027, 0, 1);
// Starting the walk early tells the brute force which wall times were already shown on Jan 1.
const WALK_START = YEAR_START - 2 * DAY;
const WALK_MINUTES = (YEAR_END - WALK_START) / MINUTE;
const GENERATED = 100;

const HAND_PICKED = [
  '*/15 * * * *', '30 * * * *', '* 2 * * *', '30 2 * * *', '0,30 1-3 * * *', '*/20 2 * * *', '15 2 * * 0', '0 */2 * * *',
  '0 0-23/2 * * *', '45 1 * * *', '0 3 * * *', '59 23 31 12 *', '0 0 29 2 *', '0 0 31 * *', '@hourly', '@daily', '@weekly',
  '0 0 */2 * 1', '0 0 1,15 * 5', '*/7 */5 */3 */2 *', '5/10 2,3 * mar,apr,oct,nov sun', '30 1 1-7 * 0', '0 2 1-7 * */7',
];

/** Zone-local wall time of every UTC minute of the walk, computed once per zone and shared by all expressions. */
interface WallTable {
  readonly wall: Float64Array;
  readonly minute: Uint8Array;
  readonly hour: Uint8Array;
  readonly day: Uint8Array;
  readonly month: Uint8Array;
  readonly weekday: Uint8Array;
}

// Deliberately a different Intl path (formatToParts) from the engine's, so the two do not share a bug.
function offsetOf(zone: string): (at: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  });
  return (at) => {
    const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
    return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - at;
  };
}

function wallTable(zone: string): WallTable {
  const offset = offsetOf(zone);
  const hourly = Array.from({ length: WALK_MINUTES / 60 + 1 }, (_, h) => offset(WALK_START + h * HOUR));
  const table: WallTable = {
    wall: new Float64Array(WALK_MINUTES),
    minute: new Uint8Array(WALK_MINUTES),
    hour: new Uint8Array(WALK_MINUTES),
    day: new Uint8Array(WALK_MINUTES),
    month: new Uint8Array(WALK_MINUTES),
    weekday: new Uint8Array(WALK_MINUTES),
  };
  for (let i = 0; i < WALK_MINUTES; i++) {
    const at = WALK_START + i * MINUTE;
    const h = Math.floor(i / 60);
    // Asking Intl per minute only in hours whose ends disagree keeps this at seconds, not minutes.
    const wall = at + (hourly[h] === hourly[h + 1] ? hourly[h]! : offset(at));
    const d = new Date(wall);
    table.wall[i] = wall;
    table.minute[i] = d.getUTCMinutes();
    table.hour[i] = d.getUTCHours();
    table.day[i] = d.getUTCDate();
    table.month[i] = d.getUTCMonth() + 1;
    table.weekday[i] = d.getUTCDay();
  }
  return table;
}

function flags(values: readonly number[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (const v of values) out[v] = 1;
  return out;
}

/** The policy restated per real minute: fixed schedules fire when the clock first reaches a selected wall time. */
function bruteForce(s: CronSchedule, table: WallTable): number[] {
  const [minuteOk, hourOk, dayOk, monthOk, weekdayOk] = [flags(s.minutes, 60), flags(s.hours, 24), flags(s.daysOfMonth, 32), flags(s.months, 13), flags(s.daysOfWeek, 7)];
  const eitherDay = !s.dayOfMonthStar && !s.dayOfWeekStar;
  const selected = (minute: number, hour: number, day: number, month: number, weekday: number): boolean => {
    if (minuteOk[minute] === 0 || hourOk[hour] === 0 || monthOk[month] === 0) return false;
    return eitherDay ? dayOk[day] === 1 || weekdayOk[weekday] === 1 : dayOk[day] === 1 && weekdayOk[weekday] === 1;
  };
  const selectedWall = (wall: number) => {
    const d = new Date(wall);
    return selected(d.getUTCMinutes(), d.getUTCHours(), d.getUTCDate(), d.getUTCMonth() + 1, d.getUTCDay());
  };
  const { wall: walls, minute, hour, day, month, weekday } = table;
  const fires: number[] = [];
  let shown = walls[0]! - MINUTE;
  for (let i = 0; i < WALK_MINUTES; i++) {
    const wall = walls[i]!;
    // Wall times a fixed schedule may still fire for at this minute: those after the highest one shown so far.
    const firstNew = shown + MINUTE;
    if (s.fixedHour) {
      if (wall < firstNew) continue;
      shown = wall;
    }
    let fire = minuteOk[minute[i]!] === 1 && selected(minute[i]!, hour[i]!, day[i]!, month[i]!, weekday[i]!);
    if (s.fixedHour) for (let skipped = firstNew; !fire && skipped < wall; skipped += MINUTE) fire = selectedWall(skipped);
    const at = WALK_START + i * MINUTE;
    if (fire && at >= YEAR_START) fires.push(at);
  }
  return fires;
}

/** Index of the first element greater than `value` in an ascending array. */
function firstAbove(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! > value) high = middle;
    else low = middle + 1;
  }
  return low;
}

// Batches grow so a sparse schedule is not asked for centuries of fire times.
function engineYear(s: CronSchedule, timeZone: string): number[] {
  const out: number[] = [];
  let from = YEAR_START - 1;
  for (let count = 8; ; count = Math.min(count * 2, 4096)) {
    const batch = nextFireTimes(s, { timeZone, from: new Date(from), count });
    for (const d of batch) {
      if (d.getTime() >= YEAR_END) return out;
      out.push(d.getTime());
    }
    from = batch[batch.length - 1]!.getTime();
  }
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface FieldShape {
  readonly min: number;
  readonly max: number;
  readonly favourites: readonly number[];
  readonly names: readonly string[];
  readonly star: number;
  readonly maxStep: number;
}

// Favourites sit on or near the 2026 transitions of the test zones (months 3/4/10/11, hours 1-3, Sundays).
const SHAPES: readonly FieldShape[] = [
  { min: 0, max: 59, favourites: [0, 1, 15, 29, 30, 45, 59], names: [], star: 0.05, maxStep: 40 },
  { min: 0, max: 23, favourites: [0, 1, 2, 3, 12, 23], names: [], star: 0.35, maxStep: 12 },
  { min: 1, max: 31, favourites: [1, 4, 5, 8, 15, 25, 29, 31], names: [], star: 0.55, maxStep: 10 },
  { min: 1, max: 12, favourites: [2, 3, 4, 10, 11], names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'], star: 0.6, maxStep: 5 },
  { min: 0, max: 7, favourites: [0, 1, 6, 7], names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], star: 0.6, maxStep: 4 },
];

function generateExpressions(count: number, rand: () => number): string[] {
  const below = (n: number) => Math.floor(rand() * n);
  const field = (f: FieldShape): string => {
    const value = () => (rand() < 0.6 ? f.favourites[below(f.favourites.length)]! : f.min + below(f.max - f.min + 1));
    const show = (v: number) => {
      const name = f.names[v - f.min];
      if (name === undefined || rand() < 0.6) return String(v);
      return rand() < 0.5 ? name : name.toUpperCase();
    };
    const step = () => 1 + below(f.maxStep);
    const item = (): string => {
      const r = rand();
      if (r < 0.45) return show(value());
      if (r < 0.7) {
        const [a, b] = [value(), value()].sort((x, y) => x - y) as [number, number];
        return `${show(a)}-${show(b)}${rand() < 0.3 ? `/${step()}` : ''}`;
      }
      return r < 0.87 ? `*/${step()}` : `${value()}/${step()}`;
    };
    if (rand() < f.star) return '*';
    return Array.from({ length: rand() < 0.7 ? 1 : 2 + below(2) }, item).join(',');
  };
  const out: string[] = [];
  while (out.length < count) {
    const expression = SHAPES.map(field).join(' ');
    try {
      parseCron(expression);
      out.push(expression);
    } catch {
      // Impossible day/month pairs are refused by design; draw again.
    }
  }
  return out;
}

/** Instants at which the zone's clock jumps, read off the table. */
function transitionsOf(table: WallTable): number[] {
  const out: number[] = [];
  for (let i = 1; i < WALK_MINUTES; i++) if (table.wall[i]! - table.wall[i - 1]! !== MINUTE) out.push(WALK_START + i * MINUTE);
  return out;
}

/** Instants worth starting a query from: random ones, around the zone's transitions, and at fire edges. */
function startPoints(transitions: readonly number[], fires: readonly number[], rand: () => number): number[] {
  const points: number[] = [];
  for (let i = 0; i < 12; i++) points.push(YEAR_START + Math.floor(rand() * (YEAR_END - YEAR_START)));
  for (const at of transitions) points.push(at - 1, at, at + 1, at - 30 * MINUTE, at + 15 * MINUTE, at + 59 * MINUTE);
  for (let i = 0; i < 6 && fires.length > 0; i++) {
    const fire = fires[Math.floor(rand() * fires.length)]!;
    points.push(fire - 1, fire);
  }
  return points.filter((p) => p >= YEAR_START && p < YEAR_END);
}

function firstDifference(actual: readonly number[], expected: readonly number[]): string | undefined {
  const length = Math.max(actual.length, expected.length);
  for (let i = 0; i < length; i++) {
    if (actual[i] !== expected[i]) {
      const iso = (ms: number | undefined) => (ms === undefined ? 'nothing' : new Date(ms).toISOString());
      return `fire #${i}: engine ${iso(actual[i])}, brute force ${iso(expected[i])} (engine ${actual.length} fires, brute force ${expected.length})`;
    }
  }
  return undefined;
}

/** One subtest per zone; the expressions (hand-picked plus seeded random) are the same for every caller. */
export function compareWithBruteForce(t: Test, zones: readonly string[]): void {
  const rand = mulberry32(20260329);
  const expressions = [...HAND_PICKED, ...generateExpressions(GENERATED, rand)];
  for (const zone of zones) {
    t.test(zone, async (t) => {
      const table = wallTable(zone);
      const transitions = transitionsOf(table);
      for (const expression of expressions) {
        const schedule = parseCron(expression);
        const expected = bruteForce(schedule, table);
        t.equal(firstDifference(engineYear(schedule, zone), expected), undefined, `${expression}: whole year`);
        const mismatches = startPoints(transitions, expected, rand).flatMap((from) => {
          const first = firstAbove(expected, from);
          const want = expected.slice(first, first + 3);
          const got = nextFireTimes(schedule, { timeZone: zone, from: new Date(from), count: 3 }).map((d) => d.getTime()).filter((at) => at < YEAR_END);
          const difference = firstDifference(got, want);
          return difference === undefined ? [] : [`from ${new Date(from).toISOString()}: ${difference}`];
        });
        t.strictSame(mismatches, [], `${expression}: next 3 from chosen instants`);
      }
    });
  }
}
