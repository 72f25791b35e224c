// The lexical index: BM25 (MiniSearch) over title, heading path and text, with title and heading matches boosted; Intl.Segmenter terms.
import MiniSearch from 'minisearch';
import { wordTokens } from '../../domain/text-tokens.ts';
import type { LexicalEntry, LexicalIndex } from '../../svc/ports.ts';

/** A match in the document title or the chunk's heading path says more about the chunk than one in its body. */
export const FIELD_BOOST = { title: 2, headings: 1.5, text: 1 } as const;
const BM25 = { k: 1.2, b: 0.75, d: 0.5 } as const;

export function createLexicalIndex(): LexicalIndex {
  const index = new MiniSearch<LexicalEntry>({
    fields: ['title', 'headings', 'text'],
    storeFields: [],
    tokenize: (text) => wordTokens(text),
    // wordTokens already normalised and lower-cased each term.
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
      if (wordTokens(query).length === 0) return [];
      const hits = index.search(query, { boost: FIELD_BOOST, bm25: BM25, prefix: false, fuzzy: false, combineWith: 'OR', filter: (r) => accept(r.id as string) });
      return hits.slice(0, limit).map((h) => ({ id: h.id as string, score: h.score }));
    },
    get size() {
      return index.documentCount;
    },
  };
}
