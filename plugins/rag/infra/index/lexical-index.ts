// The lexical index: BM25+ over title, heading path and text, with title and heading matches boosted; terms from the text analyzer.
import { analyse } from './text-analyzer.ts';
import { TopK } from './exact-vector-index.ts';
import type { LexicalEntry, LexicalIndex } from '../../svc/ports.ts';

/** A match in the document title or the chunk's heading path says more about the chunk than one in its body. */
export const FIELD_BOOST = { title: 2, headings: 1.5, text: 1 } as const;
const BM25 = { k: 1.2, b: 0.75, d: 0.5 } as const;
const FIELDS = ['title', 'headings', 'text'] as const;
const BOOSTS = FIELDS.map((f) => FIELD_BOOST[f]);

/**
 * Hand-written rather than MiniSearch (whose scoring this keeps: BM25+ per field, field length = distinct terms, the sum
 * multiplied by the number of query terms matched): MiniSearch builds a result object with match details for every chunk
 * any query term occurs in and sorts them all, 0.4 s a query at 100k chunks. Here postings are per-slot term counts,
 * scores accumulate in a typed array, and a bounded heap keeps the top of the accepted ones.
 */
export function createLexicalIndex(): LexicalIndex {
  /** term → one posting map per field: slot → occurrences of the term in that field. */
  const postings = new Map<string, Map<number, number>[]>();
  const slotOf = new Map<string, number>();
  const ids: (string | undefined)[] = [];
  /** Per slot, the distinct terms of each field (its BM25 length) and the terms to unlink on removal. */
  const lengths: number[][] = [];
  const termsOf: string[][] = [];
  const freeSlots: number[] = [];
  const totalLength = FIELDS.map(() => 0);
  let scores = new Float64Array(0);
  let matched = new Uint16Array(0);
  let count = 0;
  /**
   * The scores of the last query, kept until the index changes: a hybrid search asks twice (its candidates, then the
   * scores of the vector candidates it lacks), and the second ask then costs a filter, not another pass over the postings.
   */
  let last: { key: string; slots: Int32Array; totals: Float64Array } | undefined;

  function add(entry: LexicalEntry): void {
    last = undefined;
    const slot = freeSlots.pop() ?? ids.length;
    ids[slot] = entry.id;
    slotOf.set(entry.id, slot);
    const fieldLengths: number[] = [];
    const terms = new Set<string>();
    FIELDS.forEach((field, f) => {
      const counts = new Map<string, number>();
      for (const term of analyse(entry[field])) if (term !== '') counts.set(term, (counts.get(term) ?? 0) + 1);
      fieldLengths[f] = counts.size;
      totalLength[f]! += counts.size;
      for (const [term, n] of counts) {
        let perField = postings.get(term);
        if (perField === undefined) postings.set(term, (perField = FIELDS.map(() => new Map())));
        perField[f]!.set(slot, n);
        terms.add(term);
      }
    });
    lengths[slot] = fieldLengths;
    termsOf[slot] = [...terms];
    count++;
  }

  function remove(id: string): void {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    last = undefined;
    for (const term of termsOf[slot]!) {
      const perField = postings.get(term)!;
      for (const m of perField) m.delete(slot);
      if (perField.every((m) => m.size === 0)) postings.delete(term);
    }
    FIELDS.forEach((_, f) => (totalLength[f]! -= lengths[slot]![f]!));
    slotOf.delete(id);
    ids[slot] = undefined;
    termsOf[slot] = [];
    freeSlots.push(slot);
    count--;
  }

  /** The score of every chunk any of the terms occurs in. */
  function scoreAll(terms: readonly string[]): { slots: Int32Array; totals: Float64Array } {
    if (scores.length < ids.length) {
      scores = new Float64Array(ids.length * 2);
      matched = new Uint16Array(ids.length * 2);
    }
    // A repeated query word counts once more each time, as when every word is its own query summed.
    const weights = new Map<string, number>();
    for (const t of terms) weights.set(t, (weights.get(t) ?? 0) + 1);
    const touched: number[] = [];
    for (const [term, weight] of weights) {
      const perField = postings.get(term);
      if (perField === undefined) continue;
      for (let f = 0; f < FIELDS.length; f++) {
        const docs = perField[f]!;
        if (docs.size === 0) continue;
        const idf = Math.log(1 + (count - docs.size + 0.5) / (docs.size + 0.5));
        const avg = totalLength[f]! / count;
        const boost = weight * BOOSTS[f]!;
        for (const [slot, tf] of docs) {
          const norm = avg > 0 ? lengths[slot]![f]! / avg : 0;
          if (matched[slot] === 0) touched.push(slot);
          // Bit 0 marks "this term already counted", the bits above count the terms matched: a term in several fields counts once.
          if ((matched[slot]! & 1) === 0) matched[slot] = (matched[slot]! + 2) | 1;
          scores[slot]! += boost * idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + BM25.b * norm)));
        }
      }
      for (const slot of touched) matched[slot] = matched[slot]! & ~1;
    }
    const slots = Int32Array.from(touched);
    const totals = new Float64Array(touched.length);
    touched.forEach((slot, i) => {
      totals[i] = scores[slot]! * (matched[slot]! >> 1);
      scores[slot] = 0;
      matched[slot] = 0;
    });
    return { slots, totals };
  }

  return {
    add(entries) {
      for (const e of entries) if (!slotOf.has(e.id)) add(e);
    },
    remove(ids) {
      for (const id of ids) remove(id);
    },
    search(query, limit, accept) {
      const terms = analyse(query).filter((t) => t !== '');
      if (terms.length === 0 || count === 0 || limit <= 0) return [];
      const key = terms.join(' ');
      if (last?.key !== key) last = { key, ...scoreAll(terms) };
      const { slots, totals } = last;
      const top = new TopK(limit);
      for (let i = 0; i < slots.length; i++) if (totals[i]! > top.floor && accept(ids[slots[i]!]!)) top.push(totals[i]!, slots[i]!);
      return top.sorted().map(({ score, row }) => ({ id: ids[row]!, score }));
    },
    get size() {
      return count;
    },
  };
}
