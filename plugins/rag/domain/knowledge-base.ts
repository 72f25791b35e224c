// Knowledge bases group documents; each says who may read and add to it and how its hybrid search weighs vectors against words.

export type Visibility = 'shared' | 'private';

export interface KnowledgeBaseRecord {
  readonly _id: string;
  /** Unique; the profile names the default knowledge base by it. */
  readonly name: string;
  readonly description: string;
  /** shared: every user with rag.read may read it and every user with rag.write may add to it; private: its owner and members only. */
  readonly visibility: Visibility;
  readonly ownerId: string;
  readonly members: readonly string[];
  /** Weight of the vector score in convex fusion (0 = words only, 1 = vectors only); null uses the evaluated default. */
  readonly vectorWeight: number | null;
  /**
   * The embedder its vectors are made with; searches embed the query with it. A knowledge base keeps it when the service's
   * default changes, until it is reindexed with another. Absent on records older than this field: then it is the one
   * their documents were made with (recorded at first use).
   */
  readonly embedder?: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const KNOWLEDGE_BASE_ID_PATTERN = '^kb_[A-Za-z0-9_-]{24}$';
export const FALLBACK_DEFAULT_KB = 'default';
/** Owner of knowledge bases Nexus makes itself (the default one). */
export const SYSTEM_OWNER = 'system';
export const KB_NAME = /^[a-z0-9][a-z0-9_.-]{0,63}$/;

/**
 * Vector weight of convex fusion (scores min-max normalised over the union of both candidate sets, a missed chunk scored
 * by the retriever's recomputed score) when a knowledge base sets none. Measured with `npm run rag:eval -- --sweep` on the
 * judged TREC RAG 2024 subset (bench/rag/trec-rag24: 1,715 passages, 84 queries, NIST grades) with bge-small-en-v1.5:
 * nDCG@10 BM25 0.646, vectors 0.731, convex w=0.7 0.735, w=0.8 0.738 (the best of 0.2-0.8), RRF 0.731. The only judged
 * collection we could get from a registry, so no claim beyond it.
 */
export const DEFAULT_VECTOR_WEIGHT = 0.8;

/** The default knowledge base the profile names, read defensively: the profile schema may not have the field yet. */
export function defaultKnowledgeBaseName(profile: unknown): string {
  const p = (typeof profile === 'object' && profile !== null ? profile : {}) as Record<string, unknown>;
  const section = p['knowledgeBase'];
  const fromSection = typeof section === 'object' && section !== null ? (section as Record<string, unknown>)['default'] : undefined;
  const candidate = typeof fromSection === 'string' ? fromSection : p['defaultKnowledgeBase'];
  return typeof candidate === 'string' && KB_NAME.test(candidate) ? candidate : FALLBACK_DEFAULT_KB;
}
