// Differential check: with or without secondary indexes, the embedded store returns the same documents and counts (seeded, deterministic data).
import { BSON, type Document } from 'mongodb';
import t, { type Test } from 'tap';
import { createEmbeddedStore } from '../../../shared/store/embedded/embedded-store.ts';
import type { StoreCollection } from '../../../shared/store/index.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';

/** mulberry32: a tiny seeded generator, so every run sees the same data and queries. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(20240601);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(values: readonly T[]): T => values[int(values.length)]!;
const base = Date.UTC(2030, 0, 1);

function value(): unknown {
  return pick([() => int(10), () => int(10) + 0.5, () => null, () => undefined, () => [int(10), int(10)], () => `s${int(5)}`, () => Number.NaN, () => []])();
}

function makeDoc(i: number): Document {
  const doc: Document = { _id: i, a: value(), b: random() < 0.8 ? new Date(base + int(20) * 1000) : undefined, s: random() < 0.5 ? `k${int(20)}` : undefined };
  doc.c = pick([() => ({ d: int(6) }), () => [{ d: int(6) }, { d: int(6) }], () => ({}), () => 'flat', () => undefined])();
  for (const key of Object.keys(doc)) if (doc[key] === undefined) delete doc[key];
  return doc;
}

function makeFilter(): Document {
  const date = () => new Date(base + int(20) * 1000);
  return pick<() => Document>([
    () => ({ a: int(10) }),
    () => ({ a: { $gt: int(10) } }),
    () => ({ a: { $gte: int(10), $lt: int(10) } }),
    () => ({ a: { $in: [int(10), `s${int(5)}`, null] } }),
    () => ({ a: null }),
    () => ({ a: { $lte: `s${int(5)}` } }),
    () => ({ a: int(10), b: { $gt: date() } }),
    () => ({ $and: [{ a: { $gt: 2 } }, { a: { $lt: 7 } }] }),
    () => ({ b: { $lte: date() } }),
    () => ({ 'c.d': int(6) }),
    () => ({ 'c.d': { $gt: int(6) } }),
    () => ({ 'c.d': null }),
    () => ({ s: { $gt: `k${int(20)}` } }),
    () => ({ s: `k${int(20)}` }),
    () => ({ s: null }),
    () => ({ s: { $exists: true }, b: { $gte: date() } }),
    () => ({ a: { $ne: int(10) } }),
  ])();
}

const SORTS: Array<Record<string, 1 | -1> | undefined> = [undefined, { a: 1 }, { b: -1 }, { a: 1, b: -1 }, { s: 1 }, { b: 1 }];
const keyOf = (doc: Document, sort: Record<string, 1 | -1>) => BSON.EJSON.stringify(Object.keys(sort).map((path) => doc[path] ?? null));

async function compare(t: Test, plain: StoreCollection, indexed: StoreCollection, round: string): Promise<void> {
  let mismatches = 0;
  for (let q = 0; q < 150; q++) {
    const filter = makeFilter();
    const sort = pick(SORTS);
    const limit = pick([0, 1, 3, 10]);
    const label = `${round} ${BSON.EJSON.stringify(filter)} sort ${JSON.stringify(sort)} limit ${limit}`;
    const all = async (col: StoreCollection) => (await col.find(filter).toArray()).map((doc) => Number(doc._id)).sort((x, y) => x - y);
    const expected = await all(plain);
    const same = (actual: unknown, wanted: unknown, what: string) => {
      if (JSON.stringify(actual) !== JSON.stringify(wanted)) {
        mismatches += 1;
        t.strictSame(actual, wanted, `${what}: ${label}`);
      }
    };
    same(await all(indexed), expected, 'matches');
    same(await indexed.countDocuments(filter), expected.length, 'count');
    if (sort !== undefined) {
      const keys = async (col: StoreCollection) => (await col.find(filter, { sort, limit }).toArray()).map((doc) => keyOf(doc, sort));
      same(await keys(indexed), await keys(plain), 'sorted keys');
    }
  }
  t.equal(mismatches, 0, `${round}: indexed and plain collections agree on 150 queries`);
}

t.test('secondary indexes never change what a query returns', async (t) => {
  const store = createEmbeddedStore({ dataDir: await tempDirFor(t, 'nexus-equivalence-') });
  t.teardown(() => store.close());
  const plain = store.collection('plain');
  const indexed = store.collection('indexed');
  await indexed.createIndex({ a: 1 });
  await indexed.createIndex({ a: 1, b: -1 });
  await indexed.createIndex({ b: 1 });
  await indexed.createIndex({ 'c.d': 1 });
  await indexed.createIndex({ s: 1 }, { sparse: true });
  const docs = Array.from({ length: 300 }, (_, i) => makeDoc(i));
  await plain.insertMany(docs.map((doc) => ({ ...doc })));
  await indexed.insertMany(docs.map((doc) => ({ ...doc })));
  await compare(t, plain, indexed, 'after insert');
  for (let i = 0; i < 100; i++) {
    const filter: Document = { _id: int(300) };
    const update = pick<() => Document>([
      () => ({ $set: { a: value() } }),
      () => ({ $set: { b: new Date(base + int(20) * 1000) }, $unset: { s: '' } }),
      () => ({ $set: { s: `k${int(20)}`, 'c.d': int(6) } }),
      () => ({ $unset: { a: '' } }),
    ])();
    await plain.updateOne(filter, update);
    await indexed.updateOne(filter, update);
  }
  await plain.deleteMany({ a: { $in: [3, 4] } });
  await indexed.deleteMany({ a: { $in: [3, 4] } });
  await compare(t, plain, indexed, 'after updates and deletes');
});
