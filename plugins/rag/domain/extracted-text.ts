// The structure every parser hands the chunker: the extracted text and its blocks (headings, paragraphs, lists, tables) as spans of it.
import type { Span } from './text-tokens.ts';

export type BlockKind = 'heading' | 'paragraph' | 'list' | 'table' | 'code' | 'quote';

export interface Block extends Span {
  readonly kind: BlockKind;
  /** Heading level 1-6. */
  readonly level?: number;
  /** A heading's plain title (without Markdown marks). */
  readonly title?: string;
  /** List items or table rows, so a block too big for one chunk splits at its own joints. */
  readonly parts?: readonly Span[];
}

export interface ExtractedDocument {
  readonly text: string;
  readonly blocks: readonly Block[];
  /** A title found in the document itself (first heading, HTML <title>, PDF metadata). */
  readonly title?: string;
}

export interface TextBuilder {
  /** Appends a block's text, separated from the previous one by a blank line; parts are pieces of content in order. */
  add(kind: BlockKind, content: string, options?: { level?: number; parts?: readonly string[] }): void;
  build(title?: string): ExtractedDocument;
}

const SEPARATOR = '\n\n';

/** Assembles extracted text from blocks, recording each block's offsets, for formats whose text is not the file itself. */
export function createTextBuilder(): TextBuilder {
  let text = '';
  const blocks: Block[] = [];
  return {
    add(kind, content, options = {}) {
      const body = options.parts ? options.parts.map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p !== '').join('\n') : content.trim();
      if (body === '') return;
      if (text !== '') text += SEPARATOR;
      const start = text.length;
      let parts: Span[] | undefined;
      if (options.parts) {
        parts = [];
        let at = start;
        for (const p of body.split('\n')) {
          parts.push({ start: at, end: at + p.length });
          at += p.length + 1;
        }
      }
      text += body;
      const block: Block = { kind, start, end: text.length, ...(options.level !== undefined ? { level: options.level } : {}), ...(kind === 'heading' ? { title: body } : {}), ...(parts ? { parts } : {}) };
      blocks.push(block);
    },
    build(title) {
      const firstHeading = blocks.find((b) => b.kind === 'heading')?.title;
      const chosen = title?.trim() || firstHeading;
      return { text, blocks, ...(chosen ? { title: chosen } : {}) };
    },
  };
}
