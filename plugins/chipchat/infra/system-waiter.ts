// A real timer to wait between store polls; tests pass one they tick by hand.
import type { Waiter } from '../svc/ports.ts';

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
