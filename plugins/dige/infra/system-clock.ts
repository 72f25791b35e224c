// The wall clock and timers, for production; tests inject a clock they move by hand.
import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from '../domain/clock.ts';

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms > 0) await delay(ms, undefined, signal ? { signal } : undefined);
  },
};
