// The review store on every backend: a role's page is filled from the query (not cut short by other roles' reviews), and a failed claim is given back.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import t from 'tap';
import { createReviewRepository, REVIEW_REQUESTS_COLLECTION, type ReviewRepository } from '../../../kernel/agent/review-repository.ts';
import { createStore, type DocumentStore } from '../../../shared/store/index.ts';
import { NO_MONGO_SERVER_REASON, startMongoTestServer, uniqueDbName } from '../../helpers/ferretdb.ts';

const NOW = new Date('2026-05-04T10:00:00Z');
const LATER = new Date(NOW.getTime() + 3_600_000);

let seq = 0;
/** Opens a batch of calls to `tools`, each one second newer than the last. */
async function open(repo: ReviewRepository, tools: readonly string[], expiresAt = LATER) {
  const n = seq++;
  const createdAt = new Date(NOW.getTime() - 1_000_000 + n * 1000);
  return repo.open({
    _id: `run-${n}/call-0`, runId: `run-${n}`, input: 'do it', runStartedAt: createdAt,
    requester: { userId: 'alice', role: 'operator', tokenId: 'tok', sessionId: `s-${n}`, correlationId: `c-${n}` },
    items: tools.map((name, i) => ({ toolCallId: `call-${i}`, name, arguments: { i }, kind: 'approval' as const })),
    createdAt, expiresAt,
  });
}

function suite(name: string, fresh: () => Promise<{ store: DocumentStore; close(): Promise<void> }>) {
  t.test(name, async (t) => {
    const { store, close } = await fresh();
    t.teardown(close);
    const repo = await createReviewRepository(store);
    const list = (reviewable: readonly string[] | undefined, limit: number, offset = 0) =>
      repo.list({ status: 'pending', reviewable, now: NOW, limit, offset }).then((docs) => docs.map((d) => d.runId));

    const mine = [];
    for (let i = 0; i < 6; i++) mine.push((await open(repo, ['demo_switch'])).runId);
    const mixed = (await open(repo, ['demo_switch', 'door_unlock'])).runId;
    for (let i = 0; i < 40; i++) await open(repo, [i % 2 ? 'door_unlock' : 'demo.x']);
    const newestFirst = [...mine].reverse();

    t.test('a full page for a role although every newer review is for tools it may not decide', async (t) => {
      t.same(await list(['demo_*'], 5), newestFirst.slice(0, 5));
      t.same(await list(['demo_*'], 5, 5), newestFirst.slice(5), 'the offset counts what the role may decide');
      t.same(await list(['demo_switch'], 3), newestFirst.slice(0, 3), 'an exact name');
      t.same(await list(['demo_*', 'door_*'], 50).then((ids) => ids.includes(mixed)), true, 'a batch whose every call is covered');
      t.notOk((await list(['demo_*'], 50)).includes(mixed), 'one uncovered call keeps the whole batch out');
      t.equal((await list(['demo.*'], 50)).length, 20, 'a pattern is a prefix, not a regular expression');
      t.equal((await list(['*'], 5)).length, 5);
      t.same(await list(undefined, 5), [], 'a role without review patterns decides nothing');
      t.same(await list([], 5), []);
    });

    t.test('a pending review past its expiry is not offered', async (t) => {
      const stale = (await open(repo, ['demo_switch'], new Date(NOW.getTime() - 1))).runId;
      t.notOk((await list(['demo_*'], 50)).includes(stale));
      t.same((await repo.dueForExpiry(NOW)).map((d) => d.runId), [stale]);
    });

    t.test('a claim whose work fails is given back and can be claimed again; a held claim cannot', async (t) => {
      const { _id, runId } = await open(repo, ['demo_switch']);
      let held!: () => void;
      let working!: () => void;
      const inWork = new Promise<void>((resolve) => (working = resolve));
      const holding = repo.underClaim(_id, 'deciding', 'lena', NOW, () => {
        working();
        return new Promise<string>((resolve) => (held = () => resolve('done')));
      });
      await inWork;
      t.equal(await repo.underClaim(_id, 'deciding', 'bob', NOW, async () => 'twice'), null, 'someone else holds it');
      held();
      t.equal(await holding, 'done');
      const second = await open(repo, ['demo_switch']);
      await t.rejects(repo.underClaim(second._id, 'deciding', 'lena', NOW, async () => {
        throw new Error('the store went away');
      }), /the store went away/);
      t.match(await store.collection<{ _id: string }>(REVIEW_REQUESTS_COLLECTION).findOne({ _id: second._id }), { status: 'pending', decidedBy: null, decidedAt: null });
      t.equal(await repo.underClaim(second._id, 'deciding', 'lena', NOW, async (claimed) => claimed.status), 'deciding', 'decided again after the failure');
      t.match(await store.collection<{ _id: string }>(REVIEW_REQUESTS_COLLECTION).findOne({ runId }), { status: 'deciding', decidedBy: 'lena' }, 'a claim whose work succeeded keeps its batch');
    });
  });
}

suite('embedded', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'nexus-reviews-'));
  const store = await createStore({ dataDir });
  return { store, close: async () => { await store.close(); await rm(dataDir, { recursive: true, force: true }); } };
});

const server = await startMongoTestServer();
if (server === undefined) {
  t.test('mongodb', { skip: NO_MONGO_SERVER_REASON }, () => {});
} else {
  t.teardown(() => server.stop());
  suite(`mongodb (${server.kind})`, async () => {
    const dbName = uniqueDbName('nexus_reviews');
    const store = await createStore({ dataDir: '.', mongodbUri: server.uri, mongodbDbName: dbName });
    return {
      store,
      close: async () => {
        await store.close();
        const client = new MongoClient(server.uri);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
}
