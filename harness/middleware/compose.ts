// Hono-style onion composition of wrap hooks: each handler gets (ctx, next) and the innermost call is the terminal.

export type WrapHandler<C, R> = (ctx: C, next: () => Promise<R>) => Promise<R>;

export function compose<C, R>(handlers: readonly WrapHandler<C, R>[], terminal: (ctx: C) => Promise<R>): (ctx: C) => Promise<R> {
  return (ctx) => {
    let index = -1;
    const dispatch = async (i: number): Promise<R> => {
      // Calling next() twice would run the model or the tool twice; that is a bug in the handler, so it fails loudly.
      if (i <= index) throw new Error('next() called multiple times');
      index = i;
      const handler = handlers[i];
      if (!handler) return terminal(ctx);
      return handler(ctx, () => dispatch(i + 1));
    };
    return dispatch(0);
  };
}
