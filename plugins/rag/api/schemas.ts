// TypeBox schemas of the REST routes and MCP tools: the single source of their validation and their OpenAPI/JSON Schema; the views are the service's.
import { Type } from 'typebox';
import { Page, PageQuery } from 'nexus/kernel';
import { DOCUMENT_ID_PATTERN } from '../domain/document.ts';
import { KNOWLEDGE_BASE_ID_PATTERN } from '../domain/knowledge-base.ts';
import { DocumentStatusView, DocumentView, SearchResultView, VisibilityView } from '../svc/views.ts';

export const DocId = Type.String({ pattern: DOCUMENT_ID_PATTERN, description: 'An opaque document id issued by the upload.' });
export const KbId = Type.String({ pattern: KNOWLEDGE_BASE_ID_PATTERN, description: 'An opaque knowledge base id (GET /api/rag/knowledge-bases).' });
const Tag = Type.String({ minLength: 1, maxLength: 64 });

export const DocumentPage = Page(DocumentView);

export const DocumentListQuery = Type.Object(
  {
    knowledgeBaseId: Type.Optional(KbId),
    status: Type.Optional(DocumentStatusView),
    tag: Type.Optional(Tag),
    ...PageQuery.properties,
  },
  { additionalProperties: false },
);

export const CreateKnowledgeBaseBody = Type.Object(
  {
    name: Type.String({ pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$' }),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    visibility: VisibilityView,
    members: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 200 })),
    vectorWeight: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    embedder: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The embedder of its vectors; omitted: the service default.' })),
  },
  { additionalProperties: false },
);

const RetrievalFields = {
  knowledgeBaseIds: Type.Optional(Type.Array(KbId, { maxItems: 20, description: 'Knowledge bases to search; the default one when omitted.' })),
  docIds: Type.Optional(Type.Array(DocId, { maxItems: 100, description: 'Only these documents.' })),
  tags: Type.Optional(Type.Array(Tag, { maxItems: 20, description: 'Only documents carrying every one of these tags.' })),
  topK: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  maxPerDocument: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  mode: Type.Optional(Type.Union([Type.Literal('hybrid'), Type.Literal('lexical'), Type.Literal('vector')])),
  fusion: Type.Optional(Type.Union([Type.Literal('convex'), Type.Literal('rrf')])),
  vectorWeight: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
};

export const SearchBody = Type.Object({ query: Type.String({ minLength: 1, maxLength: 2000 }), ...RetrievalFields }, { additionalProperties: false });

export const QueryBody = Type.Object(
  { question: Type.String({ minLength: 1, maxLength: 4000 }), ...RetrievalFields, maxContextTokens: Type.Optional(Type.Integer({ minimum: 100, maximum: 16_000 })) },
  { additionalProperties: false },
);

export const SearchResponse = Type.Object({ results: Type.Array(SearchResultView) });

export const DocParams = Type.Object({ id: DocId }, { additionalProperties: false });
export const KbParams = Type.Object({ id: KbId }, { additionalProperties: false });
export const ReindexBody = Type.Object(
  { embedder: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Switch the knowledge base to this embedder (e.g. bge-small-en-v1.5-q, use-lite-512); omitted: keep its own.' })) },
  { additionalProperties: false },
);
