// The embedders this process can run: both embedded models and, when configured, the OpenAI-compatible endpoint; each made on first use.
import type { RagConfig } from '../../config.ts';
import { errors } from '../../errors.ts';
import type { Embedder, EmbedderCatalog } from '../../svc/ports.ts';
import { BGE_DIMENSIONS, BGE_EMBEDDER_ID, createBgeEmbedder } from './bge-embedder.ts';
import { createOpenAIEmbedder } from './openai-embedder.ts';
import { USE_DIMENSIONS, USE_EMBEDDER_ID, createUseEmbedder } from './use-embedder.ts';

interface Entry {
  readonly make: () => Embedder;
  /** Known before the first call for the embedded models; a remote model's size is learned from its first answer. */
  readonly dimensions: number | undefined;
}

/** A catalog over given factories (tests hand in their own embedders this way). */
export function createEmbedderCatalog(defaultId: string, factories: ReadonlyMap<string, Entry>): EmbedderCatalog {
  if (!factories.has(defaultId)) throw new Error(`the default embedder ${defaultId} is not in the catalog`);
  const made = new Map<string, Embedder>();
  return {
    defaultId,
    ids: [...factories.keys()],
    get(id) {
      const entry = factories.get(id);
      if (entry === undefined) throw errors.rag_embedder_unavailable({ embedder: id, available: [...factories.keys()] });
      let embedder = made.get(id);
      if (embedder === undefined) made.set(id, (embedder = entry.make()));
      return embedder;
    },
    dimensionsOf: (id) => factories.get(id)?.dimensions,
    async close() {
      await Promise.all([...made.values()].map((e) => e.close()));
      made.clear();
    },
  };
}

export function configuredEmbedders(config: RagConfig): EmbedderCatalog {
  const factories = new Map<string, Entry>([
    [BGE_EMBEDDER_ID, { make: () => createBgeEmbedder(), dimensions: BGE_DIMENSIONS }],
    [USE_EMBEDDER_ID, { make: createUseEmbedder, dimensions: USE_DIMENSIONS }],
  ]);
  if (config.embeddings === undefined) return createEmbedderCatalog(config.embedder, factories);
  const endpoint = config.embeddings;
  const remoteId = `openai:${endpoint.model}`;
  factories.set(remoteId, { make: () => createOpenAIEmbedder(endpoint), dimensions: undefined });
  return createEmbedderCatalog(remoteId, factories);
}
