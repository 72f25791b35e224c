// Structure-aware chunking: sections start chunks, blocks stay whole where they fit, oversized ones split at items, rows, sentences, words.
import type { Block, ExtractedDocument } from './extracted-text.ts';
import { countTokens, sentenceSpans, wordSpans, type Span } from './text-tokens.ts';

export interface ChunkingOptions {
  readonly maxTokens: number;
  /** Tokens repeated from the end of the previous chunk when a section needs more than one chunk. */
  readonly overlapTokens: number;
}

export interface ChunkSpec {
  readonly ordinal: number;
  /** Offsets into the extracted text: text === extracted.slice(start, end). */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Titles of the headings this chunk sits under, outermost first. */
  readonly headingPath: readonly string[];
  readonly tokens: number;
}

interface Unit extends Span {
  readonly tokens: number;
}

/** Cuts a span into pieces of at most maxTokens, at the finest joint needed: parts, then sentences, then words. */
function unitsOf(text: string, block: Block, maxTokens: number): Unit[] {
  const unit = (s: Span): Unit => ({ start: s.start, end: s.end, tokens: countTokens(text.slice(s.start, s.end)) });
  const whole = unit(block);
  if (whole.tokens <= maxTokens) return [whole];
  const pieces = block.parts && block.parts.length > 1 ? block.parts.map(unit) : sentenceSpans(text, block.start, block.end).map(unit);
  return pieces.flatMap((p) => {
    if (p.tokens <= maxTokens) return [p];
    if (block.parts && block.parts.length > 1) {
      const bySentence = sentenceSpans(text, p.start, p.end).map(unit);
      if (bySentence.length > 1) return bySentence.flatMap((s) => (s.tokens <= maxTokens ? [s] : byWords(text, s, maxTokens)));
    }
    return byWords(text, p, maxTokens);
  });
}

function byWords(text: string, span: Span, maxTokens: number): Unit[] {
  const out: Unit[] = [];
  let from: number | undefined;
  let to = span.start;
  let tokens = 0;
  for (const w of wordSpans(text, span.start, span.end)) {
    const t = countTokens(text.slice(w.start, w.end));
    if (from !== undefined && tokens + t > maxTokens) {
      out.push({ start: from, end: to, tokens });
      from = undefined;
      tokens = 0;
    }
    from ??= w.start;
    to = w.end;
    tokens += t;
  }
  if (from !== undefined) out.push({ start: from, end: span.end, tokens });
  return out;
}

/** Splits a document into chunks whose texts are exact slices of the extracted text, each knowing its heading path. */
export function chunkDocument(doc: ExtractedDocument, options: ChunkingOptions): ChunkSpec[] {
  const { text } = doc;
  const chunks: ChunkSpec[] = [];
  const headings: { level: number; title: string }[] = [];
  let current: Unit[] = [];
  let currentPath: readonly string[] = [];

  const emit = (units: Unit[]) => {
    if (units.length === 0) return;
    const start = units[0]!.start;
    const end = units[units.length - 1]!.end;
    const body = text.slice(start, end);
    chunks.push({ ordinal: chunks.length, start, end, text: body, headingPath: currentPath, tokens: countTokens(body) });
  };
  const tokensOf = (units: Unit[]) => units.reduce((n, u) => n + u.tokens, 0);

  for (const block of doc.blocks) {
    if (block.kind === 'heading') {
      // A heading closes the section before it; headings with no content between them share the next chunk.
      if (current.some((u) => !isHeadingUnit(u))) {
        emit(current);
        current = [];
      }
      const level = block.level ?? 1;
      while (headings.length > 0 && headings[headings.length - 1]!.level >= level) headings.pop();
      headings.push({ level, title: block.title ?? text.slice(block.start, block.end).trim() });
      currentPath = headings.map((h) => h.title);
      current.push(headingUnit(text, block));
      continue;
    }
    for (const unit of unitsOf(text, block, options.maxTokens)) {
      if (current.length > 0 && tokensOf(current) + unit.tokens > options.maxTokens) {
        emit(current);
        current = overlapOf(current, options.overlapTokens, options.maxTokens - unit.tokens);
      }
      current.push(unit);
    }
  }
  emit(current);
  return chunks;
}

const HEADING = Symbol('heading');
type HeadingUnit = Unit & { [HEADING]: true };
const headingUnit = (text: string, block: Block): HeadingUnit => ({ start: block.start, end: block.end, tokens: countTokens(text.slice(block.start, block.end)), [HEADING]: true });
const isHeadingUnit = (u: Unit): boolean => (u as Partial<HeadingUnit>)[HEADING] === true;

/** The trailing units of an emitted chunk that the next one repeats: within the overlap budget and the room left beside the next unit. */
function overlapOf(units: Unit[], overlapTokens: number, room: number): Unit[] {
  const budget = Math.min(overlapTokens, room);
  const out: Unit[] = [];
  let tokens = 0;
  // Never repeat the whole chunk, or a chunk of one long unit would repeat forever.
  for (let i = units.length - 1; i > 0; i--) {
    const u = units[i]!;
    if (isHeadingUnit(u) || tokens + u.tokens > budget) break;
    out.unshift(u);
    tokens += u.tokens;
  }
  return out;
}
