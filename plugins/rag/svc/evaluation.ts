// Retrieval evaluation: ingests a BEIR collection into a fresh knowledge base, ranks every judged query lexically, by vectors and hybrid.
import { createHash } from 'node:crypto';
import type { Caller } from '../domain/access.ts';
import type { DocumentRecord } from '../domain/document.ts';
import type { FusionMethod } from '../domain/fusion.ts';
import { summarise, type Judgements, type MetricSummary } from '../domain/ir-metrics.ts';
import type { Clock, IdSource } from './ports.ts';
import type { RagCore } from './rag-services.ts';
import type { Candidates, SearchMode } from './search-service.ts';

export interface EvalCollection {
  readonly corpus: readonly { readonly id: string; readonly title: string; readonly text: string }[];
  readonly queries: ReadonlyMap<string, string>;
  readonly qrels: ReadonlyMap<string, Judgements>;
}

export interface EvalRow {
  readonly name: string;
  readonly metrics: MetricSummary;
  /** Wall time of retrieval and ranking for all queries, in ms. */
  readonly ms: number;
}

export interface EvalReport {
  readonly documents: number;
  readonly chunks: number;
  readonly ingestMs: number;
  readonly embedMs: number;
  readonly queries: number;
  readonly rows: EvalRow[];
}

export interface EvalOptions {
  readonly ndcgK: number;
  readonly vectorWeight: number;
  /** Extra convex weights to report, to choose a default. */
  readonly sweep: readonly number[];
  readonly progress: (line: string) => void;
}

/** Every query asks for this many documents, enough for MAP@100 and Recall@100. */
const DEPTH = 100;
/** Chunks per retriever: documents have several chunks, the ranking is cut to one per document. */
const POOL = 400;

export async function runEvaluation(core: RagCore, collection: EvalCollection, options: EvalOptions, deps: { ids: IdSource; clock: Clock }): Promise<EvalReport> {
  const now = deps.clock.now();
  const kbId = deps.ids.knowledgeBaseId();
  await core.repositories.knowledgeBases.insert({
    _id: kbId, name: `eval-${kbId.slice(3, 11).toLowerCase()}`, description: 'Temporary evaluation knowledge base.', visibility: 'private',
    ownerId: 'eval', members: [], vectorWeight: null, embedder: core.embedders.defaultId, createdAt: now, updatedAt: now,
  });
  const beirIdOf = new Map<string, string>();
  let chunks = 0;
  let embedMs = 0;
  const started = performance.now();
  for (const [i, d] of collection.corpus.entries()) {
    const bytes = Buffer.from(d.text, 'utf8');
    const doc: DocumentRecord = {
      _id: deps.ids.documentId(), kbId, ownerId: 'eval', title: d.title || d.id, titleGiven: true, filename: `${d.id}.txt`, kind: 'text', mediaType: 'text/plain',
      bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), tags: [], status: 'queued', generation: 1, readyGeneration: null,
      attempts: 0, chunkCount: 0, embedder: null, taskId: null, error: null, createdAt: now, updatedAt: now, ingestedAt: null,
    };
    beirIdOf.set(doc._id, d.id);
    if (d.text.trim() === '') continue;
    await core.repositories.documents.insert(doc);
    await core.repositories.blobs.put(doc._id, bytes);
    const outcome = await core.ingest.run(doc._id, 1);
    if (outcome.outcome === 'ready') {
      chunks += outcome.chunks;
      embedMs += outcome.timings.embedMs;
    }
    if ((i + 1) % 250 === 0) options.progress(`ingested ${i + 1}/${collection.corpus.length} documents (${chunks} chunks, ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const ingestMs = performance.now() - started;

  const caller: Caller = { userId: 'eval', isAdmin: true };
  const judged = [...collection.qrels.keys()].filter((q) => collection.queries.has(q));
  const lexical = new Map<string, Candidates>();
  const vector = new Map<string, Candidates>();
  const time = async (fn: () => Promise<void>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const lexMs = await time(async () => {
    for (const q of judged) lexical.set(q, await core.search.candidates(caller, { query: collection.queries.get(q)!, knowledgeBaseIds: [kbId], mode: 'lexical' }, POOL));
  });
  const vecMs = await time(async () => {
    for (const q of judged) vector.set(q, await core.search.candidates(caller, { query: collection.queries.get(q)!, knowledgeBaseIds: [kbId], mode: 'vector' }, POOL));
  });

  const evaluate = (name: string, mode: SearchMode, fusion: FusionMethod, weight: number, baseMs: number): EvalRow => {
    const runs = new Map<string, string[]>();
    const ms = baseMs + (() => {
      const t = performance.now();
      for (const q of judged) {
        const candidates = { lexical: lexical.get(q)!.lexical, vector: vector.get(q)!.vector, vectorWeight: weight };
        const ranked = core.search.rank(candidates, { mode, fusion, vectorWeight: weight, topK: DEPTH, maxPerDocument: 1 });
        runs.set(q, ranked.map((r) => beirIdOf.get(core.live.meta(r.id)!.docId)!));
      }
      return performance.now() - t;
    })();
    return { name, metrics: summarise(runs, collection.qrels, options.ndcgK), ms };
  };
  const rows = [
    evaluate('lexical (BM25)', 'lexical', 'convex', 0, lexMs),
    evaluate('vector', 'vector', 'convex', 1, vecMs),
    evaluate(`hybrid convex w=${options.vectorWeight}`, 'hybrid', 'convex', options.vectorWeight, lexMs + vecMs),
    evaluate('hybrid rrf', 'hybrid', 'rrf', 0.5, lexMs + vecMs),
    ...options.sweep.map((w) => evaluate(`  sweep convex w=${w}`, 'hybrid', 'convex', w, lexMs + vecMs)),
  ];
  return { documents: collection.corpus.length, chunks, ingestMs, embedMs, queries: judged.length, rows };
}
