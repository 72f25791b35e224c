// Hybrid ranking: convex fusion of lexical and vector scores min-max-normalised over both candidate sets, or reciprocal-rank fusion; a per-document cap.

export interface Scored {
  readonly id: string;
  readonly score: number;
}

export interface Fused {
  readonly id: string;
  readonly score: number;
  /** The raw scores each retriever gave, or null when it did not return the chunk. */
  readonly lexical: number | null;
  readonly vector: number | null;
}

export type FusionMethod = 'convex' | 'rrf';

/** Scores rescaled to [0, 1] within one result list; a list whose scores are all equal maps to 1. */
export function minMaxNormalise(list: readonly Scored[]): Map<string, number> {
  const out = new Map<string, number>();
  if (list.length === 0) return out;
  let min = Infinity;
  let max = -Infinity;
  for (const s of list) {
    min = Math.min(min, s.score);
    max = Math.max(max, s.score);
  }
  const span = max - min;
  for (const s of list) out.set(s.id, span > 0 ? (s.score - min) / span : 1);
  return out;
}

const byScoreThenId = (a: Fused, b: Fused) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function union(lexical: readonly Scored[], vector: readonly Scored[]): Map<string, { lexical: number | null; vector: number | null }> {
  const all = new Map<string, { lexical: number | null; vector: number | null }>();
  for (const s of lexical) all.set(s.id, { lexical: s.score, vector: null });
  for (const s of vector) all.set(s.id, { lexical: all.get(s.id)?.lexical ?? null, vector: s.score });
  return all;
}

/** Each retriever's actual score for the other's candidates it did not return itself (recomputed after both searched). */
export interface Completion {
  readonly lexical: ReadonlyMap<string, number>;
  readonly vector: ReadonlyMap<string, number>;
}

const NO_COMPLETION: Completion = { lexical: new Map(), vector: new Map() };

/**
 * w · vector + (1 − w) · lexical, each side min-max normalised over the union of both candidate sets. A chunk one
 * retriever did not return is scored with that retriever's actual score (the completion), or, when that is unknown,
 * with the lowest score the retriever returned: never 0, which would rank it below chunks the retriever judged worse.
 * Normalising over the union rather than over each truncated list keeps the scale the same whatever the list lengths.
 */
export function convexFusion(lexical: readonly Scored[], vector: readonly Scored[], vectorWeight: number, completion: Completion = NO_COMPLETION): Fused[] {
  const w = Math.min(1, Math.max(0, vectorWeight));
  const all = union(lexical, vector);
  const side = (list: readonly Scored[], recomputed: ReadonlyMap<string, number>, pick: (raw: { lexical: number | null; vector: number | null }) => number | null) => {
    let floor = Infinity;
    for (const s of list) floor = Math.min(floor, s.score);
    const scores: Scored[] = [];
    for (const [id, raw] of all) {
      const score = pick(raw) ?? recomputed.get(id) ?? (Number.isFinite(floor) ? floor : undefined);
      if (score !== undefined) scores.push({ id, score });
    }
    return minMaxNormalise(scores);
  };
  const lex = side(lexical, completion.lexical, (r) => r.lexical);
  const vec = side(vector, completion.vector, (r) => r.vector);
  const out: Fused[] = [];
  for (const [id, raw] of all) {
    out.push({ id, score: w * (vec.get(id) ?? 0) + (1 - w) * (lex.get(id) ?? 0), ...raw });
  }
  return out.sort(byScoreThenId);
}

/** Σ 1 / (k + rank), the two lists weighted like convex fusion (w = 0.5 is plain RRF up to a factor). */
export function reciprocalRankFusion(lexical: readonly Scored[], vector: readonly Scored[], vectorWeight = 0.5, k = 60): Fused[] {
  const w = Math.min(1, Math.max(0, vectorWeight));
  const rank = (list: readonly Scored[]) => new Map(list.map((s, i) => [s.id, i + 1]));
  const lexRank = rank(lexical);
  const vecRank = rank(vector);
  const out: Fused[] = [];
  for (const [id, raw] of union(lexical, vector)) {
    const l = lexRank.get(id);
    const v = vecRank.get(id);
    out.push({ id, score: (1 - w) * (l === undefined ? 0 : 1 / (k + l)) + w * (v === undefined ? 0 : 1 / (k + v)), ...raw });
  }
  return out.sort(byScoreThenId);
}

/** Keeps the ranking but at most maxPerDocument chunks of any one document, up to topK results. */
export function capPerDocument<T extends { readonly id: string }>(ranked: readonly T[], documentOf: (id: string) => string | undefined, maxPerDocument: number, topK: number): T[] {
  const counts = new Map<string, number>();
  const out: T[] = [];
  for (const r of ranked) {
    if (out.length >= topK) break;
    const doc = documentOf(r.id);
    if (doc === undefined) continue;
    const n = counts.get(doc) ?? 0;
    if (n >= maxPerDocument) continue;
    counts.set(doc, n + 1);
    out.push(r);
  }
  return out;
}
