// `nexus rag eval`: reads a BEIR collection, evaluates it in a throw-away embedded store with the configured embedder, prints a table.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { systemClock } from 'nexus/kernel';
import { loadRagConfig } from '../config.ts';
import { DEFAULT_VECTOR_WEIGHT } from '../domain/knowledge-base.ts';
import { readCorpus, readQrels, readQueries } from '../infra/beir-files.ts';
import { configuredEmbedders } from '../infra/embedders/embedder-catalog.ts';
import { randomIds } from '../infra/ids.ts';
import { runEvaluation, type EvalReport } from './evaluation.ts';
import { createRagCore } from './rag-services.ts';

export const EVAL_USAGE =
  'usage: nexus rag eval --corpus <corpus.jsonl> --queries <queries.jsonl> --qrels <qrels.tsv> [--k 10] [--weight 0.6] [--sweep 0,0.1,...,1] [--max-queries N] [--embedder bge-small-en-v1.5-q|use-lite-512]';

interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** Nobody holds a permission: the evaluation acts as its own admin caller and never asks the policy. */
const NO_PERMISSIONS = { hasRole: () => false, mayUseTool: () => false, hasPermission: () => false };

function parse(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      corpus: { type: 'string' }, queries: { type: 'string' }, qrels: { type: 'string' }, k: { type: 'string', default: '10' },
      weight: { type: 'string', default: String(DEFAULT_VECTOR_WEIGHT) }, sweep: { type: 'string', default: '' }, 'max-queries': { type: 'string' }, embedder: { type: 'string' },
    },
    strict: true,
  });
  const num = (v: string | undefined, name: string, min: number, max: number) => {
    const n = Number(v);
    if (v === undefined || v.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number from ${min} to ${max}`);
    return n;
  };
  if (!values.corpus || !values.queries || !values.qrels) throw new Error('--corpus, --queries and --qrels are required');
  return {
    corpus: values.corpus, queries: values.queries, qrels: values.qrels,
    k: Math.floor(num(values.k, 'k', 1, 1000)),
    weight: num(values.weight, 'weight', 0, 1),
    sweep: values.sweep === '' ? [] : values.sweep.split(',').map((w) => num(w, 'sweep', 0, 1)),
    maxQueries: values['max-queries'] === undefined ? undefined : Math.floor(num(values['max-queries'], 'max-queries', 1, 1e9)),
    embedder: values.embedder,
  };
}

export function formatReport(report: EvalReport, embedder: string, k: number): string[] {
  const f = (x: number) => x.toFixed(4);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const diff = (d: number) => `${d >= 0 ? '+' : ''}${d.toFixed(4)}`;
  return [
    `${report.documents} documents -> ${report.chunks} chunks; ${report.queries} judged queries; embedder ${embedder}`,
    `ingestion ${s(report.ingestMs)} (embedding ${s(report.embedMs)})`,
    `${'retrieval'.padEnd(28)}${`nDCG@${k}`.padStart(9)}${'MAP@100'.padStart(9)}${'Recall@100'.padStart(12)}${'time'.padStart(10)}`,
    ...report.rows.map((r) => `${r.name.padEnd(28)}${f(r.metrics.ndcg10).padStart(9)}${f(r.metrics.map100).padStart(9)}${f(r.metrics.recall100).padStart(12)}${s(r.ms).padStart(10)}`),
    `paired randomisation test of ${report.rows[2]!.name}, nDCG@${k} (10,000 trials, two-sided):`,
    ...report.significance.map((x) => `  vs ${x.against.padEnd(24)} difference ${diff(x.meanDifference)}   p = ${x.p.toFixed(4)}`),
    ...(report.sweepSignificance.length === 0 ? [] : [`each swept weight against the retrievers, nDCG@${k}:`]),
    ...report.sweepSignificance.map((x) => `  w=${String(x.weight).padEnd(5)} vs lexical ${diff(x.vsLexical.meanDifference)} p = ${x.vsLexical.p.toFixed(4)}   vs vector ${diff(x.vsVector.meanDifference)} p = ${x.vsVector.p.toFixed(4)}`),
  ];
}

export async function evalCommand(argv: readonly string[], io: Io): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (err) {
    io.err(`${(err as Error).message}\n${EVAL_USAGE}`);
    return 2;
  }
  const [corpus, queries, qrelsAll] = await Promise.all([readCorpus(args.corpus), readQueries(args.queries), readQrels(args.qrels)]);
  const qrels = new Map([...qrelsAll].slice(0, args.maxQueries ?? qrelsAll.size));
  // --embedder picks the embedded model as RAG_EMBEDDER would (and is checked the same way).
  const config = loadRagConfig(args.embedder === undefined ? process.env : { ...process.env, RAG_EMBEDDER: args.embedder });
  const embedders = configuredEmbedders(config);
  const dir = await mkdtemp(path.join(tmpdir(), 'nexus-rag-eval-'));
  // Imported when the command runs: the manifest (and any copy of this folder a test loads) must not need shared/ at import time.
  const { createStore } = await import('../../../shared/store/index.ts');
  const store = await createStore({ dataDir: dir });
  try {
    const core = createRagCore({
      store, access: NO_PERMISSIONS, profile: { current: () => ({}) }, logger: pino({ level: 'silent' }), embedders, chunking: config.chunking,
      clock: systemClock, ids: randomIds,
    });
    io.out(`evaluating ${corpus.length} documents and ${qrels.size} judged queries in ${dir}`);
    const report = await runEvaluation(core, { corpus, queries, qrels }, { ndcgK: args.k, vectorWeight: args.weight, sweep: args.sweep, progress: io.out }, { ids: randomIds, clock: systemClock });
    for (const line of formatReport(report, embedders.defaultId, args.k)) io.out(line);
    await core.close();
    return 0;
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}
