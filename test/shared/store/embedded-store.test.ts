// Runs the store contract against the embedded SQLite store, then checks what only the embedded store promises.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import t from 'tap';
import { createEmbeddedStore } from '../../../shared/store/embedded/embedded-store.ts';
import { WalCheckpointer } from '../../../shared/store/embedded/wal-checkpointer.ts';
import { isDuplicateKeyError, type DocumentStore } from '../../../shared/store/index.ts';
import { createTempDir, removeTempDir, tempDirFor } from '../../helpers/temp-dir.ts';
import { FULL_CAPABILITIES, runStoreContract } from './store-contract.ts';

await runStoreContract(
  t,
  'embedded',
  async () => {
    const dataDir = await createTempDir('nexus-embedded-');
    const store = createEmbeddedStore({ dataDir });
    const others: DocumentStore[] = [];
    return {
      store,
      connectAgain: async () => {
        const other = createEmbeddedStore({ dataDir });
        others.push(other);
        return other;
      },
      cleanup: async () => {
        await Promise.all([store, ...others].map((open) => open.close()));
        await removeTempDir(dataDir);
      },
    };
  },
  FULL_CAPABILITIES,
);

t.test('documents and indexes persist across reopening', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-embedded-');
  const first = createEmbeddedStore({ dataDir });
  await first.collection('persist').createIndex({ key: 1 }, { unique: true });
  await first.collection('persist').insertOne({ key: 'k', at: new Date(5) });
  await first.close();
  const second = createEmbeddedStore({ dataDir });
  t.teardown(() => second.close());
  t.match(await second.collection('persist').findOne({ key: 'k' }), { key: 'k', at: new Date(5) });
  t.ok(isDuplicateKeyError(await second.collection('persist').insertOne({ key: 'k' }).catch((err: unknown) => err)));
});

t.test('an index created through one connection is maintained and enforced by another', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-embedded-');
  const a = createEmbeddedStore({ dataDir });
  const b = createEmbeddedStore({ dataDir });
  t.teardown(() => Promise.all([a.close(), b.close()]));
  await b.collection('shared').insertOne({ email: 'x@y', team: 'red' });
  await a.collection('shared').createIndex({ email: 1 }, { unique: true });
  await a.collection('shared').createIndex({ team: 1 });
  t.ok(isDuplicateKeyError(await b.collection('shared').insertOne({ email: 'x@y' }).catch((err: unknown) => err)), 'unique index enforced by the other connection');
  await b.collection('shared').insertOne({ email: 'z@y', team: 'blue' });
  await b.collection('shared').updateOne({ email: 'x@y' }, { $set: { team: 'blue' } });
  const blue = await a.collection('shared').find({ team: 'blue' }).sort({ email: 1 }).toArray();
  t.strictSame(blue.map((doc) => doc.email), ['x@y', 'z@y'], 'entries written by the other connection are found through the index');
});

t.test('index entries tables of the earlier layout (rowid, key index, seq index) are still maintained', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-embedded-');
  const first = createEmbeddedStore({ dataDir });
  await first.collection('legacy').createIndex({ email: 1 }, { unique: true });
  await first.collection('legacy').createIndex({ team: 1, at: -1 });
  await first.collection<{ _id: string; email: string; team: string; at: Date }>('legacy').insertOne({ _id: 'a', email: 'a@x', team: 'red', at: new Date(1) });
  await first.close();
  // Rebuild both entries tables the way files written before WITHOUT ROWID entries tables have them.
  const raw = new Database(join(dataDir, 'store.sqlite'));
  const tables = raw.prepare(`SELECT name, entries_table AS entries, is_unique AS isUnique FROM nexus_store_indexes WHERE collection = 'legacy'`).all() as Array<{ name: string; entries: string; isUnique: number }>;
  for (const { name, entries, isUnique } of tables) {
    const pairs = name === 'email_1' ? 1 : 2;
    const columns = Array.from({ length: pairs }, (_, i) => `t${i} INTEGER NOT NULL, v${i} NOT NULL`).join(', ');
    const key = name === 'email_1' ? 't0, v0' : 't0, v0, t1 DESC, v1 DESC';
    raw.exec(`ALTER TABLE "${entries}" RENAME TO old_entries`);
    raw.exec(`CREATE TABLE "${entries}" (seq INTEGER NOT NULL, ${columns})`);
    raw.exec(isUnique === 1 ? `CREATE UNIQUE INDEX "${entries}_key" ON "${entries}" (${key})` : `CREATE INDEX "${entries}_key" ON "${entries}" (${key}, seq)`);
    raw.exec(`CREATE INDEX "${entries}_seq" ON "${entries}" (seq)`);
    raw.exec(`INSERT INTO "${entries}" SELECT * FROM old_entries`);
    raw.exec('DROP TABLE old_entries');
  }
  raw.close();
  const store = createEmbeddedStore({ dataDir });
  t.teardown(() => store.close());
  const legacy = store.collection<{ _id: string; email: string; team?: string; at?: Date }>('legacy');
  await legacy.insertOne({ _id: 'b', email: 'b@x', team: 'red', at: new Date(2) });
  await legacy.updateOne({ _id: 'a' }, { $set: { email: 'a2@x', team: 'blue' } });
  t.ok(isDuplicateKeyError(await legacy.insertOne({ _id: 'd', email: 'b@x' }).catch((err: unknown) => err)), 'the unique index still refuses a duplicate');
  await legacy.insertOne({ _id: 'c', email: 'a@x', team: 'red', at: new Date(3) });
  await legacy.deleteOne({ _id: 'b' });
  t.strictSame((await legacy.find({ team: 'red' }).sort({ at: -1 }).toArray()).map((doc) => doc._id), ['c']);
  t.strictSame((await legacy.find({ team: 'blue' }).toArray()).map((doc) => doc._id), ['a']);
  t.equal(await legacy.countDocuments({ email: { $in: ['a@x', 'a2@x', 'b@x'] } }), 2, 'no entry of a changed or deleted document is left behind');
});

t.test('writes wait for another connection\'s lock without blocking the event loop, then commit together', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-embedded-');
  const store = createEmbeddedStore({ dataDir });
  t.teardown(() => store.close());
  const docs = store.collection<{ _id: string; n: number }>('queued');
  await docs.insertOne({ _id: 'seed', n: 0 });
  const holder = new Database(join(dataDir, 'store.sqlite'));
  t.teardown(() => holder.close());
  holder.exec('BEGIN IMMEDIATE');
  const settled: string[] = [];
  const track = <R>(name: string, pending: Promise<R>) =>
    pending.then(
      (value) => (settled.push(name), value),
      (err: unknown) => (settled.push(name), Promise.reject(err)),
    );
  const first = track('first', docs.insertOne({ _id: 'a', n: 1 }));
  const duplicate = track('duplicate', docs.insertOne({ _id: 'a', n: 2 }));
  const update = track('update', docs.updateOne({ _id: 'seed' }, { $set: { n: 9 } }));
  t.equal((await docs.findOne({ _id: 'seed' }))?.n, 0, 'reads go on while the writes wait');
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  t.same(settled, [], 'no write went through while the other connection held the lock');
  holder.exec('COMMIT');
  await first;
  t.ok(isDuplicateKeyError(await duplicate.catch((err: unknown) => err)), 'the failing write fails alone');
  t.equal((await update).modifiedCount, 1);
  t.same(settled, ['first', 'duplicate', 'update'], 'in the order they were issued');
  t.same(await docs.find({}, { sort: { _id: 1 } }).toArray(), [{ _id: 'a', n: 1 }, { _id: 'seed', n: 9 }]);
});

t.test('commits leave the write-ahead log to the checkpoint worker, which copies it back into the file', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-embedded-');
  const store = createEmbeddedStore({ dataDir });
  t.teardown(() => store.close());
  const docs = store.collection('wal');
  // Fewer commits than the engine's own checkpoint interval (200), so its worker never runs beside this one: two
  // PASSIVE checkpoints at once make the second report -1.
  for (let n = 0; n < 150; n += 1) await docs.insertOne({ n, text: 'x'.repeat(2000) });
  const checkpointer = new WalCheckpointer(join(dataDir, 'store.sqlite'), 5000);
  t.teardown(() => checkpointer.close());
  const result = await checkpointer.checkpoint();
  t.ok(result.log > 150, `the log holds every commit's pages (${result.log} frames): no commit checkpointed it`);
  t.equal(result.checkpointed, result.log, 'the worker copied all of it');
  t.equal(await docs.countDocuments({}), 150);
});

t.test('TTL indexes remove expired documents on the next write', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-embedded-');
  const store = createEmbeddedStore({ dataDir });
  t.teardown(() => store.close());
  const sessions = store.collection('sessions');
  await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  await sessions.insertMany([{ id: 'old', expiresAt: new Date(Date.now() - 60_000) }, { id: 'new', expiresAt: new Date(Date.now() + 3_600_000) }, { id: 'none' }]);
  await sessions.insertOne({ id: 'trigger' });
  t.strictSame((await sessions.find({}, { sort: { id: 1 } }).toArray()).map((doc) => doc.id), ['new', 'none', 'trigger']);
});

t.test('errors explain themselves', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-embedded-');
  const store = createEmbeddedStore({ dataDir });
  const col = store.collection('errors');
  await col.insertOne({ n: 1 });
  await t.rejects(col.find({ n: { $bogus: 1 } }).toArray(), /invalid filter: .*\$bogus/);
  await t.rejects(col.updateOne({ n: 1 }, { $bogus: { n: 2 } } as never), /invalid update: .*\$bogus/);
  await t.rejects(col.updateOne({ n: 1 }, [{ $set: { n: 2 } }] as never), /aggregation-pipeline updates/);
  await t.rejects(col.createIndex({ place: '2dsphere' }), /only 1\/-1 index directions/);
  await store.close();
  await t.rejects(col.findOne({}), /is closed/);
});
