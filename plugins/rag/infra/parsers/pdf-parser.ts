// PDF text through unpdf (PDF.js for servers): one block per page whose lines are its joints; bombs, damaged or locked files are refused.
import { extractText, getDocumentProxy } from 'unpdf';
import { createTextBuilder, type ExtractedDocument } from '../../domain/extracted-text.ts';
import { errors } from '../../errors.ts';
import { checkPdfStreams } from './pdf-streams.ts';

export async function parsePdf(bytes: Buffer): Promise<ExtractedDocument> {
  checkPdfStreams(bytes);
  let pages: string[];
  try {
    // A copy: PDF.js may transfer or detach the buffer it is given.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
    try {
      pages = (await extractText(pdf, { mergePages: false })).text;
    } finally {
      await pdf.destroy();
    }
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'PasswordException') throw errors.rag_corrupt_file({ reason: 'password-protected' }, 'The PDF is password-protected; upload an unlocked copy.');
    throw errors.rag_corrupt_file({ reason: (err as Error).message.slice(0, 200) }, 'The PDF file is damaged and cannot be read.');
  }
  const out = createTextBuilder();
  for (const page of pages) out.add('paragraph', '', { parts: page.split('\n') });
  return out.build();
}
