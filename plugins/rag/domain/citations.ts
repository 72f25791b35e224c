// Citation checking: every [n] must name a source in the context and quote a span that occurs in it, or it is dropped and flagged.
import type { ContextSource } from './context.ts';
import { wordTokens } from './text-tokens.ts';

export interface VerifiedCitation {
  readonly source: number;
  readonly docId: string;
  readonly quote: string;
}

export type DropReason = 'unknown_source' | 'missing_quote' | 'quote_too_short' | 'quote_not_found';

export interface DroppedCitation {
  readonly source: number;
  readonly quote: string | null;
  readonly reason: DropReason;
}

export interface CheckedAnswer {
  /** The answer with dropped citations (marker and quote) removed. */
  readonly text: string;
  readonly citations: readonly VerifiedCitation[];
  readonly dropped: readonly DroppedCitation[];
}

/** A quote must have this many words, so "[1] "the"" cannot pass as evidence. */
export const MIN_QUOTE_WORDS = 2;

/**
 * `[n] "quote"`, `[n: "quote"]` and `[n, m]`; straight or curly quotes. A marker's quote is the quoted span right
 * after it; several numbers in one marker share none.
 */
const CITATION = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)(?:\s*:\s*["“]([^"”]*)["”])?\](?:\s*["“]([^"”]*)["”])?/g;

/** Case, spacing, quote marks and dashes differ between a model's quote and the source; words do not. */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

export function checkCitations(answer: string, sources: readonly ContextSource[]): CheckedAnswer {
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const normalisedText = new Map(sources.map((s) => [s.n, normalise(s.text)]));
  const citations: VerifiedCitation[] = [];
  const dropped: DroppedCitation[] = [];
  const text = answer.replace(CITATION, (whole, numbers: string, inner: string | undefined, after: string | undefined) => {
    const quote = (inner ?? after)?.trim();
    const ns = numbers.split(',').map((x) => Number(x.trim()));
    const kept: string[] = [];
    for (const n of ns) {
      const source = byNumber.get(n);
      let reason: DropReason | undefined;
      if (source === undefined) reason = 'unknown_source';
      else if (quote === undefined || quote === '' || ns.length > 1) reason = 'missing_quote';
      else if (wordTokens(quote).length < MIN_QUOTE_WORDS) reason = 'quote_too_short';
      else if (!normalisedText.get(n)!.includes(normalise(quote))) reason = 'quote_not_found';
      if (reason !== undefined) {
        dropped.push({ source: n, quote: quote ?? null, reason });
        continue;
      }
      citations.push({ source: n, docId: source!.docId, quote: quote! });
      kept.push(whole);
    }
    return kept.join('');
  });
  return { text: text.replace(/[ \t]+([.,;:!?])/g, '$1').replace(/[ \t]{2,}/g, ' ').trim(), citations, dropped };
}
