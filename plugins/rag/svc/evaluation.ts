// Retrieval evaluation: ingests a BEIR collection into a fresh knowledge base, ranks every judged query lexically, by vectors and hybrid.
import { createHash } from 'node:crypto';
import type { Clock } from 'nexus/kernel';
import type { Caller } from '../domain/access.ts';
import type { DocumentRecord } from '../domain/document.ts';
import type { FusionMethod } from '../domain/fusion.ts';
import { pairedRandomisationTest, perQueryNdcg, summarise, type Judgements, type MetricSummary } from '../domain/ir-metrics.ts';
import type { IdSource } from './ports.ts';
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
  /** Wall time of the (shared) hybrid candidate search and this method's ranking for all queries, in ms. */
  readonly ms: number;
}

export interface EvalReport {
  readonly documents: number;
  readonly chunks: number;
  readonly ingestMs: number;
  readonly embedMs: number;
  readonly queries: number;
  readonly rows: EvalRow[];
  /** The default hybrid against each retriever and RRF: mean nDCG difference and two-sided paired randomisation p. */
  readonly significance: PairedTest[];
  /** Every swept convex weight against both retrievers, so a default can be chosen that beats each of them. */
  readonly sweepSignificance: { readonly weight: number; readonly vsLexical: PairedTest; readonly vsVector: PairedTest }[];
}

export interface PairedTest {
  readonly against: string;
  readonly meanDifference: number;
  readonly p: number;
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

/**
 * A document id made from the collection's own id: ranks that tie (common in RRF) are ordered by id, so random ids would
 * make two runs of the same collection differ.
 */
const documentIdOf = (beirId: string) => `doc_${createHash('sha256').update(beirId).digest('base64url').slice(0, 24)}`;

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
      _id: documentIdOf(d.id), kbId, ownerId: 'eval', title: d.title || d.id, titleGiven: true, filename: `${d.id}.txt`, kind: 'text', mediaType: 'text/plain',
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
  // One hybrid search per query gives both candidate lists and their completion; every method ranks the same lists.
  const candidates = new Map<string, Candidates>();
  const t0 = performance.now();
  for (const q of judged) candidates.set(q, await core.search.candidates(caller, { query: collection.queries.get(q)!, knowledgeBaseIds: [kbId], mode: 'hybrid' }, POOL));
  const searchMs = performance.now() - t0;

  const perQuery = new Map<string, Map<string, number>>();
  const evaluate = (name: string, mode: SearchMode, fusion: FusionMethod, weight: number): EvalRow => {
    const runs = new Map<string, string[]>();
    const t = performance.now();
    for (const q of judged) {
      const ranked = core.search.rank({ ...candidates.get(q)!, vectorWeight: weight }, { mode, fusion, vectorWeight: weight, topK: DEPTH, maxPerDocument: 1 });
      runs.set(q, ranked.map((r) => beirIdOf.get(core.live.meta(r.id)!.docId)!));
    }
    perQuery.set(name, perQueryNdcg(runs, collection.qrels, options.ndcgK));
    return { name, metrics: summarise(runs, collection.qrels, options.ndcgK), ms: searchMs + performance.now() - t };
  };
  const defaultName = `hybrid convex w=${options.vectorWeight}`;
  const rows = [
    evaluate('lexical (BM25)', 'lexical', 'convex', 0),
    evaluate('vector', 'vector', 'convex', 1),
    evaluate(defaultName, 'hybrid', 'convex', options.vectorWeight),
    evaluate('hybrid rrf', 'hybrid', 'rrf', 0.5),
    ...options.sweep.map((w) => evaluate(`  sweep convex w=${w}`, 'hybrid', 'convex', w)),
  ];
  const paired = (other: string, of = defaultName): PairedTest => {
    const a = perQuery.get(of)!;
    const b = perQuery.get(other)!;
    const ids = [...a.keys()];
    return { against: other, ...pairedRandomisationTest(ids.map((q) => a.get(q)!), ids.map((q) => b.get(q)!)) };
  };
  const significance = [paired('lexical (BM25)'), paired('vector'), paired('hybrid rrf')];
  const sweepSignificance = options.sweep.map((weight) => {
    const name = `  sweep convex w=${weight}`;
    return { weight, vsLexical: paired('lexical (BM25)', name), vsVector: paired('vector', name) };
  });
  return { documents: collection.corpus.length, chunks, ingestMs, embedMs, queries: judged.length, rows, significance, sweepSignificance };
}
