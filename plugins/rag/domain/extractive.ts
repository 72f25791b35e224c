// The answer without a model: the context's sentences that share the most (rare) words with the question, each cited.
import type { ContextSource } from './context.ts';
import { sentenceSpans, wordTokens } from './text-tokens.ts';

const STOPWORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in into is it its may of on or should so that the their then there these this to was what when where which who why will with would you your'.split(' '),
);

const HEADING_LINE = /^\s{0,3}#{1,6}\s/;
const LINE_MARKER = /^\s*(?:[-*+•>]|\d{1,3}[.)])\s+/;
const MIN_SENTENCE_WORDS = 3;

export interface ExtractiveSentence {
  readonly source: number;
  readonly docId: string;
  readonly sentence: string;
}

export interface ExtractiveAnswer {
  readonly text: string;
  readonly sentences: readonly ExtractiveSentence[];
}

export const NO_ANSWER = 'No passage in the searched documents answers this question.';

/** Picks up to maxSentences sentences by IDF-weighted overlap with the question; earlier (better ranked) sources win ties. */
export function extractiveAnswer(question: string, sources: readonly ContextSource[], maxSentences = 3): ExtractiveAnswer {
  const queryTerms = new Set(wordTokens(question).filter((t) => !STOPWORDS.has(t)));
  const candidates: { source: ContextSource; sentence: string; terms: Set<string> }[] = [];
  for (const source of sources) {
    for (const line of source.text.split('\n')) {
      // Headings name a section; they answer nothing. List and quote markers are not part of the sentence.
      if (HEADING_LINE.test(line) || source.headingPath.includes(line.trim())) continue;
      const body = line.replace(LINE_MARKER, '');
      for (const span of sentenceSpans(body)) {
        const sentence = body.slice(span.start, span.end).replace(/\s+/g, ' ').trim();
        if (wordTokens(sentence).length < MIN_SENTENCE_WORDS) continue;
        candidates.push({ source, sentence, terms: new Set(wordTokens(sentence)) });
      }
    }
  }
  const df = new Map<string, number>();
  for (const c of candidates) for (const t of queryTerms) if (c.terms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const scored = candidates
    .map((c, order) => {
      let score = 0;
      for (const t of queryTerms) if (c.terms.has(t)) score += Math.log(1 + candidates.length / (df.get(t) ?? 1));
      return { ...c, score, order };
    })
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.source.n - b.source.n || a.order - b.order);
  const chosen: ExtractiveSentence[] = [];
  const seen = new Set<string>();
  for (const c of scored) {
    if (chosen.length >= maxSentences) break;
    const key = c.sentence.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push({ source: c.source.n, docId: c.source.docId, sentence: c.sentence });
  }
  if (chosen.length === 0) return { text: NO_ANSWER, sentences: [] };
  return { text: chosen.map((s) => `${s.sentence} [${s.source}]`).join('\n'), sentences: chosen };
}
