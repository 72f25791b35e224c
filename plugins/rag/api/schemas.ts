// TypeBox schemas of the REST routes and MCP tools: the single source of their validation and their OpenAPI/JSON Schema.
import { Type, type TSchema } from 'typebox';
import { Page, PageQuery } from 'nexus/kernel';
import { DOCUMENT_ID_PATTERN } from '../domain/document.ts';
import { KNOWLEDGE_BASE_ID_PATTERN } from '../domain/knowledge-base.ts';

export const DocId = Type.String({ pattern: DOCUMENT_ID_PATTERN, description: 'An opaque document id issued by the upload.' });
export const KbId = Type.String({ pattern: KNOWLEDGE_BASE_ID_PATTERN, description: 'An opaque knowledge base id (GET /api/rag/knowledge-bases).' });
const Tag = Type.String({ minLength: 1, maxLength: 64 });
const Status = Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]);
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const DocumentView = Type.Object({
  doc_id: Type.String(),
  knowledge_base_id: Type.String(),
  title: Type.String(),
  filename: Type.String(),
  kind: Type.Union([Type.Literal('text'), Type.Literal('markdown'), Type.Literal('html'), Type.Literal('pdf'), Type.Literal('docx')]),
  media_type: Type.String(),
  bytes: Type.Integer(),
  sha256: Type.String(),
  tags: Type.Array(Type.String()),
  status: Status,
  reingesting: Type.Boolean(),
  chunk_count: Type.Integer(),
  progress: Nullable(Type.Object({ chunks: Type.Integer(), embedded: Type.Integer() })),
  embedder: Nullable(Type.Object({ id: Type.String(), dimensions: Type.Integer() })),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String(), at: Timestamp })),
  task_id: Nullable(Type.String()),
  owner_id: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  ingested_at: Nullable(Timestamp),
});

export const DocumentPage = Page(DocumentView);

export const DocumentListQuery = Type.Object(
  {
    knowledge_base_id: Type.Optional(KbId),
    status: Type.Optional(Status),
    tag: Type.Optional(Tag),
    ...PageQuery.properties,
  },
  { additionalProperties: false },
);

export const KnowledgeBaseView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  visibility: Type.Union([Type.Literal('shared'), Type.Literal('private')]),
  owner_id: Type.String(),
  members: Type.Array(Type.String()),
  is_default: Type.Boolean(),
  vector_weight: Type.Number(),
  document_count: Type.Integer(),
  embedder: Type.String(),
  stale_documents: Type.Integer(),
  reindex_required: Type.Boolean(),
  created_at: Timestamp,
});

export const CreateKnowledgeBaseBody = Type.Object(
  {
    name: Type.String({ pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$' }),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    visibility: Type.Union([Type.Literal('shared'), Type.Literal('private')]),
    members: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 200 })),
    vector_weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    embedder: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The embedder of its vectors; omitted: the service default.' })),
  },
  { additionalProperties: false },
);

const RetrievalFields = {
  knowledge_base_ids: Type.Optional(Type.Array(KbId, { maxItems: 20, description: 'Knowledge bases to search; the default one when omitted.' })),
  doc_ids: Type.Optional(Type.Array(DocId, { maxItems: 100, description: 'Only these documents.' })),
  tags: Type.Optional(Type.Array(Tag, { maxItems: 20, description: 'Only documents carrying every one of these tags.' })),
  top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  max_per_document: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  mode: Type.Optional(Type.Union([Type.Literal('hybrid'), Type.Literal('lexical'), Type.Literal('vector')])),
  fusion: Type.Optional(Type.Union([Type.Literal('convex'), Type.Literal('rrf')])),
  vector_weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
};

export const SearchBody = Type.Object({ query: Type.String({ minLength: 1, maxLength: 2000 }), ...RetrievalFields }, { additionalProperties: false });

export const QueryBody = Type.Object(
  { question: Type.String({ minLength: 1, maxLength: 4000 }), ...RetrievalFields, max_context_tokens: Type.Optional(Type.Integer({ minimum: 100, maximum: 16_000 })) },
  { additionalProperties: false },
);

export const SearchResult = Type.Object({
  chunk_id: Type.String(),
  doc_id: Type.String(),
  knowledge_base_id: Type.String(),
  title: Type.String(),
  heading_path: Type.Array(Type.String()),
  start: Type.Integer(),
  end: Type.Integer(),
  text: Type.String(),
  score: Type.Number(),
  lexical_score: Nullable(Type.Number()),
  vector_score: Nullable(Type.Number()),
});

export const SearchResponse = Type.Object({ results: Type.Array(SearchResult) });

export const AnswerResponse = Type.Object({
  answer: Type.String(),
  mode: Type.Union([Type.Literal('generated'), Type.Literal('extractive')]),
  model: Nullable(Type.String()),
  notice: Nullable(Type.String()),
  citations: Type.Array(Type.Object({ source: Type.Integer(), doc_id: Type.String(), quote: Type.String() })),
  dropped_citations: Type.Array(Type.Object({ source: Type.Integer(), quote: Nullable(Type.String()), reason: Type.String() })),
  sources: Type.Array(
    Type.Object({
      n: Type.Integer(),
      doc_id: Type.String(),
      knowledge_base_id: Type.String(),
      title: Type.String(),
      heading_path: Type.Array(Type.String()),
      start: Type.Integer(),
      end: Type.Integer(),
      chunk_ids: Type.Array(Type.String()),
      text: Type.String(),
    }),
  ),
});

export const DocParams = Type.Object({ id: DocId }, { additionalProperties: false });
export const KbParams = Type.Object({ id: KbId }, { additionalProperties: false });
export const ReindexBody = Type.Object(
  { embedder: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Switch the knowledge base to this embedder (e.g. bge-small-en-v1.5-q, use-lite-512); omitted: keep its own.' })) },
  { additionalProperties: false },
);
export const ReindexResponse = Type.Object({ knowledge_base_id: Type.String(), embedder: Type.String(), queued: Type.Integer() });
