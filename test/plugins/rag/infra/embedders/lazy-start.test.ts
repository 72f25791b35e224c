// Booting a process with rag starts no inference thread and loads no model runtime: the embedder starts with its first text.
import { createRequire } from 'node:module';
import t from 'tap';
import { startRagRig } from '../../helpers/rag-rig.ts';

/** Worker threads of this process (the diagnostic report lists every one, tsx's loader thread included). */
const threads = () => (process.report.getReport() as unknown as { workers: unknown[] }).workers.length;
const runtimes = () => Object.keys(createRequire(import.meta.url).cache).filter((file) => /onnxruntime|@energetic-ai|@tensorflow|@huggingface[\\/]tokenizers/.test(file));

t.test('the API and MCP processes boot and serve without the embedder; the first query starts one inference thread', async (t) => {
  const before = threads();
  const api = await startRagRig(t);
  const mcp = await startRagRig(t, { process: 'mcp' });
  const token = await api.token('wendy', 'writer');
  t.equal((await api.request(token, 'GET', '/api/rag/knowledge-bases')).statusCode, 200);
  t.equal((await api.request(token, 'GET', '/api/rag/documents')).statusCode, 200);
  t.equal((await api.request(token, 'POST', '/api/rag/search', { query: 'pump', mode: 'lexical' })).statusCode, 200);
  t.equal(threads(), before, 'no inference thread after boot and requests that embed nothing');
  t.same(runtimes(), [], 'neither onnxruntime nor TensorFlow.js is loaded');

  t.equal((await api.request(token, 'POST', '/api/rag/search', { query: 'pump' })).statusCode, 200);
  t.equal(threads(), before + 1, 'a hybrid search embeds its query: one thread, started on demand');
  await mcp.close();
  await api.close();
});
