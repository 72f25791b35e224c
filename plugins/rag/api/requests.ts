// The wire's search and query bodies are the use cases' requests but for `docIds`, which the services call documentIds; shared by REST and MCP.
import type { Static } from 'typebox';
import type { QueryRequest } from '../svc/answer-service.ts';
import type { SearchRequest } from '../svc/search-service.ts';
import type { QueryBody, SearchBody } from './schemas.ts';

function withDocumentIds<B extends { docIds?: string[] }>({ docIds, ...rest }: B): Omit<B, 'docIds'> & { documentIds?: string[] } {
  return { ...rest, ...(docIds !== undefined ? { documentIds: docIds } : {}) };
}

export const toSearchRequest = (body: Static<typeof SearchBody>): SearchRequest => withDocumentIds(body);
export const toQueryRequest = (body: Static<typeof QueryBody>): QueryRequest => withDocumentIds(body);
