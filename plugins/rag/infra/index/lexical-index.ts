// The lexical index: BM25+ over title, heading path and text, with title and heading matches boosted; terms from the text analyzer.
import { analyse } from './text-analyzer.ts';
import { TopK } from './exact-vector-index.ts';
import type { LexicalEntry, LexicalIndex } from '../../svc/ports.ts';

/** A match in the document title or the chunk's heading path says more about the chunk than one in its body. */
export const FIELD_BOOST = { title: 2, headings: 1.5, text: 1 } as const;
const BM25 = { k: 1.2, b: 0.75, d: 0.5 } as const;
const FIELDS = ['title', 'headings', 'text'] as const;
const BOOSTS = FIELDS.map((f) => FIELD_BOOST[f]);
const F = FIELDS.length;
/** Removed slots are compacted away once they are this many and at least as many as the live ones. */
const COMPACT_AFTER = 4096;

/** One term's postings: `slot * 4 + field` and the term's count there, appended slot by slot (a slot's fields adjacent). */
interface Postings {
  keys: Int32Array;
  tfs: Uint16Array;
  length: number;
}

const grown = <T extends Int32Array | Uint16Array | Float64Array | Uint8Array>(array: T, size: number, make: (n: number) => T): T => {
  if (array.length >= size) return array;
  const next = make(Math.max(size, array.length * 2, 16));
  next.set(array);
  return next;
};

/**
 * Hand-written rather than MiniSearch (whose scoring this keeps: BM25+ per field, field length = distinct terms, the sum
 * multiplied by the number of query terms matched): MiniSearch builds a result object with match details for every chunk
 * any query term occurs in and sorts them all, 0.4 s a query at 100k chunks. Here postings are flat typed arrays per
 * term, so 100k chunks are a few hundred thousand heap objects rather than millions of Map entries (whose marking made
 * the garbage collector's pauses the slowest part of a search), scores accumulate in a typed array, and a bounded heap
 * keeps the top of the accepted ones. A removed chunk's slot is marked dead and skipped until a compaction drops it.
 */
export function createLexicalIndex(): LexicalIndex {
  const termIds = new Map<string, number>();
  let lists: Postings[] = [];
  /** Per term and field: how many live chunks contain the term there (BM25's document frequency). */
  let df = new Int32Array(0);
  const slotOf = new Map<string, number>();
  let ids: (string | undefined)[] = [];
  let alive = new Uint8Array(0);
  /** Per slot and field: the distinct terms of that field (its BM25 length). */
  let lengths = new Int32Array(0);
  /** Per slot, its range in `slotTerms`: the terms it holds as `term * 8 + field mask`, to unlink on removal. */
  let termStart = new Int32Array(0);
  let termCount = new Int32Array(0);
  let slotTerms = new Int32Array(0);
  let slotTermsLength = 0;
  const totalLength = new Float64Array(F);
  let count = 0;
  let dead = 0;
  let scores = new Float64Array(0);
  let matched = new Uint16Array(0);
  let touched = new Int32Array(0);
  /**
   * The scores of the last query, kept until the index changes: a hybrid search asks twice (its candidates, then the
   * scores of the vector candidates it lacks), and the second ask then costs a filter, not another pass over the postings.
   */
  let last: { key: string; length: number } | undefined;
  let lastSlots = new Int32Array(0);
  let lastTotals = new Float64Array(0);

  function termId(term: string): number {
    let id = termIds.get(term);
    if (id === undefined) {
      id = lists.length;
      termIds.set(term, id);
      lists.push({ keys: new Int32Array(4), tfs: new Uint16Array(4), length: 0 });
      df = grown(df, (id + 1) * F, (n) => new Int32Array(n));
    }
    return id;
  }

  function add(entry: LexicalEntry): void {
    last = undefined;
    const slot = ids.length;
    ids.push(entry.id);
    slotOf.set(entry.id, slot);
    alive = grown(alive, slot + 1, (n) => new Uint8Array(n));
    lengths = grown(lengths, (slot + 1) * F, (n) => new Int32Array(n));
    termStart = grown(termStart, slot + 1, (n) => new Int32Array(n));
    termCount = grown(termCount, slot + 1, (n) => new Int32Array(n));
    alive[slot] = 1;
    /** term → its count in each field of this chunk. */
    const counts = new Map<number, number[]>();
    FIELDS.forEach((field, f) => {
      let distinct = 0;
      for (const term of analyse(entry[field])) {
        if (term === '') continue;
        const id = termId(term);
        let perField = counts.get(id);
        if (perField === undefined) counts.set(id, (perField = [0, 0, 0]));
        if (perField[f] === 0) distinct++;
        perField[f]!++;
      }
      lengths[slot * F + f] = distinct;
      totalLength[f]! += distinct;
    });
    slotTerms = grown(slotTerms, slotTermsLength + counts.size, (n) => new Int32Array(n));
    termStart[slot] = slotTermsLength;
    termCount[slot] = counts.size;
    for (const [id, perField] of counts) {
      const list = lists[id]!;
      let mask = 0;
      for (let f = 0; f < F; f++) {
        const tf = perField[f]!;
        if (tf === 0) continue;
        mask |= 1 << f;
        df[id * F + f]!++;
        list.keys = grown(list.keys, list.length + 1, (n) => new Int32Array(n));
        list.tfs = grown(list.tfs, list.length + 1, (n) => new Uint16Array(n));
        list.keys[list.length] = slot * 4 + f;
        list.tfs[list.length++] = Math.min(tf, 0xffff);
      }
      slotTerms[slotTermsLength++] = id * 8 + mask;
    }
    count++;
  }

  function remove(id: string): void {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    last = undefined;
    for (let i = termStart[slot]!, end = i + termCount[slot]!; i < end; i++) {
      const term = slotTerms[i]! >> 3;
      const mask = slotTerms[i]! & 7;
      for (let f = 0; f < F; f++) if (mask & (1 << f)) df[term * F + f]!--;
    }
    for (let f = 0; f < F; f++) totalLength[f]! -= lengths[slot * F + f]!;
    slotOf.delete(id);
    ids[slot] = undefined;
    alive[slot] = 0;
    count--;
    dead++;
  }

  /** Renumbers the live slots densely and drops the postings of dead ones (and terms no live chunk holds). */
  function compact(): void {
    const newSlot = new Int32Array(ids.length).fill(-1);
    const liveIds: (string | undefined)[] = [];
    for (let slot = 0; slot < ids.length; slot++) {
      if (alive[slot] === 0) continue;
      newSlot[slot] = liveIds.length;
      liveIds.push(ids[slot]);
    }
    const newTermId = new Int32Array(lists.length).fill(-1);
    const keptLists: Postings[] = [];
    const keptDf = new Int32Array(lists.length * F);
    for (const [term, id] of [...termIds]) {
      const list = lists[id]!;
      let n = 0;
      for (let i = 0; i < list.length; i++) {
        const to = newSlot[list.keys[i]! >> 2]!;
        if (to < 0) continue;
        list.keys[n] = to * 4 + (list.keys[i]! & 3);
        list.tfs[n++] = list.tfs[i]!;
      }
      if (n === 0) {
        termIds.delete(term);
        continue;
      }
      newTermId[id] = keptLists.length;
      termIds.set(term, keptLists.length);
      keptDf.set(df.subarray(id * F, id * F + F), keptLists.length * F);
      keptLists.push({ keys: list.keys.slice(0, n), tfs: list.tfs.slice(0, n), length: n });
    }
    const newLengths = new Int32Array(liveIds.length * F);
    const newStart = new Int32Array(liveIds.length);
    const newCount = new Int32Array(liveIds.length);
    const newTerms = new Int32Array(slotTermsLength);
    let at = 0;
    for (let slot = 0; slot < ids.length; slot++) {
      const to = newSlot[slot]!;
      if (to < 0) continue;
      newLengths.set(lengths.subarray(slot * F, slot * F + F), to * F);
      newStart[to] = at;
      newCount[to] = termCount[slot]!;
      for (let i = termStart[slot]!, end = i + termCount[slot]!; i < end; i++) newTerms[at++] = newTermId[slotTerms[i]! >> 3]! * 8 + (slotTerms[i]! & 7);
    }
    ids = liveIds;
    for (const [slot, id] of liveIds.entries()) slotOf.set(id!, slot);
    alive = new Uint8Array(liveIds.length).fill(1);
    lists = keptLists;
    df = keptDf.slice(0, keptLists.length * F);
    lengths = newLengths;
    termStart = newStart;
    termCount = newCount;
    slotTerms = newTerms;
    slotTermsLength = at;
    dead = 0;
  }

  /** The score of every live chunk any of the terms occurs in, into lastSlots / lastTotals; returns how many. */
  function scoreAll(terms: readonly string[]): number {
    const size = ids.length;
    scores = grown(scores, size, (n) => new Float64Array(n));
    matched = grown(matched, size, (n) => new Uint16Array(n));
    touched = grown(touched, size, (n) => new Int32Array(n));
    let touchedCount = 0;
    // A repeated query word counts once more each time, as when every word is its own query summed.
    const weights = new Map<string, number>();
    for (const t of terms) weights.set(t, (weights.get(t) ?? 0) + 1);
    const factor = new Float64Array(F);
    const avg = new Float64Array(F);
    for (const [term, weight] of weights) {
      const id = termIds.get(term);
      if (id === undefined) continue;
      for (let f = 0; f < F; f++) {
        const n = df[id * F + f]!;
        factor[f] = n === 0 ? 0 : weight * BOOSTS[f]! * Math.log(1 + (count - n + 0.5) / (n + 0.5));
        avg[f] = totalLength[f]! / count;
      }
      const { keys, tfs, length } = lists[id]!;
      let previous = -1;
      for (let i = 0; i < length; i++) {
        const key = keys[i]!;
        const slot = key >> 2;
        if (alive[slot] === 0) continue;
        const f = key & 3;
        const tf = tfs[i]!;
        const norm = avg[f]! > 0 ? lengths[slot * F + f]! / avg[f]! : 0;
        if (matched[slot] === 0) touched[touchedCount++] = slot;
        // A term in several fields of one chunk counts once towards the terms matched (its postings are adjacent).
        if (slot !== previous) matched[slot]!++;
        previous = slot;
        scores[slot]! += factor[f]! * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + BM25.b * norm)));
      }
    }
    lastSlots = grown(lastSlots, touchedCount, (n) => new Int32Array(n));
    lastTotals = grown(lastTotals, touchedCount, (n) => new Float64Array(n));
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i]!;
      lastSlots[i] = slot;
      lastTotals[i] = scores[slot]! * matched[slot]!;
      scores[slot] = 0;
      matched[slot] = 0;
    }
    return touchedCount;
  }

  return {
    add(entries) {
      for (const e of entries) if (!slotOf.has(e.id)) add(e);
    },
    remove(removeIds) {
      for (const id of removeIds) remove(id);
      if (dead >= COMPACT_AFTER && dead >= count) compact();
    },
    search(query, limit, accept) {
      const terms = analyse(query).filter((t) => t !== '');
      if (terms.length === 0 || count === 0 || limit <= 0) return [];
      const key = terms.join(' ');
      if (last?.key !== key) last = { key, length: scoreAll(terms) };
      const top = new TopK(limit);
      for (let i = 0; i < last.length; i++) {
        const total = lastTotals[i]!;
        if (total > top.floor && accept(ids[lastSlots[i]!]!)) top.push(total, lastSlots[i]!);
      }
      return top.sorted().map(({ score, row }) => ({ id: ids[row]!, score }));
    },
    get size() {
      return count;
    },
  };
}
