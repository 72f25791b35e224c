// Pins which index the embedded store's planner pushes a query down to, and when its SQL may stand in for mingo.
import t from 'tap';
import type { CollectionInfo } from '../../../shared/store/embedded/catalog.ts';
import { idKey, type IndexDefinition } from '../../../shared/store/embedded/index-keys.ts';
import { normalizeSort } from '../../../shared/store/embedded/index-spec.ts';
import { planQuery } from '../../../shared/store/embedded/planner.ts';

function index(name: string, paths: Record<string, 1 | -1>, flags: Partial<IndexDefinition> = {}): IndexDefinition {
  return {
    name,
    fields: Object.entries(paths).map(([path, direction]) => ({ path, direction })),
    unique: false,
    sparse: false,
    expireAfterSeconds: null,
    table: `ix_${name}`,
    multikey: false,
    looseOrder: false,
    ...flags,
  };
}

const collection = (...indexes: IndexDefinition[]): CollectionInfo => ({ name: 'tasks', table: 'docs', indexes });
const now = new Date('2030-01-01T00:00:00Z');

t.test('a due-task claim uses the compound index, in sort order, exactly', async (t) => {
  const tasks = collection(index('nextRunAt_1', { nextRunAt: 1 }), index('status_1_nextRunAt_1', { status: 1, nextRunAt: 1 }));
  const plan = planQuery(tasks, { status: 'active', nextRunAt: { $lte: now } }, normalizeSort({ nextRunAt: 1 }));
  t.equal(plan.description, 'status_1_nextRunAt_1');
  t.equal(plan.sortServed, true);
  t.equal(plan.exact, true);
  t.match(plan.sql, /ORDER BY ix\.t1 ASC, ix\.v1 ASC$/);
  const descending = planQuery(tasks, { status: 'active' }, normalizeSort({ nextRunAt: -1 }));
  t.equal(descending.sortServed, true, 'an index serves the reverse order too');
  t.match(descending.sql, /ORDER BY ix\.t1 DESC, ix\.v1 DESC$/);
});

t.test('conditions the index cannot express leave the final word to mingo', async (t) => {
  const tasks = collection(index('status_1_nextRunAt_1', { status: 1, nextRunAt: 1 }));
  const withOr = planQuery(tasks, { status: 'active', $or: [{ lockedUntil: null }, { lockedUntil: { $lt: now } }] }, []);
  t.equal(withOr.description, 'status_1_nextRunAt_1');
  t.equal(withOr.exact, false);
  t.equal(planQuery(tasks, { status: { $gt: 'a' } }, []).exact, false, 'string ranges compare differently in SQLite and JavaScript');
  t.equal(planQuery(tasks, { status: null }, []).exact, false, 'null also matches missing fields');
  t.equal(planQuery(tasks, { status: 'active', retries: 3 }, []).exact, false, 'a condition on an unindexed field');
  t.equal(planQuery(tasks, { nextRunAt: { $lte: now } }, []).description, 'collection scan', 'only a leading field can drive an index');
});

t.test('multikey indexes push one bound, deduplicate and never serve a sort', async (t) => {
  const tags = collection(index('tags_1', { tags: 1 }, { multikey: true }));
  const plan = planQuery(tags, { tags: { $gt: 1, $lt: 5 } }, normalizeSort({ tags: 1 }));
  t.equal(plan.description, 'tags_1');
  t.equal(plan.sortServed, false);
  t.equal(plan.exact, false);
  t.match(plan.sql, /WHERE seq IN \(SELECT ix\.seq FROM "ix_tags_1" AS ix WHERE ix\.t0 = \? AND ix\.v0 > \?\)/);
});

t.test('sparse, loosely ordered and _id plans', async (t) => {
  const sparse = collection(index('code_1', { code: 1 }, { sparse: true }));
  t.equal(planQuery(sparse, { code: null }, []).description, 'collection scan', 'a sparse index lacks the documents null matches');
  t.equal(planQuery(sparse, { code: 'x' }, []).description, 'code_1');
  t.equal(planQuery(sparse, {}, normalizeSort({ code: 1 })).description, 'collection scan', 'a sparse index cannot list every document');
  const loose = collection(index('meta_1', { meta: 1 }, { looseOrder: true }));
  t.equal(planQuery(loose, { meta: { $gte: 1 } }, normalizeSort({ meta: 1 })).sortServed, false, 'objects sort differently in SQLite');
  const byId = planQuery(collection(), { _id: { $in: ['a', 'b'] } }, []);
  t.equal(byId.description, '_id_');
  t.equal(byId.exact, true);
  t.strictSame(byId.params, [idKey('a'), idKey('b')]);
});
