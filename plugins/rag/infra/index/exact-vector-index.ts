// The exact vector index: unit vectors packed row by row in one Float32Array, cosine = dot product, top-k by a bounded heap.
import type { Scored } from '../../domain/fusion.ts';
import type { VectorIndex } from '../../svc/ports.ts';

/**
 * A min-heap of the best k (score, row) pairs seen so far, so a search costs O(n log k) rather than a full sort. Typed
 * arrays and an inlined floor: a scan that pushes tens of thousands of rows allocates nothing per row.
 */
export class TopK {
  private readonly scores: Float64Array;
  private readonly rows: Int32Array;
  private n = 0;
  /** The score a row must beat to enter: -Infinity until the heap is full. */
  floor = -Infinity;

  constructor(private readonly k: number) {
    this.scores = new Float64Array(Math.max(0, k));
    this.rows = new Int32Array(Math.max(0, k));
  }

  get length(): number {
    return this.n;
  }

  /** The row at heap position i (any order), for a pass over the kept rows without sorting them. */
  rowAt(i: number): number {
    return this.rows[i]!;
  }

  push(score: number, row: number): void {
    const { scores, rows } = this;
    if (this.n < this.k) {
      let i = this.n++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (scores[parent]! <= score) break;
        scores[i] = scores[parent]!;
        rows[i] = rows[parent]!;
        i = parent;
      }
      scores[i] = score;
      rows[i] = row;
    } else if (score > scores[0]!) {
      const n = this.n;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const child = r < n && scores[r]! < scores[l]! ? r : l;
        if (scores[child]! >= score) break;
        scores[i] = scores[child]!;
        rows[i] = rows[child]!;
        i = child;
      }
      scores[i] = score;
      rows[i] = row;
    } else return;
    if (this.n === this.k) this.floor = scores[0]!;
  }

  sorted(): { score: number; row: number }[] {
    const out: { score: number; row: number }[] = [];
    for (let i = 0; i < this.n; i++) out.push({ score: this.scores[i]!, row: this.rows[i]! });
    return out.sort((a, b) => b.score - a.score);
  }
}

/** The query scaled to unit length, or undefined for a zero (or wrongly sized) vector. */
export function unitQuery(query: Float32Array, dimensions: number): Float32Array | undefined {
  if (query.length !== dimensions) return undefined;
  let norm = 0;
  for (let i = 0; i < dimensions; i++) norm += query[i]! * query[i]!;
  if (norm === 0) return undefined;
  const q = new Float32Array(dimensions);
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < dimensions; i++) q[i] = query[i]! * scale;
  return q;
}

/** The dot product of q with the row of `matrix` that starts at `base`. */
export function dotAt(matrix: Float32Array, base: number, q: Float32Array): number {
  // Four running sums: fewer dependent additions per step, about twice as fast in V8.
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  let i = 0;
  const n = q.length;
  for (; i + 3 < n; i += 4) {
    d0 += matrix[base + i]! * q[i]!;
    d1 += matrix[base + i + 1]! * q[i + 1]!;
    d2 += matrix[base + i + 2]! * q[i + 2]!;
    d3 += matrix[base + i + 3]! * q[i + 3]!;
  }
  for (; i < n; i++) d0 += matrix[base + i]! * q[i]!;
  return d0 + d1 + d2 + d3;
}

/** Stores the vector at `row` scaled to unit length (a zero vector stays zero), so a dot product is its cosine. */
export function writeUnitRow(matrix: Float32Array, row: number, dimensions: number, vector: ArrayLike<number>): void {
  let norm = 0;
  for (let i = 0; i < dimensions; i++) norm += vector[i]! * vector[i]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < dimensions; i++) matrix[row * dimensions + i] = vector[i]! * scale;
}

/** Exact cosines of the wanted rows: what fusion asks of a retriever for the chunks it did not return itself. */
export function exactScores(matrix: Float32Array, rowOf: ReadonlyMap<string, number>, dimensions: number, query: Float32Array, wanted: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  const q = unitQuery(query, dimensions);
  if (q === undefined) return out;
  for (const id of wanted) {
    const row = rowOf.get(id);
    if (row !== undefined) out.set(id, dotAt(matrix, row * dimensions, q));
  }
  return out;
}

export function createExactVectorIndex(dimensions: number): VectorIndex {
  let capacity = 1024;
  let matrix = new Float32Array(capacity * dimensions);
  const ids: string[] = [];
  const rowOf = new Map<string, number>();

  return {
    add(id, vector) {
      if (vector.length !== dimensions) throw new Error(`vector has ${vector.length} dimensions, the index ${dimensions}`);
      if (rowOf.has(id)) return;
      if (ids.length === capacity) {
        capacity *= 2;
        const grown = new Float32Array(capacity * dimensions);
        grown.set(matrix);
        matrix = grown;
      }
      const row = ids.length;
      writeUnitRow(matrix, row, dimensions, vector);
      ids.push(id);
      rowOf.set(id, row);
    },
    remove(removeIds) {
      for (const id of removeIds) {
        const row = rowOf.get(id);
        if (row === undefined) continue;
        // The last row moves into the hole, so rows stay packed.
        const last = ids.length - 1;
        if (row !== last) {
          matrix.copyWithin(row * dimensions, last * dimensions, (last + 1) * dimensions);
          ids[row] = ids[last]!;
          rowOf.set(ids[row]!, row);
        }
        ids.pop();
        rowOf.delete(id);
      }
    },
    search(query, limit, accept): Scored[] {
      const q = unitQuery(query, dimensions);
      if (q === undefined || limit <= 0) return [];
      const top = new TopK(limit);
      for (let row = 0; row < ids.length; row++) {
        const dot = dotAt(matrix, row * dimensions, q);
        // The filter is asked only for rows that would enter the top k: most rows never need the lookup.
        if (dot > top.floor && accept(ids[row]!)) top.push(dot, row);
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
