// Wires the use cases over the store: the core (ingest, indexes, search, answers) and, given the task service, the document routes' service.
import type { AccessPolicy, DocumentStore, Logger, TaskService } from 'nexus/kernel';
import type { ChunkingOptions } from '../domain/chunker.ts';
import { answerModelFrom } from '../domain/model-settings.ts';
import { createOpenAIChatModel } from '../infra/chat/openai-chat-model.ts';
import { createBlobRepository } from '../infra/blob-repository.ts';
import { createChunkRepository } from '../infra/chunk-repository.ts';
import { createDocumentRepository } from '../infra/document-repository.ts';
import { createExactVectorIndex } from '../infra/index/exact-vector-index.ts';
import { createLexicalIndex } from '../infra/index/lexical-index.ts';
import { createIndexVersion } from '../infra/index-version.ts';
import { createKnowledgeBaseRepository } from '../infra/knowledge-base-repository.ts';
import { documentParser } from '../infra/parsers/document-parser.ts';
import { createAnswerService, type AnswerService } from './answer-service.ts';
import { createDocumentAccess } from './document-access.ts';
import { createDocumentService, type DocumentService } from './document-service.ts';
import { createIngestService, type IngestService } from './ingest-service.ts';
import { createKnowledgeBaseService, type KnowledgeBaseService } from './knowledge-base-service.ts';
import { createLiveIndex, type LiveIndex } from './live-index.ts';
import type { BlobRepository, ChatModelSource, Clock, DocumentRepository, Embedder, IdSource, KnowledgeBaseRepository } from './ports.ts';
import { createSearchService, type SearchService } from './search-service.ts';

export interface CoreDeps {
  readonly store: DocumentStore;
  readonly access: AccessPolicy;
  readonly profile: { current(): unknown };
  readonly logger: Logger;
  readonly embedder: Embedder;
  readonly chunking: ChunkingOptions;
  readonly clock: Clock;
  readonly ids: IdSource;
  /** Vector dimensions of the embedder, when known before its first call (sizes the vector index). */
  readonly dimensions?: number;
}

export interface RagCore {
  readonly repositories: { readonly documents: DocumentRepository; readonly blobs: BlobRepository; readonly knowledgeBases: KnowledgeBaseRepository };
  readonly knowledgeBases: KnowledgeBaseService;
  readonly ingest: IngestService;
  readonly live: LiveIndex;
  readonly search: SearchService;
  readonly answers: AnswerService;
  readonly embedder: Embedder;
  close(): Promise<void>;
}

export interface RagServices extends RagCore {
  readonly documents: DocumentService;
  readonly maxUploadBytes: number;
}

/** A vector index that takes its size from the first vector, since a remote embedder's dimensions are learned on first use. */
function lazyVectorIndex(dimensions: number | undefined) {
  let index = dimensions === undefined ? undefined : createExactVectorIndex(dimensions);
  return {
    add(id: string, vector: Float32Array) {
      index ??= createExactVectorIndex(vector.length);
      index.add(id, vector);
    },
    remove: (ids: readonly string[]) => index?.remove(ids),
    search: (query: Float32Array, limit: number, accept: (id: string) => boolean) => index?.search(query, limit, accept) ?? [],
    get size() {
      return index?.size ?? 0;
    },
  };
}

export function createRagCore(deps: CoreDeps): RagCore {
  const documents = createDocumentRepository(deps.store);
  const chunks = createChunkRepository(deps.store);
  const blobs = createBlobRepository(deps.store);
  const kbs = createKnowledgeBaseRepository(deps.store);
  const version = createIndexVersion(deps.store);
  const knowledgeBases = createKnowledgeBaseService({ kbs, documents, access: deps.access, ids: deps.ids, clock: deps.clock, profile: deps.profile, embedderId: deps.embedder.id });
  const access = createDocumentAccess(documents, kbs);
  const live = createLiveIndex({ documents, chunks, version, lexical: createLexicalIndex(), vector: lazyVectorIndex(deps.dimensions), embedderId: deps.embedder.id, logger: deps.logger });
  const search = createSearchService({ live, chunks, embedder: deps.embedder, knowledgeBases, access });
  const model: ChatModelSource = () => {
    const choice = answerModelFrom(deps.profile.current());
    return 'settings' in choice ? { model: createOpenAIChatModel(choice.settings) } : choice;
  };
  return {
    repositories: { documents, blobs, knowledgeBases: kbs },
    knowledgeBases,
    ingest: createIngestService({ documents, chunks, blobs, version, parser: documentParser, embedder: deps.embedder, chunking: deps.chunking, clock: deps.clock }),
    live,
    search,
    answers: createAnswerService({ search, model }),
    embedder: deps.embedder,
    close: () => deps.embedder.close(),
  };
}

export function createRagServices(deps: CoreDeps & { readonly tasks: TaskService; readonly maxUploadBytes: number }): RagServices {
  const core = createRagCore(deps);
  const { documents, blobs, knowledgeBases: kbs } = core.repositories;
  const documentsService = createDocumentService({
    documents, chunks: createChunkRepository(deps.store), blobs, version: createIndexVersion(deps.store), knowledgeBases: core.knowledgeBases,
    access: createDocumentAccess(documents, kbs), tasks: deps.tasks, ids: deps.ids, clock: deps.clock,
  });
  return { ...core, documents: documentsService, maxUploadBytes: deps.maxUploadBytes };
}
