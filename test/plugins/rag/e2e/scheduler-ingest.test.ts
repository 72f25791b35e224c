// Upload -> the real scheduler's task -> its worker runs rag.ingest -> searchable in the API process; both plugins as shipped.
import t from 'tap';
import { startTestPlugin } from '../../../../kernel/testing/index.ts';
import rag from '../../../../plugins/rag/plugin.ts';
import scheduler from '../../../../plugins/scheduler/plugin.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { startEmbeddingsServer } from '../helpers/embeddings-server.ts';
import { RAG_PROFILE, ragSettings } from '../helpers/rag-rig.ts';

t.test('an upload is ingested by the scheduler worker and becomes searchable', async (t) => {
  const embeddings = await startEmbeddingsServer({ dimensions: 64 });
  t.teardown(() => embeddings.close());
  Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-64' });
  const env = { ...ragSettings(), NEXUS_SERVICE_SECRET: 's'.repeat(40) };
  const api = await startTestPlugin(rag, { plugins: [scheduler], env, profile: RAG_PROFILE });
  // A second process over the same data, as the worker would be: its scheduler runs rag's executor.
  const workerProcess = await startTestPlugin(scheduler, { process: 'worker', plugins: [rag], env, profile: RAG_PROFILE, dataDir: api.dataDir });
  t.teardown(async () => {
    await workerProcess.close();
    await api.close();
  });
  t.match(api.host.status().map((s) => [s.name, s.state]), [['rag', 'loaded'], ['scheduler', 'loaded']]);
  const { worker } = workerProcess.services;

  const token = await api.token('wendy', 'writer');
  const headers = { authorization: `Bearer ${token}` };
  const form = multipartBody([{ name: 'file', filename: 'lift.md', contentType: 'text/markdown', value: '# Lift\n\nThe lift is serviced every March.' }]);
  const up = await api.api!.app.inject({ method: 'POST', url: '/api/rag/documents', headers: { ...headers, ...form.headers }, payload: form.payload });
  t.equal(up.statusCode, 202, up.body);
  const { docId, taskId } = up.json();

  const task = await api.api!.app.inject({ url: `/api/scheduler/tasks/${taskId}`, headers });
  t.match(task.json(), { kind: 'rag.ingest', createdVia: 'api', schedule: { type: 'once' }, payload: { doc_id: docId, generation: 1 } });

  const reports = await worker.tick();
  t.match(reports, [{ outcome: 'succeeded' }]);
  t.match((await api.api!.app.inject({ url: `/api/rag/documents/${docId}`, headers })).json(), { status: 'ready', chunkCount: 1 });
  const search = await api.api!.app.inject({ method: 'POST', url: '/api/rag/search', headers, payload: { query: 'when is the lift serviced' } });
  t.equal(search.json().results[0]?.docId, docId);
});
