// DOCX: the archive is inflated under caps and checksummed first (zip bombs and damaged parts are refused), then mammoth turns it into HTML that the HTML reader walks.
import mammoth from 'mammoth';
import type { ExtractedDocument } from '../../domain/extracted-text.ts';
import { errors } from '../../errors.ts';
import { parseHtml } from './html-parser.ts';
import { checkZipContents } from './zip-archive.ts';

export async function parseDocx(bytes: Buffer): Promise<ExtractedDocument> {
  const names = checkZipContents(bytes);
  if (!names.has('word/document.xml')) throw errors.rag_corrupt_file({ reason: 'word/document.xml is missing' }, 'The file is not a Word document.');
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      // Images are not text, and a document must never make the server read files or URLs it links to.
      { externalFileAccess: false, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch (err) {
    throw errors.rag_corrupt_file({ reason: (err as Error).message.slice(0, 200) }, 'The DOCX file is damaged and cannot be read.');
  }
  return parseHtml(html);
}
