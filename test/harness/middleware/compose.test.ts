// The compose engine: onion order, terminal call, guard against calling next() twice, errors propagate.
import t from 'tap';
import { compose } from '../../../harness/middleware/compose.ts';

t.test('handlers wrap the terminal in onion order', async (t) => {
  const order: string[] = [];
  const run = compose<{ value: number }, number>(
    [
      async (ctx, next) => {
        order.push('a-in');
        const result = await next();
        order.push('a-out');
        return result * 10;
      },
      async (ctx, next) => {
        order.push('b-in');
        ctx.value += 1;
        const result = await next();
        order.push('b-out');
        return result;
      },
    ],
    async (ctx) => {
      order.push('terminal');
      return ctx.value;
    },
  );
  t.equal(await run({ value: 1 }), 20);
  t.same(order, ['a-in', 'b-in', 'terminal', 'b-out', 'a-out']);
});

t.test('a handler may answer without calling next', async (t) => {
  let terminalCalls = 0;
  const run = compose<object, string>([async () => 'short-circuit'], async () => {
    terminalCalls += 1;
    return 'terminal';
  });
  t.equal(await run({}), 'short-circuit');
  t.equal(terminalCalls, 0);
});

t.test('calling next() twice is refused', async (t) => {
  const run = compose<object, number>(
    [
      async (_ctx, next) => {
        await next();
        return next();
      },
    ],
    async () => 1,
  );
  await t.rejects(run({}), { message: 'next() called multiple times' });
});

t.test('errors from the terminal reach the outer handlers', async (t) => {
  const seen: string[] = [];
  const run = compose<object, number>(
    [
      async (_ctx, next) => {
        try {
          return await next();
        } catch (err) {
          seen.push((err as Error).message);
          throw err;
        }
      },
    ],
    async () => {
      throw new Error('boom');
    },
  );
  await t.rejects(run({}), { message: 'boom' });
  t.same(seen, ['boom']);
});
