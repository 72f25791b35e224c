// The hand-written BM25 index scores as MiniSearch (the library it replaced for speed) does, before and after removals.
import MiniSearch from 'minisearch';
import t from 'tap';
import { createLexicalIndex, FIELD_BOOST } from '../../../../../plugins/rag/infra/index/lexical-index.ts';
import { analyse } from '../../../../../plugins/rag/infra/index/text-analyzer.ts';

const words = ['boiler', 'valve', 'pressure', 'cellar', 'pump', 'safety', 'annual', 'check', 'water', 'heat', 'pipe', 'leak'];
let seed = 7;
const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
const text = (n: number) => Array.from({ length: n }, () => words[Math.floor(words.length * random() ** 2)]!).join(' ');

t.test('scores and ranking equal MiniSearch BM25 with the same boosts and parameters', async (t) => {
  const ours = createLexicalIndex();
  const reference = new MiniSearch<{ id: string; title: string; headings: string; text: string }>({
    fields: ['title', 'headings', 'text'], storeFields: [], tokenize: analyse, processTerm: (term) => term,
  });
  const entries = Array.from({ length: 400 }, (_, i) => ({ id: `c${i}`, title: text(1 + (i % 3)), headings: i % 5 === 0 ? '' : text(2), text: text(5 + (i % 40)) }));
  ours.add(entries);
  reference.addAll(entries);
  const removed = entries.filter((_, i) => i % 7 === 0).map((e) => e.id);
  const compare = (label: string) => {
    for (const query of ['boiler valve', 'leak leak pipe', 'annual safety check of the water heat pump', 'nothing matches']) {
      const want = reference
        .search(analyse(query).join(' '), { tokenize: (s) => s.split(' '), boost: FIELD_BOOST, bm25: { k: 1.2, b: 0.75, d: 0.5 }, prefix: false, fuzzy: false, combineWith: 'OR', filter: (r) => r.id !== 'c1' })
        .slice(0, 25);
      const got = ours.search(query, 25, (id) => id !== 'c1');
      t.equal(got.length, want.length, `${label}: ${query}: as many hits`);
      t.ok(got.every((g, i) => Math.abs(g.score - want[i]!.score) < 1e-9 * want[i]!.score), `${label}: ${query}: the same scores in the same order`);
      t.same(new Set(got.map((g) => g.id)), new Set(want.map((w) => w.id)), `${label}: ${query}: the same chunks`);
    }
  };
  compare('built');
  ours.remove(removed);
  for (const id of removed) reference.remove(entries.find((e) => e.id === id)!);
  compare('after removals');
  t.equal(ours.size, reference.documentCount);
});

t.test('a query asked again after the index changed sees the change', async (t) => {
  const index = createLexicalIndex();
  index.add([{ id: 'a', title: 'Pump', headings: '', text: 'the pump leaks' }]);
  t.same(index.search('pump', 5, () => true).map((r) => r.id), ['a']);
  index.add([{ id: 'b', title: 'Pump pump', headings: 'Pump', text: 'pump' }]);
  t.same(index.search('pump', 5, () => true).map((r) => r.id), ['b', 'a'], 'an added chunk is found by the same query');
  t.same(index.search('pump', 5, (id) => id === 'a').map((r) => r.id), ['a'], 'the filter applies to the kept scores');
});

t.test('after most chunks are removed (their postings compacted away) it scores as an index built from the rest', async (t) => {
  const churned = createLexicalIndex();
  const entries = Array.from({ length: 6000 }, (_, i) => ({ id: `c${i}`, title: text(1 + (i % 3)), headings: text(2), text: text(5 + (i % 30)) }));
  churned.add(entries);
  churned.remove(entries.filter((_, i) => i % 10 !== 0).map((e) => e.id));
  const kept = entries.filter((_, i) => i % 10 === 0);
  churned.add([{ id: 'late', title: 'pump', headings: '', text: 'a pump added after the compaction' }]);
  const fresh = createLexicalIndex();
  fresh.add([...kept, { id: 'late', title: 'pump', headings: '', text: 'a pump added after the compaction' }]);
  t.equal(churned.size, kept.length + 1);
  for (const query of ['boiler valve', 'pump', 'leak leak pipe']) {
    const want = fresh.search(query, 50, () => true);
    const got = churned.search(query, 50, () => true);
    t.same(got.map((g) => g.score), want.map((w) => w.score), `${query}: the same scores`);
    t.same(new Set(got.map((g) => g.id)), new Set(want.map((w) => w.id)), `${query}: the same chunks`);
  }
});
