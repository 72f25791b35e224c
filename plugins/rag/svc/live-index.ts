// Each process's in-memory indexes: built from the store at the first search, brought up to date whenever the store's version moves.
import type { Logger } from 'nexus/kernel';
import { decodeVector } from '../infra/vector-codec.ts';
import type { ChunkRecord, ChunkRepository, DocumentRepository, IndexVersion, LexicalIndex, ReadyDocument, VectorIndex } from './ports.ts';

/**
 * What the search filters need of a chunk: its document's facts, one object shared by all the document's chunks (100k
 * chunks are then 100k map entries, not 100k more objects for the garbage collector to mark). The chunk's own fields
 * (heading path, offsets) are read from the store with its text, for the results only.
 */
export interface ChunkOwner {
  readonly docId: string;
  readonly kbId: string;
  readonly ownerId: string;
  readonly title: string;
  readonly tags: readonly string[];
}

interface Loaded {
  readonly doc: ReadyDocument;
  readonly chunkIds: string[];
}

export interface LiveIndex {
  /** Catches up with the store if its version moved since the last look; concurrent callers share one catch-up. */
  refresh(): Promise<void>;
  meta(chunkId: string): ChunkOwner | undefined;
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

/** Documents whose chunks one query reads when many are missing (a first build): one query per document would be slow. */
const LOAD_BATCH = 200;

const sameDoc = (a: ReadyDocument, b: ReadyDocument) =>
  a.readyGeneration === b.readyGeneration && a.kbId === b.kbId && a.title === b.title && a.embedder?.id === b.embedder?.id && a.tags.join('\u0000') === b.tags.join('\u0000');

export function createLiveIndex(deps: LiveIndexDeps): LiveIndex {
  const { lexical } = deps;
  const vectors = new Map<string, VectorIndex>();
  const loaded = new Map<string, Loaded>();
  const metas = new Map<string, ChunkOwner>();
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
    const owner: ChunkOwner = { docId: doc._id, kbId: doc.kbId, ownerId: doc.ownerId, title: doc.title, tags: doc.tags };
    for (const c of usable) {
      // A document's chunks all come from the embedder its stamp names (one ingestion makes them all).
      const vector = decodeVector(c.vector);
      let index = vectors.get(c.embedder.id);
      if (index === undefined) vectors.set(c.embedder.id, (index = deps.vectorIndex(c.embedder.id, vector.length)));
      index.add(c._id, vector);
      metas.set(c._id, owner);
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
    for (let i = 0; i < missing.length; i += LOAD_BATCH) {
      const batch = missing.slice(i, i + LOAD_BATCH);
      const byDoc = new Map(batch.map((d) => [d._id, [] as ChunkRecord[]]));
      for (const c of await deps.chunks.listDocuments(batch.map((d) => d._id))) byDoc.get(c.docId)?.push(c);
      for (const doc of batch) add(doc, byDoc.get(doc._id)!.sort((a, b) => a.ordinal - b.ordinal));
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
