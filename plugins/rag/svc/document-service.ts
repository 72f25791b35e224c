// Document use cases: upload (checked, stored, queued as a rag.ingest task), list, get, delete, re-ingest and reindex.
import { createHash } from 'node:crypto';
import { pageRequest, type Clock, type Identity, type Page, type TaskService } from 'nexus/kernel';
import { canAddToKnowledgeBase, canManageKnowledgeBase } from '../domain/access.ts';
import { MAX_TAGS, isValidTag, titleFromFilename, type DocumentRecord, type DocumentStatus } from '../domain/document.ts';
import { errors } from '../errors.ts';
import { inspectUpload } from '../infra/parsers/inspect-upload.ts';
import type { DocumentAccess } from './document-access.ts';
import type { KnowledgeBaseService } from './knowledge-base-service.ts';
import type { BlobRepository, ChunkRepository, DocumentRepository, IdSource, IndexVersion } from './ports.ts';
import { toDocumentView, type DocumentView, type ReindexView } from './views.ts';

export const INGEST_KIND = 'rag.ingest';

export interface UploadInput {
  readonly filename: string;
  readonly mediaType: string;
  readonly bytes: Buffer;
  readonly knowledgeBaseId?: string;
  readonly title?: string;
  readonly tags?: readonly string[];
}

export interface DocumentListFilter {
  readonly knowledgeBaseId?: string;
  readonly status?: DocumentStatus;
  readonly tag?: string;
  readonly limit?: number;
  readonly offset?: number;
}

export interface DocumentService {
  upload(identity: Identity, input: UploadInput): Promise<DocumentView>;
  list(identity: Identity, filter?: DocumentListFilter): Promise<Page<DocumentView>>;
  get(identity: Identity, id: string): Promise<DocumentView>;
  remove(identity: Identity, id: string): Promise<void>;
  reingest(identity: Identity, id: string): Promise<DocumentView>;
  /** Re-ingests every document of a knowledge base, with `embedder` from now on when it is given. */
  reindex(identity: Identity, knowledgeBaseId: string, embedder?: string): Promise<ReindexView>;
  /** The executor's creation-time check: the document exists at that generation and the task owner may change it. */
  checkIngestable(identity: Identity, id: string, generation: number): Promise<void>;
}

export interface DocumentServiceDeps {
  readonly documents: DocumentRepository;
  readonly chunks: ChunkRepository;
  readonly blobs: BlobRepository;
  readonly version: IndexVersion;
  readonly knowledgeBases: KnowledgeBaseService;
  readonly access: DocumentAccess;
  readonly tasks: TaskService;
  readonly ids: IdSource;
  readonly clock: Clock;
}

export function createDocumentService(deps: DocumentServiceDeps): DocumentService {
  const { documents, knowledgeBases, clock } = deps;
  const { visible, changeable } = deps.access;

  async function queueIngest(identity: Identity, doc: DocumentRecord, generation: number): Promise<DocumentRecord> {
    const task = await deps.tasks.create(identity, {
      kind: INGEST_KIND,
      title: `Ingest ${doc.title}`.slice(0, 200),
      payload: { doc_id: doc._id, generation },
      schedule: { type: 'once', at: clock.now().toISOString() },
      createdVia: 'api',
    });
    return (await documents.update(doc._id, generation, { taskId: task.id, updatedAt: clock.now() })) ?? doc;
  }

  /** Bumps the generation (so a running or queued ingestion of the old one does nothing) and queues the new one. */
  async function requeue(identity: Identity, doc: DocumentRecord): Promise<DocumentRecord> {
    const bumped = await documents.update(doc._id, doc.generation, { status: 'queued', attempts: 0, error: null, updatedAt: clock.now() }, { generation: 1 });
    if (bumped === null) throw errors.rag_document_busy({ docId: doc._id }, 'The document changed meanwhile; try again.');
    return queueIngest(identity, bumped, bumped.generation);
  }

  return {
    async upload(identity, input) {
      const caller = knowledgeBases.callerOf(identity);
      const kb = input.knowledgeBaseId === undefined ? await knowledgeBases.defaultKnowledgeBase() : await knowledgeBases.readable(caller, input.knowledgeBaseId);
      if (!canAddToKnowledgeBase(kb, caller)) throw errors.rag_write_forbidden({ knowledgeBaseId: kb._id });
      const tags = [...new Set(input.tags ?? [])];
      if (tags.length > MAX_TAGS || !tags.every(isValidTag)) throw errors.rag_upload_invalid({ field: 'tags' }, `Tags: at most ${MAX_TAGS}, each 1-64 letters, digits, "_", ".", ":" or "-".`);
      const inspected = inspectUpload(input.bytes, input.filename, input.mediaType);
      const now = clock.now();
      const doc: DocumentRecord = {
        _id: deps.ids.documentId(), kbId: kb._id, ownerId: identity.userId,
        title: input.title?.trim() || titleFromFilename(input.filename), titleGiven: Boolean(input.title?.trim()), filename: input.filename.replace(/^.*[\\/]/, '').slice(0, 255),
        kind: inspected.kind, mediaType: inspected.mediaType, bytes: input.bytes.length, sha256: createHash('sha256').update(input.bytes).digest('hex'),
        tags, status: 'queued', generation: 1, readyGeneration: null, attempts: 0, chunkCount: 0, embedder: null, taskId: null, error: null,
        createdAt: now, updatedAt: now, ingestedAt: null,
      };
      await documents.insert(doc);
      try {
        await deps.blobs.put(doc._id, input.bytes);
        return toDocumentView(await queueIngest(identity, doc, 1));
      } catch (err) {
        // Nothing half-stored: without its original or its task the document would never become searchable.
        await deps.blobs.delete(doc._id);
        await documents.delete(doc._id);
        throw err;
      }
    },
    async list(identity, filter = {}) {
      const caller = knowledgeBases.callerOf(identity);
      if (filter.knowledgeBaseId !== undefined) await knowledgeBases.readable(caller, filter.knowledgeBaseId);
      const page = await documents.list({
        ...(caller.isAdmin ? {} : { visible: { kbIds: await knowledgeBases.readableIds(caller), ownerId: caller.userId } }),
        ...(filter.knowledgeBaseId !== undefined ? { kbId: filter.knowledgeBaseId } : {}),
        ...(filter.status !== undefined ? { status: filter.status } : {}),
        ...(filter.tag !== undefined ? { tag: filter.tag } : {}),
        ...pageRequest(filter),
      });
      return { total: page.total, items: page.items.map(toDocumentView) };
    },
    get: async (identity, id) => toDocumentView(await visible(knowledgeBases.callerOf(identity), id)),
    async remove(identity, id) {
      await changeable(knowledgeBases.callerOf(identity), id);
      // The record goes first: an ingestion finishing now fails its conditional update and removes its own chunks.
      await documents.delete(id);
      await deps.chunks.deleteDocument(id);
      await deps.blobs.delete(id);
      await deps.version.bump();
    },
    async reingest(identity, id) {
      return toDocumentView(await requeue(identity, await changeable(knowledgeBases.callerOf(identity), id)));
    },
    async reindex(identity, knowledgeBaseId, embedder) {
      const caller = knowledgeBases.callerOf(identity);
      const kb = await knowledgeBases.readable(caller, knowledgeBaseId);
      if (!canManageKnowledgeBase(kb, caller)) throw errors.rag_write_forbidden({ knowledgeBaseId }, 'Only the knowledge base owner or a rag admin may reindex it.');
      // The switch comes first: every ingestion queued below then embeds with the new model.
      if (embedder !== undefined) await knowledgeBases.switchEmbedder(kb, embedder);
      const target = embedder ?? (await knowledgeBases.embedderOf(kb));
      let queued = 0;
      for (const doc of await documents.listByKnowledgeBase(kb._id)) {
        await requeue(identity, doc);
        queued++;
      }
      return { knowledgeBaseId: kb._id, embedder: target, queued };
    },
    async checkIngestable(identity, id, generation) {
      const doc = await changeable(knowledgeBases.callerOf(identity), id);
      if (doc.generation !== generation) throw errors.rag_document_busy({ docId: id, generation: doc.generation }, 'The task is for an older version of this document.');
    },
  };
}
