// Upload -> the real scheduler's task -> its worker runs rag.ingest -> searchable in the API process; both plugins as shipped.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { createKernel } from '../../../../kernel/boot/create-kernel.ts';
import { createApiServer } from '../../../../kernel/http/create-api-server.ts';
import { createTestEnv, projectRoot } from '../../../helpers/test-env.ts';
import { ragSettings } from '../helpers/rag-rig.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { startEmbeddingsServer } from '../helpers/embeddings-server.ts';
import { RAG_PROFILE } from '../helpers/rag-rig.ts';

interface Worker {
  tick(): Promise<{ outcome: string }[]>;
}

t.test('an upload is ingested by the scheduler worker and becomes searchable', async (t) => {
  const embeddings = await startEmbeddingsServer({ dimensions: 64 });
  t.teardown(() => embeddings.close());
  Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-64' });
  const te = await createTestEnv(t, { env: { ...ragSettings(), NEXUS_RUNTIME_PROFILE_PATH: RAG_PROFILE } });
  for (const name of ['scheduler', 'rag']) await cp(path.join(projectRoot, 'plugins', name), path.join(te.pluginsDir, name), { recursive: true });

  const apiKernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
  const api = await createApiServer(apiKernel);
  const workerKernel = await createKernel({ process: 'worker', env: te.env, watchProfile: false });
  const workerHost = workerKernel.createPluginHost();
  await workerHost.start();
  t.teardown(async () => {
    await workerHost.close();
    await workerKernel.close();
    await api.close();
    await apiKernel.close();
  });
  t.match(api.host.status().map((s) => [s.name, s.state]), [['rag', 'loaded'], ['scheduler', 'loaded']]);
  const worker = (workerHost.loaded('scheduler')!.services as { worker: Worker }).worker;

  const token = (await apiKernel.tokens.create({ userId: 'wendy', role: 'writer' })).token;
  const headers = { authorization: `Bearer ${token}` };
  const form = multipartBody([{ name: 'file', filename: 'lift.md', contentType: 'text/markdown', value: '# Lift\n\nThe lift is serviced every March.' }]);
  const up = await api.app.inject({ method: 'POST', url: '/api/rag/documents', headers: { ...headers, ...form.headers }, payload: form.payload });
  t.equal(up.statusCode, 202, up.body);
  const { docId, taskId } = up.json();

  const task = await api.app.inject({ url: `/api/scheduler/tasks/${taskId}`, headers });
  t.match(task.json(), { kind: 'rag.ingest', createdVia: 'api', schedule: { type: 'once' }, payload: { doc_id: docId, generation: 1 } });

  const reports = await worker.tick();
  t.match(reports, [{ outcome: 'succeeded' }]);
  t.match((await api.app.inject({ url: `/api/rag/documents/${docId}`, headers })).json(), { status: 'ready', chunkCount: 1 });
  const search = await api.app.inject({ method: 'POST', url: '/api/rag/search', headers, payload: { query: 'when is the lift serviced' } });
  t.equal(search.json().results[0]?.docId, docId);
});
