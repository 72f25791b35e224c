// The behaviour every DocumentStore backend must show; each backend's test file runs it against fresh, isolated storage.
import { ObjectId, type Document } from 'mongodb';
import type { Test } from 'tap';
import { isDuplicateKeyError, type DocumentStore, type StoreCollection } from '../../../shared/store/index.ts';

export interface StoreUnderTest {
  readonly store: DocumentStore;
  /** A second, independent connection to the same storage (closed by cleanup). */
  connectAgain(): Promise<DocumentStore>;
  cleanup(): Promise<void>;
}

/** What a backend honours; each missing capability skips the contract cases that need it, naming the reason. */
export interface StoreCapabilities {
  readonly atomicFindAndModifyAcrossConnections: boolean;
  readonly findOneAndUpdateProjection: boolean;
  readonly duplicateKeyErrorOnUpdate: boolean;
  readonly duplicateKeyErrorOnIndexBuild: boolean;
  readonly uniqueIndexMissingAsNull: boolean;
  readonly ttlIndexes: boolean;
  readonly elemMatchWithinOneElement: boolean;
}

export const FULL_CAPABILITIES: StoreCapabilities = {
  atomicFindAndModifyAcrossConnections: true,
  findOneAndUpdateProjection: true,
  duplicateKeyErrorOnUpdate: true,
  duplicateKeyErrorOnIndexBuild: true,
  uniqueIndexMissingAsNull: true,
  ttlIndexes: true,
  elemMatchWithinOneElement: true,
};

/** FerretDB 1.24 (SQLite backend), as measured by this suite. */
export const FERRETDB_1_CAPABILITIES: StoreCapabilities = {
  atomicFindAndModifyAcrossConnections: false,
  findOneAndUpdateProjection: false,
  duplicateKeyErrorOnUpdate: false,
  duplicateKeyErrorOnIndexBuild: false,
  uniqueIndexMissingAsNull: false,
  ttlIndexes: false,
  elemMatchWithinOneElement: false,
};

const MISSING_CAPABILITY: Record<keyof StoreCapabilities, string> = {
  atomicFindAndModifyAcrossConnections: 'FerretDB 1.x findAndModify is not atomic across connections',
  findOneAndUpdateProjection: 'FerretDB 1.x findAndModify does not implement the projection ("fields") option (NotImplemented, code 238)',
  duplicateKeyErrorOnUpdate: 'FerretDB 1.x reports a unique-index violation by an update as InternalError (code 1), not E11000',
  duplicateKeyErrorOnIndexBuild: 'FerretDB 1.x reports duplicates met while building a unique index as InternalError (code 1), not E11000',
  uniqueIndexMissingAsNull: 'FerretDB 1.x unique indexes let several documents miss the indexed field',
  ttlIndexes: 'FerretDB 1.x does not implement the expireAfterSeconds index option',
  elemMatchWithinOneElement: 'FerretDB 1.x $elemMatch lets different array elements satisfy different bounds',
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  return undefined;
}

async function idsOf(collection: StoreCollection, filter: Document): Promise<unknown[]> {
  const docs = await collection.find(filter).sort({ _id: 1 }).toArray();
  return docs.map((doc) => doc._id);
}

export function runStoreContract(
  t: Test,
  name: string,
  makeStore: () => Promise<StoreUnderTest>,
  caps: StoreCapabilities,
): Promise<unknown> {
  const needs = (capability: keyof StoreCapabilities) => ({ skip: caps[capability] ? false : MISSING_CAPABILITY[capability] });
  return t.test(`${name} store contract`, async (t) => {
    const open = async (t: Test): Promise<StoreUnderTest> => {
      const underTest = await makeStore();
      t.teardown(() => underTest.cleanup());
      return underTest;
    };
    const collection = async (t: Test, collectionName: string): Promise<StoreCollection> =>
      (await open(t)).store.collection(collectionName);

    t.test('reports its backend and collection names', async (t) => {
      const { store } = await open(t);
      t.ok(store.backend === 'embedded' || store.backend === 'mongodb');
      t.equal(store.collection('contract_named').collectionName, 'contract_named');
    });

    t.test('insertOne generates an ObjectId and documents keep their BSON types', async (t) => {
      const col = await collection(t, 'contract_types');
      const ref = new ObjectId();
      const when = new Date('2024-05-06T07:08:09.010Z');
      const result = await col.insertOne({
        name: 'a', when, ref, nested: { deep: { ratio: 1.5 } }, list: [1, 'two', { three: 3 }, null], nothing: null, flag: true, count: 42,
      });
      t.equal(result.acknowledged, true);
      t.ok(result.insertedId instanceof ObjectId, 'generated _id is an ObjectId');
      const doc = await col.findOne({ _id: result.insertedId });
      t.ok(doc, 'found by generated _id');
      t.ok(doc!.when instanceof Date, 'Date stays a Date');
      t.equal((doc!.when as Date).getTime(), when.getTime());
      t.ok(doc!.ref instanceof ObjectId, 'ObjectId stays an ObjectId');
      t.ok(ref.equals(doc!.ref as ObjectId));
      t.strictSame(doc!.nested, { deep: { ratio: 1.5 } });
      t.strictSame(doc!.list, [1, 'two', { three: 3 }, null]);
      t.equal(doc!.nothing, null);
      t.equal(doc!.flag, true);
      t.equal(doc!.count, 42);
      t.equal((await col.findOne({ ref }))?.name, 'a', 'matched by ObjectId value');
      t.equal((await col.findOne({ when }))?.name, 'a', 'matched by Date value');
      await col.insertOne({ _id: 'custom-id', name: 'b' } as Document);
      t.equal((await col.findOne({ _id: 'custom-id' } as Document))?.name, 'b', 'caller-chosen _id');
      t.equal(await col.findOne({ name: 'missing' }), null);
    });

    t.test('insertMany inserts every document and reports their ids', async (t) => {
      const col = await collection(t, 'contract_insert_many');
      const result = await col.insertMany([{ n: 1 }, { _id: 'two', n: 2 } as Document, { n: 3 }]);
      t.equal(result.insertedCount, 3);
      t.equal(result.insertedIds[1], 'two');
      t.ok(result.insertedIds[0] instanceof ObjectId);
      t.equal(await col.countDocuments(), 3);
    });

    t.test('filters support comparison, logical, element, regex, dotted-path and array conditions', async (t) => {
      const col = await collection(t, 'contract_filters');
      await col.insertMany([
        { _id: 1, n: 1, s: 'apple', tags: ['red', 'fruit'], meta: { size: 'S', dims: { w: 1 } }, opt: 'x' },
        { _id: 2, n: 2, s: 'banana', tags: ['yellow', 'fruit'], meta: { size: 'M', dims: { w: 2 } }, opt: null },
        { _id: 3, n: 3, s: 'cherry', tags: ['red'], meta: { size: 'S', dims: { w: 3 } } },
        { _id: 4, n: 4, s: 'date', tags: [], meta: { size: 'L', dims: { w: 4 } }, when: new Date('2020-01-01T00:00:00Z') },
      ] as Document[]);
      const cases: Array<[string, Document, number[]]> = [
        ['implicit equality', { n: 2 }, [2]],
        ['$eq', { n: { $eq: 2 } }, [2]],
        ['$ne', { n: { $ne: 2 } }, [1, 3, 4]],
        ['$gt', { n: { $gt: 2 } }, [3, 4]],
        ['$gte', { n: { $gte: 2 } }, [2, 3, 4]],
        ['$lt', { n: { $lt: 2 } }, [1]],
        ['$lte', { n: { $lte: 2 } }, [1, 2]],
        ['range', { n: { $gt: 1, $lt: 4 } }, [2, 3]],
        ['$in', { n: { $in: [1, 3] } }, [1, 3]],
        ['$nin', { n: { $nin: [1, 3] } }, [2, 4]],
        ['$exists true', { opt: { $exists: true } }, [1, 2]],
        ['$exists false', { opt: { $exists: false } }, [3, 4]],
        ['null matches null and missing', { opt: null }, [2, 3, 4]],
        ['$and', { $and: [{ n: { $gt: 1 } }, { tags: 'red' }] }, [3]],
        ['$or', { $or: [{ n: 1 }, { s: 'date' }] }, [1, 4]],
        ['$regex string', { s: { $regex: '^b' } }, [2]],
        ['$regex literal', { s: /an/ }, [2]],
        ['$regex with options', { s: { $regex: 'APP', $options: 'i' } }, [1]],
        ['dotted equality', { 'meta.size': 'S' }, [1, 3]],
        ['deep dotted range', { 'meta.dims.w': { $gte: 3 } }, [3, 4]],
        ['array contains', { tags: 'red' }, [1, 3]],
        ['array $in', { tags: { $in: ['yellow'] } }, [2]],
        ['array $all', { tags: { $all: ['red', 'fruit'] } }, [1]],
        ['whole array equality', { tags: ['red'] }, [3]],
        ['Date range', { when: { $lte: new Date('2021-01-01T00:00:00Z') } }, [4]],
        ['empty filter', {}, [1, 2, 3, 4]],
      ];
      for (const [label, filter, expected] of cases) t.strictSame(await idsOf(col, filter), expected, label);
    });

    t.test('find sorts on several keys, skips, limits and projects, through options or cursor methods', async (t) => {
      const col = await collection(t, 'contract_find');
      await col.insertMany([
        { _id: 1, group: 'b', rank: 1, name: 'one', meta: { x: 1, y: 1 } },
        { _id: 2, group: 'a', rank: 2, name: 'two', meta: { x: 2, y: 2 } },
        { _id: 3, group: 'b', rank: 3, name: 'three', meta: { x: 3, y: 3 } },
        { _id: 4, group: 'a', rank: 4, name: 'four', meta: { x: 4, y: 4 } },
        { _id: 5, group: 'b', rank: 5, name: 'five', meta: { x: 5, y: 5 } },
      ] as Document[]);
      const ids = (docs: Document[]) => docs.map((doc) => doc._id);
      t.strictSame(ids(await col.find({}, { sort: { group: 1, rank: -1 } }).toArray()), [4, 2, 5, 3, 1], 'multi-key sort option');
      t.strictSame(ids(await col.find().sort({ group: -1, rank: 1 }).toArray()), [1, 3, 5, 2, 4], 'multi-key sort method');
      t.strictSame(ids(await col.find({}, { sort: { rank: 1 }, skip: 1, limit: 2 }).toArray()), [2, 3], 'skip and limit options');
      t.strictSame(ids(await col.find().sort({ rank: -1 }).skip(3).limit(5).toArray()), [2, 1], 'skip and limit methods');
      t.strictSame(await col.find({ _id: 2 } as Document, { projection: { name: 1 } }).toArray(), [{ _id: 2, name: 'two' }], 'inclusion keeps _id');
      t.strictSame(await col.find({ _id: 2 } as Document).project({ name: 1, _id: 0 }).toArray(), [{ name: 'two' }], 'inclusion without _id');
      t.strictSame(
        await col.find({ _id: 2 } as Document, { projection: { meta: 0, group: 0 } }).toArray(),
        [{ _id: 2, rank: 2, name: 'two' }],
        'exclusion',
      );
      t.strictSame(await col.find({ _id: 2 } as Document).project({ 'meta.x': 1, _id: 0 }).toArray(), [{ meta: { x: 2 } }], 'dotted inclusion');
      t.strictSame(await col.findOne({ group: 'b' }, { sort: { rank: -1 }, projection: { _id: 0, name: 1 } }), { name: 'five' }, 'findOne options');
      t.strictSame(await col.findOne({ group: 'b' }, { sort: { rank: 1 }, skip: 1 }).then((doc) => doc?._id), 3, 'findOne skip');
    });

    t.test('countDocuments counts matches, honouring skip and limit', async (t) => {
      const col = await collection(t, 'contract_count');
      t.equal(await col.countDocuments(), 0, 'missing collection counts zero');
      await col.insertMany(Array.from({ length: 10 }, (_, i) => ({ i, even: i % 2 === 0 })));
      t.equal(await col.countDocuments(), 10);
      t.equal(await col.countDocuments({ even: true }), 5);
      t.equal(await col.countDocuments({ i: { $gte: 3 } }, { skip: 2, limit: 3 }), 3);
      t.equal(await col.countDocuments({ i: { $gte: 8 } }, { skip: 1 }), 1);
    });

    t.test('update operators change documents and results count matches and modifications', async (t) => {
      const col = await collection(t, 'contract_update_ops');
      await col.insertOne({ _id: 'u1', n: 1, tags: ['a'], nested: { x: 1 }, lo: 5, hi: 5, gone: true, factor: 3 } as Document);
      const first = await col.updateOne({ _id: 'u1' } as Document, {
        $set: { 'nested.y': 2, name: 'x' },
        $unset: { gone: '' },
        $inc: { n: 2 },
        $push: { tags: 'b' } as Document,
        $min: { lo: 3 },
        $max: { hi: 9 },
        $mul: { factor: 2 },
        $currentDate: { touched: true },
      });
      t.strictSame(first, { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null });
      const doc = await col.findOne({ _id: 'u1' } as Document);
      t.match(doc, { n: 3, tags: ['a', 'b'], nested: { x: 1, y: 2 }, name: 'x', lo: 3, hi: 9, factor: 6 });
      t.notOk('gone' in doc!, '$unset removes the field');
      t.ok(doc!.touched instanceof Date, '$currentDate sets a Date');
      await col.updateOne({ _id: 'u1' } as Document, { $addToSet: { tags: { $each: ['a', 'c'] } } });
      await col.updateOne({ _id: 'u1' } as Document, { $pull: { tags: 'a' } as Document });
      await col.updateOne({ _id: 'u1' } as Document, { $push: { tags: { $each: ['d', 'e'] } } as Document, $set: { m: 1 }, $setOnInsert: { created: true } });
      const later = await col.findOne({ _id: 'u1' } as Document);
      t.strictSame(later!.tags, ['b', 'c', 'd', 'e'], '$addToSet, $pull, $push $each');
      t.notOk('created' in later!, '$setOnInsert is ignored when updating');
      t.match(await col.updateOne({ _id: 'u1' } as Document, { $set: { n: 3 } }), { matchedCount: 1, modifiedCount: 0 }, 'no-op update');
      t.match(await col.updateOne({ _id: 'nope' } as Document, { $set: { n: 1 } }), { matchedCount: 0, modifiedCount: 0, upsertedId: null });
      await col.insertMany([{ kind: 'k', v: 1 }, { kind: 'k', v: 1 }, { kind: 'k', v: 2 }]);
      t.match(await col.updateMany({ kind: 'k' }, { $set: { v: 2 } }), { matchedCount: 3, modifiedCount: 2, upsertedCount: 0 });
      t.equal(await col.countDocuments({ kind: 'k', v: 2 }), 3);
    });

    t.test('updates refuse to change _id or to replace the document', async (t) => {
      const col = await collection(t, 'contract_update_refusals');
      await col.insertOne({ _id: 'keep', n: 1 } as Document);
      t.ok(await rejection(col.updateOne({ _id: 'keep' } as Document, { $set: { _id: 'changed' } } as Document)), '_id change rejected');
      t.ok(await rejection(col.updateOne({ _id: 'keep' } as Document, { n: 2 } as Document)), 'replacement rejected');
      t.strictSame(await col.findOne({ _id: 'keep' } as Document), { _id: 'keep', n: 1 });
      t.equal(await col.countDocuments(), 1);
    });

    t.test('upserts seed the new document from filter equalities, then apply $setOnInsert and the update', async (t) => {
      const col = await collection(t, 'contract_upserts');
      const inserted = await col.updateOne(
        { key: 'k1', kind: { $eq: 'x' }, n: { $gt: 5 }, 'owner.id': 'o1' },
        { $set: { v: 1 }, $setOnInsert: { created: true } },
        { upsert: true },
      );
      t.match(inserted, { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
      t.ok(inserted.upsertedId instanceof ObjectId, 'upsertedId is the generated ObjectId');
      const doc = await col.findOne({ _id: inserted.upsertedId! });
      t.strictSame(doc, { _id: inserted.upsertedId, key: 'k1', kind: 'x', owner: { id: 'o1' }, v: 1, created: true });
      const updated = await col.updateOne({ key: 'k1' }, { $set: { v: 2 }, $setOnInsert: { created: false } }, { upsert: true });
      t.strictSame(updated, { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null });
      t.match(await col.findOne({ key: 'k1' }), { v: 2, created: true });
      const byId = await col.updateOne({ _id: 'given' } as Document, { $inc: { hits: 1 } }, { upsert: true });
      t.equal(byId.upsertedId, 'given', 'the filter _id becomes the new _id');
      t.strictSame(await col.findOne({ _id: 'given' } as Document), { _id: 'given', hits: 1 });
      const many = await col.updateMany({ batch: 7 }, { $set: { seen: true } }, { upsert: true });
      t.match(many, { matchedCount: 0, upsertedCount: 1 });
      t.match(await col.updateMany({ batch: 7 }, { $set: { seen: false } }, { upsert: true }), { matchedCount: 1, upsertedCount: 0, upsertedId: null });
      t.equal(await col.countDocuments(), 3);
    });

    t.test('findOneAndUpdate picks by sort, returns before or after, projects, and upserts', async (t) => {
      const col = await collection(t, 'contract_find_one_and_update');
      await col.insertMany([
        { _id: 1, q: 'job', p: 3 },
        { _id: 2, q: 'job', p: 1 },
        { _id: 3, q: 'job', p: 2 },
      ] as Document[]);
      const before = await col.findOneAndUpdate({ q: 'job' }, { $set: { taken: true } }, { sort: { p: 1 } });
      t.strictSame(before, { _id: 2, q: 'job', p: 1 }, 'returns the document before the update by default');
      t.strictSame(await col.findOne({ _id: 2 } as Document), { _id: 2, q: 'job', p: 1, taken: true });
      const after = await col.findOneAndUpdate(
        { q: 'job', taken: { $exists: false } },
        { $set: { taken: true } },
        { sort: { p: -1 }, returnDocument: 'after' },
      );
      t.strictSame(after, { _id: 1, q: 'job', p: 3, taken: true });
      t.equal(await col.findOneAndUpdate({ q: 'none' }, { $set: { x: 1 } }), null, 'no match returns null');
      t.equal(await col.findOneAndUpdate({ q: 'none' }, { $set: { x: 1 } }, { upsert: true }), null, 'upsert returning before gives null');
      t.equal(await col.countDocuments({ q: 'none', x: 1 }), 1, '...but inserted the document');
      const upserted = await col.findOneAndUpdate(
        { q: 'fresh', lane: 2 },
        { $set: { x: 2 }, $setOnInsert: { born: true } },
        { upsert: true, returnDocument: 'after' },
      );
      t.match(upserted, { q: 'fresh', lane: 2, x: 2, born: true });
      t.ok(upserted!._id instanceof ObjectId);
    });

    t.test('findOneAndUpdate projects the returned document', needs('findOneAndUpdateProjection'), async (t) => {
      const col = await collection(t, 'contract_find_one_and_update_projection');
      await col.insertOne({ _id: 3, p: 2, q: 'x' } as Document);
      const after = await col.findOneAndUpdate({ _id: 3 } as Document, { $inc: { p: 10 } }, { returnDocument: 'after', projection: { p: 1, _id: 0 } });
      t.strictSame(after, { p: 12 });
      const before = await col.findOneAndUpdate({ _id: 3 } as Document, { $inc: { p: 1 } }, { projection: { q: 0 } });
      t.strictSame(before, { _id: 3, p: 12 });
    });

    t.test('unique indexes reject duplicates with code 11000 and leave the first document intact', async (t) => {
      const { store } = await open(t);
      const users = store.collection('contract_unique_users');
      t.equal(await users.createIndex({ email: 1 }, { unique: true }), 'email_1');
      t.equal(await users.createIndex({ email: 1 }, { unique: true }), 'email_1', 'createIndex is idempotent');
      t.equal(await users.createIndex({ team: 1, joined: -1 }), 'team_1_joined_-1', 'default compound name');
      t.equal(await users.createIndex({ nickname: 1 }, { name: 'by_nickname' }), 'by_nickname', 'explicit name');
      await users.insertOne({ email: 'a@x', name: 'first' });
      const duplicate = await rejection(users.insertOne({ email: 'a@x', name: 'second' }));
      t.ok(isDuplicateKeyError(duplicate), 'insert duplicate → isDuplicateKeyError');
      t.equal((duplicate as { code?: unknown }).code, 11000);
      t.match(String((duplicate as Error).message), /E11000 duplicate key error/);
      t.strictSame(
        (await users.find({ email: 'a@x' }).project({ _id: 0 }).toArray()),
        [{ email: 'a@x', name: 'first' }],
        'first document intact, nothing partial written',
      );
      t.ok(isDuplicateKeyError(await rejection(users.findOneAndUpdate({ email: 'c@x' }, { $set: { email: 'a@x' } }, { upsert: true }))), 'upsert into a duplicate');
      t.ok(isDuplicateKeyError(await rejection(users.updateOne({ email: 'c@x' }, { $set: { email: 'a@x' } }, { upsert: true }))), 'updateOne upsert into a duplicate');
      t.equal(await users.countDocuments(), 1, 'failed upserts inserted nothing');
      const ordered = await rejection(users.insertMany([{ email: 'c@x' }, { email: 'a@x' }, { email: 'd@x' }]));
      t.ok(isDuplicateKeyError(ordered), 'insertMany duplicate → isDuplicateKeyError');
      t.equal(await users.countDocuments({ email: 'c@x' }), 1, 'ordered insertMany keeps the documents before the duplicate');
      t.equal(await users.countDocuments({ email: 'd@x' }), 0, '...and stops at the duplicate');
    });

    t.test('updates into an existing unique key are rejected with code 11000 and change nothing', needs('duplicateKeyErrorOnUpdate'), async (t) => {
      const users = await collection(t, 'contract_unique_updates');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.insertMany([{ email: 'a@x', team: 'red' }, { email: 'b@x', team: 'red' }]);
      t.ok(isDuplicateKeyError(await rejection(users.updateOne({ email: 'b@x' }, { $set: { email: 'a@x' } }))), 'updateOne');
      t.ok(isDuplicateKeyError(await rejection(users.findOneAndUpdate({ email: 'b@x' }, { $set: { email: 'a@x' } }))), 'findOneAndUpdate');
      t.strictSame(await users.find({}, { sort: { email: 1 }, projection: { _id: 0 } }).toArray(), [{ email: 'a@x', team: 'red' }, { email: 'b@x', team: 'red' }], 'nothing changed');
      // Which documents an interrupted updateMany already changed differs by backend (MongoDB keeps them); only the error is common.
      t.ok(isDuplicateKeyError(await rejection(users.updateMany({ team: 'red' }, { $set: { email: 'same@x' } }))), 'updateMany');
    });

    t.test('a unique index treats a missing field as null', needs('uniqueIndexMissingAsNull'), async (t) => {
      const codes = await collection(t, 'contract_unique_missing');
      await codes.createIndex({ code: 1 }, { unique: true });
      await codes.insertOne({ label: 'no code' });
      t.ok(isDuplicateKeyError(await rejection(codes.insertOne({ label: 'also no code' }))), 'two missing values collide');
      t.ok(isDuplicateKeyError(await rejection(codes.insertOne({ label: 'null code', code: null }))), 'null collides with missing');
      t.equal(await codes.countDocuments(), 1);
    });

    t.test('building a unique index over duplicates fails with code 11000', needs('duplicateKeyErrorOnIndexBuild'), async (t) => {
      const existing = await collection(t, 'contract_unique_late');
      await existing.insertMany([{ v: 1 }, { v: 1 }]);
      t.ok(isDuplicateKeyError(await rejection(existing.createIndex({ v: 1 }, { unique: true }))));
      t.equal(await existing.countDocuments({ v: 1 }), 2, 'documents untouched');
      await existing.insertOne({ v: 1 });
      t.equal(await existing.countDocuments({ v: 1 }), 3, 'the failed index enforces nothing');
    });

    t.test('createIndex accepts expireAfterSeconds', needs('ttlIndexes'), async (t) => {
      const sessions = await collection(t, 'contract_ttl');
      t.equal(await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 }), 'expiresAt_1');
      t.equal(await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 }), 'expiresAt_1', 'idempotent');
    });

    t.test('$elemMatch needs one array element to satisfy every condition', needs('elemMatchWithinOneElement'), async (t) => {
      const col = await collection(t, 'contract_elem_match');
      await col.insertMany([{ _id: 1, tags: [28, 128] }, { _id: 2, tags: 27 }, { _id: 3, tags: [0, 100] }] as Document[]);
      t.strictSame(await idsOf(col, { tags: { $elemMatch: { $gt: 26, $lt: 50 } } }), [1]);
      t.strictSame(await idsOf(col, { tags: { $gt: 26, $lt: 50 } }), [1, 2, 3], 'without $elemMatch each bound may hold for a different element');
    });

    t.test('compound and sparse unique indexes', async (t) => {
      const { store } = await open(t);
      const pages = store.collection('contract_unique_pages');
      t.equal(await pages.createIndex({ tenant: 1, slug: 1 }, { unique: true }), 'tenant_1_slug_1');
      await pages.insertMany([{ tenant: 't1', slug: 's1' }, { tenant: 't2', slug: 's1' }, { tenant: 't1', slug: 's2' }]);
      t.ok(isDuplicateKeyError(await rejection(pages.insertOne({ tenant: 't1', slug: 's1' }))), 'same compound key');
      t.equal(await pages.countDocuments(), 3);
      const sparse = store.collection('contract_unique_sparse');
      await sparse.createIndex({ code: 1 }, { unique: true, sparse: true });
      await sparse.insertMany([{ label: 'a' }, { label: 'b' }, { code: 1 }]);
      t.ok(isDuplicateKeyError(await rejection(sparse.insertOne({ code: 1 }))), 'sparse index still rejects present duplicates');
      t.equal(await sparse.countDocuments(), 3);
    });

    t.test('deleteOne and deleteMany report how many documents went', async (t) => {
      const col = await collection(t, 'contract_delete');
      await col.insertMany([{ k: 'a' }, { k: 'a' }, { k: 'b' }, { k: 'c' }]);
      t.strictSame(await col.deleteOne({ k: 'a' }), { acknowledged: true, deletedCount: 1 });
      t.strictSame(await col.deleteOne({ k: 'zzz' }), { acknowledged: true, deletedCount: 0 });
      t.strictSame(await col.deleteMany({ k: { $in: ['a', 'b'] } }), { acknowledged: true, deletedCount: 2 });
      t.equal(await col.countDocuments(), 1);
      t.strictSame(await col.deleteMany({}), { acknowledged: true, deletedCount: 1 });
      t.equal(await col.countDocuments(), 0);
    });

    t.test('queries stay exact on indexed fields (ranges, sorts, arrays, nulls, moved keys)', async (t) => {
      const col = await collection(t, 'contract_indexed_queries');
      await col.createIndex({ status: 1, nextRunAt: 1 });
      await col.createIndex({ nextRunAt: 1 });
      await col.createIndex({ tags: 1 });
      await col.createIndex({ opt: 1 }, { sparse: true });
      const base = Date.UTC(2030, 0, 1);
      await col.insertMany(
        Array.from({ length: 30 }, (_, i) => ({
          _id: i,
          status: i % 3 === 0 ? 'paused' : 'active',
          nextRunAt: new Date(base + (i % 10) * 60_000 + i),
          tags: i % 2 === 0 ? [i, i + 100] : i,
          ...(i % 5 === 0 ? { opt: i % 10 === 0 ? null : 'set' } : {}),
        })) as Document[],
      );
      const cutoff = new Date(base + 4 * 60_000 + 100);
      const due = await col.find({ status: 'active', nextRunAt: { $lte: cutoff } }).sort({ nextRunAt: 1 }).limit(3).toArray();
      t.strictSame(due.map((doc) => doc._id), [10, 20, 1], 'due ones in nextRunAt order');
      const latest = await col.find({ status: 'active' }, { sort: { nextRunAt: -1 }, limit: 2 }).toArray();
      t.strictSame(latest.map((doc) => doc._id), [29, 19]);
      t.strictSame(
        await idsOf(col, { tags: { $gt: 26, $lt: 50 } }),
        [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 27, 28, 29],
        'on arrays each bound may hold for a different element',
      );
      t.strictSame(await idsOf(col, { tags: { $in: [7, 104] } }), [4, 7]);
      t.strictSame(await idsOf(col, { opt: null }), (Array.from({ length: 30 }, (_, i) => i)).filter((i) => i % 5 !== 0 || i % 10 === 0));
      t.strictSame(await idsOf(col, { opt: 'set' }), [5, 15, 25]);
      await col.updateOne({ _id: 1 } as Document, { $set: { status: 'paused', nextRunAt: new Date(base - 1) } });
      await col.updateOne({ _id: 3 } as Document, { $set: { status: 'active' } });
      const claimed = await col.findOneAndUpdate({ status: 'active', nextRunAt: { $lte: cutoff } }, { $set: { status: 'running' } }, { sort: { nextRunAt: 1 }, returnDocument: 'after' });
      t.equal(claimed?._id, 10, 'earliest due document claimed');
      t.strictSame(await idsOf(col, { status: 'active', nextRunAt: { $lt: new Date(base + 60_000) } }), [20], 'the claimed one left the active range');
      t.strictSame(await idsOf(col, { status: 'paused', nextRunAt: { $lt: new Date(base) } }), [1], 'keys moved by an update are found');
      t.strictSame(await idsOf(col, { status: 'active', nextRunAt: { $lt: new Date(base + 4 * 60_000) } }), [2, 3, 11, 13, 20, 22, 23]);
    });

    t.test(
      'concurrent findOneAndUpdate claims through two connections never hand out a document twice',
      needs('atomicFindAndModifyAcrossConnections'),
      async (t) => {
        const first = await open(t);
        const second = await first.connectAgain();
        const documents = 40;
        const claims = 100;
        const a = first.store.collection('contract_claims');
        const b = second.collection('contract_claims');
        await a.createIndex({ status: 1, n: 1 });
        await a.insertMany(Array.from({ length: documents }, (_, n) => ({ n, status: 'ready' })));
        const results = await Promise.all(
          Array.from({ length: claims }, (_, i) =>
            (i % 2 === 0 ? a : b).findOneAndUpdate(
              { status: 'ready' },
              { $set: { status: 'claimed', claimedBy: `claim-${i}` } },
              { sort: { n: 1 }, returnDocument: 'after' },
            ).then((doc) => ({ claimer: `claim-${i}`, doc })),
          ),
        );
        const won = results.filter((result) => result.doc !== null);
        t.equal(won.length, documents, 'every document claimed exactly once');
        t.equal(new Set(won.map((result) => String(result.doc!._id))).size, documents, 'no document handed out twice');
        t.strictSame(won.filter(({ claimer, doc }) => doc!.claimedBy !== claimer), [], 'each claimed document kept its claimer');
        t.equal(await b.countDocuments({ status: 'claimed' }), documents);
      },
    );
  });
}
