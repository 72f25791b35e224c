// Turns a stored original into extracted text and blocks by its kind; the result must contain some text.
import type { SourceKind } from '../../domain/document.ts';
import type { ExtractedDocument } from '../../domain/extracted-text.ts';
import { errors } from '../../errors.ts';
import type { DocumentParser } from '../../svc/ports.ts';
import { decodeText } from './decode-text.ts';
import { parseDocx } from './docx-parser.ts';
import { parseHtml } from './html-parser.ts';
import { parseMarkdown } from './markdown-parser.ts';
import { parsePdf } from './pdf-parser.ts';
import { parsePlainText } from './text-parser.ts';

async function extract(kind: SourceKind, bytes: Buffer): Promise<ExtractedDocument> {
  switch (kind) {
    case 'text':
      return parsePlainText(decodeText(bytes));
    case 'markdown':
      return parseMarkdown(decodeText(bytes));
    case 'html':
      return parseHtml(decodeText(bytes));
    case 'pdf':
      return parsePdf(bytes);
    case 'docx':
      return parseDocx(bytes);
  }
}

export const documentParser: DocumentParser = {
  async parse(kind, bytes) {
    const doc = await extract(kind, bytes);
    if (doc.blocks.length === 0 || doc.text.trim() === '') {
      throw errors.rag_no_text({ kind }, kind === 'pdf' ? 'No text could be extracted: the PDF may be scanned images without a text layer.' : undefined);
    }
    return doc;
  },
};
