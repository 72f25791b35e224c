// The lexical index (BM25 with boosted titles and headings, CJK words) and the exact vector index (cosine, top-k, removal).
import t from 'tap';
import { createExactVectorIndex } from '../../../../../plugins/rag/infra/index/exact-vector-index.ts';
import { createLexicalIndex } from '../../../../../plugins/rag/infra/index/lexical-index.ts';
import { createSignQuantisedVectorIndex } from '../../../../../plugins/rag/infra/index/sign-quantised-vector-index.ts';

const all = () => true;

t.test('BM25 finds words in any language and boosts title and heading matches', async (t) => {
  const index = createLexicalIndex();
  index.add([
    { id: 'body', title: 'Notes', headings: 'Misc', text: 'The boiler is in the cellar, next to the old washing machine.' },
    { id: 'head', title: 'Notes', headings: 'Boiler', text: 'It is in the cellar.' },
    { id: 'ja', title: '取扱説明書', headings: '安全', text: 'ボイラーの安全弁は毎年点検する必要があります。' },
    { id: 'zh', title: '手册', headings: '', text: '机器学习是人工智能的一个分支。' },
  ]);
  t.equal(index.size, 4);
  t.equal(index.search('boiler', 10, all)[0]!.id, 'head', 'a heading match outranks a body match');
  t.same(index.search('安全弁の点検', 10, all).map((r) => r.id), ['ja']);
  t.same(index.search('人工智能', 10, all).map((r) => r.id), ['zh']);
  t.same(index.search('boiler', 10, (id) => id !== 'head').map((r) => r.id), ['body'], 'the filter applies');
  t.same(index.search('...', 10, all), []);
  index.remove(['head', 'missing']);
  t.same(index.search('boiler', 10, all).map((r) => r.id), ['body']);
});

t.test('exact cosine search returns the true top-k and survives removals', async (t) => {
  const dims = 8;
  const index = createExactVectorIndex(dims);
  const vec = (...xs: number[]) => Float32Array.from({ length: dims }, (_, i) => xs[i] ?? 0);
  for (let i = 0; i < 3000; i++) index.add(`n${i}`, vec(Math.cos(i), Math.sin(i), 1 + (i % 7) / 7));
  index.add('target', vec(10, 0, 0));
  index.add('near', vec(9, 1, 0));
  const top = index.search(vec(1, 0, 0), 5, all);
  t.equal(top.length, 5);
  t.ok(top.every((r, i) => i === 0 || r.score <= top[i - 1]!.score), 'sorted by score');
  t.equal(top[0]!.id, 'target');
  t.ok(Math.abs(top[0]!.score - 1) < 1e-6, 'cosine of parallel vectors is 1');
  index.remove(['target']);
  t.equal(index.search(vec(1, 0, 0), 1, all)[0]!.id === 'target', false);
  t.equal(index.size, 3001);
  t.same(index.search(vec(1, 0, 0), 3, (id) => id === 'near').map((r) => r.id), ['near']);
  t.throws(() => index.add('bad', new Float32Array(3)));
});

t.test('vectors survive the store encoding bit for bit, also from a view at an offset', async (t) => {
  const { decodeVector, encodeVector } = await import('../../../../../plugins/rag/infra/vector-codec.ts');
  const values = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i) * 1e-3 + (i % 3) * 7.25);
  const view = new Float32Array(new Float32Array(520).buffer, 12, 512);
  view.set(values);
  for (const v of [values, view]) t.same([...decodeVector(encodeVector(v))], [...values]);
});

t.test('the sign-quantised index returns exact cosines, finds what the exact index finds, and follows removals', async (t) => {
  const dims = 64;
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  const common = Float32Array.from({ length: dims }, random);
  const vector = () => Float32Array.from({ length: dims }, (_, i) => common[i]! + random());
  const exact = createExactVectorIndex(dims);
  const quantised = createSignQuantisedVectorIndex(dims, { oversample: 40, minCandidates: 400 });;
  for (let i = 0; i < 6000; i++) {
    const v = vector();
    exact.add(`n${i}`, v);
    quantised.add(`n${i}`, v);
  }
  let found = 0;
  for (let q = 0; q < 20; q++) {
    const query = vector();
    const want = exact.search(query, 10, all);
    const got = quantised.search(query, 10, all);
    const wanted = new Map(want.map((r) => [r.id, r.score]));
    for (const r of got) {
      if (wanted.has(r.id)) {
        found++;
        t.ok(Math.abs(wanted.get(r.id)! - r.score) < 1e-6, 'the score is the exact cosine');
      }
    }
  }
  t.ok(found / 200 >= 0.9, `recall@10 ${found / 200}`);
  const query = vector();
  const [best] = quantised.search(query, 1, all);
  quantised.remove([best!.id]);
  t.not(quantised.search(query, 1, all)[0]!.id, best!.id);
  t.equal(quantised.size, 5999);
  t.same(quantised.search(query, 3, (id) => id === 'n5').map((r) => r.id), ['n5'], 'the filter applies');
  t.same([...quantised.score(query, ['n5', 'gone']).keys()], ['n5']);
});
