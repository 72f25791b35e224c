// Decides what an upload really is from its bytes (magic numbers, ZIP structure, UTF-8) and refuses it when that disagrees with its name.
import type { SourceKind } from '../../domain/document.ts';
import { declaredKind, isTextKind, MEDIA_TYPE_OF, sniffTextKind } from '../../domain/source-kind.ts';
import { errors } from '../../errors.ts';
import { readZipDirectory } from './zip-archive.ts';

export interface InspectedUpload {
  readonly kind: SourceKind;
  readonly mediaType: string;
}

type Detected = SourceKind | 'text-family' | 'zip' | 'binary';

const startsWith = (bytes: Buffer, magic: readonly number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
/** Signatures of common files that are not documents we read, so they get a clear refusal instead of a UTF-8 error. */
const OTHER_BINARIES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0x7f, 0x45, 0x4c, 0x46], [0x4d, 0x5a],
  [0x1f, 0x8b], [0x42, 0x5a, 0x68], [0x37, 0x7a, 0xbc, 0xaf], [0x52, 0x61, 0x72, 0x21], [0xd0, 0xcf, 0x11, 0xe0],
];

function detect(bytes: Buffer): Detected {
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const names = new Set(readZipDirectory(bytes).map((e) => e.name));
    return names.has('word/document.xml') && names.has('[Content_Types].xml') ? 'docx' : 'zip';
  }
  if (OTHER_BINARIES.some((m) => startsWith(bytes, m))) return 'binary';
  try {
    // stream: a multi-byte character cut at the 1 MiB mark is not an encoding error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 1024 * 1024), { stream: true });
    // Control characters other than tab, newline, carriage return and form feed mean a binary file that happens to decode.
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? 'binary' : 'text-family';
  } catch {
    return 'binary';
  }
}

/** PDF readers start at the end: without a trailer the file is truncated or not a PDF at all. */
function checkPdfTrailer(bytes: Buffer): void {
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1');
  if (!tail.includes('%%EOF') || !tail.includes('startxref')) {
    throw errors.rag_corrupt_file({ reason: 'the PDF trailer (startxref, %%EOF) is missing' }, 'The PDF file is damaged or truncated: its trailer is missing.');
  }
}

/** Cheap structural checks only: parsing happens later in the worker, never on the API's event loop. */
export function inspectUpload(bytes: Buffer, filename: string, mediaType: string): InspectedUpload {
  if (bytes.length === 0) throw errors.rag_upload_empty();
  const declared = declaredKind(filename, mediaType);
  if ('unsupported' in declared) throw errors.rag_unsupported_type({ declared: declared.unsupported });
  const detected = detect(bytes);
  if (detected === 'zip' || detected === 'binary') {
    throw declared.kind === undefined
      ? errors.rag_unsupported_type({ detected })
      : errors.rag_type_mismatch({ declared: declared.kind, detected }, `The file is declared as ${declared.kind} but its content is not.`);
  }
  let kind: SourceKind;
  if (detected === 'text-family') {
    if (declared.kind !== undefined && !isTextKind(declared.kind)) {
      throw errors.rag_type_mismatch({ declared: declared.kind, detected: 'text' }, `The file is declared as ${declared.kind} but it is plain text.`);
    }
    const head = bytes.toString('utf8', 0, 65_536);
    if (head.trim() === '' && bytes.toString('utf8').trim() === '') throw errors.rag_upload_empty();
    kind = declared.kind ?? sniffTextKind(head);
  } else {
    if (declared.kind !== undefined && declared.kind !== detected) {
      throw errors.rag_type_mismatch({ declared: declared.kind, detected }, `The file is declared as ${declared.kind} but it is a ${detected.toUpperCase()} file.`);
    }
    kind = detected;
  }
  if (kind === 'pdf') checkPdfTrailer(bytes);
  return { kind, mediaType: MEDIA_TYPE_OF[kind] };
}
