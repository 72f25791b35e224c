// Reads a ZIP's central directory and inflates entries under hard caps, so a DOCX that is really a zip bomb is refused, not expanded.
import { crc32, inflateRawSync } from 'node:zlib';
import { errors } from '../../errors.ts';

export interface ZipLimits {
  /** Sum of the declared (and, when inflating, actual) sizes of all entries. */
  readonly maxTotalBytes: number;
  readonly maxEntries: number;
  /** Largest inflated/compressed ratio accepted for an entry bigger than ratioFloorBytes. */
  readonly maxRatio: number;
  readonly ratioFloorBytes: number;
}

export const DOCX_LIMITS: ZipLimits = { maxTotalBytes: 256 * 1024 * 1024, maxEntries: 5000, maxRatio: 100, ratioFloorBytes: 1024 * 1024 };

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly flags: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly crc32: number;
  readonly localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const corrupt = (why: string) => errors.rag_corrupt_file({ reason: why }, `The DOCX file is damaged: ${why}.`);
const unsafe = (why: string, details: Record<string, unknown> = {}) => errors.rag_unsafe_archive({ reason: why, ...details }, `The DOCX archive is refused: ${why}.`);

/** Lists the entries from the central directory and checks the declared sizes against the limits; inflates nothing. */
export function readZipDirectory(bytes: Buffer, limits: ZipLimits = DOCX_LIMITS): ZipEntry[] {
  if (bytes.length < 22) throw corrupt('it is too short to be a ZIP archive');
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt('the ZIP directory is missing');
  const count = bytes.readUInt16LE(eocd + 10);
  const dirSize = bytes.readUInt32LE(eocd + 12);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw unsafe('ZIP64 archives are not accepted');
  if (count > limits.maxEntries) throw unsafe('it has too many entries', { entries: count, limit: limits.maxEntries });
  if (dirOffset + dirSize > eocd) throw corrupt('the ZIP directory points outside the file');
  const entries: ZipEntry[] = [];
  let at = dirOffset;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw corrupt('a ZIP directory entry is damaged');
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      crc32: bytes.readUInt32LE(at + 16),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (entry.flags & 1) throw unsafe('encrypted entries are not accepted');
    if (entry.method !== 0 && entry.method !== 8) throw unsafe(`compression method ${entry.method} is not accepted`);
    total += entry.size;
    if (total > limits.maxTotalBytes) throw unsafe('it would expand beyond the size limit', { limitBytes: limits.maxTotalBytes });
    if (entry.size > limits.ratioFloorBytes && entry.size > limits.maxRatio * Math.max(1, entry.compressedSize)) {
      throw unsafe('an entry is compressed suspiciously well', { entry: entry.name, ratio: Math.round(entry.size / Math.max(1, entry.compressedSize)) });
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * Inflates every entry, one at a time and without keeping it, refusing any that grows past its declared size or the total
 * limit (declared sizes can lie) and any whose bytes do not match their checksum; returns the entry names. Nothing is
 * kept, so memory holds one entry at most, not the whole expanded archive.
 */
export function checkZipContents(bytes: Buffer, limits: ZipLimits = DOCX_LIMITS): ReadonlySet<string> {
  const names = new Set<string>();
  let total = 0;
  for (const entry of readZipDirectory(bytes, limits)) {
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw corrupt('a ZIP entry header is damaged');
    const dataStart = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw corrupt('a ZIP entry is truncated');
    let content: Buffer;
    if (entry.method === 0) content = data;
    else {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
      } catch (err) {
        if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          throw unsafe('an entry expands beyond its declared size', { entry: entry.name });
        }
        throw corrupt(`entry ${entry.name} cannot be inflated`);
      }
    }
    if (content.length > entry.size) throw unsafe('an entry expands beyond its declared size', { entry: entry.name });
    if (content.length < entry.size || crc32(content) !== entry.crc32) throw corrupt(`entry ${entry.name} is damaged (its checksum or size does not match)`);
    total += content.length;
    if (total > limits.maxTotalBytes) throw unsafe('it would expand beyond the size limit', { limitBytes: limits.maxTotalBytes });
    names.add(entry.name);
  }
  return names;
}
