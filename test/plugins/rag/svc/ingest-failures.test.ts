// Ingestion that breaks off midway (the embedder on chunk k, a chunk write, the commit, a dead process): nothing half-indexed, a clear status, a retry that works.
import t from 'tap';
import { systemClock, type Identity } from '../../../../kernel/index.ts';
import { loadRagConfig } from '../../../../plugins/rag/config.ts';
import { chunkDocument } from '../../../../plugins/rag/domain/chunker.ts';
import { createBlobRepository } from '../../../../plugins/rag/infra/blob-repository.ts';
import { createChunkRepository } from '../../../../plugins/rag/infra/chunk-repository.ts';
import { createDocumentRepository } from '../../../../plugins/rag/infra/document-repository.ts';
import { createIndexVersion } from '../../../../plugins/rag/infra/index-version.ts';
import { documentParser } from '../../../../plugins/rag/infra/parsers/document-parser.ts';
import { createIngestService, type IngestDeps } from '../../../../plugins/rag/svc/ingest-service.ts';
import { startEmbeddingsServer } from '../helpers/embeddings-server.ts';
import { startRagRig } from '../helpers/rag-rig.ts';

const embeddings = await startEmbeddingsServer({ dimensions: 64 });
t.teardown(() => embeddings.close());
// Small chunks, so one document spans more than one embedding batch (64 chunks) and a failure can land in the middle.
Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-64', RAG_CHUNK_TOKENS: '32', RAG_CHUNK_OVERLAP_TOKENS: '0' });
const rig = await startRagRig(t);
const token = await rig.token('wendy', 'writer');
const wendy: Identity = await rig.kernel.tokens.resolve(token);
const store = rig.kernel.store;

/** 150 paragraphs; the last one (in the second embedding batch) carries `marker`. */
const longText = (topic: string, marker: string) =>
  Array.from({ length: 150 }, (_, i) => `Paragraph ${i} of the ${topic} manual${i === 149 ? ` mentions ${marker}` : ''}: check the seals, record the pressure and sign the sheet.`).join('\n\n');
const CHUNKS = chunkDocument(await documentParser.parse('text', Buffer.from(longText('any', 'marker'))), loadRagConfig().chunking).length;
t.ok(CHUNKS > 64, `the long document makes ${CHUNKS} chunks, more than one batch`);

const upload = async (name: string, data: string) => {
  const res = await rig.upload(token, { name, data });
  if (res.statusCode !== 202) throw new Error(res.body);
  return res.json().docId as string;
};
const stored = (docId: string) => store.collection('rag_chunks').countDocuments({ docId });
const found = async (query: string) => (await rig.services.search.search(wendy, { query, mode: 'lexical' })).map((r) => r.docId);
/** Another document becoming ready moves the index version, so every search after it rebuilds from what the store holds. */
const ingestBystander = async (word: string) => {
  const id = await upload(`${word}.txt`, `The ${word} gauge hangs beside the door.`);
  t.match(await rig.services.ingest.run(id, 1), { outcome: 'ready' });
  return id;
};

/** An ingestion service over the same store whose parts can be made to fail, as a worker's would. */
function ingestWith(overrides: Partial<IngestDeps>) {
  const config = loadRagConfig();
  return createIngestService({
    documents: createDocumentRepository(store), chunks: createChunkRepository(store), blobs: createBlobRepository(store), version: createIndexVersion(store),
    parser: documentParser, embedderFor: async () => rig.services.embedders.get(rig.services.embedders.defaultId), chunking: config.chunking, clock: systemClock,
    ...overrides,
  });
}

t.test('an embedder failing on chunk k: the document fails with its reason, nothing of it is searchable, others are; a re-ingest works', async (t) => {
  const keeper = await ingestBystander('boiler');
  const docId = await upload('pumps.txt', longText('pump', 'quasarflux'));
  embeddings.failOn('quasarflux', 503);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await t.rejects(rig.services.ingest.run(docId, 1), { code: 'rag_embedder_failed' });
    t.equal((await rig.services.documents.get(wendy, docId)).status, attempt < 3 ? 'queued' : 'failed', `after attempt ${attempt}`);
  }
  const failed = await rig.services.documents.get(wendy, docId);
  t.match(failed, { status: 'failed', chunkCount: 0, error: { code: 'rag_embedder_failed', message: /answered HTTP 503/ }, progress: { chunks: CHUNKS, embedded: 64 } }, 'it says how far it came and why it stopped');
  t.equal(await stored(docId), 0, 'no chunk of it is stored');
  await ingestBystander('valve');
  t.notOk((await found('pump manual seals pressure')).includes(docId));
  t.ok((await found('boiler gauge door')).includes(keeper), 'the documents already there stay searchable');

  embeddings.failOn(undefined);
  await rig.services.documents.reingest(wendy, docId);
  t.match(await rig.services.ingest.run(docId, 2), { outcome: 'ready', chunks: CHUNKS });
  t.match(await rig.services.documents.get(wendy, docId), { status: 'ready', chunkCount: CHUNKS, error: null });
  t.equal(await stored(docId), CHUNKS);
  t.ok((await found('quasarflux')).includes(docId));
});

t.test('a chunk write that breaks off halfway is rolled back; the next attempt stores every chunk once', async (t) => {
  const docId = await upload('fans.txt', longText('fan', 'zephyrcoil'));
  const chunks = createChunkRepository(store);
  const broken = ingestWith({
    chunks: {
      ...chunks,
      async insertMany(records) {
        await chunks.insertMany(records.slice(0, records.length / 2));
        throw new Error('connection reset by peer');
      },
    },
  });
  await t.rejects(broken.run(docId, 1), { message: 'connection reset by peer' });
  t.match(await rig.services.documents.get(wendy, docId), { status: 'queued', error: { code: 'rag_ingest_failed' }, chunkCount: 0 }, 'an unexpected failure is retried');
  t.equal(await stored(docId), 0, 'the half that was written is gone');
  await ingestBystander('fuse');
  t.notOk((await found('zephyrcoil')).includes(docId));

  t.match(await rig.services.ingest.run(docId, 1), { outcome: 'ready', chunks: CHUNKS });
  t.equal(await stored(docId), CHUNKS);
  t.ok((await found('zephyrcoil')).includes(docId));
});

t.test('a process that dies between writes leaves nothing searchable; the attempt that takes over finishes it without duplicates', async (t) => {
  const docId = await upload('heaters.txt', longText('heater', 'cobaltwisp'));
  const chunks = createChunkRepository(store);
  let died!: () => void;
  const dead = new Promise<void>((resolve) => (died = resolve));
  const dying = ingestWith({
    chunks: {
      ...chunks,
      async insertMany(records) {
        await chunks.insertMany(records.slice(0, 40));
        died();
        // The process is gone: this write never returns, and nothing after it runs.
        return new Promise<void>(() => undefined);
      },
    },
  });
  void dying.run(docId, 1);
  await dead;
  t.equal(await stored(docId), 40, 'the dead attempt left part of its chunks behind');
  t.match(await rig.services.documents.get(wendy, docId), { status: 'processing', chunkCount: 0 });
  await ingestBystander('lamp');
  t.notOk((await found('cobaltwisp')).includes(docId), 'chunks the document does not name are never searched');

  // The scheduler retries an attempt whose lease lapsed; that attempt runs in another worker.
  t.match(await rig.services.ingest.run(docId, 1), { outcome: 'ready', chunks: CHUNKS });
  t.equal(await stored(docId), CHUNKS, 'the leftovers were replaced, not added to');
  t.ok((await found('cobaltwisp')).includes(docId));
});

t.test('a commit that fails leaves no chunks; one that landed, or a failure after it, keeps the document whole and the retry only finishes up', async (t) => {
  const docId = await upload('pipes.txt', longText('pipe', 'umbralkey'));
  const documents = createDocumentRepository(store);
  const noCommit = ingestWith({
    documents: { ...documents, update: async (id, generation, changes, inc) => (changes.status === 'ready' ? Promise.reject(new Error('write concern timed out')) : documents.update(id, generation, changes, inc)) },
  });
  await t.rejects(noCommit.run(docId, 1), { message: 'write concern timed out' });
  t.equal(await stored(docId), 0);
  t.match(await rig.services.documents.get(wendy, docId), { status: 'queued', chunkCount: 0 });

  const lostReply = ingestWith({
    documents: {
      ...documents,
      async update(id, generation, changes, inc) {
        const done = await documents.update(id, generation, changes, inc);
        if (changes.status === 'ready') throw new Error('no reply from the primary');
        return done;
      },
    },
  });
  await t.rejects(lostReply.run(docId, 1), { message: 'no reply from the primary' });
  t.match(await rig.services.documents.get(wendy, docId), { status: 'ready', chunkCount: CHUNKS, error: null }, 'a commit that landed without answering is kept');
  t.equal(await stored(docId), CHUNKS);
  await rig.services.documents.reingest(wendy, docId);

  const version = createIndexVersion(store);
  const noBump = ingestWith({ version: { ...version, bump: () => Promise.reject(new Error('store unavailable')) } });
  await t.rejects(noBump.run(docId, 2), { message: 'store unavailable' });
  t.match(await rig.services.documents.get(wendy, docId), { status: 'ready', chunkCount: CHUNKS, error: null }, 'a committed document is not marked failed');
  t.equal(await stored(docId), CHUNKS);
  const retry = await rig.services.ingest.run(docId, 2);
  t.match(retry, { outcome: 'ready', chunks: CHUNKS, timings: { embedMs: 0 } }, 'nothing is embedded again');
  t.ok((await found('umbralkey')).includes(docId));
});

t.test('a re-ingest that fails keeps the previous version searchable and says it failed', async (t) => {
  const docId = await upload('tanks.txt', longText('tank', 'ferrolume'));
  t.match(await rig.services.ingest.run(docId, 1), { outcome: 'ready' });
  await rig.services.documents.reingest(wendy, docId);
  embeddings.failOn('ferrolume', 503);
  t.teardown(() => embeddings.failOn(undefined));
  for (let attempt = 1; attempt <= 3; attempt++) await t.rejects(rig.services.ingest.run(docId, 2), { code: 'rag_embedder_failed' });
  t.match(await rig.services.documents.get(wendy, docId), { status: 'failed', chunkCount: CHUNKS, error: { code: 'rag_embedder_failed' } });
  t.equal(await stored(docId), CHUNKS, 'only the previous version is stored');
  await ingestBystander('hatch');
  t.ok((await found('ferrolume')).includes(docId));
});
