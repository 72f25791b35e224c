// Turns a producer that pushes events into a single-use async iterable; stopping the iteration aborts the producer.

export function eventChannel<T>(
  producer: (emit: (event: T) => void, signal: AbortSignal) => Promise<void>,
  external: AbortSignal | undefined,
): AsyncIterableIterator<T> {
  const queue: T[] = [];
  const controller = new AbortController();
  let started = false;
  let finished = false;
  let closed = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };

  function start(): void {
    started = true;
    if (external?.aborted) controller.abort(external.reason);
    else external?.addEventListener('abort', () => controller.abort(external.reason), { once: true });
    const emit = (event: T) => {
      if (!closed) queue.push(event);
      notify();
    };
    producer(emit, controller.signal).then(
      () => {
        finished = true;
        notify();
      },
      (error: unknown) => {
        failure = { error };
        finished = true;
        notify();
      },
    );
  }

  const iterator: AsyncIterableIterator<T> = {
    async next(): Promise<IteratorResult<T>> {
      if (!started) start();
      for (;;) {
        if (queue.length > 0) return { value: queue.shift() as T, done: false };
        if (finished) {
          if (failure) {
            const { error } = failure;
            failure = undefined;
            throw error;
          }
          return { value: undefined, done: true };
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    async return(): Promise<IteratorResult<T>> {
      // A consumer that walks away (a closed SSE connection) cancels the run rather than leaving it running unseen.
      closed = true;
      queue.length = 0;
      if (!finished) controller.abort(new Error('the stream consumer stopped reading'));
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
