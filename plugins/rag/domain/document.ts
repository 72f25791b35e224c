// A stored document and its life cycle: queued at upload, processing in the worker, ready once its chunks are searchable, or failed.

export const SOURCE_KINDS = ['text', 'markdown', 'html', 'pdf', 'docx'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** `doc_` and 144 random bits, base64url: the only form of document id any route or tool accepts. */
export const DOCUMENT_ID_PATTERN = '^doc_[A-Za-z0-9_-]{24}$';

export const DOCUMENT_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Which embedder made a set of vectors: vectors of different embedders are never compared. */
export interface EmbedderStamp {
  readonly id: string;
  readonly dimensions: number;
}

export interface DocumentError {
  readonly code: string;
  readonly message: string;
  readonly at: Date;
}

export interface DocumentRecord {
  readonly _id: string;
  readonly kbId: string;
  readonly ownerId: string;
  readonly title: string;
  /** The uploader named the title; otherwise a title found in the document replaces the file name at ingestion. */
  readonly titleGiven: boolean;
  readonly filename: string;
  readonly kind: SourceKind;
  readonly mediaType: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly tags: readonly string[];
  readonly status: DocumentStatus;
  /** Bumped by every (re-)ingest request; a task carries the generation it was made for, so a superseded one does nothing. */
  readonly generation: number;
  /** The generation whose chunks are searchable now (an older one stays live while a re-ingest runs or after it fails). */
  readonly readyGeneration: number | null;
  /** Attempts at the current generation, so the last retry can mark the document failed. */
  readonly attempts: number;
  readonly chunkCount: number;
  /** While an ingestion embeds: chunks cut and chunks embedded so far (absent on records older than this field). */
  readonly progress?: { readonly chunks: number; readonly embedded: number } | null;
  readonly embedder: EmbedderStamp | null;
  readonly taskId: string | null;
  readonly error: DocumentError | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly ingestedAt: Date | null;
}

/** How many tries an ingestion gets (the executor's retry policy and the point at which a document is marked failed). */
export const INGEST_MAX_ATTEMPTS = 3;

const TAG = /^[\p{L}\p{N}][\p{L}\p{N}_.:-]{0,63}$/u;
export const MAX_TAGS = 20;

/** Tags are short labels for filtering; anything else is refused rather than silently cleaned. */
export function isValidTag(tag: string): boolean {
  return TAG.test(tag);
}

/** A title for a document that has none of its own: the file name without its extension. */
export function titleFromFilename(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, '');
  const stem = base.replace(/\.[A-Za-z0-9]{1,8}$/, '');
  return (stem || base || 'Untitled').slice(0, 300);
}
