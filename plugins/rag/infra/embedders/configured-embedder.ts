// Picks the embedder the configuration names: an OpenAI-compatible endpoint when RAG_EMBEDDINGS_URL is set, the embedded USE otherwise.
import type { RagConfig } from '../../config.ts';
import type { Embedder } from '../../svc/ports.ts';
import { createOpenAIEmbedder } from './openai-embedder.ts';
import { createUseEmbedder } from './use-embedder.ts';

export const USE_DIMENSIONS = 512;

export function configuredEmbedder(config: RagConfig): { embedder: Embedder; dimensions: number | undefined } {
  return config.embeddings === undefined
    ? { embedder: createUseEmbedder(), dimensions: USE_DIMENSIONS }
    : { embedder: createOpenAIEmbedder(config.embeddings), dimensions: undefined };
}
