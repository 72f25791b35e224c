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
