// A clock tests move by hand: sleeping advances it at once, so retries, backoff and verification deadlines cost no real time.
import type { Clock } from '../../../../plugins/dige/domain/clock.ts';

export interface ManualClock extends Clock {
  advance(ms: number): void;
  /** Every sleep requested so far, in order. */
  readonly sleeps: number[];
}

export function createManualClock(start = Date.parse('2026-03-02T08:00:00Z')): ManualClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    sleeps,
  };
}
