// What an upload really is: magic bytes and structure decide, the name must agree; zip bombs never get inflated.
import t from 'tap';
import { inspectUpload } from '../../../../../plugins/rag/infra/parsers/inspect-upload.ts';
import { inflateZip } from '../../../../../plugins/rag/infra/parsers/zip-archive.ts';
import { docxFiles, writeDocx } from '../../helpers/docx-writer.ts';
import { writePdf } from '../../helpers/pdf-writer.ts';
import { writeZip } from '../../helpers/zip-writer.ts';

const docx = writeDocx([{ paragraph: 'Hello' }]);
const pdf = writePdf([{ lines: ['Hello'] }]);

t.test('real types are recognised from their bytes', async (t) => {
  t.same(inspectUpload(pdf, 'a.pdf', 'application/pdf'), { kind: 'pdf', mediaType: 'application/pdf' });
  t.match(inspectUpload(docx, 'a.docx', ''), { kind: 'docx' });
  t.match(inspectUpload(pdf, 'noext', 'application/octet-stream'), { kind: 'pdf' });
  t.match(inspectUpload(Buffer.from('<!DOCTYPE html><p>x</p>'), 'page', ''), { kind: 'html' });
  t.match(inspectUpload(Buffer.from('# Heading\n\ntext'), 'notes', ''), { kind: 'markdown' });
  t.match(inspectUpload(Buffer.from('plain words'), 'notes.txt', 'text/plain'), { kind: 'text' });
  t.match(inspectUpload(Buffer.from('中文文本，日本語のテキスト'), 'cjk.md', ''), { kind: 'markdown' });
});

t.test('a name that lies about the content is refused', async (t) => {
  t.throws(() => inspectUpload(Buffer.from('just text'), 'report.pdf', 'application/pdf'), { code: 'rag_type_mismatch' });
  t.throws(() => inspectUpload(pdf, 'report.docx', ''), { code: 'rag_type_mismatch' });
  t.throws(() => inspectUpload(docx, 'notes.txt', ''), { code: 'rag_type_mismatch' });
  t.throws(() => inspectUpload(writeZip([{ name: 'a.txt', data: 'x' }]), 'a.docx', ''), { code: 'rag_type_mismatch' });
  t.throws(() => inspectUpload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), 'photo.png', 'image/png'), { code: 'rag_unsupported_type' });
  t.throws(() => inspectUpload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), 'photo', ''), { code: 'rag_unsupported_type' });
  t.throws(() => inspectUpload(Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00]), 'x.txt', ''), { code: 'rag_type_mismatch' });
});

t.test('empty and truncated files are refused', async (t) => {
  t.throws(() => inspectUpload(Buffer.alloc(0), 'a.txt', ''), { code: 'rag_upload_empty' });
  t.throws(() => inspectUpload(Buffer.from(' \n\t '), 'a.md', ''), { code: 'rag_upload_empty' });
  t.throws(() => inspectUpload(pdf.subarray(0, pdf.length - 40), 'a.pdf', ''), { code: 'rag_corrupt_file' });
  t.throws(() => inspectUpload(docx.subarray(0, docx.length - 30), 'a.docx', ''), { code: 'rag_corrupt_file' });
});

t.test('a zip bomb disguised as DOCX is refused from its directory, before anything is inflated', async (t) => {
  const bomb = writeZip([...docxFiles([{ paragraph: 'x' }]), { name: 'word/media/zeros.bin', data: Buffer.alloc(64 * 1024 * 1024) }]);
  t.ok(bomb.length < 200_000, `the bomb is ${bomb.length} bytes`);
  t.throws(() => inspectUpload(bomb, 'innocent.docx', ''), { code: 'rag_unsafe_archive', details: { reason: /compressed suspiciously well/ } });
});

t.test('an archive that lies about its sizes is caught while inflating, under the cap', async (t) => {
  const liar = writeZip([...docxFiles([{ paragraph: 'x' }]), { name: 'word/media/zeros.bin', data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 1000 }]);
  t.match(inspectUpload(liar, 'liar.docx', ''), { kind: 'docx' }, 'the directory alone looks harmless');
  t.throws(() => inflateZip(liar), { code: 'rag_unsafe_archive', details: { reason: /beyond its declared size/ } });
});
