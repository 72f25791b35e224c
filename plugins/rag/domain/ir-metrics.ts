// Retrieval quality measures as BEIR and trec_eval define them: nDCG@k (graded gains), average precision@k and recall@k.

/** Relevance grades of one query: document id to grade; grades <= 0 count as not relevant. */
export type Judgements = ReadonlyMap<string, number>;

export function ndcgAt(ranked: readonly string[], judged: Judgements, k: number): number {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) {
    const gain = Math.max(0, judged.get(ranked[i]!) ?? 0);
    dcg += gain / Math.log2(i + 2);
  }
  const ideal = [...judged.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

/** Average precision over the top k, divided by all relevant documents (trec_eval's map_cut). */
export function averagePrecisionAt(ranked: readonly string[], judged: Judgements, k: number): number {
  const relevant = [...judged.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  let hits = 0;
  let sum = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) {
    if ((judged.get(ranked[i]!) ?? 0) > 0) {
      hits++;
      sum += hits / (i + 1);
    }
  }
  return sum / relevant;
}

export function recallAt(ranked: readonly string[], judged: Judgements, k: number): number {
  const relevant = [...judged.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  let hits = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) if ((judged.get(ranked[i]!) ?? 0) > 0) hits++;
  return hits / relevant;
}

export interface MetricSummary {
  readonly ndcg10: number;
  readonly map100: number;
  readonly recall100: number;
  readonly queries: number;
}

/** Means over the queries that have at least one relevant document, the BEIR convention. */
export function summarise(runs: ReadonlyMap<string, readonly string[]>, qrels: ReadonlyMap<string, Judgements>, ndcgK = 10): MetricSummary {
  let n = 0;
  let ndcg = 0;
  let map = 0;
  let recall = 0;
  for (const [query, judged] of qrels) {
    if (![...judged.values()].some((g) => g > 0)) continue;
    const ranked = runs.get(query) ?? [];
    n++;
    ndcg += ndcgAt(ranked, judged, ndcgK);
    map += averagePrecisionAt(ranked, judged, 100);
    recall += recallAt(ranked, judged, 100);
  }
  return n === 0 ? { ndcg10: 0, map100: 0, recall100: 0, queries: 0 } : { ndcg10: ndcg / n, map100: map / n, recall100: recall / n, queries: n };
}

/** nDCG@k of each query that has a relevant document (the values `summarise` averages), for paired tests. */
export function perQueryNdcg(runs: ReadonlyMap<string, readonly string[]>, qrels: ReadonlyMap<string, Judgements>, k = 10): Map<string, number> {
  const out = new Map<string, number>();
  for (const [query, judged] of qrels) {
    if ([...judged.values()].some((g) => g > 0)) out.set(query, ndcgAt(runs.get(query) ?? [], judged, k));
  }
  return out;
}

/**
 * Two-sided paired randomisation (permutation) test of the mean difference of two systems' per-query scores: each
 * trial flips the sign of every query's difference with probability 1/2. Seeded, so a report is reproducible.
 */
export function pairedRandomisationTest(a: readonly number[], b: readonly number[], trials = 10_000, seed = 1): { meanDifference: number; p: number } {
  if (a.length !== b.length) throw new Error('paired samples differ in length');
  const d = a.map((x, i) => x - b[i]!);
  const n = d.length;
  if (n === 0) return { meanDifference: 0, p: 1 };
  const observed = Math.abs(d.reduce((s, x) => s + x, 0) / n);
  let state = seed >>> 0;
  const bit = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) >>> 31) === 1;
  let extreme = 0;
  for (let t = 0; t < trials; t++) {
    let sum = 0;
    for (const x of d) sum += bit() ? x : -x;
    if (Math.abs(sum / n) >= observed - 1e-12) extreme++;
  }
  return { meanDifference: d.reduce((s, x) => s + x, 0) / n, p: (extreme + 1) / (trials + 1) };
}
