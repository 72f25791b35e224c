// Each process's in-memory indexes: built from the store at the first search, brought up to date whenever the store's version moves.
import type { Logger } from 'nexus/kernel';
import { decodeVector } from '../infra/vector-codec.ts';
import type { ChunkRecord, ChunkRepository, DocumentRepository, IndexVersion, LexicalIndex, ReadyDocument, VectorIndex } from './ports.ts';

/** What search needs of a chunk without its text (texts are read from the store for the results only). */
export interface ChunkMeta {
  readonly id: string;
  readonly docId: string;
  readonly kbId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly headingPath: readonly string[];
  readonly ordinal: number;
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
  readonly tags: readonly string[];
}

interface Loaded {
  readonly doc: ReadyDocument;
  readonly chunkIds: string[];
}

export interface LiveIndex {
  /** Catches up with the store if its version moved since the last look; concurrent callers share one catch-up. */
  refresh(): Promise<void>;
  meta(chunkId: string): ChunkMeta | undefined;
  readonly lexical: LexicalIndex;
  /** The vectors one embedder made (vectors of different embedders are never compared); undefined before it made any. */
  vector(embedderId: string): VectorIndex | undefined;
  readonly chunkCount: number;
}

export interface LiveIndexDeps {
  readonly documents: DocumentRepository;
  readonly chunks: ChunkRepository;
  readonly version: IndexVersion;
  readonly lexical: LexicalIndex;
  /** Makes the vector index of one embedder, sized by its first vector. */
  readonly vectorIndex: (embedderId: string, dimensions: number) => VectorIndex;
  readonly logger: Logger;
}

/** Past this many documents to load, one scan of all chunks is cheaper than a query per document. */
const SCAN_THRESHOLD = 50;
const SCAN_PAGE = 2000;

const sameDoc = (a: ReadyDocument, b: ReadyDocument) =>
  a.readyGeneration === b.readyGeneration && a.kbId === b.kbId && a.title === b.title && a.embedder?.id === b.embedder?.id && a.tags.join('\u0000') === b.tags.join('\u0000');

export function createLiveIndex(deps: LiveIndexDeps): LiveIndex {
  const { lexical } = deps;
  const vectors = new Map<string, VectorIndex>();
  const loaded = new Map<string, Loaded>();
  const metas = new Map<string, ChunkMeta>();
  let seenVersion: number | undefined;
  let running: Promise<void> | undefined;

  function drop(docId: string): void {
    const entry = loaded.get(docId);
    if (entry === undefined) return;
    lexical.remove(entry.chunkIds);
    for (const index of vectors.values()) index.remove(entry.chunkIds);
    for (const id of entry.chunkIds) metas.delete(id);
    loaded.delete(docId);
  }

  function add(doc: ReadyDocument, chunks: readonly ChunkRecord[]): void {
    const usable = chunks.filter((c) => c.generation === doc.readyGeneration);
    lexical.add(usable.map((c) => ({ id: c._id, title: doc.title, headings: c.headingPath.join(' '), text: c.text })));
    for (const c of usable) {
      // A document's chunks all come from the embedder its stamp names (one ingestion makes them all).
      const vector = decodeVector(c.vector);
      let index = vectors.get(c.embedder.id);
      if (index === undefined) vectors.set(c.embedder.id, (index = deps.vectorIndex(c.embedder.id, vector.length)));
      index.add(c._id, vector);
      metas.set(c._id, {
        id: c._id, docId: doc._id, kbId: doc.kbId, ownerId: doc.ownerId, title: doc.title, headingPath: c.headingPath, ordinal: c.ordinal,
        start: c.start, end: c.end, tokens: c.tokens, tags: doc.tags,
      });
    }
    loaded.set(doc._id, { doc, chunkIds: usable.map((c) => c._id) });
  }

  async function catchUp(): Promise<void> {
    // Read the version before the documents: a change landing in between moves it again, so the next refresh sees it.
    const version = await deps.version.current();
    if (version === seenVersion) return;
    const ready = new Map((await deps.documents.listReady()).map((d) => [d._id, d]));
    for (const [docId, entry] of [...loaded]) {
      const now = ready.get(docId);
      if (now === undefined || !sameDoc(now, entry.doc)) drop(docId);
    }
    const missing = [...ready.values()].filter((d) => !loaded.has(d._id));
    if (missing.length > SCAN_THRESHOLD) {
      const wanted = new Map(missing.map((d) => [d._id, { doc: d, chunks: [] as ChunkRecord[] }]));
      let after: string | undefined;
      for (;;) {
        const page = await deps.chunks.scan(after, SCAN_PAGE);
        for (const c of page) wanted.get(c.docId)?.chunks.push(c);
        if (page.length < SCAN_PAGE) break;
        after = page[page.length - 1]!._id;
      }
      for (const { doc, chunks } of wanted.values()) add(doc, chunks.sort((a, b) => a.ordinal - b.ordinal));
    } else {
      for (const doc of missing) add(doc, await deps.chunks.listGeneration(doc._id, doc.readyGeneration!));
    }
    seenVersion = version;
    deps.logger.debug({ version, documents: loaded.size, chunks: metas.size }, 'rag indexes refreshed');
  }

  return {
    refresh() {
      running ??= catchUp().finally(() => {
        running = undefined;
      });
      return running;
    },
    meta: (id) => metas.get(id),
    lexical,
    vector: (embedderId) => vectors.get(embedderId),
    get chunkCount() {
      return metas.size;
    },
  };
}
