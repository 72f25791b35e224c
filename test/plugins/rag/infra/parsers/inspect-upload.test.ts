// What an upload really is: magic bytes and structure decide, the name must agree; zip bombs never get inflated.
import t from 'tap';
import { inspectUpload } from '../../../../../plugins/rag/infra/parsers/inspect-upload.ts';
import { checkZipContents } from '../../../../../plugins/rag/infra/parsers/zip-archive.ts';
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
  t.throws(() => checkZipContents(liar), { code: 'rag_unsafe_archive', details: { reason: /beyond its declared size/ } });
});

t.test('other zip bomb shapes are refused from the directory: many entries under the ratio check, too many entries, ZIP64, encryption', async (t) => {
  const parts = docxFiles([{ paragraph: 'x' }]);
  // Each 1 MiB entry is below the ratio check's floor; 300 of them pass 256 MiB together, from a file of a third of a megabyte.
  const wide = writeZip([...parts, ...Array.from({ length: 300 }, (_, i) => ({ name: `word/media/z${i}.bin`, data: Buffer.alloc(1024 * 1024) }))]);
  t.ok(wide.length < 400_000, `the bomb is ${wide.length} bytes`);
  t.throws(() => inspectUpload(wide, 'wide.docx', ''), { code: 'rag_unsafe_archive', details: { reason: /beyond the size limit/, limitBytes: 256 * 1024 * 1024 } });
  const crowded = writeZip([...parts, ...Array.from({ length: 5000 }, (_, i) => ({ name: `x/${i}`, data: 'x', store: true }))]);
  t.throws(() => inspectUpload(crowded, 'crowded.docx', ''), { code: 'rag_unsafe_archive', details: { reason: /too many entries/, limit: 5000 } });
  const end = docx.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const zip64 = Buffer.from(docx);
  zip64.writeUInt16LE(0xffff, end + 8);
  zip64.writeUInt16LE(0xffff, end + 10);
  t.throws(() => inspectUpload(zip64, 'big.docx', ''), { code: 'rag_unsafe_archive', details: { reason: /ZIP64/ } });
  const locked = Buffer.from(docx);
  locked.writeUInt16LE(1, docx.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
  t.throws(() => inspectUpload(locked, 'locked.docx', ''), { code: 'rag_unsafe_archive', details: { reason: /encrypted/ } });
});

t.test('an entry whose bytes were damaged is caught by its checksum or its deflate stream, as a damaged file, not a bomb', async (t) => {
  const stored = writeZip(docxFiles([{ paragraph: 'Visitors sign in at reception.' }]).map((f) => ({ ...f, store: true })));
  const flipped = Buffer.from(stored);
  flipped[stored.indexOf('Visitors')] = 0x4a;
  t.match(inspectUpload(flipped, 'flipped.docx', ''), { kind: 'docx' }, 'the directory is intact');
  t.throws(() => checkZipContents(flipped), { code: 'rag_corrupt_file', details: { reason: /word\/document.xml is damaged/ } });
  const deflated = writeDocx([{ paragraph: 'A paragraph long enough to give the document part a real deflate stream to damage.' }]);
  const garbled = Buffer.from(deflated);
  const at = deflated.indexOf('word/document.xml') + 'word/document.xml'.length + 4;
  for (let i = 0; i < 8; i++) garbled[at + i]! ^= 0xff;
  t.throws(() => checkZipContents(garbled), { code: 'rag_corrupt_file' });
  t.same([...checkZipContents(docx)].sort(), docxFiles([{ paragraph: 'Hello' }]).map((f) => f.name).sort(), 'a sound archive lists its entries');
});
