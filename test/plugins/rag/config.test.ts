// The plugin's variables: defaults, validation that names the variable, and the embeddings endpoint's required companions.
import t from 'tap';
import { loadRagConfig } from '../../../plugins/rag/config.ts';

t.test('defaults: 20 MiB uploads, 200-token chunks, the embedded encoder', async (t) => {
  const c = loadRagConfig({});
  t.equal(c.maxUploadBytes, 20 * 1024 * 1024);
  t.same(c.chunking, { maxTokens: 200, overlapTokens: 40 });
  t.equal(c.embeddings, undefined);
  t.equal(c.embedder, 'bge-small-en-v1.5-q');
  t.equal(loadRagConfig({ RAG_EMBEDDER: 'use-lite-512' }).embedder, 'use-lite-512');
  t.throws(() => loadRagConfig({ RAG_EMBEDDER: 'word2vec' }), /RAG_EMBEDDER/);
});

t.test('bad values stop start-up with the variable named', async (t) => {
  t.throws(() => loadRagConfig({ RAG_MAX_UPLOAD_BYTES: 'lots' }), /RAG_MAX_UPLOAD_BYTES/);
  t.throws(() => loadRagConfig({ RAG_MAX_UPLOAD_BYTES: '0' }), /RAG_MAX_UPLOAD_BYTES/);
  t.throws(() => loadRagConfig({ RAG_CHUNK_TOKENS: '64', RAG_CHUNK_OVERLAP_TOKENS: '64' }), /RAG_CHUNK_OVERLAP_TOKENS must be smaller/);
  t.throws(() => loadRagConfig({ RAG_EMBEDDINGS_URL: 'ftp://x' }), /RAG_EMBEDDINGS_URL/);
  t.throws(() => loadRagConfig({ RAG_EMBEDDINGS_URL: 'http://127.0.0.1:1/v1' }), /RAG_EMBEDDINGS_MODEL is required/);
});

t.test('the API key is read from the named variable when a request needs it', async (t) => {
  const env: NodeJS.ProcessEnv = { RAG_EMBEDDINGS_URL: 'https://api.example.test/v1/', RAG_EMBEDDINGS_MODEL: 'm', RAG_EMBEDDINGS_API_KEY_ENV: 'EMB_KEY' };
  const c = loadRagConfig(env);
  t.equal(c.embeddings?.url, 'https://api.example.test/v1');
  t.equal(c.embeddings?.apiKey(), undefined);
  env['EMB_KEY'] = 'sk-rotated';
  t.equal(c.embeddings?.apiKey(), 'sk-rotated');
});
