// What the API and the tools show of documents, knowledge bases, search results and answers: TypeBox schemas (REST, OpenAPI, MCP output) and their builders.
import { Type, type Static, type TSchema } from 'typebox';
import { DOCUMENT_STATUSES, SOURCE_KINDS, type DocumentRecord } from '../domain/document.ts';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const DocumentStatusView = Type.Enum([...DOCUMENT_STATUSES]);
export const VisibilityView = Type.Union([Type.Literal('shared'), Type.Literal('private')]);

export const DocumentView = Type.Object({
  docId: Type.String(),
  knowledgeBaseId: Type.String(),
  title: Type.String(),
  filename: Type.String(),
  kind: Type.Enum([...SOURCE_KINDS]),
  mediaType: Type.String(),
  bytes: Type.Integer(),
  sha256: Type.String(),
  tags: Type.Array(Type.String()),
  status: DocumentStatusView,
  reingesting: Type.Boolean({ description: 'True while a newer ingestion than the searchable one is queued or running.' }),
  chunkCount: Type.Integer(),
  progress: Nullable(Type.Object(
    { chunks: Type.Integer(), embedded: Type.Integer() },
    { description: 'Chunks embedded of those cut, while the worker ingests (and as it ended); null before the first ingestion starts.' },
  )),
  embedder: Nullable(Type.Object({ id: Type.String(), dimensions: Type.Integer() })),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String(), at: Timestamp })),
  taskId: Nullable(Type.String()),
  ownerId: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  ingestedAt: Nullable(Timestamp),
});

export const KnowledgeBaseView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  visibility: VisibilityView,
  ownerId: Type.String(),
  members: Type.Array(Type.String()),
  isDefault: Type.Boolean(),
  vectorWeight: Type.Number({ description: "The weight hybrid search uses (the knowledge base's own, or the evaluated default)." }),
  documentCount: Type.Integer(),
  embedder: Type.String({ description: "The embedder this knowledge base's vectors (and its queries) are made with; it stays when the service's default changes." }),
  staleDocuments: Type.Integer({ description: 'Documents whose chunks another embedder made (an unfinished reindex): until they are re-ingested, only their words are found.' }),
  reindexRequired: Type.Boolean(),
  createdAt: Timestamp,
});

/** Where a passage stands: its document, knowledge base, heading and character span; search results and answer sources share it. */
const PassagePlace = {
  docId: Type.String(),
  knowledgeBaseId: Type.String(),
  title: Type.String(),
  headingPath: Type.Array(Type.String()),
  start: Type.Integer(),
  end: Type.Integer(),
};

export const SearchResultView = Type.Object({
  chunkId: Type.String(),
  ...PassagePlace,
  text: Type.String(),
  score: Type.Number(),
  lexicalScore: Nullable(Type.Number()),
  vectorScore: Nullable(Type.Number()),
});

export const SourceView = Type.Object({
  n: Type.Integer(),
  ...PassagePlace,
  chunkIds: Type.Array(Type.String()),
  text: Type.String(),
});

export const AnswerView = Type.Object({
  answer: Type.String(),
  mode: Type.Union([Type.Literal('generated'), Type.Literal('extractive')], {
    description: "generated: written by the profile's model and citation-checked; extractive: sentences copied from the sources.",
  }),
  model: Nullable(Type.String()),
  notice: Nullable(Type.String({ description: 'Why an answer is extractive although a model was expected, or other caveats.' })),
  citations: Type.Array(Type.Object({ source: Type.Integer(), docId: Type.String(), quote: Type.String() })),
  droppedCitations: Type.Array(Type.Object({ source: Type.Integer(), quote: Nullable(Type.String()), reason: Type.String() })),
  sources: Type.Array(SourceView),
});

export const ReindexView = Type.Object({ knowledgeBaseId: Type.String(), embedder: Type.String(), queued: Type.Integer() });

export type DocumentView = Static<typeof DocumentView>;
export type KnowledgeBaseView = Static<typeof KnowledgeBaseView>;
export type SearchResultView = Static<typeof SearchResultView>;
export type SourceView = Static<typeof SourceView>;
export type AnswerView = Static<typeof AnswerView>;
export type ReindexView = Static<typeof ReindexView>;

export function toDocumentView(d: DocumentRecord): DocumentView {
  return {
    docId: d._id,
    knowledgeBaseId: d.kbId,
    title: d.title,
    filename: d.filename,
    kind: d.kind,
    mediaType: d.mediaType,
    bytes: d.bytes,
    sha256: d.sha256,
    tags: [...d.tags],
    status: d.status,
    reingesting: d.readyGeneration !== null && d.readyGeneration !== d.generation && d.status !== 'failed',
    chunkCount: d.chunkCount,
    progress: d.progress ?? null,
    embedder: d.embedder,
    error: d.error === null ? null : { code: d.error.code, message: d.error.message, at: d.error.at.toISOString() },
    taskId: d.taskId,
    ownerId: d.ownerId,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    ingestedAt: d.ingestedAt?.toISOString() ?? null,
  };
}
