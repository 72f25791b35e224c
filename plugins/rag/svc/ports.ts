// The interfaces the use cases need (storage, parsing, embedding, indexes, the answer model); infra implements them.
import type { Page, PageRequest } from 'nexus/kernel';
import type { ChunkSpec } from '../domain/chunker.ts';
import type { DocumentRecord, DocumentStatus, EmbedderStamp, SourceKind } from '../domain/document.ts';
import type { ExtractedDocument } from '../domain/extracted-text.ts';
import type { Scored } from '../domain/fusion.ts';
import type { KnowledgeBaseRecord } from '../domain/knowledge-base.ts';

export interface IdSource {
  documentId(): string;
  knowledgeBaseId(): string;
}

export interface DocumentFilter extends PageRequest {
  /** Documents of these knowledge bases, plus (when set) any the owner uploaded; undefined: every document (admins). */
  readonly visible?: { readonly kbIds: readonly string[]; readonly ownerId: string };
  readonly kbId?: string;
  readonly status?: DocumentStatus;
  readonly tag?: string;
}

/** What the search indexes need of a ready document. */
export type ReadyDocument = Pick<DocumentRecord, '_id' | 'kbId' | 'ownerId' | 'title' | 'tags' | 'readyGeneration' | 'embedder'>;

export interface DocumentRepository {
  insert(doc: DocumentRecord): Promise<void>;
  get(id: string): Promise<DocumentRecord | null>;
  list(filter: DocumentFilter): Promise<Page<DocumentRecord>>;
  listByKnowledgeBase(kbId: string): Promise<DocumentRecord[]>;
  countByKnowledgeBase(): Promise<Map<string, number>>;
  /** Ready documents (with a live generation), for rebuilding the indexes. */
  listReady(): Promise<ReadyDocument[]>;
  /** Applies changes only while the document is at `generation` (when given); null when it is gone or has moved on. */
  update(id: string, generation: number | undefined, changes: Partial<DocumentRecord>, inc?: Partial<Record<'generation' | 'attempts', number>>): Promise<DocumentRecord | null>;
  delete(id: string): Promise<boolean>;
}

/** A chunk as the chunker cut it, stored with its document generation and its vector. */
export interface ChunkRecord extends ChunkSpec {
  readonly _id: string;
  readonly docId: string;
  readonly kbId: string;
  readonly generation: number;
  readonly embedder: EmbedderStamp;
  /** Little-endian float32 values, base64: one encoding every store backend keeps byte for byte. */
  readonly vector: string;
}

export interface ChunkRepository {
  insertMany(chunks: readonly ChunkRecord[]): Promise<void>;
  /** Every chunk (any generation) of these documents, in no particular order: the indexes are built from these. */
  listDocuments(docIds: readonly string[]): Promise<ChunkRecord[]>;
  getMany(ids: readonly string[]): Promise<ChunkRecord[]>;
  deleteGeneration(docId: string, generation: number): Promise<void>;
  /** Removes every chunk of a document except those of `keep`. */
  deleteDocument(docId: string, keep?: number): Promise<void>;
  countByDocument(docId: string): Promise<number>;
}

export interface BlobRepository {
  put(docId: string, bytes: Buffer): Promise<void>;
  get(docId: string): Promise<Buffer | null>;
  delete(docId: string): Promise<void>;
  exists(docId: string): Promise<boolean>;
}

export interface KnowledgeBaseRepository {
  insert(kb: KnowledgeBaseRecord): Promise<void>;
  get(id: string): Promise<KnowledgeBaseRecord | null>;
  getByName(name: string): Promise<KnowledgeBaseRecord | null>;
  list(): Promise<KnowledgeBaseRecord[]>;
  setEmbedder(id: string, embedder: string, at: Date): Promise<void>;
  /** Records the embedder of a knowledge base made before knowledge bases named theirs, unless another process did first. */
  adoptEmbedder(id: string, embedder: string): Promise<void>;
}

/** A counter every process reads before searching: it moves whenever the set of searchable chunks changes. */
export interface IndexVersion {
  current(): Promise<number>;
  bump(): Promise<void>;
}

export interface DocumentParser {
  /** Throws an AppError (rag_corrupt_file, rag_unsafe_archive, rag_no_text) for input it cannot read. */
  parse(kind: SourceKind, bytes: Buffer): Promise<ExtractedDocument>;
}

export interface Embedding {
  readonly vectors: Float32Array[];
  readonly dimensions: number;
}

/** One shared contract suite runs against every implementation (test/plugins/rag/infra/embedders). */
export interface Embedder {
  /** Names the model: vectors of different ids are never compared. */
  readonly id: string;
  /** Passages (chunks) to store. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Embedding>;
  /** A search query: models trained with an instruction for queries add it here. */
  embedQuery(query: string, signal?: AbortSignal): Promise<Float32Array>;
  close(): Promise<void>;
}

/** The embedders a process can run, by id; each knowledge base names the one its vectors are made with. */
export interface EmbedderCatalog {
  /** The embedder new knowledge bases are built with. */
  readonly defaultId: string;
  readonly ids: readonly string[];
  /** Throws rag_embedder_unavailable for an id this process cannot run. */
  get(id: string): Embedder;
  dimensionsOf(id: string): number | undefined;
  close(): Promise<void>;
}

export interface LexicalEntry {
  readonly id: string;
  readonly title: string;
  readonly headings: string;
  readonly text: string;
}

export interface LexicalIndex {
  add(entries: readonly LexicalEntry[]): void;
  remove(ids: readonly string[]): void;
  search(query: string, limit: number, accept: (id: string) => boolean): Scored[];
  readonly size: number;
}

/** Behind this port an approximate (ANN) index can replace the exact one. */
export interface VectorIndex {
  add(id: string, vector: Float32Array): void;
  remove(ids: readonly string[]): void;
  search(query: Float32Array, limit: number, accept: (id: string) => boolean): Scored[];
  /** The cosine of each of these chunks that the index holds (for fusing chunks another retriever found). */
  score(query: Float32Array, ids: readonly string[]): Map<string, number>;
  readonly size: number;
}

export interface ChatMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

export interface ChatModel {
  readonly model: string;
  complete(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string>;
}

/** Builds a chat client for the profile's model section as it is now, or says why there is none. */
export type ChatModelSource = () => { readonly model: ChatModel } | { readonly unavailable: string };
