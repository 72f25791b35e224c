// The embedded store's fast filter and update paths agree with mingo wherever they answer, and step aside elsewhere.
import { Query } from 'mingo';
import { update as mingoUpdate } from 'mingo/updater';
import { ObjectId } from 'mongodb';
import t from 'tap';
import { applyFastUpdate, fastFilter } from '../../../shared/store/embedded/fast-paths.ts';

const d1 = new Date('2026-01-01T00:00:00Z');
const d2 = new Date('2026-06-01T00:00:00Z');
const docs = [
  { _id: 'a', n: 1, s: 'x', b: true, at: d1 },
  { _id: 'b', n: 2.5, s: 'y', b: false, at: d2 },
  { _id: 'c', n: '1', s: ['x', 'z'], at: '2026-01-01' },
  { _id: 'd', n: null, s: { v: 'x' } },
  { _id: 'e', n: Number.NaN, at: null },
  { _id: new ObjectId(), n: 3, s: 'x' },
];
const filters = [
  {},
  { _id: 'a' },
  { n: 1 },
  { n: 2.5, s: 'y' },
  { s: 'x' },
  { b: false },
  { at: d1 },
  { at: { $gt: d1 } },
  { at: { $gte: d1, $lt: d2 } },
  { n: { $lte: 2.5 } },
  { n: { $gt: 0 } },
  { n: { $eq: 1 } },
  { _id: { $in: ['a', 'c', 'x'] } },
  { s: { $in: ['x'] } },
  { n: { $in: [1, 3] } },
];

t.test('fastFilter matches exactly what mingo matches, or says it is unsure', async (t) => {
  for (const filter of filters) {
    const fast = fastFilter(filter);
    t.ok(fast, `${JSON.stringify(filter)} takes the fast path`);
    const query = new Query(filter, {});
    for (const doc of docs) {
      const answer = fast!(doc);
      if (answer !== 'unsure') t.equal(answer, query.test(doc), `${JSON.stringify(filter)} on ${String(doc._id)}`);
    }
  }
  t.equal(fastFilter({ s: 'x' })!(docs[2]!), 'unsure', 'an array field goes to mingo');
  for (const filter of [{ n: null }, { 'a.b': 1 }, { $or: [{ n: 1 }] }, { n: { $ne: 1 } }, { n: /x/ }, { n: { $in: [null] } }, { s: { v: 'x' } }]) {
    t.equal(fastFilter(filter), undefined, `${String(JSON.stringify(filter) ?? filter)} is left to mingo`);
  }
});

t.test('applyFastUpdate does what mingo does for top-level $set and $unset, and refuses the rest', async (t) => {
  const start = () => ({ _id: 'a', keep: 1, old: 'x', nested: { v: 1 } });
  const ops = { $set: { keep: 2, added: d1, nested: { w: 2 } }, $unset: { old: '' } };
  const fast = start();
  t.equal(applyFastUpdate(fast, ops), true);
  const slow = start();
  mingoUpdate(slow, ops as never);
  t.same(fast, slow);
  t.same(Object.keys(fast), Object.keys(slow), 'fields keep their order');
  for (const refused of [{ $inc: { keep: 1 } }, { $set: { 'nested.v': 2 } }, { $set: { keep: undefined } }, { $set: { keep: 1 }, $unset: { keep: '' } }]) {
    const doc = start();
    t.equal(applyFastUpdate(doc, refused as never), false, JSON.stringify(refused));
    t.same(doc, start(), 'and the document is untouched');
  }
});
