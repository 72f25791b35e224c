// The plugin's settings: upload limit, chunking budget and the embeddings endpoint, read through the kernel's config mechanism.
import { Type } from 'typebox';
import { ConfigError, loadConfigFrom, type ConfigVar } from 'nexus/kernel';

const MIB = 1024 * 1024;
/** The embedders shipped with the plugin, the default first: bge-small-en-v1.5 (int8 ONNX) and Universal Sentence Encoder lite. */
export const EMBEDDED_EMBEDDERS = ['bge-small-en-v1.5-q', 'use-lite-512'] as const;
export type EmbeddedEmbedderId = (typeof EMBEDDED_EMBEDDERS)[number];

/** Every variable with its schema, default and meaning: the single source for the loader and the README table. */
export const ragConfigVars = {
  maxUploadBytes: { env: 'RAG_MAX_UPLOAD_BYTES', schema: Type.Integer({ minimum: 1, maximum: 1024 * MIB }), default: String(20 * MIB), description: 'Largest accepted document upload, in bytes; a larger file is refused with 413 rag_upload_too_large as soon as it streams past the limit, so an upload never holds more than this in memory.' },
  chunkTokens: { env: 'RAG_CHUNK_TOKENS', schema: Type.Integer({ minimum: 32, maximum: 4096 }), default: '200', description: 'Token budget of one chunk.' },
  chunkOverlapTokens: { env: 'RAG_CHUNK_OVERLAP_TOKENS', schema: Type.Integer({ minimum: 0, maximum: 1024 }), default: '40', description: 'Tokens a chunk repeats from the one before it when a section is split.' },
  embedder: {
    env: 'RAG_EMBEDDER', schema: Type.Union([Type.Literal(EMBEDDED_EMBEDDERS[0]), Type.Literal(EMBEDDED_EMBEDDERS[1])]), default: EMBEDDED_EMBEDDERS[0],
    description: `Embedded model new knowledge bases are built with when RAG_EMBEDDINGS_URL is unset: ${EMBEDDED_EMBEDDERS.join(' or ')}. An existing knowledge base keeps its own until it is reindexed.`,
  },
  embeddingsUrl: { env: 'RAG_EMBEDDINGS_URL', schema: Type.String({ pattern: '^https?://[^\\s]+$' }), description: 'Base URL of an OpenAI-compatible embeddings API (e.g. https://api.openai.com/v1); set, it builds new knowledge bases instead of RAG_EMBEDDER.' },
  embeddingsModel: { env: 'RAG_EMBEDDINGS_MODEL', schema: Type.String({ minLength: 1, maxLength: 200 }), description: 'Embedding model sent to RAG_EMBEDDINGS_URL (required with it).' },
  embeddingsApiKeyEnv: { env: 'RAG_EMBEDDINGS_API_KEY_ENV', schema: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), description: 'Name of the environment variable holding the embeddings API key; omit for servers that need none.' },
} as const satisfies Record<string, ConfigVar>;

export interface EmbeddingsEndpoint {
  readonly url: string;
  readonly model: string;
  /** Reads the key when a request is made, so a rotated key needs no restart; undefined when none is configured. */
  readonly apiKey: () => string | undefined;
}

export interface RagConfig {
  readonly maxUploadBytes: number;
  readonly chunking: { readonly maxTokens: number; readonly overlapTokens: number };
  readonly embedder: EmbeddedEmbedderId;
  /** Set: new knowledge bases are embedded by this endpoint rather than the embedded model. */
  readonly embeddings: EmbeddingsEndpoint | undefined;
}


export function loadRagConfig(env: NodeJS.ProcessEnv = process.env): RagConfig {
  const c = loadConfigFrom(ragConfigVars, env, process.cwd());
  const maxTokens = c.chunkTokens;
  const overlapTokens = c.chunkOverlapTokens;
  if (overlapTokens >= maxTokens) throw new ConfigError('RAG_CHUNK_OVERLAP_TOKENS', `must be smaller than RAG_CHUNK_TOKENS (${maxTokens})`);
  const { embeddingsUrl: url, embeddingsModel: model, embeddingsApiKeyEnv: keyEnv } = c;
  if (url !== undefined && model === undefined) throw new ConfigError('RAG_EMBEDDINGS_MODEL', 'is required when RAG_EMBEDDINGS_URL is set');
  return {
    maxUploadBytes: c.maxUploadBytes,
    chunking: { maxTokens, overlapTokens },
    embedder: c.embedder,
    embeddings:
      url === undefined
        ? undefined
        : { url: url.replace(/\/+$/, ''), model: model!, apiKey: () => (keyEnv === undefined ? undefined : secretFromEnv(keyEnv, env)) },
  };
}

/** The value of a variable a profile or setting names (an API key), read when it is needed so a rotated key needs no restart. */
export function secretFromEnv(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}
