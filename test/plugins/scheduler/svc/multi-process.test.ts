// Two and three worker processes drain 1,000 due tasks from one embedded store: every task runs exactly once, none is lost.
import t from 'tap';
import { assertExactlyOnce, drainWith } from '../helpers/drain.ts';

const TASKS = 1000;

for (const workerCount of [2, 3]) {
  t.test(`${workerCount} processes on the embedded store`, async (t) => {
    const h = await drainWith(t, workerCount, TASKS, {});
    await assertExactlyOnce(t, h.store, TASKS);
  });
}
