// What the API and the tools show: snake_case views of documents, knowledge bases, search results and answers.
import type { DocumentRecord, DocumentStatus, EmbedderStamp, SourceKind } from '../domain/document.ts';
import type { Visibility } from '../domain/knowledge-base.ts';
import type { DropReason } from '../domain/citations.ts';

export interface DocumentView {
  doc_id: string;
  knowledge_base_id: string;
  title: string;
  filename: string;
  kind: SourceKind;
  media_type: string;
  bytes: number;
  sha256: string;
  tags: string[];
  status: DocumentStatus;
  /** True while a newer ingestion than the searchable one is queued or running. */
  reingesting: boolean;
  chunk_count: number;
  /** Chunks embedded of those cut, while the worker ingests (and as it ended); null before the first ingestion starts. */
  progress: { chunks: number; embedded: number } | null;
  embedder: EmbedderStamp | null;
  error: { code: string; message: string; at: string } | null;
  task_id: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
  ingested_at: string | null;
}

export function toDocumentView(d: DocumentRecord): DocumentView {
  return {
    doc_id: d._id,
    knowledge_base_id: d.kbId,
    title: d.title,
    filename: d.filename,
    kind: d.kind,
    media_type: d.mediaType,
    bytes: d.bytes,
    sha256: d.sha256,
    tags: [...d.tags],
    status: d.status,
    reingesting: d.readyGeneration !== null && d.readyGeneration !== d.generation && d.status !== 'failed',
    chunk_count: d.chunkCount,
    progress: d.progress ?? null,
    embedder: d.embedder,
    error: d.error === null ? null : { code: d.error.code, message: d.error.message, at: d.error.at.toISOString() },
    task_id: d.taskId,
    owner_id: d.ownerId,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    ingested_at: d.ingestedAt?.toISOString() ?? null,
  };
}

export interface KnowledgeBaseView {
  id: string;
  name: string;
  description: string;
  visibility: Visibility;
  owner_id: string;
  members: string[];
  is_default: boolean;
  /** The weight hybrid search uses (the knowledge base's own, or the evaluated default). */
  vector_weight: number;
  document_count: number;
  /** The embedder this knowledge base's vectors (and its queries) are made with; it stays when the service's default changes. */
  embedder: string;
  /** Documents whose chunks another embedder made (an unfinished reindex): until they are re-ingested, only their words are found. */
  stale_documents: number;
  reindex_required: boolean;
  created_at: string;
}

export interface SearchResultView {
  chunk_id: string;
  doc_id: string;
  knowledge_base_id: string;
  title: string;
  heading_path: string[];
  start: number;
  end: number;
  text: string;
  score: number;
  lexical_score: number | null;
  vector_score: number | null;
}

export interface SourceView {
  n: number;
  doc_id: string;
  knowledge_base_id: string;
  title: string;
  heading_path: string[];
  start: number;
  end: number;
  chunk_ids: string[];
  text: string;
}

export interface AnswerView {
  answer: string;
  /** generated: written by the profile's model and citation-checked; extractive: sentences copied from the sources. */
  mode: 'generated' | 'extractive';
  model: string | null;
  /** Why an answer is extractive although a model was expected, or other caveats. */
  notice: string | null;
  citations: { source: number; doc_id: string; quote: string }[];
  dropped_citations: { source: number; quote: string | null; reason: DropReason }[];
  sources: SourceView[];
}
