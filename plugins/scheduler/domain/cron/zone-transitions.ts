// A zone's offset transitions, found by probing Intl offsets once a day and bisecting to the second; cached per zone.
import { offsetReader } from './time-zone.ts';

const DAY_MS = 86_400_000;
const CHUNK_DAYS = 32;
const CHUNK_MS = CHUNK_DAYS * DAY_MS;

export interface Transition {
  /** First instant (ms) on the new offset. */
  readonly at: number;
  readonly before: number;
  readonly after: number;
}

export interface ZoneRules {
  offsetAt(at: number): number;
  /** Earliest transition with after < at <= until. */
  firstTransitionIn(after: number, until: number): Transition | undefined;
}

/** Chunk `index` covers the instants (index * CHUNK_MS, (index + 1) * CHUNK_MS]. */
interface Chunk {
  /** Offset in force at the chunk's opening bound, i.e. just before its first instant. */
  readonly startOffset: number;
  readonly transitions: readonly Transition[];
}

// Memoised because Intl offers no transition list and probing is the expensive part; results depend only on
// the zone name and the runtime's ICU data, so caching keeps the functions pure in effect.
const rulesByZone = new Map<string, ZoneRules>();

/** `zone` must already be canonical (see validateTimeZone). */
export function zoneRules(zone: string): ZoneRules {
  let rules = rulesByZone.get(zone);
  if (rules === undefined) {
    rules = createRules(zone);
    rulesByZone.set(zone, rules);
  }
  return rules;
}

function createRules(zone: string): ZoneRules {
  const readOffset = offsetReader(zone);
  // UTC and the Etc/ zones are fixed offsets by definition; skip probing them.
  if (zone === 'UTC' || zone.startsWith('Etc/')) {
    const offset = readOffset(0);
    return { offsetAt: () => offset, firstTransitionIn: () => undefined };
  }
  const chunks = new Map<number, Chunk>();
  const chunk = (index: number): Chunk => {
    let found = chunks.get(index);
    if (found === undefined) {
      found = scanChunk(readOffset, index);
      chunks.set(index, found);
    }
    return found;
  };
  return {
    offsetAt(at) {
      const { startOffset, transitions } = chunk(chunkIndex(at));
      let offset = startOffset;
      for (const transition of transitions) if (transition.at <= at) offset = transition.after;
      return offset;
    },
    firstTransitionIn(after, until) {
      for (let index = chunkIndex(after + 1); index <= chunkIndex(until); index++) {
        for (const transition of chunk(index).transitions) {
          if (transition.at > after) return transition.at <= until ? transition : undefined;
        }
      }
      return undefined;
    },
  };
}

function chunkIndex(at: number): number {
  return Math.ceil(at / CHUNK_MS) - 1;
}

// Daily probes assume at most one offset change per day, the assumption Temporal also makes when resolving
// wall times; tz rules in current use are months apart.
function scanChunk(readOffset: (at: number) => number, index: number): Chunk {
  const start = index * CHUNK_MS;
  const startOffset = readOffset(start);
  const transitions: Transition[] = [];
  let before = startOffset;
  for (let day = 1; day <= CHUNK_DAYS; day++) {
    const probe = start + day * DAY_MS;
    const after = readOffset(probe);
    if (after !== before) {
      transitions.push({ at: bisect(readOffset, probe - DAY_MS, probe, before), before, after });
      before = after;
    }
  }
  return { startOffset, transitions };
}

/** First whole second in (low, high] no longer on offset `before`; tz transitions fall on whole seconds. */
function bisect(readOffset: (at: number) => number, low: number, high: number, before: number): number {
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (readOffset(middle) === before) low = middle;
    else high = middle;
  }
  return high;
}
