// The time source and timers every plugin is given, so tests drive time by hand (ManualClock in nexus/kernel/testing) instead of waiting.

/** Injected wherever time matters (leases, expiry, timestamps). */
export interface Clock {
  now(): Date;
}

export interface Timers {
  /** Calls `fn` once after `ms`; returns a function that cancels the call. A returned promise is awaited by test timers. */
  after(ms: number, fn: () => void | Promise<void>): () => void;
}

export const systemClock: Clock = { now: () => new Date() };

export const systemTimers: Timers = {
  after(ms, fn) {
    const timer = setTimeout(() => void fn(), ms);
    return () => clearTimeout(timer);
  },
};
