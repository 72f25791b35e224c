// The rag.ingest executor on its own: validate at task creation, execute per run with an ExecutionContext built here, retries, failures.
import t from 'tap';
import pino from 'pino';
import { Value } from 'typebox/value';
import type { ExecutionContext, Identity } from '../../../../kernel/index.ts';
import { createIngestExecutor } from '../../../../plugins/rag/executors/ingest-executor.ts';
import { startEmbeddingsServer } from '../helpers/embeddings-server.ts';
import { writePdf } from '../helpers/pdf-writer.ts';
import { startRagRig } from '../helpers/rag-rig.ts';

const embeddings = await startEmbeddingsServer({ dimensions: 64 });
t.teardown(() => embeddings.close());
// The plugin reads its variables from process.env; each test file is its own process.
Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-64' });

const rig = await startRagRig(t);
const executor = createIngestExecutor(rig.services.documents, rig.services.ingest);
const identityOf = async (userId: string, role: string): Promise<Identity> => rig.kernel.tokens.resolve(await rig.token(userId, role));
const wendy = await identityOf('wendy', 'writer');
const victor = await identityOf('victor', 'viewer');
const runContext = (identity: Identity, overrides: Partial<ExecutionContext> = {}): ExecutionContext => ({
  taskId: 'task-7', scheduledFor: new Date('2026-03-02T07:30:00Z'), idempotencyKey: 'task-7@2026-03-02T07:30:00.000Z',
  identity, logger: pino({ level: 'silent' }), signal: new AbortController().signal, ...overrides,
});
const wendyToken = await rig.token('wendy', 'writer');
const upload = async (name: string, data: string | Buffer) => {
  const res = await rig.upload(wendyToken, { name, data });
  if (res.statusCode !== 202) throw new Error(res.body);
  return res.json().docId as string;
};
const chunkCount = (docId: string) => rig.kernel.store.collection('rag_chunks').countDocuments({ docId });

t.test('the payload is an opaque document id and a generation, nothing else', async (t) => {
  t.equal(executor.kind, 'rag.ingest');
  t.ok(Value.Check(executor.payloadSchema, { doc_id: 'doc_abcdefghijklmnopqrstuvwx', generation: 1 }));
  t.notOk(Value.Check(executor.payloadSchema, { doc_id: '/etc/passwd', generation: 1 }));
  t.notOk(Value.Check(executor.payloadSchema, { doc_id: 'doc_abcdefghijklmnopqrstuvwx', generation: 1, path: '/tmp/x' }));
  t.match(executor.retry, { maxAttempts: 3 });
});

t.test('validate: the document exists at that generation and the owner may change it', async (t) => {
  const docId = await upload('notes.md', '# Notes\n\nThe valve opens clockwise.');
  await executor.validate({ doc_id: docId, generation: 1 }, { identity: wendy });
  await t.rejects(executor.validate({ doc_id: docId, generation: 2 }, { identity: wendy }), { code: 'rag_document_busy' });
  await t.rejects(executor.validate({ doc_id: docId, generation: 1 }, { identity: victor }), { code: 'rag_write_forbidden' });
  await t.rejects(executor.validate({ doc_id: 'doc_abcdefghijklmnopqrstuvwx', generation: 1 }, { identity: wendy }), { code: 'rag_document_not_found' });
});

t.test('execute makes the chunks searchable; a repeated run replaces them, it does not duplicate', async (t) => {
  const docId = await upload('valves.md', '# Valves\n\nThe valve opens clockwise.\n\n## Cleaning\n\nClean the valve seat with a soft brush.');
  const result = await executor.execute({ doc_id: docId, generation: 1 }, runContext(wendy));
  t.match(result, { summary: /2 chunks searchable \(openai:hash-64, 64 dimensions\)/, data: { outcome: 'ready', chunks: 2, embedder: 'openai:hash-64' } });
  t.equal(await chunkCount(docId), 2);
  await executor.execute({ doc_id: docId, generation: 1 }, runContext(wendy));
  t.equal(await chunkCount(docId), 2, 'the same chunks, not twice as many');
  const hits = await rig.services.search.search(wendy, { query: 'valve seat brush' });
  t.equal(hits[0]?.docId, docId);
  t.equal((await rig.services.documents.get(wendy, docId)).title, 'Valves', 'the heading names a document uploaded without a title');
});

t.test('a task for a deleted or superseded document does nothing', async (t) => {
  const gone = await upload('gone.txt', 'Soon deleted.');
  await rig.services.documents.remove(wendy, gone);
  t.match(await executor.execute({ doc_id: gone, generation: 1 }, runContext(wendy)), { data: { outcome: 'gone' } });
  t.equal(await chunkCount(gone), 0);
  const moved = await upload('moved.txt', 'Ingested twice.');
  await rig.services.documents.reingest(wendy, moved);
  t.match(await executor.execute({ doc_id: moved, generation: 1 }, runContext(wendy)), { data: { outcome: 'superseded' } });
  t.match(await executor.execute({ doc_id: moved, generation: 2 }, runContext(wendy)), { data: { outcome: 'ready' } });
});

t.test('a damaged file fails at once with its reason; an outage is retried, then fails', async (t) => {
  const broken = await upload('broken.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41), Buffer.from('\nstartxref\n9\n%%EOF\n')]));
  await t.rejects(executor.execute({ doc_id: broken, generation: 1 }, runContext(wendy)), { code: 'rag_corrupt_file' });
  t.match(await rig.services.documents.get(wendy, broken), { status: 'failed', error: { code: 'rag_corrupt_file' }, chunkCount: 0 });

  const pdf = await upload('ok.pdf', writePdf([{ lines: ['Pressure must stay under three bar.'] }]));
  embeddings.failNext(503, 3);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await t.rejects(executor.execute({ doc_id: pdf, generation: 1 }, runContext(wendy)), { code: 'rag_embedder_failed' });
    t.equal((await rig.services.documents.get(wendy, pdf)).status, attempt < 3 ? 'queued' : 'failed', `after attempt ${attempt}`);
  }
  t.equal(await chunkCount(pdf), 0, 'nothing half-stored');
  await rig.services.documents.reingest(wendy, pdf);
  t.match(await executor.execute({ doc_id: pdf, generation: 2 }, runContext(wendy)), { data: { outcome: 'ready', chunks: 1 } });
});

t.test('an aborted run stops before storing anything', async (t) => {
  const docId = await upload('abort.txt', 'Never stored.');
  const controller = new AbortController();
  controller.abort(new Error('lease lost'));
  await t.rejects(executor.execute({ doc_id: docId, generation: 1 }, runContext(wendy, { signal: controller.signal })));
  t.equal(await chunkCount(docId), 0);
});
