// Hybrid retrieval: BM25 and vector candidates within the caller's knowledge bases and filters, fused, capped per document, top-k.
import type { Identity } from 'nexus/kernel';
import type { Caller } from '../domain/access.ts';
import { capPerDocument, convexFusion, minMaxNormalise, reciprocalRankFusion, type Completion, type Fused, type FusionMethod, type Scored } from '../domain/fusion.ts';
import type { RetrievedChunk } from '../domain/context.ts';
import { wordTokens } from '../domain/text-tokens.ts';
import { errors } from '../errors.ts';
import type { DocumentAccess } from './document-access.ts';
import type { KnowledgeBaseService } from './knowledge-base-service.ts';
import type { LiveIndex } from './live-index.ts';
import type { KnowledgeBaseRecord } from '../domain/knowledge-base.ts';
import type { ChunkRepository, EmbedderCatalog } from './ports.ts';
import type { SearchResultView } from './views.ts';

export type SearchMode = 'hybrid' | 'lexical' | 'vector';

export interface SearchRequest {
  readonly query: string;
  readonly knowledgeBaseIds?: readonly string[];
  readonly documentIds?: readonly string[];
  /** A chunk's document must carry every one of these tags. */
  readonly tags?: readonly string[];
  readonly topK?: number;
  readonly maxPerDocument?: number;
  readonly mode?: SearchMode;
  readonly fusion?: FusionMethod;
  /** Overrides the knowledge base's weight of the vector score (convex fusion) or of the vector ranking (RRF). */
  readonly vectorWeight?: number;
}

export interface Candidates {
  readonly lexical: Scored[];
  readonly vector: Scored[];
  /** Hybrid searches only: each retriever's actual score for the other's candidates it did not return. */
  readonly completion: Completion;
  readonly vectorWeight: number;
}

export interface RankOptions {
  readonly mode: SearchMode;
  readonly fusion: FusionMethod;
  readonly vectorWeight: number;
  readonly topK: number;
  readonly maxPerDocument: number;
}

/** A retrieved chunk with the raw score each retriever gave it (null: that retriever did not return it). */
export type Hit = RetrievedChunk & { readonly lexicalScore: number | null; readonly vectorScore: number | null };

export interface SearchService {
  search(identity: Identity, request: SearchRequest): Promise<SearchResultView[]>;
  /** The chunks behind a search, with texts, for answers. */
  retrieve(identity: Identity, request: SearchRequest): Promise<Hit[]>;
  /** The two candidate lists before fusion (the evaluation ranks them several ways). */
  candidates(caller: Caller, request: SearchRequest, pool: number): Promise<Candidates>;
  rank(candidates: Candidates, options: RankOptions): Fused[];
}

export interface SearchDeps {
  readonly live: LiveIndex;
  readonly chunks: ChunkRepository;
  readonly embedders: EmbedderCatalog;
  readonly knowledgeBases: KnowledgeBaseService;
  readonly access: DocumentAccess;
}

export const SEARCH_LIMITS = { topK: 8, maxTopK: 100, maxPerDocument: 3, minPool: 50 } as const;

export function createSearchService(deps: SearchDeps): SearchService {
  const { live } = deps;

  /**
   * Vector candidates: each knowledge base's query vector comes from its own embedder. Scores of different models are not
   * comparable, so when the knowledge bases searched use several, each model's list is min-max normalised before merging.
   */
  async function vectorCandidates(kbs: readonly KnowledgeBaseRecord[], query: string, pool: number, accept: (id: string) => boolean) {
    const groups = new Map<string, Set<string>>();
    for (const kb of kbs) {
      const id = await deps.knowledgeBases.embedderOf(kb);
      groups.set(id, (groups.get(id) ?? new Set()).add(kb._id));
    }
    const lists: Scored[][] = [];
    let rescore: (ids: readonly string[]) => Map<string, number> = () => new Map();
    for (const [embedderId, kbIds] of groups) {
      const q = await deps.embedders.get(embedderId).embedQuery(query);
      const index = live.vector(embedderId);
      // With one embedder for all the knowledge bases searched, accept already says "in one of them": no second look-up per row.
      const inGroup = groups.size === 1 ? accept : (id: string) => accept(id) && kbIds.has(live.meta(id)!.kbId);
      lists.push(index?.search(q, pool, inGroup) ?? []);
      if (index !== undefined) rescore = (ids) => index.score(q, ids);
    }
    if (lists.length === 1) return { scored: lists[0]!, rescore };
    // Normalised scores of several models have no raw cosine to recompute: a missed chunk takes the list's floor.
    const merged = lists.flatMap((list) => [...minMaxNormalise(list)].map(([id, score]) => ({ id, score })));
    return { scored: merged.sort((a, b) => b.score - a.score).slice(0, pool), rescore: () => new Map<string, number>() };
  }

  /** Recomputes each retriever's score for the chunks only the other returned (BM25 0 where no query word occurs). */
  function complete(query: string, lexical: readonly Scored[], vector: readonly Scored[], rescore: (ids: readonly string[]) => Map<string, number>): Completion {
    const lexIds = new Set(lexical.map((s) => s.id));
    const vecIds = new Set(vector.map((s) => s.id));
    const lexMissing = new Set([...vecIds].filter((id) => !lexIds.has(id)));
    const lexScores = new Map<string, number>([...lexMissing].map((id) => [id, 0]));
    if (lexMissing.size > 0) for (const s of live.lexical.search(query, lexMissing.size, (id) => lexMissing.has(id))) lexScores.set(s.id, s.score);
    return { lexical: lexScores, vector: rescore([...lexIds].filter((id) => !vecIds.has(id))) };
  }

  const service: SearchService = {
    async candidates(caller, request, pool) {
      const query = request.query.trim();
      if (query === '' || wordTokens(query).length === 0) throw errors.rag_invalid_query({ field: 'query' }, 'The query has no searchable words.');
      const mode = request.mode ?? 'hybrid';
      const kbs = await deps.knowledgeBases.forSearch(caller, request.knowledgeBaseIds);
      const docIds = request.documentIds === undefined ? undefined : new Set(request.documentIds);
      // Each named document must be visible to the caller, or the search fails as for an unknown id.
      for (const id of docIds ?? []) await deps.access.visible(caller, id);
      await live.refresh();
      const kbIds = new Set(kbs.map((kb) => kb._id));
      const tags = request.tags ?? [];
      const accept = (id: string) => {
        const m = live.meta(id);
        return m !== undefined && kbIds.has(m.kbId) && (docIds === undefined || docIds.has(m.docId)) && tags.every((t) => m.tags.includes(t));
      };
      const lexical = mode === 'vector' ? [] : live.lexical.search(query, pool, accept);
      const found = mode === 'lexical' ? undefined : await vectorCandidates(kbs, query, pool, accept);
      const vector = found?.scored ?? [];
      const completion = found === undefined || mode !== 'hybrid' ? { lexical: new Map(), vector: new Map() } : complete(query, lexical, vector, found.rescore);
      const vectorWeight = request.vectorWeight ?? (kbs.length === 1 ? deps.knowledgeBases.vectorWeightOf(kbs[0]!) : kbs.reduce((s, kb) => s + deps.knowledgeBases.vectorWeightOf(kb), 0) / kbs.length);
      return { lexical, vector, completion, vectorWeight };
    },
    rank(candidates, options) {
      let fused: Fused[];
      if (options.mode === 'lexical') fused = candidates.lexical.map((s) => ({ id: s.id, score: s.score, lexical: s.score, vector: null }));
      else if (options.mode === 'vector') fused = candidates.vector.map((s) => ({ id: s.id, score: s.score, lexical: null, vector: s.score }));
      else if (options.fusion === 'rrf') fused = reciprocalRankFusion(candidates.lexical, candidates.vector, options.vectorWeight);
      else fused = convexFusion(candidates.lexical, candidates.vector, options.vectorWeight, candidates.completion);
      return capPerDocument(fused, (id) => live.meta(id)?.docId, options.maxPerDocument, options.topK);
    },
    async retrieve(identity, request) {
      const caller = deps.knowledgeBases.callerOf(identity);
      const topK = Math.min(request.topK ?? SEARCH_LIMITS.topK, SEARCH_LIMITS.maxTopK);
      const maxPerDocument = request.maxPerDocument ?? SEARCH_LIMITS.maxPerDocument;
      const candidates = await service.candidates(caller, request, Math.max(SEARCH_LIMITS.minPool, topK * maxPerDocument * 3));
      const ranked = service.rank(candidates, {
        mode: request.mode ?? 'hybrid', fusion: request.fusion ?? 'convex', vectorWeight: request.vectorWeight ?? candidates.vectorWeight, topK, maxPerDocument,
      });
      const stored = new Map((await deps.chunks.getMany(ranked.map((r) => r.id))).map((c) => [c._id, c]));
      const out: Hit[] = [];
      for (const r of ranked) {
        const m = live.meta(r.id);
        const c = stored.get(r.id);
        // A chunk deleted since the index last looked is skipped rather than shown without its text.
        if (m === undefined || c === undefined) continue;
        out.push({
          id: r.id, docId: m.docId, kbId: m.kbId, title: m.title, headingPath: c.headingPath, ordinal: c.ordinal, start: c.start, end: c.end, tokens: c.tokens,
          text: c.text, score: r.score, lexicalScore: r.lexical, vectorScore: r.vector,
        });
      }
      return out;
    },
    async search(identity, request) {
      return (await service.retrieve(identity, request)).map((c) => ({
        chunkId: c.id, docId: c.docId, knowledgeBaseId: c.kbId, title: c.title, headingPath: [...c.headingPath], start: c.start, end: c.end,
        text: c.text, score: c.score, lexicalScore: c.lexicalScore, vectorScore: c.vectorScore,
      }));
    },
  };
  return service;
}
