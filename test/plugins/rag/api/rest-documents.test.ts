// Uploads through REST: every accepted format, every refusal with nothing half-stored, access control, deletion of everything.
import t from 'tap';
import { MAX_PAGE_LIMIT, MAX_PAGE_OFFSET } from '../../../../kernel/index.ts';
import { writeDocx, docxFiles } from '../helpers/docx-writer.ts';
import { writePdf } from '../helpers/pdf-writer.ts';
import { startRagRig } from '../helpers/rag-rig.ts';
import { writeZip } from '../helpers/zip-writer.ts';

const LIMIT = 256 * 1024;
process.env.RAG_MAX_UPLOAD_BYTES = String(LIMIT);
const rig = await startRagRig(t);
const admin = await rig.token('root', 'admin');
const wendy = await rig.token('wendy', 'writer');
const carol = await rig.token('carol', 'writer');
const victor = await rig.token('victor', 'viewer');
const store = rig.kernel.store;
const counts = async () => ({
  documents: await store.collection('rag_documents').countDocuments({}),
  blobs: await store.collection('rag_blobs').countDocuments({}),
  chunks: await store.collection('rag_chunks').countDocuments({}),
  tasks: rig.held.length,
});

t.test('text, Markdown, HTML, PDF and DOCX are accepted at once as queued, then ingested by the task', async (t) => {
  const files = [
    { name: 'notes.txt', data: 'The boiler room key hangs in the office.' },
    { name: 'guide.md', data: '# Guide\n\nThe flue must stay clear.' },
    { name: 'page.html', data: '<html><body><h1>Page</h1><p>Lights go off at ten.</p></body></html>' },
    { name: 'manual.pdf', data: writePdf([{ lines: ['Pump manual', 'Vent the pump before starting it.'] }]) },
    { name: 'policy.docx', data: writeDocx([{ heading: 'Policy', level: 1 }, { paragraph: 'Visitors sign in at reception.' }]) },
  ];
  const ids: string[] = [];
  for (const file of files) {
    const res = await rig.upload(wendy, file, { tags: 'site-a, handbook', title: file.name === 'notes.txt' ? 'Boiler notes' : '' });
    t.equal(res.statusCode, 202, res.body);
    t.match(res.json(), { docId: /^doc_[A-Za-z0-9_-]{24}$/, status: 'queued', ownerId: 'wendy', tags: ['site-a', 'handbook'], chunkCount: 0 });
    ids.push(res.json().docId);
  }
  t.same(rig.held.map((h) => h.view).map((v) => [v.kind, v.createdVia, v.schedule.type]), files.map(() => ['rag.ingest', 'api', 'once']));
  t.same(await rig.runTasks(), []);
  for (const [i, id] of ids.entries()) {
    const doc = (await rig.request(wendy, 'GET', `/api/rag/documents/${id}`)).json();
    t.match(doc, { status: 'ready', kind: ['text', 'markdown', 'html', 'pdf', 'docx'][i], embedder: { id: 'bge-small-en-v1.5-q', dimensions: 384 }, error: null }, files[i]!.name);
    t.ok(doc.chunkCount > 0);
    t.same(doc.progress, { chunks: doc.chunkCount, embedded: doc.chunkCount }, 'the status shows how far embedding came');
  }
  t.equal((await rig.request(wendy, 'GET', `/api/rag/documents/${ids[0]}`)).json().title, 'Boiler notes');
  t.equal((await rig.request(wendy, 'GET', `/api/rag/documents/${ids[4]}`)).json().title, 'Policy');
});

t.test('bad uploads are refused with a clear error and leave nothing behind', async (t) => {
  const before = await counts();
  const bomb = writeZip([...docxFiles([{ paragraph: 'x' }]), { name: 'word/media/zeros.bin', data: Buffer.alloc(64 * 1024 * 1024) }]);
  const cases: [string, { name: string; data: string | Buffer; type?: string }, number, string][] = [
    ['too big', { name: 'big.txt', data: 'x'.repeat(LIMIT + 1) }, 413, 'rag_upload_too_large'],
    ['empty', { name: 'empty.txt', data: '' }, 400, 'rag_upload_empty'],
    ['an executable', { name: 'tool.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0]) }, 415, 'rag_unsupported_type'],
    ['an image', { name: 'photo', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), type: 'image/png' }, 415, 'rag_unsupported_type'],
    ['text named .pdf', { name: 'fake.pdf', data: 'not a pdf at all' }, 415, 'rag_type_mismatch'],
    ['a PDF named .docx', { name: 'fake.docx', data: writePdf([{ lines: ['x'] }]) }, 415, 'rag_type_mismatch'],
    ['a truncated PDF', { name: 'cut.pdf', data: writePdf([{ lines: ['x'] }]).subarray(0, 120) }, 422, 'rag_corrupt_file'],
    ['a zip bomb disguised as DOCX', { name: 'report.docx', data: bomb }, 422, 'rag_unsafe_archive'],
  ];
  for (const [what, file, status, code] of cases) {
    const res = await rig.upload(wendy, file);
    t.equal(res.statusCode, status, `${what}: ${res.body}`);
    t.equal(res.json().error.code, code, what);
    t.type(res.json().error.message, 'string');
  }
  const json = await rig.request(wendy, 'POST', '/api/rag/documents', { path: '/etc/passwd' });
  t.equal(json.json().error.code, 'rag_upload_invalid', 'a JSON body (a path, say) is not an upload');
  const noFile = await rig.upload(wendy, { name: 'a.txt', data: 'x' }, { extra: 'field' });
  t.equal(noFile.json().error.code, 'rag_upload_invalid', 'unknown fields are refused');
  const badKb = await rig.upload(wendy, { name: 'a.txt', data: 'x' }, { knowledgeBaseId: '../../etc' });
  t.equal(badKb.json().error.code, 'rag_upload_invalid');
  t.same(await counts(), before, 'no document, blob, chunk or task was stored');
});

t.test('documents follow their knowledge base: private ones are invisible to others; admins see all', async (t) => {
  const kb = await rig.request(wendy, 'POST', '/api/rag/knowledge-bases', { name: 'wendy-private', visibility: 'private', members: ['mia'] });
  t.equal(kb.statusCode, 201, kb.body);
  const kbId = kb.json().id as string;
  const secret = await rig.upload(wendy, { name: 'secret.md', data: '# Salaries\n\nThe secret budget is large.' }, { knowledgeBaseId: kbId });
  t.equal(secret.statusCode, 202, secret.body);
  const docId = secret.json().docId as string;
  await rig.runTasks();

  t.equal((await rig.request(carol, 'GET', `/api/rag/documents/${docId}`)).json().error.code, 'rag_document_not_found');
  t.equal((await rig.request(carol, 'DELETE', `/api/rag/documents/${docId}`)).json().error.code, 'rag_document_not_found');
  t.equal((await rig.request(carol, 'POST', `/api/rag/documents/${docId}/reingest`)).json().error.code, 'rag_document_not_found');
  t.equal((await rig.upload(carol, { name: 'x.txt', data: 'intrusion' }, { knowledgeBaseId: kbId })).json().error.code, 'rag_knowledge_base_not_found');
  t.equal((await rig.request(carol, 'POST', '/api/rag/search', { query: 'secret budget', knowledgeBaseIds: [kbId] })).json().error.code, 'rag_knowledge_base_not_found');
  t.equal((await rig.request(carol, 'POST', '/api/rag/search', { query: 'secret budget', docIds: [docId] })).json().error.code, 'rag_document_not_found');
  t.notOk((await rig.request(carol, 'GET', '/api/rag/documents?limit=200')).json().items.some((d: { docId: string }) => d.docId === docId));
  t.notOk((await rig.request(carol, 'GET', '/api/rag/knowledge-bases')).json().items.some((k: { id: string }) => k.id === kbId));

  const mia = await rig.token('mia', 'viewer');
  t.equal((await rig.request(mia, 'GET', `/api/rag/documents/${docId}`)).statusCode, 200, 'members read it');
  t.equal((await rig.request(admin, 'GET', `/api/rag/documents/${docId}`)).statusCode, 200, 'rag.admin sees all');
  const hits = (await rig.request(wendy, 'POST', '/api/rag/search', { query: 'secret budget', knowledgeBaseIds: [kbId] })).json().results;
  t.equal(hits[0]?.docId, docId);
  const fromDefault = (await rig.request(wendy, 'POST', '/api/rag/search', { query: 'secret budget' })).json().results as { docId: string }[];
  t.notOk(fromDefault.some((r) => r.docId === docId), 'the default knowledge base does not contain it');
});

t.test('permissions: viewers read but never write; writers change only their own documents', async (t) => {
  const up = await rig.upload(wendy, { name: 'shared.txt', data: 'Shared text about the lift.' });
  const docId = up.json().docId as string;
  t.equal((await rig.upload(victor, { name: 'v.txt', data: 'x' })).json().error.code, 'forbidden');
  t.equal((await rig.request(victor, 'GET', `/api/rag/documents/${docId}`)).statusCode, 200);
  t.equal((await rig.request(victor, 'DELETE', `/api/rag/documents/${docId}`)).json().error.code, 'forbidden');
  t.equal((await rig.request(carol, 'DELETE', `/api/rag/documents/${docId}`)).json().error.code, 'rag_write_forbidden');
  t.equal((await rig.request(carol, 'POST', `/api/rag/knowledge-bases/${up.json().knowledgeBaseId}/reindex`)).json().error.code, 'forbidden');
  t.equal((await rig.request(wendy, 'GET', '/api/rag/documents/doc_guessedguessedguessed123')).json().error.code, 'rag_document_not_found');
  t.equal((await rig.request(wendy, 'GET', '/api/rag/documents/..%2F..%2Fetc%2Fpasswd')).json().error.code, 'validation_failed');
});

t.test('delete removes the document, its original and its chunks; search no longer finds it', async (t) => {
  const up = await rig.upload(wendy, { name: 'lift.md', data: '# Lift\n\nThe lift is serviced every March by Kone.' });
  const docId = up.json().docId as string;
  await rig.runTasks();
  const search = async () => (await rig.request(wendy, 'POST', '/api/rag/search', { query: 'lift serviced March Kone' })).json().results as { docId: string }[];
  t.ok((await search()).some((r) => r.docId === docId));
  const res = await rig.request(wendy, 'DELETE', `/api/rag/documents/${docId}`);
  t.equal(res.statusCode, 204);
  t.equal(await store.collection('rag_documents').countDocuments({ _id: docId } as never), 0, 'the document record is gone');
  for (const c of ['rag_blobs', 'rag_chunks']) t.equal(await store.collection(c).countDocuments({ docId }), 0, `${c} holds nothing of it`);
  t.notOk((await search()).some((r) => r.docId === docId));
  t.equal((await rig.request(wendy, 'GET', `/api/rag/documents/${docId}`)).statusCode, 404);
});

t.test('list and re-ingest', async (t) => {
  const page = (await rig.request(wendy, 'GET', '/api/rag/documents?tag=site-a&status=ready&limit=2')).json();
  t.equal(page.items.length, 2);
  t.ok(page.total >= 5);
  for (const query of [`limit=${MAX_PAGE_LIMIT + 1}`, `offset=${MAX_PAGE_OFFSET + 1}`]) {
    const refused = await rig.request(wendy, 'GET', `/api/rag/documents?${query}`);
    t.equal(refused.statusCode, 400, query);
    t.equal(refused.json().error.code, 'validation_failed', query);
  }
  const id = page.items[0].docId as string;
  const again = await rig.request(wendy, 'POST', `/api/rag/documents/${id}/reingest`);
  t.equal(again.statusCode, 202);
  t.match(again.json(), { status: 'queued', reingesting: true });
  t.equal((await rig.request(wendy, 'POST', '/api/rag/search', { query: 'boiler room key', mode: 'lexical' })).json().results.length > 0, true, 'the old chunks stay searchable meanwhile');
  await rig.runTasks();
  t.match((await rig.request(wendy, 'GET', `/api/rag/documents/${id}`)).json(), { status: 'ready', reingesting: false });
});
