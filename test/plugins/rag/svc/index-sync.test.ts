// The in-memory indexes follow the store: identical results after a restart, other processes see uploads and deletes, embedder changes need a reindex.
import t from 'tap';
import { startEmbeddingsServer } from '../helpers/embeddings-server.ts';
import { startRagRig } from '../helpers/rag-rig.ts';
import { tempDirFor } from '../../../helpers/temp-dir.ts';

const dataDir = await tempDirFor(t, 'rag-shared-data-');
const QUERIES = ['how do I start the pump', 'safety valve test interval', 'canteen soup', 'seal replacement'];
const DOCS = [
  { name: 'pump.md', data: '# Pump\n\n## Start\n\nVent the pump before starting it.\n\n## Seal\n\nReplace the seal every two years.' },
  { name: 'boiler.md', data: '# Boiler\n\nThe safety valve is tested every year.' },
  { name: 'canteen.txt', data: 'Soup is served in the canteen on Fridays.' },
];

type Hit = { chunkId: string; score: number };
const runQueries = async (rig: Awaited<ReturnType<typeof startRagRig>>, token: string, mode = 'hybrid') => {
  const out: Hit[][] = [];
  for (const query of QUERIES) {
    const res = await rig.request(token, 'POST', '/api/rag/search', { query, mode, topK: 5 });
    if (res.statusCode !== 200) throw new Error(res.body);
    out.push(res.json().results.map((r: Hit) => ({ chunkId: r.chunkId, score: r.score })));
  }
  return out;
};

t.test('search results are identical across a process restart', async (t) => {
  const first = await startRagRig(t, { dataDir });
  const token = await first.token('wendy', 'writer');
  for (const doc of DOCS) t.equal((await first.upload(token, doc)).statusCode, 202);
  t.same(await first.runTasks(), []);
  const before = await runQueries(first, token);
  t.ok(before.every((hits) => hits.length > 0));
  await first.close();

  const second = await startRagRig(t, { dataDir });
  t.same(await runQueries(second, await second.token('wendy', 'writer')), before, 'same chunks, same order, same scores');
  await second.close();
});

t.test('another process picks up new and deleted chunks without a restart', async (t) => {
  const writer = await startRagRig(t, { dataDir });
  const reader = await startRagRig(t, { dataDir, process: 'mcp' });
  const wToken = await writer.token('wendy', 'writer');
  const rToken = await reader.token('wendy', 'writer');
  const find = async (query: string) => ((await reader.request(rToken, 'POST', '/api/rag/search', { query, mode: 'lexical' })).json().results as { docId: string }[]).map((r) => r.docId);
  t.same(await find('elevator inspection certificate'), []);
  const up = await writer.upload(wToken, { name: 'lift.txt', data: 'The elevator inspection certificate hangs by the door.' });
  await writer.runTasks();
  t.same(await find('elevator inspection certificate'), [up.json().docId], 'the new document is found in the other process');
  t.equal((await writer.request(wToken, 'DELETE', `/api/rag/documents/${up.json().docId}`)).statusCode, 204);
  t.same(await find('elevator inspection certificate'), [], 'and its deletion too');
  await writer.close();
  await reader.close();
});

t.test('a knowledge base keeps the embedder it was built with when the default changes, and switches with one reindex', async (t) => {
  const embeddings = await startEmbeddingsServer({ dimensions: 48 });
  t.teardown(() => embeddings.close());
  Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-48' });
  t.teardown(() => {
    delete process.env.RAG_EMBEDDINGS_URL;
    delete process.env.RAG_EMBEDDINGS_MODEL;
  });
  const rig = await startRagRig(t, { dataDir });
  const admin = await rig.token('root', 'admin');
  const [kb] = (await rig.request(admin, 'GET', '/api/rag/knowledge-bases')).json().items;
  t.match(kb, { name: 'handbook', embedder: 'bge-small-en-v1.5-q', reindexRequired: false, staleDocuments: 0 }, 'built with the old default, it says so');
  const before = await rig.request(admin, 'POST', '/api/rag/search', { query: 'safety valve' });
  t.equal(before.statusCode, 200);
  t.match(before.json().results[0], { title: 'Boiler', vectorScore: Number }, 'its queries are embedded with its own model');
  t.equal(embeddings.requests.length, 0, 'the new default was not asked');

  const created = await rig.request(admin, 'POST', '/api/rag/knowledge-bases', { name: 'fresh', visibility: 'shared' });
  t.match(created.json(), { embedder: 'openai:hash-48' }, 'a new knowledge base takes the new default');
  const unknown = await rig.request(admin, 'POST', `/api/rag/knowledge-bases/${kb.id}/reindex`, { embedder: 'no-such-model' });
  t.match({ status: unknown.statusCode, code: unknown.json().error.code }, { status: 400, code: 'rag_embedder_unknown' });

  const reindex = await rig.request(admin, 'POST', `/api/rag/knowledge-bases/${kb.id}/reindex`, { embedder: 'openai:hash-48' });
  t.equal(reindex.statusCode, 202);
  t.same(reindex.json(), { knowledgeBaseId: kb.id, embedder: 'openai:hash-48', queued: DOCS.length });
  t.match((await rig.request(admin, 'GET', '/api/rag/knowledge-bases')).json().items.find((k: { id: string }) => k.id === kb.id), { embedder: 'openai:hash-48', reindexRequired: true, staleDocuments: DOCS.length }, 'until its documents are done it says so');
  const midway = await rig.request(admin, 'POST', '/api/rag/search', { query: 'safety valve' });
  t.equal(midway.statusCode, 200, 'words still find the documents meanwhile');
  t.same(await rig.runTasks(), []);
  t.match((await rig.request(admin, 'GET', '/api/rag/knowledge-bases')).json().items.find((k: { id: string }) => k.id === kb.id), { reindexRequired: false, staleDocuments: 0 });
  const after = await rig.request(admin, 'POST', '/api/rag/search', { query: 'safety valve' });
  t.equal(after.statusCode, 200);
  t.match(after.json().results[0], { vectorScore: Number });
  t.ok(embeddings.requests.length > DOCS.length, 'documents and the query went to the new embedder');
});
