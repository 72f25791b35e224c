// Three worker processes against a MongoDB wire-protocol server (FerretDB in CI): no occurrence runs twice.
import { MongoClient } from 'mongodb';
import t from 'tap';
import { createStore } from '../../../../shared/store/index.ts';
import { uniqueDbName } from '../../../helpers/ferretdb.ts';
import { assertExactlyOnce, drainWith, LEASE_MS } from '../helpers/drain.ts';
import { drainWorker, ensureIndexes } from '../helpers/scheduler-harness.ts';
import { ManualClock } from '../../../../kernel/testing/manual-clock.ts';

// FerretDB 1.x sorts the claim query without its index (tens of ms per claim at this size), so fewer tasks than on the embedded store.
const TASKS = 100;

const mongodbUri = process.env.NEXUS_TEST_MONGODB_URI;
t.test('3 processes on a MongoDB wire-protocol server (FerretDB in CI)', { skip: mongodbUri ? false : 'NEXUS_TEST_MONGODB_URI is not set' }, async (t) => {
  const mongodbDbName = uniqueDbName('nexus_scheduler');
  const store = await createStore({ dataDir: '.', mongodbUri, mongodbDbName });
  t.teardown(async () => {
    await store.close();
    const client = new MongoClient(mongodbUri!);
    await client.db(mongodbDbName).dropDatabase();
    await client.close();
  });
  await ensureIndexes(store);
  const h = await drainWith(t, 3, TASKS, { mongodbUri, mongodbDbName, store });
  // FerretDB's findAndModify is not atomic across connections, so two workers may both claim one task; the unique
  // index on (taskId, scheduledFor) lets only one of them insert the run, and only that one executes. A task whose
  // lease the loser overwrote is settled by the next claim after that lease lapses: a worker whose clock is past it.
  const settler = h.worker('settler', new ManualClock(new Date(Date.now() + LEASE_MS + 1000)));
  await drainWorker(settler);
  await assertExactlyOnce(t, store, TASKS);
});
