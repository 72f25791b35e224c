// `nexus rag eval` on a small BEIR-format collection written here: it ingests into a throw-away store and prints one row per retriever.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { ragCommand } from '../../../../plugins/rag/api/cli.ts';
import { tempDirFor } from '../../../helpers/temp-dir.ts';
import { startEmbeddingsServer } from '../helpers/embeddings-server.ts';

const TOPICS = ['pump seal replacement', 'boiler safety valve', 'canteen opening hours', 'lift inspection', 'fire alarm test', 'roof gutter cleaning'];

t.test('prints nDCG@10, MAP@100 and Recall@100 for lexical, vector and hybrid retrieval', async (t) => {
  const embeddings = await startEmbeddingsServer({ dimensions: 64 });
  t.teardown(() => embeddings.close());
  Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-64' });
  const dir = await tempDirFor(t, 'rag-beir-');
  const corpus = TOPICS.flatMap((topic, i) => [
    { _id: `d${i}a`, title: topic, text: `Instructions for ${topic}: follow the checklist and record the date.` },
    { _id: `d${i}b`, title: `Notes ${i}`, text: `Unrelated remarks number ${i} about parking spaces and coffee.` },
  ]);
  await writeFile(path.join(dir, 'corpus.jsonl'), corpus.map((d) => JSON.stringify(d)).join('\n'));
  await writeFile(path.join(dir, 'queries.jsonl'), TOPICS.map((topic, i) => JSON.stringify({ _id: `q${i}`, text: `How is the ${topic} done?` })).join('\n'));
  await writeFile(path.join(dir, 'qrels.tsv'), ['query-id\tcorpus-id\tscore', ...TOPICS.map((_, i) => `q${i}\td${i}a\t1`)].join('\n'));

  const out: string[] = [];
  const err: string[] = [];
  const code = await ragCommand.run(
    ['eval', '--corpus', path.join(dir, 'corpus.jsonl'), '--queries', path.join(dir, 'queries.jsonl'), '--qrels', path.join(dir, 'qrels.tsv'), '--sweep', '0,1'],
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  t.equal(code, 0, err.join('\n'));
  const text = out.join('\n');
  t.match(text, /12 documents -> 12 chunks; 6 judged queries; embedder openai:hash-64/);
  t.match(text, /retrieval\s+nDCG@10\s+MAP@100\s+Recall@100\s+time/);
  const row = (name: string) => out.find((l) => l.trimStart().startsWith(name))!.trim().split(/\s{2,}/);
  t.same(row('lexical (BM25)').slice(1, 4), ['1.0000', '1.0000', '1.0000'], 'every topic is found first by its words');
  for (const name of ['vector', 'hybrid convex w=0.8', 'hybrid rrf', 'sweep convex w=0', 'sweep convex w=1']) {
    const cells = row(name);
    t.ok(cells.slice(1, 4).every((c) => Number(c) >= 0 && Number(c) <= 1), `${name}: ${cells.join(' ')}`);
  }
  t.match(text, /paired randomisation test of hybrid convex w=0\.8, nDCG@10/);
  for (const other of ['lexical \\(BM25\\)', 'vector', 'hybrid rrf']) t.match(text, new RegExp(`vs ${other}\\s+difference [+-]\\d\\.\\d{4}\\s+p = (0|1)\\.\\d{4}`));
  for (const w of ['0', '1']) t.match(text, new RegExp(`w=${w}\\s+vs lexical [+-]\\d\\.\\d{4} p = (0|1)\\.\\d{4}\\s+vs vector [+-]\\d\\.\\d{4} p = (0|1)\\.\\d{4}`), `w=${w} against both`);
  t.match(text, /w=1\s+vs lexical [+-]\d\.\d{4} p = (0|1)\.\d{4}\s+vs vector \+0\.0000 p = 1\.0000/, 'all weight on vectors is the vector retriever');
});

t.test('fusion ties are broken the same way in every run: by the collection\'s own ids, not random ones', async (t) => {
  const embeddings = await startEmbeddingsServer({ dimensions: 64 });
  t.teardown(() => embeddings.close());
  Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-64' });
  const dir = await tempDirFor(t, 'rag-beir-ties-');
  // Each topic has two identical documents, so fusion scores them exactly alike; only a is judged relevant.
  const topics = TOPICS.flatMap((topic) => [`${topic} north`, `${topic} south`]);
  const corpus = topics.flatMap((topic, i) => ['a', 'b'].map((copy) => ({ _id: `t${i}${copy}`, title: topic, text: `Instructions for ${topic}.` })));
  await writeFile(path.join(dir, 'corpus.jsonl'), corpus.map((d) => JSON.stringify(d)).join('\n'));
  await writeFile(path.join(dir, 'queries.jsonl'), topics.map((topic, i) => JSON.stringify({ _id: `q${i}`, text: topic })).join('\n'));
  await writeFile(path.join(dir, 'qrels.tsv'), ['query-id\tcorpus-id\tscore', ...topics.map((_, i) => `q${i}\tt${i}a\t1`)].join('\n'));
  const idOf = (beirId: string) => createHash('sha256').update(beirId).digest('base64url').slice(0, 24);
  const perQuery = topics.map((_, i) => (idOf(`t${i}a`) < idOf(`t${i}b`) ? 1 : 1 / Math.log2(3)));
  const expected = (perQuery.reduce((sum, x) => sum + x, 0) / topics.length).toFixed(4);
  for (let run = 1; run <= 2; run++) {
    const out: string[] = [];
    const code = await ragCommand.run(
      ['eval', '--corpus', path.join(dir, 'corpus.jsonl'), '--queries', path.join(dir, 'queries.jsonl'), '--qrels', path.join(dir, 'qrels.tsv')],
      { out: (l) => out.push(l), err: () => undefined },
    );
    t.equal(code, 0);
    t.equal(out.find((l) => l.trimStart().startsWith('hybrid convex w=0.8'))!.trim().split(/\s{2,}/)[1], expected, `run ${run}: each tied pair in the order of its ids`);
  }
});

t.test('bad usage exits with 2 and the usage', async (t) => {
  const err: string[] = [];
  t.equal(await ragCommand.run(['eval', '--corpus', 'x'], { out: () => undefined, err: (l) => err.push(l) }), 2);
  t.match(err.join('\n'), /--corpus, --queries and --qrels are required\nusage: nexus rag eval/);
  t.equal(await ragCommand.run(['nope'], { out: () => undefined, err: () => undefined }), 2);
});
