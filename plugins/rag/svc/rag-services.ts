// Wires the use cases over the store: the core (ingest, indexes, search, answers) and, given the task service, the document routes' service.
import type { AccessPolicy, Clock, DocumentStore, Logger, TaskService } from 'nexus/kernel';
import type { ChunkingOptions } from '../domain/chunker.ts';
import { answerModelFrom } from '../domain/model-settings.ts';
import { createOpenAIChatModel } from '../infra/chat/openai-chat-model.ts';
import { createBlobRepository } from '../infra/blob-repository.ts';
import { createChunkRepository } from '../infra/chunk-repository.ts';
import { createDocumentRepository } from '../infra/document-repository.ts';
import { createSignQuantisedVectorIndex } from '../infra/index/sign-quantised-vector-index.ts';
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
import { errors } from '../errors.ts';
import type { BlobRepository, ChatModelSource, DocumentRepository, EmbedderCatalog, IdSource, KnowledgeBaseRepository } from './ports.ts';
import { createSearchService, type SearchService } from './search-service.ts';

export interface CoreDeps {
  readonly store: DocumentStore;
  readonly access: AccessPolicy;
  readonly profile: { current(): unknown };
  readonly logger: Logger;
  readonly embedders: EmbedderCatalog;
  readonly chunking: ChunkingOptions;
  readonly clock: Clock;
  readonly ids: IdSource;
}

export interface RagCore {
  readonly repositories: { readonly documents: DocumentRepository; readonly blobs: BlobRepository; readonly knowledgeBases: KnowledgeBaseRepository };
  readonly knowledgeBases: KnowledgeBaseService;
  readonly ingest: IngestService;
  readonly live: LiveIndex;
  readonly search: SearchService;
  readonly answers: AnswerService;
  readonly embedders: EmbedderCatalog;
  close(): Promise<void>;
}

export interface RagServices extends RagCore {
  readonly documents: DocumentService;
  readonly maxUploadBytes: number;
}

export function createRagCore(deps: CoreDeps): RagCore {
  const documents = createDocumentRepository(deps.store);
  const chunks = createChunkRepository(deps.store);
  const blobs = createBlobRepository(deps.store);
  const kbs = createKnowledgeBaseRepository(deps.store);
  const version = createIndexVersion(deps.store);
  const knowledgeBases = createKnowledgeBaseService({ kbs, documents, access: deps.access, ids: deps.ids, clock: deps.clock, profile: deps.profile, embedders: deps.embedders });
  const access = createDocumentAccess(documents, kbs);
  const embedderFor = async (kbId: string) => {
    const kb = await kbs.get(kbId);
    if (kb === null) throw errors.rag_knowledge_base_not_found({ knowledgeBaseId: kbId });
    return deps.embedders.get(await knowledgeBases.embedderOf(kb));
  };
  const live = createLiveIndex({ documents, chunks, version, lexical: createLexicalIndex(), vectorIndex: (_id, dimensions) => createSignQuantisedVectorIndex(dimensions), logger: deps.logger });
  const search = createSearchService({ live, chunks, embedders: deps.embedders, knowledgeBases, access });
  const model: ChatModelSource = () => {
    const choice = answerModelFrom(deps.profile.current());
    return 'settings' in choice ? { model: createOpenAIChatModel(choice.settings) } : choice;
  };
  return {
    repositories: { documents, blobs, knowledgeBases: kbs },
    knowledgeBases,
    ingest: createIngestService({ documents, chunks, blobs, version, parser: documentParser, embedderFor, chunking: deps.chunking, clock: deps.clock }),
    live,
    search,
    answers: createAnswerService({ search, model }),
    embedders: deps.embedders,
    close: () => deps.embedders.close(),
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
