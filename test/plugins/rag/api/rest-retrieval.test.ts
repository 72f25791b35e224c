// Search and answers over REST: filters, caps, modes, CJK, extractive answers, and model answers whose citations are checked.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { startScriptedModelServer, type RecordedRequest } from '../../../helpers/scripted-model-server.ts';
import { tempDirFor } from '../../../helpers/temp-dir.ts';
import { startRagRig, type RagRig } from '../helpers/rag-rig.ts';

const CORPUS = [
  { name: 'pump.md', tags: 'plant', data: '# Pump manual\n\n## Commissioning\n\nVent the pump before starting it. Open the suction valve slowly.\n\n## Maintenance\n\nReplace the mechanical seal every two years.' },
  { name: 'boiler.md', tags: 'plant,heating', data: '# Boiler handbook\n\n## Safety\n\nThe safety valve must be tested every year by a certified engineer.\n\n## Flue\n\nKeep the flue clear of obstructions.' },
  { name: 'canteen.txt', tags: 'office', data: 'The canteen opens at noon and serves soup on Fridays.' },
  { name: 'anzen.md', tags: 'plant', data: '# 安全規則\n\nボイラーの安全弁は毎年点検する必要があります。' },
];

async function seed(rig: RagRig, token: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const file of CORPUS) ids.set(file.name, (await rig.upload(token, file, { tags: file.tags })).json().docId);
  await rig.runTasks();
  return ids;
}

const rig = await startRagRig(t);
const wendy = await rig.token('wendy', 'writer');
const ids = await seed(rig, wendy);
const search = async (body: Record<string, unknown>) => {
  const res = await rig.request(wendy, 'POST', '/api/rag/search', body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().results as { docId: string; chunkId: string; headingPath: string[]; text: string; start: number; end: number; lexicalScore: number | null; vectorScore: number | null }[];
};

t.test('hybrid search finds the passage with its heading path and offsets', async (t) => {
  const [best] = await search({ query: 'how often is the safety valve tested?' });
  t.equal(best!.docId, ids.get('boiler.md'));
  t.same(best!.headingPath, ['Boiler handbook', 'Safety']);
  t.equal(CORPUS[1]!.data.slice(best!.start, best!.end), best!.text, 'offsets point into the uploaded Markdown');
  t.ok(best!.lexicalScore !== null && best!.vectorScore !== null);
});

t.test('filters: documents, tags, topK, at most n per document; lexical, vector and RRF modes', async (t) => {
  t.same(new Set((await search({ query: 'valve', docIds: [ids.get('pump.md')] })).map((r) => r.docId)), new Set([ids.get('pump.md')]));
  t.ok((await search({ query: 'valve', tags: ['heating'] })).every((r) => r.docId === ids.get('boiler.md')));
  t.equal((await search({ query: 'valve', tags: ['plant', 'office'] })).length, 0, 'every tag must match');
  t.equal((await search({ query: 'valve', topK: 1 })).length, 1);
  const capped = await search({ query: 'pump valve seal', maxPerDocument: 1, topK: 10 });
  t.equal(new Set(capped.map((r) => r.docId)).size, capped.length);
  t.ok((await search({ query: 'soup', mode: 'lexical' })).every((r) => r.vectorScore === null));
  t.ok((await search({ query: 'soup', mode: 'vector' })).every((r) => r.lexicalScore === null));
  t.equal((await search({ query: 'soup on Fridays', fusion: 'rrf' }))[0]!.docId, ids.get('canteen.txt'));
});

t.test('Japanese text is searchable by its words', async (t) => {
  t.equal((await search({ query: '安全弁の点検', mode: 'lexical' }))[0]?.docId, ids.get('anzen.md'));
});

t.test('bad searches are refused clearly', async (t) => {
  const bad = async (body: Record<string, unknown>) => (await rig.request(wendy, 'POST', '/api/rag/search', body)).json().error.code;
  t.equal(await bad({ query: '' }), 'validation_failed');
  t.equal(await bad({ query: '?!' }), 'rag_invalid_query');
  t.equal(await bad({ query: 'x', topK: 1000 }), 'validation_failed');
  t.equal(await bad({ query: 'x', docIds: ['/etc/passwd'] }), 'validation_failed');
  t.equal(await bad({ query: 'x', knowledgeBaseIds: ['kb_nonexistentnonexistent12'] }), 'rag_knowledge_base_not_found');
  t.equal(await bad({ query: 'x', top_k: 1 }), 'validation_failed', 'the former snake_case names are refused, not ignored');
});

t.test('without a model the answer is extractive, cited and labelled as such', async (t) => {
  const res = await rig.request(wendy, 'POST', '/api/rag/query', { question: 'How often must the safety valve be tested?' });
  t.equal(res.statusCode, 200, res.body);
  const body = res.json();
  t.match(body, { mode: 'extractive', model: null, notice: /Extractive answer: no model is configured/, droppedCitations: [] });
  t.match(body.answer, /The safety valve must be tested every year by a certified engineer\. \[\d\]/);
  const cited = body.sources.find((s: { n: number }) => s.n === body.citations[0].source);
  t.match(cited, { docId: ids.get('boiler.md'), headingPath: ['Boiler handbook', 'Safety'] });
  t.ok(cited.text.includes(body.citations[0].quote));
});

t.test('with a model: verified citations are kept, a quote absent from its source is dropped and flagged', async (t) => {
  const model = await startScriptedModelServer([
    (request: RecordedRequest) => {
      const prompt = JSON.stringify(request.body);
      const n = /\[(\d)\] Boiler handbook › Safety/.exec(JSON.parse(prompt).messages[1].content)?.[1] ?? '1';
      return { text: `Test it yearly [${n}] "must be tested every year". Only in winter [${n}] "tested only in winter". See also [9] "anything".` };
    },
  ]);
  t.teardown(() => model.close());
  const dir = await tempDirFor(t, 'rag-profile-');
  const profile = path.join(dir, 'profile.yaml');
  const base = await import('node:fs/promises').then((fs) => fs.readFile(path.join(import.meta.dirname, '../fixtures/rag-profile.yaml'), 'utf8'));
  await writeFile(profile, `${base}\nmodel:\n  provider: openai\n  baseUrl: ${model.openaiBaseUrl}\n  model: scripted\n`);
  const withModel = await startRagRig(t, { profile });
  const token = await withModel.token('wendy', 'writer');
  await seed(withModel, token);
  const res = await withModel.request(token, 'POST', '/api/rag/query', { question: 'How often must the safety valve be tested?' });
  t.equal(res.statusCode, 200, res.body);
  const body = res.json();
  t.match(body, { mode: 'generated', model: 'scripted', notice: /2 citation\(s\) were dropped/ });
  t.same(body.citations.map((c: { quote: string }) => c.quote), ['must be tested every year']);
  t.same(body.droppedCitations.map((d: { reason: string }) => d.reason), ['quote_not_found', 'unknown_source']);
  t.notMatch(body.answer, /tested only in winter|\[9\]/);
  t.match(model.requests[0]!.body, { model: 'scripted', stream: false, messages: [{ role: 'system' }, { role: 'user', content: /Question: How often must the safety valve be tested\?/ }] });
});

t.test('awkward queries: empty and overlong ones are refused clearly, stop words and unknown scripts still get results', async (t) => {
  for (const query of ['', 'x'.repeat(20_000)]) {
    const res = await rig.request(wendy, 'POST', '/api/rag/search', { query });
    t.equal(res.statusCode, 400, `${query.length} characters`);
    t.match(JSON.stringify(res.json().error.details), /query/, 'the error names the field');
  }
  const res = await rig.request(wendy, 'POST', '/api/rag/search', { query: '...' });
  t.match({ status: res.statusCode, code: res.json().error.code }, { status: 400, code: 'rag_invalid_query' });
  const stopWords = await search({ query: 'what is it about?' });
  t.ok(stopWords.length > 0 && stopWords.every((r) => r.lexicalScore === null), 'only stop words: the vectors answer, BM25 stays out');
  const thai = await search({ query: 'วาล์วนิรภัยของหม้อไอน้ำ' });
  t.ok(Array.isArray(thai), 'a script without an analyzer is searched, not refused');
});
