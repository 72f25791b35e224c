// An OpenAI-compatible /v1/embeddings client (OpenAI, Azure-style gateways, Ollama, vLLM, llama.cpp) for production embedders.
import { errors } from '../../errors.ts';
import type { EmbeddingsEndpoint } from '../../config.ts';
import type { Embedder } from '../../svc/ports.ts';

export interface OpenAIEmbedderOptions extends EmbeddingsEndpoint {
  readonly batchSize?: number;
  readonly timeoutMs?: number;
}

interface WireResponse {
  data?: { index?: unknown; embedding?: unknown }[];
}

const failed = (details: Record<string, unknown>, message: string) => errors.rag_embedder_failed(details, message);

export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const batchSize = options.batchSize ?? 64;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const url = `${options.url}/embeddings`;
  let dimensions: number | undefined;

  async function call(input: readonly string[], signal: AbortSignal | undefined): Promise<Float32Array[]> {
    const key = options.apiKey();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) },
        body: JSON.stringify({ model: options.model, input, encoding_format: 'float' }),
        signal: signal === undefined ? AbortSignal.timeout(timeoutMs) : AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (err) {
      signal?.throwIfAborted();
      throw failed({ reason: (err as Error).name }, `The embeddings service at ${options.url} could not be reached.`);
    }
    if (!response.ok) {
      throw failed({ status: response.status }, `The embeddings service answered HTTP ${response.status}.`);
    }
    let body: WireResponse;
    try {
      body = (await response.json()) as WireResponse;
    } catch {
      throw failed({ reason: 'not JSON' }, 'The embeddings service sent an unreadable answer.');
    }
    const rows = Array.isArray(body.data) ? body.data : [];
    if (rows.length !== input.length) throw failed({ expected: input.length, got: rows.length }, 'The embeddings service returned the wrong number of vectors.');
    const out: Float32Array[] = new Array(input.length);
    for (const [position, row] of rows.entries()) {
      const index = typeof row.index === 'number' ? row.index : position;
      const values = row.embedding;
      if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'number' && Number.isFinite(v)) || index < 0 || index >= input.length) {
        throw failed({ index }, 'The embeddings service returned a malformed vector.');
      }
      dimensions ??= values.length;
      if (values.length !== dimensions) throw failed({ expected: dimensions, got: values.length }, 'The embeddings service changed its vector size.');
      out[index] = Float32Array.from(values as number[]);
    }
    return out;
  }

  const embedder: Embedder = {
    id: `openai:${options.model}`,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        signal?.throwIfAborted();
        vectors.push(...(await call(texts.slice(i, i + batchSize).map((t) => (t.trim() === '' ? ' ' : t)), signal)));
      }
      return { vectors, dimensions: dimensions ?? 0 };
    },
    embedQuery: async (query, signal) => (await embedder.embed([query], signal)).vectors[0]!,
    close: async () => undefined,
  };
  return embedder;
}
