// Context building: the best chunks within a token budget, neighbours from one section merged, the resulting sources numbered.

export interface RetrievedChunk {
  readonly id: string;
  readonly docId: string;
  readonly kbId: string;
  readonly title: string;
  readonly headingPath: readonly string[];
  readonly ordinal: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly tokens: number;
  readonly score: number;
}

export interface ContextSource {
  /** 1-based; what answers cite as [n]. */
  readonly n: number;
  readonly docId: string;
  readonly kbId: string;
  readonly title: string;
  readonly headingPath: readonly string[];
  /** Offsets into the document's extracted text covered by this source. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly chunkIds: readonly string[];
  readonly score: number;
}

interface Group {
  chunks: RetrievedChunk[];
  bestRank: number;
}

const sectionKey = (c: RetrievedChunk) => `${c.docId}\u0000${c.headingPath.join('\u0000')}`;

/** Joins chunks of one section in document order: overlapping texts are stitched, a gap between neighbours becomes a line break. */
function stitch(chunks: readonly RetrievedChunk[]): { text: string; start: number; end: number } {
  const sorted = [...chunks].sort((a, b) => a.start - b.start);
  let text = sorted[0]!.text;
  let end = sorted[0]!.end;
  for (const c of sorted.slice(1)) {
    if (c.end <= end) continue;
    text += c.start <= end ? c.text.slice(end - c.start) : `\n${c.text}`;
    end = c.end;
  }
  return { text, start: sorted[0]!.start, end };
}

/** Takes chunks in rank order while they fit the budget; chunks of one section that overlap or follow each other become one source. */
export function buildContext(ranked: readonly RetrievedChunk[], maxTokens: number): ContextSource[] {
  const picked: { chunk: RetrievedChunk; rank: number }[] = [];
  let used = 0;
  for (const [rank, chunk] of ranked.entries()) {
    if (used + chunk.tokens > maxTokens) continue;
    picked.push({ chunk, rank });
    used += chunk.tokens;
  }
  const groups: Group[] = [];
  const bySection = new Map<string, Group[]>();
  for (const { chunk, rank } of picked) {
    const candidates = bySection.get(sectionKey(chunk)) ?? [];
    const neighbour = candidates.find((g) => g.chunks.some((c) => Math.abs(c.ordinal - chunk.ordinal) <= 1 || (chunk.start < c.end && c.start < chunk.end)));
    if (neighbour) {
      neighbour.chunks.push(chunk);
      continue;
    }
    const group: Group = { chunks: [chunk], bestRank: rank };
    candidates.push(group);
    bySection.set(sectionKey(chunk), candidates);
    groups.push(group);
  }
  return groups
    .sort((a, b) => a.bestRank - b.bestRank)
    .map((g, i) => {
      const first = g.chunks[0]!;
      const { text, start, end } = stitch(g.chunks);
      return {
        n: i + 1, docId: first.docId, kbId: first.kbId, title: first.title, headingPath: first.headingPath, start, end, text,
        chunkIds: [...g.chunks].sort((a, b) => a.start - b.start).map((c) => c.id), score: Math.max(...g.chunks.map((c) => c.score)),
      };
    });
}
