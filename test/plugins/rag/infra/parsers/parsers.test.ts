// Each parser on real files made here (PDF, DOCX, HTML, Markdown, text); chunk offsets map back to the extracted text.
import t, { type Test } from 'tap';
import { chunkDocument } from '../../../../../plugins/rag/domain/chunker.ts';
import type { SourceKind } from '../../../../../plugins/rag/domain/document.ts';
import { documentParser } from '../../../../../plugins/rag/infra/parsers/document-parser.ts';
import { docxFiles, writeDocx } from '../../helpers/docx-writer.ts';
import { writePdf } from '../../helpers/pdf-writer.ts';
import { writeZip } from '../../helpers/zip-writer.ts';

async function parseAndChunk(t: Test, kind: SourceKind, bytes: Buffer) {
  const doc = await documentParser.parse(kind, bytes);
  const chunks = chunkDocument(doc, { maxTokens: 40, overlapTokens: 8 });
  t.ok(chunks.length > 0);
  for (const c of chunks) t.equal(doc.text.slice(c.start, c.end), c.text, `${kind} chunk ${c.ordinal} maps back to the extracted text`);
  return { doc, chunks };
}

t.test('PDF: text of every page, in order', async (t) => {
  const pdf = writePdf([{ lines: ['Pump manual', 'Vent the pump (carefully) before starting it.'] }, { lines: ['Page two: check the pressure gauge.'] }]);
  const { doc } = await parseAndChunk(t, 'pdf', pdf);
  t.match(doc.text, /Pump manual\nVent the pump \(carefully\) before starting it\.\n\nPage two: check the pressure gauge\./);
});

t.test('DOCX: headings, paragraphs, bullets and tables keep their structure', async (t) => {
  const docx = writeDocx([
    { heading: 'Pump manual', level: 1 },
    { paragraph: 'The pump moves water from the well.' },
    { heading: 'Commissioning', level: 2 },
    { bullets: ['Vent the pump', 'Open the valve'] },
    { table: [['Setting', 'Value'], ['Pressure', '3 bar']] },
  ]);
  const { doc, chunks } = await parseAndChunk(t, 'docx', docx);
  t.equal(doc.title, 'Pump manual');
  t.same(doc.blocks.map((b) => b.kind), ['heading', 'paragraph', 'heading', 'list', 'table']);
  t.match(doc.text, /- Vent the pump\n- Open the valve\n\nSetting \| Value\nPressure \| 3 bar$/);
  t.same(chunks.at(-1)!.headingPath, ['Pump manual', 'Commissioning']);
});

t.test('HTML: scripts and navigation are dropped, entities decoded, whitespace collapsed, <pre> kept', async (t) => {
  const html = `<!doctype html><html><head><title>Guide</title><script>alert(1)</script><style>p{}</style></head><body>
    <nav><a href="/">Home</a></nav><h1>Boiler</h1><p>Keep the flue   clear &amp; the
    valve shut.</p><h2>Steps</h2><ol><li>Switch off</li><li>Wait <b>ten</b> minutes</li></ol>
    <table><tr><th>Part</th><th>Interval</th></tr><tr><td>Valve</td><td>yearly</td></tr></table><pre>ls -l\n  done</pre></body></html>`;
  const { doc, chunks } = await parseAndChunk(t, 'html', Buffer.from(html));
  t.equal(doc.title, 'Guide');
  t.notMatch(doc.text, /alert|Home|p\{\}/);
  t.match(doc.text, /Keep the flue clear & the valve shut\./);
  t.match(doc.text, /1\. Switch off\n2\. Wait ten minutes/);
  t.match(doc.text, /Part \| Interval\nValve \| yearly/);
  t.match(doc.text, /ls -l\n {2}done/);
  t.same(chunks.at(-1)!.headingPath, ['Boiler', 'Steps']);
});

t.test('Markdown and text: offsets are into the uploaded file itself', async (t) => {
  const md = '\uFEFF# Title\r\n\r\nFirst para.\r\n\r\n## Part\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n';
  const { doc } = await parseAndChunk(t, 'markdown', Buffer.from(md));
  t.equal(doc.text, md.replace('\uFEFF', '').replace(/\r\n/g, '\n'), 'BOM and CRLF are normalised, nothing else');
  t.same(doc.blocks.map((b) => b.kind), ['heading', 'paragraph', 'heading', 'table']);
  const txt = 'Intro line one\nstill intro.\n\n- first\n- second\n\nLast paragraph.';
  const plain = await parseAndChunk(t, 'text', Buffer.from(txt));
  t.equal(plain.doc.text, txt);
  t.same(plain.doc.blocks.map((b) => b.kind), ['paragraph', 'list', 'paragraph']);
});

t.test('PDF bombs: a content stream that expands far past its size is refused before PDF.js decodes it', async (t) => {
  const compressed = await documentParser.parse('pdf', writePdf([{ lines: ['Compressed pages read as usual.'], deflate: 1, padding: 200_000 }]));
  t.match(compressed.text, /Compressed pages read as usual\./);
  t.match(await documentParser.parse('pdf', writePdf([{ lines: ['Twice compressed.'], deflate: 2 }])), { text: /Twice compressed\./ });
  const bomb = writePdf([{ lines: ['x'], deflate: 1, padding: 64 * 1024 * 1024 }]);
  t.ok(bomb.length < 200_000, `the bomb is ${bomb.length} bytes`);
  await t.rejects(documentParser.parse('pdf', bomb), { code: 'rag_unsafe_archive', details: { reason: /compressed suspiciously well/ } });
  const nested = writePdf([{ lines: ['x'], deflate: 2, padding: 100 * 1024 * 1024 }]);
  t.ok(nested.length < 10_000, `the nested bomb is ${nested.length} bytes`);
  await t.rejects(documentParser.parse('pdf', nested), { code: 'rag_unsafe_archive' });
});

t.test('unreadable content is refused with a clear code', async (t) => {
  await t.rejects(documentParser.parse('pdf', Buffer.from('%PDF-1.4\ngarbage garbage\nstartxref\n0\n%%EOF')), { code: 'rag_corrupt_file' });
  await t.rejects(documentParser.parse('pdf', writePdf([{ lines: [] }])), { code: 'rag_no_text' });
  await t.rejects(documentParser.parse('text', Buffer.from('   \n\n  ')), { code: 'rag_no_text' });
  const withDocumentPart = (data: string | Buffer) => writeZip(docxFiles([{ paragraph: 'x' }]).map((f) => (f.name === 'word/document.xml' ? { ...f, data } : f)));
  await t.rejects(documentParser.parse('docx', withDocumentPart('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>cut')), { code: 'rag_corrupt_file', message: /DOCX file is damaged/ });
  await t.rejects(documentParser.parse('docx', withDocumentPart(Buffer.from([0xff, 0xfe, 0, 1, 2, 3]))), { code: 'rag_corrupt_file' });
});
