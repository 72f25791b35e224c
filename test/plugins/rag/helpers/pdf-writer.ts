// A tiny PDF writer for tests: real PDF 1.4 files (catalog, pages, Helvetica, one text stream per page, exact xref offsets).
import { deflateSync } from 'node:zlib';

export interface PdfPage {
  /** Lines drawn top to bottom; ASCII only, since the standard Helvetica encoding is all the writer declares. */
  readonly lines: readonly string[];
  /** Flate layers over the page's content stream (none by default; two nest, as a bomb may). */
  readonly deflate?: number;
  /** Spaces appended to the content stream: harmless to a reader, a bomb once compressed. */
  readonly padding?: number;
}

const escapePdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

export function writePdf(pages: readonly PdfPage[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const pageIds = pages.map((_, i) => 4 + i * 2);
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  for (const [i, page] of pages.entries()) {
    const ops = ['BT', '/F1 12 Tf', '14 TL', '72 720 Td'];
    for (const line of page.lines) ops.push(`(${escapePdfText(line)}) Tj T*`);
    ops.push('ET');
    let data = Buffer.concat([Buffer.from(ops.join('\n'), 'latin1'), Buffer.alloc(page.padding ?? 0, 0x20)]);
    for (let layer = 0; layer < (page.deflate ?? 0); layer++) data = deflateSync(data);
    const filter = page.deflate ? ` /Filter [${' /FlateDecode'.repeat(page.deflate)} ]` : '';
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`);
    add(`<< /Length ${data.length}${filter} >>\nstream\n${data.toString('latin1')}\nendstream`);
  }
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
