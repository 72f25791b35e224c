// The default vector index: exact cosine, found fast: a one-bit-per-dimension scan picks candidates, full-precision vectors rescore them.
import type { Scored } from '../../domain/fusion.ts';
import type { VectorIndex } from '../../svc/ports.ts';
import { TopK, dotAt, exactScores, unitQuery, writeUnitRow } from './exact-vector-index.ts';

/** Vectors whose mean becomes the centre of the bits. */
const CENTRE_SAMPLE = 2048;

export interface SignQuantisedOptions {
  /** Candidates the bit scan keeps per result asked for. */
  readonly oversample?: number;
  /** ... and at least this many: bench/rag/run.ts measures recall@100 against the exact index with these. */
  readonly minCandidates?: number;
}

/**
 * The scan scores q · sign(v): the query keeps full precision, each stored vector one bit per dimension. Per byte of bits
 * a 256-entry table holds the partial sums, so a row of 384 dimensions costs 48 lookups instead of 384 multiplications.
 * The candidates are then rescored with the full vectors, so every score returned is the exact cosine.
 *
 * The bits are signs of v − μ, μ the mean of the first vectors: embeddings share a large common direction, whose signs
 * would say little, and q · (v − μ) ranks rows exactly as q · v does (q · μ is the same for every row).
 */
export function createSignQuantisedVectorIndex(dimensions: number, options: SignQuantisedOptions = {}): VectorIndex {
  const oversample = options.oversample ?? 50;
  const minCandidates = options.minCandidates ?? 5000;
  /** Bit d of a row is bit (d & 31) of its word d >> 5: the scan reads a row as a few 32-bit words, one table per byte. */
  const words = Math.ceil(dimensions / 32);
  const tableCount = words * 4;
  let capacity = 1024;
  let matrix = new Float32Array(capacity * dimensions);
  let bits = new Uint32Array(capacity * words);
  const ids: string[] = [];
  const rowOf = new Map<string, number>();
  /** Fixed once CENTRE_SAMPLE vectors are in; until then every search is an exact scan anyway. */
  let centre: Float32Array | undefined;
  const tables = new Float32Array(tableCount * 256);

  function quantise(row: number): void {
    for (let w = 0; w < words; w++) {
      let word = 0;
      for (let k = 0; k < 32 && w * 32 + k < dimensions; k++) {
        const d = w * 32 + k;
        if (matrix[row * dimensions + d]! > centre![d]!) word |= 1 << k;
      }
      bits[row * words + w] = word;
    }
  }

  function fixCentre(): void {
    centre = new Float32Array(dimensions);
    for (let row = 0; row < ids.length; row++) for (let d = 0; d < dimensions; d++) centre[d]! += matrix[row * dimensions + d]! / ids.length;
    for (let row = 0; row < ids.length; row++) quantise(row);
  }

  function grow(): void {
    capacity *= 2;
    const m = new Float32Array(capacity * dimensions);
    m.set(matrix);
    matrix = m;
    const b = new Uint32Array(capacity * words);
    b.set(bits);
    bits = b;
  }

  /** tables[j * 256 + b]: the sum over the 8 dimensions of byte j of ±q[d], + where bit d of b is set (the tables are reused: one search at a time). */
  function fillTables(q: Float32Array): void {
    for (let j = 0; j < tableCount; j++) {
      const base = j * 256;
      let negatives = 0;
      for (let k = 0; k < 8 && j * 8 + k < dimensions; k++) negatives -= q[j * 8 + k]!;
      tables[base] = negatives;
      // Each entry differs from the one without its highest bit by 2·q of that bit's dimension.
      for (let b = 1; b < 256; b++) {
        const high = 31 - Math.clz32(b);
        const d = j * 8 + high;
        tables[base + b] = tables[base + (b ^ (1 << high))]! + (d < dimensions ? 2 * q[d]! : 0);
      }
    }
  }

  /** The best `keep` accepted rows by q · sign(v − μ). */
  function bitScan(keep: number, accept: (id: string) => boolean): TopK {
    const candidates = new TopK(keep);
    const n = ids.length;
    for (let row = 0; row < n; row++) {
      let approx = 0;
      for (let w = 0, at = row * words; w < words; w++, at++) {
        const x = bits[at]!;
        const t = w << 10;
        approx += tables[t + (x & 255)]! + tables[t + 256 + ((x >>> 8) & 255)]! + tables[t + 512 + ((x >>> 16) & 255)]! + tables[t + 768 + (x >>> 24)]!;
      }
      if (approx > candidates.floor && accept(ids[row]!)) candidates.push(approx, row);
    }
    return candidates;
  }

  function exactScan(q: Float32Array, limit: number, accept: (id: string) => boolean): Scored[] {
    const top = new TopK(limit);
    for (let row = 0; row < ids.length; row++) {
      const dot = dotAt(matrix, row * dimensions, q);
      if (dot > top.floor && accept(ids[row]!)) top.push(dot, row);
    }
    return top.sorted().map(({ score, row }) => ({ id: ids[row]!, score }));
  }

  return {
    add(id, vector) {
      if (vector.length !== dimensions) throw new Error(`vector has ${vector.length} dimensions, the index ${dimensions}`);
      if (rowOf.has(id)) return;
      if (ids.length === capacity) grow();
      const row = ids.length;
      writeUnitRow(matrix, row, dimensions, vector);
      ids.push(id);
      rowOf.set(id, row);
      if (centre !== undefined) quantise(row);
      else if (ids.length >= CENTRE_SAMPLE) fixCentre();
    },
    remove(removeIds) {
      for (const id of removeIds) {
        const row = rowOf.get(id);
        if (row === undefined) continue;
        const last = ids.length - 1;
        if (row !== last) {
          matrix.copyWithin(row * dimensions, last * dimensions, (last + 1) * dimensions);
          bits.copyWithin(row * words, last * words, (last + 1) * words);
          ids[row] = ids[last]!;
          rowOf.set(ids[row]!, row);
        }
        ids.pop();
        rowOf.delete(id);
      }
    },
    search(query, limit, accept) {
      const q = unitQuery(query, dimensions);
      if (q === undefined || limit <= 0) return [];
      const keep = Math.max(limit * oversample, minCandidates);
      // Below a few times the candidates kept, a full exact scan costs less than the bit scan plus rescoring (bench/rag: 10k rows).
      if (ids.length <= keep * 4 || centre === undefined) return exactScan(q, limit, accept);
      fillTables(q);
      const candidates = bitScan(keep, accept);
      // Rescored in row order: the full vectors are then read front to back, which the cache prefetches, not at random.
      const rows = new Int32Array(candidates.length);
      for (let i = 0; i < rows.length; i++) rows[i] = candidates.rowAt(i);
      rows.sort();
      const top = new TopK(limit);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        const dot = dotAt(matrix, row * dimensions, q);
        if (dot > top.floor) top.push(dot, row);
      }
      return top.sorted().map(({ score, row }) => ({ id: ids[row]!, score }));
    },
    score(query, wanted) {
      return exactScores(matrix, rowOf, dimensions, query, wanted);
    },
    get size() {
      return ids.length;
    },
  };
}
