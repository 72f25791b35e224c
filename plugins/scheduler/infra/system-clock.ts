// The real clock and timers, for every process; tests inject their own.
import type { Clock, Timers } from '../svc/ports.ts';

export const systemClock: Clock = { now: () => new Date() };

export const systemTimers: Timers = {
  after(ms, fn) {
    const timer = setTimeout(() => void fn(), ms);
    return () => clearTimeout(timer);
  },
};
