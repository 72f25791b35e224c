// Measures how far a PDF's Flate streams expand, inflating each under caps without keeping it, so a PDF bomb is refused before PDF.js decodes it.
import { inflateSync } from 'node:zlib';
import { errors } from '../../errors.ts';
import type { ZipLimits } from './zip-archive.ts';

/** The DOCX caps, less the entry count: 256 MiB in all, and no stream over 1 MiB that grew more than 100 times. */
export const PDF_LIMITS: Omit<ZipLimits, 'maxEntries'> = { maxTotalBytes: 256 * 1024 * 1024, maxRatio: 100, ratioFloorBytes: 1024 * 1024 };

const unsafe = (why: string, details: Record<string, unknown> = {}) => errors.rag_unsafe_archive({ reason: why, ...details }, `The PDF is refused: ${why}.`);

/** The `<< … >>` that ends right before `at` (a stream's dictionary), matched backwards through nested dictionaries. */
function dictionaryBefore(text: string, at: number): string | undefined {
  let end = at;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  if (text.slice(end - 2, end) !== '>>') return undefined;
  let depth = 0;
  for (let i = end - 2; i >= Math.max(0, end - 65_536); i--) {
    const pair = text.slice(i, i + 2);
    if (pair === '>>') {
      depth++;
      i--;
    } else if (pair === '<<') {
      if (--depth === 0) return text.slice(i, end);
      i--;
    }
  }
  return undefined;
}

/** The filters a stream's data passes through, in order: `/FlateDecode` or `[/FlateDecode /ASCII85Decode]`. */
function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
  return match === null ? [] : [...match[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]!);
}

/** The stream's length from /Length, following an indirect `N G R` to its object; undefined when it cannot be read. */
function lengthOf(text: string, dictionary: string): number | undefined {
  const indirect = /\/Length\s+(\d+)\s+(\d+)\s+R/.exec(dictionary);
  if (indirect !== null) {
    const target = new RegExp(`(?:^|\\s)${indirect[1]}\\s+${indirect[2]}\\s+obj\\s*(\\d+)\\s*endobj`).exec(text);
    return target === null ? undefined : Number(target[1]);
  }
  const direct = /\/Length\s+(\d+)/.exec(dictionary);
  return direct === null ? undefined : Number(direct[1]);
}

/**
 * Throws rag_unsafe_archive when the Flate streams that text extraction may decode (all but images) would expand past the
 * caps. A stream that does not inflate is left to PDF.js, which reports a damaged file itself.
 */
export function checkPdfStreams(bytes: Buffer, limits = PDF_LIMITS): void {
  const text = bytes.toString('latin1');
  const keyword = /(?<!end)stream\r?\n/g;
  let total = 0;
  for (let m = keyword.exec(text); m !== null; m = keyword.exec(text)) {
    const dictionary = dictionaryBefore(text, m.index);
    if (dictionary === undefined || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    const filters = filtersOf(dictionary);
    const start = m.index + m[0].length;
    const length = lengthOf(text, dictionary) ?? Math.max(0, text.indexOf('endstream', start) - start);
    let data = bytes.subarray(start, start + length);
    // Flate after Flate is how a bomb nests; each layer is measured and counted.
    for (const filter of filters) {
      if (filter !== 'FlateDecode' && filter !== 'Fl') break;
      const cap = Math.min(limits.maxTotalBytes - total, Math.max(limits.ratioFloorBytes, limits.maxRatio * data.length));
      const tooBig = () =>
        total + cap >= limits.maxTotalBytes
          ? unsafe('its compressed content would expand beyond the size limit', { limitBytes: limits.maxTotalBytes })
          : unsafe('a stream is compressed suspiciously well', { offset: start });
      let out: Buffer;
      try {
        out = inflateSync(data, { maxOutputLength: cap + 1 });
      } catch (err) {
        if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
        break;
      }
      if (out.length > cap) throw tooBig();
      total += out.length;
      data = out;
    }
  }
}
