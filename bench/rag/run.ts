// RAG benchmark (by hand, never in npm test): ingestion throughput with the default embedder, search latency and recall at 10k and 100k chunks.
// Usage: node --import tsx bench/rag/run.ts [--ingest-kb 200] [--ingest-corpus corpus.jsonl] [--ingest-concurrency 4] [--queries 200] [--index 10000,100000] [--service 10000,100000] (0 or '' skips a part)
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { systemClock } from 'nexus/kernel';
import { createStore } from '../../shared/store/index.ts';
import type { DocumentRecord } from '../../plugins/rag/domain/document.ts';
import { loadRagConfig } from '../../plugins/rag/config.ts';
import { configuredEmbedders } from '../../plugins/rag/infra/embedders/embedder-catalog.ts';
import { createExactVectorIndex } from '../../plugins/rag/infra/index/exact-vector-index.ts';
import { createSignQuantisedVectorIndex } from '../../plugins/rag/infra/index/sign-quantised-vector-index.ts';
import { createLexicalIndex } from '../../plugins/rag/infra/index/lexical-index.ts';
import { randomIds } from '../../plugins/rag/infra/ids.ts';
import { encodeVector } from '../../plugins/rag/infra/vector-codec.ts';
import { createRagCore } from '../../plugins/rag/svc/rag-services.ts';

const { values } = parseArgs({ options: { 'ingest-kb': { type: 'string', default: '200' }, 'ingest-corpus': { type: 'string' }, 'ingest-concurrency': { type: 'string', default: '4' }, queries: { type: 'string', default: '200' }, index: { type: 'string', default: '10000,100000' }, service: { type: 'string', default: '10000,100000' } } });
const INGEST_BYTES = Number(values['ingest-kb']) * 1024;
const QUERIES = Number(values.queries);
const DIMS = 384;

/** A deterministic pseudo-random source, so every run indexes the same synthetic text. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const random = rng(42);
const VOCAB = Array.from({ length: 20_000 }, (_, i) => createHash('md5').update(String(i)).digest('base64').replace(/[^a-z]/gi, '').slice(0, 3 + (i % 7)).toLowerCase() || `w${i}`);
/** Zipf-like word choice: a few words are common, most are rare, as in real text. */
const word = () => VOCAB[Math.floor(VOCAB.length * random() ** 3)]!;
const sentence = () => {
  const n = 8 + Math.floor(random() * 14);
  const s = Array.from({ length: n }, word).join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
};
const paragraph = () => Array.from({ length: 3 + Math.floor(random() * 4) }, sentence).join(' ');
const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
const normalised = (v: Float32Array) => {
  let n = 0;
  for (const x of v) n += x * x;
  const k = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i]! *= k;
  return v;
};
/**
 * Embedding-like vectors: a direction every vector shares (real embeddings are anisotropic), 2,000 topic centres and
 * noise, so that neighbours exist and the quantised scan's recall means something (uniform random vectors have none).
 */
const COMMON = normalised(Float32Array.from({ length: DIMS }, gauss));
const CENTRES = Array.from({ length: 2000 }, () => normalised(Float32Array.from({ length: DIMS }, gauss)));
const unitVector = () => {
  const c = CENTRES[Math.floor(random() * CENTRES.length)]!;
  return normalised(Float32Array.from({ length: DIMS }, (_, i) => 0.6 * COMMON[i]! + c[i]! + (1.2 * gauss()) / Math.sqrt(DIMS)));
};
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.floor(s.length * 0.95)]! };
};
const fmt = (x: { median: number; p95: number }) => `median ${x.median.toFixed(2)} ms, p95 ${x.p95.toFixed(2)} ms`;

async function withCore<T>(fn: (core: ReturnType<typeof createRagCore>, store: Awaited<ReturnType<typeof createStore>>) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nexus-rag-bench-'));
  const store = await createStore({ dataDir: dir });
  const core = createRagCore({
    store, access: { hasRole: () => false, mayUseTool: () => false, hasPermission: () => false }, profile: { current: () => ({}) }, logger: pino({ level: 'silent' }),
    embedders: configuredEmbedders(loadRagConfig()), chunking: { maxTokens: 200, overlapTokens: 40 }, clock: systemClock, ids: randomIds,
  });
  try {
    return await fn(core, store);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const docRecord = (kbId: string, bytes: Buffer, title: string): DocumentRecord => {
  const now = new Date();
  return {
    _id: randomIds.documentId(), kbId, ownerId: 'bench', title, titleGiven: true, filename: `${title}.md`, kind: 'markdown', mediaType: 'text/markdown', bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'), tags: [], status: 'queued', generation: 1, readyGeneration: null, attempts: 0, chunkCount: 0,
    embedder: null, taskId: null, error: null, createdAt: now, updatedAt: now, ingestedAt: null,
  };
};

async function ingestion(): Promise<void> {
  await withCore(async (core) => {
    const kb = await core.knowledgeBases.defaultKnowledgeBase();
    await core.embedders.get(core.embedders.defaultId).embed(['warm up the model']);
    const docs: Buffer[] = [];
    let total = 0;
    // Real passages (a BEIR corpus, e.g. the one bench/rag/trec-rag24/convert.ts makes) tokenise like real documents; the
    // synthetic words below are letter salad, which the model's tokenizer cuts into two or three times as many pieces.
    const corpus = values['ingest-corpus'] === undefined ? undefined : (await readFile(values['ingest-corpus'], 'utf8')).split('\n').filter((l) => l.trim() !== '');
    while (total < INGEST_BYTES && (corpus === undefined || docs.length < corpus.length)) {
      const passage = corpus === undefined ? undefined : (JSON.parse(corpus[docs.length]!) as { title?: string; text: string });
      const md = passage === undefined
        ? `# Document ${docs.length}\n\n${Array.from({ length: 4 }, (_, i) => `## Section ${i}\n\n${paragraph()}\n\n${paragraph()}`).join('\n\n')}\n`
        : `# ${passage.title || `Passage ${docs.length}`}\n\n${passage.text}\n`;
      docs.push(Buffer.from(md));
      total += md.length;
    }
    let chunks = 0;
    const sum = { parseMs: 0, chunkMs: 0, embedMs: 0, storeMs: 0 };
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    // As many documents at once as the worker runs tasks (NEXUS_SCHEDULER_CONCURRENCY, default 4): one document's parsing
    // and writing overlap another's embedding, and short documents still keep both inference threads busy.
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < docs.length; i = next++) {
        const bytes = docs[i]!;
        const doc = docRecord(kb._id, bytes, `doc-${i}`);
        await core.repositories.documents.insert(doc);
        await core.repositories.blobs.put(doc._id, bytes);
        const out = await core.ingest.run(doc._id, 1);
        if (out.outcome !== 'ready') throw new Error(`ingest ${out.outcome}`);
        chunks += out.chunks;
        for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += out.timings[k];
      }
    };
    await Promise.all(Array.from({ length: Number(values['ingest-concurrency']) }, lane));
    const wall = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpuStart);
    const cpuS = (used.user + used.system) / 1e6;
    const mb = total / 1024 / 1024;
    const withoutEmbed = (sum.parseMs + sum.chunkMs + sum.storeMs) / 1000;
    console.log(`ingestion: ${docs.length} Markdown documents${corpus === undefined ? ' (synthetic words)' : ` (passages of ${values['ingest-corpus']})`}, ${(total / 1024).toFixed(0)} KiB, ${chunks} chunks, embedder ${core.embedders.defaultId}, ${values['ingest-concurrency']} documents at once`);
    console.log(`  end to end          ${wall.toFixed(1)} s   ${(mb / wall).toFixed(3)} MB/s   ${(chunks / wall).toFixed(1)} chunks/s`);
    console.log(`  CPU time           ${cpuS.toFixed(1)} s of all the process's threads: ${(chunks / cpuS).toFixed(1)} chunks per CPU-second (${os.cpus().length} idle cores: up to ${((chunks / cpuS) * os.cpus().length).toFixed(0)} chunks/s)`);
    console.log(`  embedding           ${(sum.embedMs / 1000).toFixed(1)} s summed over the documents (${(sum.embedMs / chunks).toFixed(1)} ms per chunk; overlapping when several run at once)`);
    console.log(`  parse+chunk+store   ${withoutEmbed.toFixed(2)} s   ${(mb / withoutEmbed).toFixed(2)} MB/s   ${(chunks / withoutEmbed).toFixed(0)} chunks/s (parse ${sum.parseMs} ms, chunk ${sum.chunkMs} ms, store ${sum.storeMs} ms)`);
  });
}

function indexLevel(n: number, queryTexts: string[], queryVectors: Float32Array[]): void {
  const lexical = createLexicalIndex();
  const exact = createExactVectorIndex(DIMS);
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const quantised = createSignQuantisedVectorIndex(DIMS);
  let t = performance.now();
  for (let i = 0; i < n; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({ id: `c${i + j}`, title: `Document ${(i + j) >> 3}`, headings: `Section ${(i + j) % 4}`, text: `${paragraph()} ${paragraph()}` }));
    lexical.add(batch);
    for (const e of batch) {
      const v = unitVector();
      quantised.add(e.id, v);
      exact.add(e.id, v);
    }
  }
  const buildS = (performance.now() - t) / 1000;
  const all = () => true;
  const lex: number[] = [];
  const ex: number[] = [];
  const qu: number[] = [];
  let recall = 0;
  for (let q = 0; q < queryTexts.length; q++) {
    t = performance.now();
    lexical.search(queryTexts[q]!, 50, all);
    const a = performance.now();
    const want = exact.search(queryVectors[q]!, 100, all);
    const b = performance.now();
    const got = quantised.search(queryVectors[q]!, 100, all);
    const c = performance.now();
    lex.push(a - t);
    ex.push(b - a);
    qu.push(c - b);
    const wanted = new Set(want.map((r) => r.id));
    recall += got.filter((r) => wanted.has(r.id)).length / want.length;
  }
  const bytesPerChunk = DIMS * 4 + DIMS / 8;
  console.log(`index level, ${n} synthetic chunks (~70 words each), clustered ${DIMS}-d vectors, in-memory build ${buildS.toFixed(1)} s:`);
  console.log(`  lexical (BM25, top 50)            ${fmt(stats(lex))}`);
  console.log(`  vector exact scan (top 100)       ${fmt(stats(ex))}`);
  console.log(`  vector sign-quantised + rescore   ${fmt(stats(qu))}   recall@100 of exact ${(recall / queryTexts.length).toFixed(4)}`);
  console.log(`  vector index memory: ${((n * bytesPerChunk) / 1024 / 1024).toFixed(1)} MiB (float32 rows + sign bits); process heap+buffers now ${((process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore) / 1024 / 1024).toFixed(0)} MiB above the start of this level, RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
}

async function serviceLevel(n: number, queryTexts: string[]): Promise<void> {
  await withCore(async (core, store) => {
    const kb = await core.knowledgeBases.defaultKnowledgeBase();
    const perDoc = 8;
    const stamp = { id: core.embedders.defaultId, dimensions: DIMS };
    for (let d = 0; d < n / perDoc; d++) {
      const doc = { ...docRecord(kb._id, Buffer.from('x'), `doc-${d}`), status: 'ready' as const, readyGeneration: 1, chunkCount: perDoc, embedder: stamp };
      await core.repositories.documents.insert(doc);
      const chunks = Array.from({ length: perDoc }, (_, o) => {
        const text = `${paragraph()} ${paragraph()}`;
        return { _id: `${doc._id}.1.${o}`, docId: doc._id, kbId: kb._id, generation: 1, ordinal: o, start: 0, end: text.length, text, headingPath: [`Section ${o}`], tokens: 70, embedder: stamp, vector: encodeVector(unitVector()) };
      });
      await store.collection('rag_chunks').insertMany(chunks as never);
    }
    await store.collection('rag_state').updateOne({ _id: 'index-version' } as never, { $inc: { version: 1 } }, { upsert: true });
    const caller = { userId: 'bench', role: 'admin', tokenId: 't', via: 'user' as const };
    let t = performance.now();
    await core.live.refresh();
    const rebuildS = (performance.now() - t) / 1000;
    const times: number[] = [];
    const cpu: number[] = [];
    for (const query of queryTexts) {
      t = performance.now();
      const used = process.cpuUsage();
      await core.search.search(caller, { query, knowledgeBaseIds: [kb._id], topK: 8 });
      times.push(performance.now() - t);
      const { user, system } = process.cpuUsage(used);
      cpu.push((user + system) / 1000);
    }
    const embed: number[] = [];
    for (const query of queryTexts.slice(0, 50)) {
      t = performance.now();
      await core.embedders.get(core.embedders.defaultId).embedQuery(query);
      embed.push(performance.now() - t);
    }
    console.log(`service level, ${n} chunks in the embedded store (synthetic text, clustered vectors), index rebuild from the store ${rebuildS.toFixed(1)} s:`);
    console.log(`  hybrid search, top 8, query embedding (${core.embedders.defaultId}) and texts from the store included: ${fmt(stats(times))}`);
    console.log(`  CPU time of the process per search (all its threads; wall time above includes waiting for a loaded machine's cores): ${fmt(stats(cpu))}`);
    console.log(`  of which query embedding: ${fmt(stats(embed))}; RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
  });
}

const queryTexts = Array.from({ length: QUERIES }, () => Array.from({ length: 3 + Math.floor(random() * 5) }, word).join(' '));
const queryVectors = queryTexts.map(unitVector);
console.log(`node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, ${QUERIES} queries per measurement\n`);
const sizes = (list: string) => list.split(',').map(Number).filter((x) => x > 0);
if (INGEST_BYTES > 0) {
  await ingestion();
  console.log();
}
for (const n of sizes(values.index)) {
  indexLevel(n, queryTexts, queryVectors);
  console.log();
}
for (const n of sizes(values.service)) {
  await serviceLevel(n, queryTexts);
  console.log();
}
