// The lexical index: BM25 (MiniSearch) over title, heading path and text, with title and heading matches boosted; terms from the text analyzer.
import MiniSearch from 'minisearch';
import { analyse } from './text-analyzer.ts';
import type { LexicalEntry, LexicalIndex } from '../../svc/ports.ts';

/** A match in the document title or the chunk's heading path says more about the chunk than one in its body. */
export const FIELD_BOOST = { title: 2, headings: 1.5, text: 1 } as const;
const BM25 = { k: 1.2, b: 0.75, d: 0.5 } as const;

export function createLexicalIndex(): LexicalIndex {
  const index = new MiniSearch<LexicalEntry>({
    fields: ['title', 'headings', 'text'],
    storeFields: [],
    tokenize: analyse,
    // analyse already normalised, stemmed and folded each term.
    processTerm: (term) => term,
    autoVacuum: true,
  });
  return {
    add(entries) {
      index.addAll(entries.filter((e) => !index.has(e.id)));
    },
    remove(ids) {
      for (const id of ids) if (index.has(id)) index.discard(id);
    },
    search(query, limit, accept) {
      const terms = analyse(query);
      if (terms.length === 0) return [];
      // The query goes in as its analysed terms, split back apart as they are, so no term is analysed twice.
      const hits = index.search(terms.join(' '), { tokenize: (s) => s.split(' '), boost: FIELD_BOOST, bm25: BM25, prefix: false, fuzzy: false, combineWith: 'OR', filter: (r) => accept(r.id as string) });
      return hits.slice(0, limit).map((h) => ({ id: h.id as string, score: h.score }));
    },
    get size() {
      return index.documentCount;
    },
  };
}
