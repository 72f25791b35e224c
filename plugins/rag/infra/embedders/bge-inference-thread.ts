// The bge inference thread: checks and loads the shipped model and tokenizer once, then embeds the batches the embedder sends.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { Tokenizer } from '@huggingface/tokenizers';
import * as ort from 'onnxruntime-node';

export interface ThreadOptions {
  readonly modelPath: string;
  readonly modelSha256: string;
  readonly tokenizerPath: string;
  readonly tokenizerSha256: string;
  readonly threads: number;
}

export type ThreadRequest = { readonly id: number; readonly texts: readonly string[] };
export type ThreadReply =
  | { readonly id: number; readonly vectors: Float32Array; readonly dimensions: number }
  | { readonly id: number; readonly error: string };

/** BERT's position table ends at 512 tokens; longer input keeps its first 511 and the closing [SEP]. */
const MAX_TOKENS = 512;
const SEP = 102;
/**
 * One text per inference run. The int8 model quantises activations with one scale per tensor, so texts sharing a run
 * would change each other's vectors (cosine 0.997 instead of 1); and on two cores larger runs are not faster.
 */
const RUN = 1;

async function verified(file: string, sha256: string): Promise<Buffer> {
  const bytes = await readFile(file);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== sha256) throw new Error(`${file} has SHA-256 ${actual}, expected ${sha256}: the shipped model file is damaged or replaced`);
  return bytes;
}

async function load(options: ThreadOptions) {
  const [model, tokenizerJson] = await Promise.all([verified(options.modelPath, options.modelSha256), verified(options.tokenizerPath, options.tokenizerSha256)]);
  const tokenizer = new Tokenizer(JSON.parse(tokenizerJson.toString('utf8')) as object, {});
  // allow_spinning 0: idle intra-op threads sleep instead of spinning, which halves throughput when other processes share the cores.
  const session = await ort.InferenceSession.create(model, {
    executionProviders: ['cpu'], intraOpNumThreads: options.threads, interOpNumThreads: 1, graphOptimizationLevel: 'all',
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
  return { tokenizer, session };
}

type Loaded = Awaited<ReturnType<typeof load>>;

function encode(tokenizer: Tokenizer, text: string): number[] {
  const ids = tokenizer.encode(text).ids;
  return ids.length <= MAX_TOKENS ? ids : [...ids.slice(0, MAX_TOKENS - 1), SEP];
}

/** CLS pooling and L2 normalisation of one run of token id lists (padded to the longest). */
async function run({ session }: Loaded, batch: readonly number[][], out: Float32Array, rows: readonly number[], dims: number): Promise<void> {
  const length = Math.max(...batch.map((ids) => ids.length));
  const size = batch.length * length;
  const ids = new BigInt64Array(size);
  const mask = new BigInt64Array(size);
  batch.forEach((tokens, b) => tokens.forEach((t, i) => {
    ids[b * length + i] = BigInt(t);
    mask[b * length + i] = 1n;
  }));
  const shape = [batch.length, length];
  const feeds: Record<string, ort.Tensor> = { input_ids: new ort.Tensor('int64', ids, shape), attention_mask: new ort.Tensor('int64', mask, shape) };
  if (session.inputNames.includes('token_type_ids')) feeds['token_type_ids'] = new ort.Tensor('int64', new BigInt64Array(size), shape);
  const result = await session.run(feeds);
  const hidden = result[session.outputNames[0]!]!.data as Float32Array;
  const width = hidden.length / size;
  if (width !== dims) throw new Error(`the model returned ${width} dimensions, expected ${dims}`);
  batch.forEach((_, b) => {
    const cls = hidden.subarray(b * length * dims, b * length * dims + dims);
    let norm = 0;
    for (let i = 0; i < dims; i++) norm += cls[i]! * cls[i]!;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const row = rows[b]! * dims;
    for (let i = 0; i < dims; i++) out[row + i] = cls[i]! * scale;
  });
}

const DIMENSIONS = 384;

async function embedAll(loaded: Loaded, texts: readonly string[]): Promise<Float32Array<ArrayBuffer>> {
  const encoded = texts.map((t) => encode(loaded.tokenizer, t));
  // Similar lengths share a run, so little of each run is padding.
  const order = encoded.map((_, i) => i).sort((a, b) => encoded[a]!.length - encoded[b]!.length);
  const out = new Float32Array(texts.length * DIMENSIONS);
  for (let i = 0; i < order.length; i += RUN) {
    const rows = order.slice(i, i + RUN);
    await run(loaded, rows.map((r) => encoded[r]!), out, rows, DIMENSIONS);
  }
  return out;
}

if (parentPort !== null) {
  const port = parentPort;
  const loading = load(workerData as ThreadOptions);
  // An unhandled rejection would end the thread before the first request asks for the failure.
  loading.catch(() => undefined);
  port.on('message', (request: ThreadRequest) => {
    void (async () => {
      try {
        const vectors = await embedAll(await loading, request.texts);
        port.postMessage({ id: request.id, vectors, dimensions: DIMENSIONS } satisfies ThreadReply, [vectors.buffer]);
      } catch (err) {
        port.postMessage({ id: request.id, error: (err as Error).message } satisfies ThreadReply);
      }
    })();
  });
}
