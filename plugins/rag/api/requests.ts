// Maps the wire's snake_case request bodies onto the use cases' requests; shared by the REST routes and the MCP tools.
import type { Static } from 'typebox';
import type { QueryRequest } from '../svc/answer-service.ts';
import type { DocumentListFilter } from '../svc/document-service.ts';
import type { SearchRequest } from '../svc/search-service.ts';
import type { DocumentListQuery, QueryBody, SearchBody } from './schemas.ts';

type Retrieval = Omit<Static<typeof SearchBody>, 'query'>;

function retrieval(body: Retrieval): Omit<SearchRequest, 'query'> {
  return {
    ...(body.knowledge_base_ids !== undefined ? { knowledgeBaseIds: body.knowledge_base_ids } : {}),
    ...(body.doc_ids !== undefined ? { documentIds: body.doc_ids } : {}),
    ...(body.tags !== undefined ? { tags: body.tags } : {}),
    ...(body.top_k !== undefined ? { topK: body.top_k } : {}),
    ...(body.max_per_document !== undefined ? { maxPerDocument: body.max_per_document } : {}),
    ...(body.mode !== undefined ? { mode: body.mode } : {}),
    ...(body.fusion !== undefined ? { fusion: body.fusion } : {}),
    ...(body.vector_weight !== undefined ? { vectorWeight: body.vector_weight } : {}),
  };
}

export const toSearchRequest = (body: Static<typeof SearchBody>): SearchRequest => ({ query: body.query, ...retrieval(body) });

export function toQueryRequest(body: Static<typeof QueryBody>): QueryRequest {
  const { question, max_context_tokens, ...rest } = body;
  return { question, ...retrieval(rest), ...(max_context_tokens !== undefined ? { maxContextTokens: max_context_tokens } : {}) };
}

export function toDocumentListFilter(q: Static<typeof DocumentListQuery>): DocumentListFilter {
  return {
    ...(q.knowledge_base_id !== undefined ? { knowledgeBaseId: q.knowledge_base_id } : {}),
    ...(q.status !== undefined ? { status: q.status } : {}),
    ...(q.tag !== undefined ? { tag: q.tag } : {}),
    ...(q.limit !== undefined ? { limit: q.limit } : {}),
    ...(q.offset !== undefined ? { offset: q.offset } : {}),
  };
}
