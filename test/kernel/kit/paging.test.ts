// The kit's paging: defaults, the one maximum in the query schema, and count + find in sort order.
import t from 'tap';
import { Value } from 'typebox/value';
import { MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, PageQuery, pageRequest, pagedFind } from '../../../kernel/index.ts';
import { createEmbeddedStore } from '../../../shared/store/embedded/embedded-store.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';

t.test('a page request gets the defaults; the schema holds the one maximum', async (t) => {
  t.strictSame(pageRequest(), { limit: 50, offset: 0 });
  t.strictSame(pageRequest({ limit: 5 }), { limit: 5, offset: 0 });
  t.ok(Value.Check(PageQuery, { limit: MAX_PAGE_LIMIT, offset: MAX_PAGE_OFFSET }));
  t.notOk(Value.Check(PageQuery, { limit: MAX_PAGE_LIMIT + 1 }));
  t.notOk(Value.Check(PageQuery, { offset: MAX_PAGE_OFFSET + 1 }));
  t.notOk(Value.Check(PageQuery, { limit: 0 }));
  t.notOk(Value.Check(PageQuery, { page: 2 }), 'unknown fields are refused');
});

t.test('pagedFind counts every match and returns one page in order', async (t) => {
  const store = createEmbeddedStore({ dataDir: await tempDirFor(t, 'nexus-paging-') });
  t.teardown(() => store.close());
  const items = store.collection<{ _id: string; n: number; even: boolean }>('kit_items');
  await items.insertMany(Array.from({ length: 7 }, (_, n) => ({ _id: `i${n}`, n, even: n % 2 === 0 })));
  const page = await pagedFind(items, { even: true }, { sort: { n: -1, _id: 1 }, limit: 2, offset: 1 });
  t.strictSame(page, { total: 4, items: [{ _id: 'i4', n: 4, even: true }, { _id: 'i2', n: 2, even: true }] });
});
