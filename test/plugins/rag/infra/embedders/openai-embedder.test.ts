// The OpenAI-compatible embeddings client against a local server speaking the real /v1/embeddings wire format.
import t from 'tap';
import { createOpenAIEmbedder } from '../../../../../plugins/rag/infra/embedders/openai-embedder.ts';
import { startEmbeddingsServer } from '../../helpers/embeddings-server.ts';
import { embedderSuite } from './embedder-suite.ts';

const server = await startEmbeddingsServer({ dimensions: 96, apiKey: 'sk-test-key' });
t.teardown(() => server.close());
const make = (overrides: Partial<Parameters<typeof createOpenAIEmbedder>[0]> = {}) =>
  createOpenAIEmbedder({ url: server.baseUrl, model: 'hash-96', apiKey: () => 'sk-test-key', batchSize: 8, ...overrides });

embedderSuite(t, 'openai', async () => make());

t.test('speaks the wire format: model, input array, float encoding, bearer key', async (t) => {
  const before = server.requests.length;
  await make().embed(['a', 'b', 'c']);
  const [request] = server.requests.slice(before);
  t.match(request, { headers: { authorization: 'Bearer sk-test-key' }, body: { model: 'hash-96', input: ['a', 'b', 'c'], encoding_format: 'float' } });
});

t.test('failures become rag_embedder_failed without leaking the key', async (t) => {
  server.failNext(503);
  const err = await make().embed(['x']).catch((e: unknown) => e);
  t.match(err, { code: 'rag_embedder_failed', status: 502, details: { status: 503 } });
  t.notMatch(JSON.stringify(err), /sk-test-key/);
  await t.rejects(make({ apiKey: () => 'wrong' }).embed(['x']), { code: 'rag_embedder_failed', details: { status: 401 } });
  await t.rejects(make({ url: 'http://127.0.0.1:9/v1' }).embed(['x']), { code: 'rag_embedder_failed' });
});

t.test('the id names the model, so a model change needs a reindex', async (t) => {
  t.equal(make().id, 'openai:hash-96');
  t.not(make({ model: 'other' }).id, make().id);
});
