// What a client says a file is (extension, media type) and the rules for trusting it against what the bytes show.
import type { SourceKind } from './document.ts';

const BY_EXTENSION: Readonly<Record<string, SourceKind>> = {
  txt: 'text', text: 'text', md: 'markdown', markdown: 'markdown', htm: 'html', html: 'html', pdf: 'pdf', docx: 'docx',
};

const BY_MEDIA_TYPE: Readonly<Record<string, SourceKind>> = {
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export const MEDIA_TYPE_OF: Readonly<Record<SourceKind, string>> = {
  text: 'text/plain', markdown: 'text/markdown', html: 'text/html', pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Media types that claim nothing: browsers and curl send them for unknown files. */
const UNDECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

export type Declared = { readonly kind: SourceKind | undefined } | { readonly unsupported: string };

/** The kind the client declared: the extension wins over the media type, which browsers often guess. */
export function declaredKind(filename: string, mediaType: string): Declared {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1]?.toLowerCase();
  if (ext !== undefined) {
    const kind = BY_EXTENSION[ext];
    return kind !== undefined ? { kind } : { unsupported: `.${ext}` };
  }
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  if (UNDECLARED.has(type)) return { kind: undefined };
  const kind = BY_MEDIA_TYPE[type];
  return kind !== undefined ? { kind } : { unsupported: type };
}

export const isTextKind = (kind: SourceKind): boolean => kind === 'text' || kind === 'markdown' || kind === 'html';

/** For text without a declared kind: HTML if it opens like a page, Markdown if it has headings or fences, else plain text. */
export function sniffTextKind(text: string): SourceKind {
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  if (/^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(head)) return 'html';
  if (/^#{1,6}\s+\S/m.test(text.slice(0, 65_536)) || /^```/m.test(text.slice(0, 65_536))) return 'markdown';
  return 'text';
}
