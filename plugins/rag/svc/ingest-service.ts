// Ingestion, run by the worker through the rag.ingest executor: parse, chunk, embed, store chunks, make them searchable everywhere.
import { isAppError, type Clock, type Logger } from 'nexus/kernel';
import { chunkDocument, type ChunkingOptions, type ChunkSpec } from '../domain/chunker.ts';
import { INGEST_MAX_ATTEMPTS, type DocumentRecord, type EmbedderStamp } from '../domain/document.ts';
import { errors } from '../errors.ts';
import { encodeVector } from '../infra/vector-codec.ts';
import type { BlobRepository, ChunkRecord, ChunkRepository, DocumentParser, DocumentRepository, Embedder, IndexVersion } from './ports.ts';

export type IngestOutcome =
  | { readonly outcome: 'ready'; readonly chunks: number; readonly embedder: EmbedderStamp; readonly timings: IngestTimings }
  | { readonly outcome: 'gone' | 'superseded' };

export interface IngestTimings {
  readonly parseMs: number;
  readonly chunkMs: number;
  readonly embedMs: number;
  readonly storeMs: number;
}

export interface IngestService {
  run(docId: string, generation: number, signal?: AbortSignal, logger?: Logger): Promise<IngestOutcome>;
}

export interface IngestDeps {
  readonly documents: DocumentRepository;
  readonly chunks: ChunkRepository;
  readonly blobs: BlobRepository;
  readonly version: IndexVersion;
  readonly parser: DocumentParser;
  /** The embedder of a knowledge base (its documents' chunks are embedded with it). */
  readonly embedderFor: (kbId: string) => Promise<Embedder>;
  readonly chunking: ChunkingOptions;
  readonly clock: Clock;
}

/** What the embedder sees: the chunk in the context of its document title and section, which the chunk text alone may lack. */
export function embeddingText(title: string, chunk: Pick<ChunkSpec, 'headingPath' | 'text'>): string {
  const context = [title, ...chunk.headingPath.filter((h) => h !== title)].join(' › ');
  return `${context}\n\n${chunk.text}`;
}

/** Chunks embedded between two progress updates of the document. */
const PROGRESS_SLICE = 64;

/** Refusals (4xx) repeat on every attempt; outages and unexpected failures may pass, as the scheduler decides too. */
const retryable = (err: unknown) => !isAppError(err) || err.status >= 500 || err.status === 408 || err.status === 429;

export function createIngestService(deps: IngestDeps): IngestService {
  const { documents, clock } = deps;
  const elapsed = (from: number) => Math.round(performance.now() - from);

  /** `committed` is called once the document names these chunks as its searchable ones: from then on a failure must not undo them. */
  async function ingest(doc: DocumentRecord, generation: number, signal: AbortSignal | undefined, committed: () => void): Promise<IngestOutcome> {
    let at = performance.now();
    const bytes = await deps.blobs.get(doc._id);
    if (bytes === null) throw errors.rag_corrupt_file({ reason: 'the stored original is missing' }, 'The stored original of this document is missing; upload it again.');
    const extracted = await deps.parser.parse(doc.kind, bytes);
    const parseMs = elapsed(at);
    at = performance.now();
    const specs = chunkDocument(extracted, deps.chunking);
    if (specs.length === 0) throw errors.rag_no_text({ kind: doc.kind });
    const chunkMs = elapsed(at);
    at = performance.now();
    const title = doc.titleGiven ? doc.title : (extracted.title?.slice(0, 300) ?? doc.title);
    const embedder = await deps.embedderFor(doc.kbId);
    const texts = specs.map((c) => embeddingText(title, c));
    const vectors: Float32Array[] = [];
    let dimensions = 0;
    // In slices, so the document's status shows how far a long ingestion has come.
    for (let i = 0; i < texts.length; i += PROGRESS_SLICE) {
      await documents.update(doc._id, generation, { progress: { chunks: texts.length, embedded: i }, updatedAt: clock.now() });
      const part = await embedder.embed(texts.slice(i, i + PROGRESS_SLICE), signal);
      vectors.push(...part.vectors);
      dimensions = part.dimensions;
    }
    const embedding = { vectors, dimensions };
    const embedMs = elapsed(at);
    signal?.throwIfAborted();
    at = performance.now();
    const stamp: EmbedderStamp = { id: embedder.id, dimensions: embedding.dimensions };
    const records: ChunkRecord[] = specs.map((c, i) => ({
      _id: `${doc._id}.${generation}.${c.ordinal}`, docId: doc._id, kbId: doc.kbId, generation, ordinal: c.ordinal, start: c.start, end: c.end,
      text: c.text, headingPath: [...c.headingPath], tokens: c.tokens, embedder: stamp, vector: encodeVector(embedding.vectors[i]!),
    }));
    // A failed or dead attempt may have left chunks of this generation behind.
    await deps.chunks.deleteGeneration(doc._id, generation);
    await deps.chunks.insertMany(records);
    const now = clock.now();
    const done = await documents.update(doc._id, generation, {
      title, status: 'ready', readyGeneration: generation, chunkCount: records.length, progress: { chunks: records.length, embedded: records.length }, embedder: stamp, error: null, ingestedAt: now, updatedAt: now,
    });
    if (done === null) {
      // Deleted or re-ingested while this ran: these chunks belong to nobody.
      await deps.chunks.deleteGeneration(doc._id, generation);
      return { outcome: (await documents.get(doc._id)) === null ? 'gone' : 'superseded' };
    }
    committed();
    await publish(doc._id, generation);
    return { outcome: 'ready', chunks: records.length, embedder: stamp, timings: { parseMs, chunkMs, embedMs, storeMs: elapsed(at) } };
  }

  /** After the commit: older generations' chunks go, and every process's indexes are told to catch up. */
  async function publish(docId: string, generation: number): Promise<void> {
    await deps.chunks.deleteDocument(docId, generation);
    await deps.version.bump();
  }

  return {
    async run(docId, generation, signal, logger) {
      const doc = await documents.get(docId);
      if (doc === null) return { outcome: 'gone' };
      if (doc.generation !== generation) return { outcome: 'superseded' };
      if (doc.readyGeneration === generation && doc.embedder !== null) {
        // An earlier attempt stored and committed this generation and failed after: finish its tidy-up rather than rewrite searchable chunks.
        await publish(docId, generation);
        return { outcome: 'ready', chunks: doc.chunkCount, embedder: doc.embedder, timings: { parseMs: 0, chunkMs: 0, embedMs: 0, storeMs: 0 } };
      }
      const started = await documents.update(docId, generation, { status: 'processing', updatedAt: clock.now() }, { attempts: 1 });
      if (started === null) return { outcome: 'superseded' };
      let isCommitted = false;
      try {
        return await ingest(started, generation, signal, () => {
          isCommitted = true;
        });
      } catch (err) {
        if (!isAppError(err)) logger?.error({ err, docId }, 'ingestion failed unexpectedly');
        // The document is whole and searchable here; only the tidy-up or the version bump failed, which the scheduler's retry repeats.
        if (isCommitted) throw err;
        // A commit can land and still fail to answer (a lost reply, a write-concern timeout): the document is then whole as well.
        const current = await documents.get(docId).catch(() => undefined);
        if (current?.readyGeneration === generation) throw err;
        // A write that broke off may have stored some chunks of this generation: none may outlive the failure. Not when the document
        // could not be read (the next attempt clears them before it writes), nor after an abort: the attempt was taken away, and the
        // worker that owns the generation now does the same.
        if (current !== undefined && !signal?.aborted) {
          await deps.chunks.deleteGeneration(docId, generation).catch((cleanup: unknown) => logger?.warn({ err: cleanup, docId, generation }, 'could not remove the chunks of a failed ingestion'));
        }
        const final = !retryable(err) || started.attempts >= INGEST_MAX_ATTEMPTS;
        const error = isAppError(err) ? { code: err.code, message: err.message } : { code: errors.rag_ingest_failed.code, message: errors.rag_ingest_failed.message };
        await documents.update(docId, generation, { status: final ? 'failed' : 'queued', error: { ...error, at: clock.now() }, updatedAt: clock.now() });
        throw err;
      }
    },
  };
}
