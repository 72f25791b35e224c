// Word tokens, token counts and sentence spans by Intl.Segmenter, so Chinese and Japanese (written without spaces) split into words too.

const words = new Intl.Segmenter('und', { granularity: 'word' });
const sentences = new Intl.Segmenter('und', { granularity: 'sentence' });
/** Han, Hiragana, Katakana and Hangul: scripts whose words a model tokenizer counts about one token per character. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const MAX_TERM_LENGTH = 64;

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Search terms: word-like segments, NFKC-normalised and lower-cased; overlong ones (hashes, base64) are dropped. */
export function wordTokens(text: string): string[] {
  const out: string[] = [];
  for (const s of words.segment(text.normalize('NFKC'))) {
    if (!s.isWordLike) continue;
    const term = s.segment.toLowerCase();
    if (term.length <= MAX_TERM_LENGTH) out.push(term);
  }
  return out;
}

/** An estimate of model tokens: one per word, one per character of CJK words. */
export function countTokens(text: string): number {
  let n = 0;
  for (const s of words.segment(text)) {
    if (!s.isWordLike) continue;
    n += CJK.test(s.segment) ? s.segment.length : 1;
  }
  return n;
}

/** The sentences of text[start, end), as spans into text, without the whitespace between them. */
export function sentenceSpans(text: string, start = 0, end = text.length): Span[] {
  const out: Span[] = [];
  for (const s of sentences.segment(text.slice(start, end))) {
    const lead = s.segment.length - s.segment.trimStart().length;
    const trail = s.segment.length - s.segment.trimEnd().length;
    const from = start + s.index + lead;
    const to = start + s.index + s.segment.length - trail;
    if (to > from) out.push({ start: from, end: to });
  }
  return out;
}

/** Word spans of text[start, end), for cutting a sentence that alone exceeds a chunk's budget. */
export function wordSpans(text: string, start: number, end: number): Span[] {
  const out: Span[] = [];
  for (const s of words.segment(text.slice(start, end))) {
    if (s.isWordLike) out.push({ start: start + s.index, end: start + s.index + s.segment.length });
  }
  return out;
}
