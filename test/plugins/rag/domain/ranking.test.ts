// Fusion, per-document caps and the IR measures the evaluation reports.
import t from 'tap';
import { capPerDocument, convexFusion, minMaxNormalise, reciprocalRankFusion } from '../../../../plugins/rag/domain/fusion.ts';
import { averagePrecisionAt, ndcgAt, recallAt, summarise } from '../../../../plugins/rag/domain/ir-metrics.ts';

t.test('min-max normalisation and convex fusion', async (t) => {
  t.same([...minMaxNormalise([{ id: 'a', score: 10 }, { id: 'b', score: 5 }, { id: 'c', score: 0 }])], [['a', 1], ['b', 0.5], ['c', 0]]);
  t.same([...minMaxNormalise([{ id: 'a', score: 3 }])], [['a', 1]]);
  const lexical = [{ id: 'a', score: 12 }, { id: 'b', score: 6 }, { id: 'c', score: 0 }];
  const vector = [{ id: 'c', score: 0.9 }, { id: 'b', score: 0.5 }, { id: 'd', score: 0.1 }];
  t.same(convexFusion(lexical, vector, 0).map((f) => f.id).slice(0, 2), ['a', 'b'], 'weight 0: words only');
  t.same(convexFusion(lexical, vector, 1)[0]!.id, 'c', 'weight 1: vectors only');
  const mid = convexFusion(lexical, vector, 0.5);
  // Over the union a..d: lexical 12, 6, 0 and (d, missed) its floor 0 -> 1, .5, 0, 0; vector (a, missed) its floor .1, .5, .9, .1 -> 0, .5, 1, 0.
  t.same(mid.map((f) => [f.id, Number(f.score.toFixed(3))]), [['a', 0.5], ['b', 0.5], ['c', 0.5], ['d', 0]]);
  t.match(mid.find((f) => f.id === 'd'), { lexical: null, vector: 0.1 }, 'the raw scores say which retriever returned the chunk');
});

t.test('a missed chunk takes the retriever\'s recomputed score, and without one its lowest, never 0', async (t) => {
  const lexical = [{ id: 'a', score: 10 }, { id: 'b', score: 8 }];
  const vector = [{ id: 'c', score: 0.9 }, { id: 'a', score: 0.7 }];
  const floorOnly = convexFusion(lexical, vector, 0.5);
  // c, missed by BM25, gets its floor 8 (normalised 0 like b), not a value below b: b (vector floor .7) and c tie on one side each.
  t.same(floorOnly.map((f) => [f.id, Number(f.score.toFixed(3))]), [['a', 0.5], ['c', 0.5], ['b', 0]]);
  const recomputed = convexFusion(lexical, vector, 0.5, { lexical: new Map([['c', 9]]), vector: new Map([['b', 0.8]]) });
  t.same(recomputed.map((f) => [f.id, Number(f.score.toFixed(3))]), [['c', 0.75], ['a', 0.5], ['b', 0.25]]);
  t.same(convexFusion([], vector, 0.3).map((f) => f.id), ['c', 'a'], 'one side empty: the other decides');
});

t.test('reciprocal-rank fusion rewards agreement', async (t) => {
  const fused = reciprocalRankFusion([{ id: 'a', score: 9 }, { id: 'b', score: 8 }], [{ id: 'b', score: 0.9 }, { id: 'c', score: 0.8 }]);
  t.equal(fused[0]!.id, 'b');
  t.equal(fused.length, 3);
});

t.test('at most n chunks per document, up to k', async (t) => {
  const ranked = ['a1', 'a2', 'a3', 'b1', 'c1', 'b2'].map((id) => ({ id }));
  t.same(capPerDocument(ranked, (id) => id[0], 2, 4).map((r) => r.id), ['a1', 'a2', 'b1', 'c1']);
  t.same(capPerDocument(ranked, (id) => (id === 'c1' ? undefined : id[0]), 1, 10).map((r) => r.id), ['a1', 'b1']);
});

t.test('nDCG, AP and recall on a worked example', async (t) => {
  const judged = new Map([['d1', 2], ['d2', 1], ['d3', 0]]);
  const ranked = ['d3', 'd1', 'd4', 'd2'];
  const dcg = 2 / Math.log2(3) + 1 / Math.log2(5);
  const idcg = 2 + 1 / Math.log2(3);
  t.equal(ndcgAt(ranked, judged, 10).toFixed(6), (dcg / idcg).toFixed(6));
  t.equal(averagePrecisionAt(ranked, judged, 100), (1 / 2 + 2 / 4) / 2);
  t.equal(recallAt(ranked, judged, 2), 0.5);
  const summary = summarise(new Map([['q1', ranked], ['q2', []]]), new Map([['q1', judged], ['q2', new Map([['x', 1]])], ['q3', new Map([['y', 0]])]]));
  t.equal(summary.queries, 2, 'a query without a relevant document is not counted');
  t.equal(summary.recall100, 0.5);
});
