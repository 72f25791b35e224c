// Plain text: paragraphs are separated by blank lines; a paragraph whose lines all carry list markers is a list. Offsets are into the file's text.
import type { Block, ExtractedDocument } from '../../domain/extracted-text.ts';
import type { Span } from '../../domain/text-tokens.ts';

const LIST_ITEM = /^\s*(?:[-*•+]|\d{1,3}[.)])\s+\S/;

export function parsePlainText(text: string): ExtractedDocument {
  const blocks: Block[] = [];
  const paragraph = /[^\n]+(?:\n[ \t]*[^\s][^\n]*)*/g;
  for (const m of text.matchAll(paragraph)) {
    const raw = m[0];
    if (raw.trim() === '') continue;
    const lead = raw.length - raw.trimStart().length;
    const start = m.index + lead;
    const end = m.index + raw.trimEnd().length;
    const lines: Span[] = [];
    let at = m.index;
    for (const line of raw.split('\n')) {
      if (line.trim() !== '') lines.push({ start: at + (line.length - line.trimStart().length), end: at + line.trimEnd().length });
      at += line.length + 1;
    }
    const isList = lines.length > 1 && lines.every((l) => LIST_ITEM.test(text.slice(l.start, l.end)));
    blocks.push(isList ? { kind: 'list', start, end, parts: lines } : { kind: 'paragraph', start, end, ...(lines.length > 1 ? { parts: lines } : {}) });
  }
  return { text, blocks };
}
