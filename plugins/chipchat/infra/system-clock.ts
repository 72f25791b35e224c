// The real clock and a real timer to wait between store polls; tests pass their own.
import type { Clock, Waiter } from '../svc/ports.ts';

export const systemClock: Clock = { now: () => new Date() };

export const systemWaiter: Waiter = {
  wait: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    }),
};
