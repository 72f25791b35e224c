// A 100 MB document over a real socket, under the default upload limit: refused with 413 while it streams in, nothing stored, search unharmed.
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import t from 'tap';
import { startEmbeddingsServer } from '../helpers/embeddings-server.ts';
import { startRagRig } from '../helpers/rag-rig.ts';

const MIB = 1024 * 1024;
const embeddings = await startEmbeddingsServer({ dimensions: 64 });
t.teardown(() => embeddings.close());
// The default RAG_MAX_UPLOAD_BYTES (20 MiB) is the limit under test; only the embedder is swapped for speed.
delete process.env.RAG_MAX_UPLOAD_BYTES;
Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-64' });
const rig = await startRagRig(t);
const wendy = await rig.token('wendy', 'writer');
const origin = await rig.listen();

/** 100 MB of plain text, made at test time and never committed: a real document of that size, not a sparse file. */
async function writeBigText(file: string, bytes: number): Promise<void> {
  const line = Buffer.from('The pump room log repeats the same inspection note on every line of this very long file.\n');
  const block = Buffer.concat(Array.from({ length: Math.ceil(MIB / line.length) }, () => line)).subarray(0, MIB);
  const handle = await open(file, 'w');
  try {
    for (let written = 0; written < bytes; written += MIB) await handle.write(block, 0, Math.min(MIB, bytes - written));
  } finally {
    await handle.close();
  }
}

/** Streams one multipart file part from disk (chunked, no Content-Length), as a browser or curl would; resolves on the response. */
function streamUpload(file: string, name: string): Promise<{ status: number; body: string }> {
  const boundary = '----nexusLimitTest';
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(`${origin}/api/rag/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${wendy}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode!, body }));
    });
    // The server may stop reading once it has refused the file; a write broken off after the answer is expected.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`);
    pipeline(createReadStream(file), req, { end: false })
      .then(() => req.end(`\r\n--${boundary}--\r\n`))
      .catch((err: unknown) => (answered ? undefined : reject(err)));
  });
}

const counts = async () => ({
  documents: await rig.kernel.store.collection('rag_documents').countDocuments({}),
  blobs: await rig.kernel.store.collection('rag_blobs').countDocuments({}),
  tasks: rig.held.length,
});

t.test('a 100 MB document is refused with 413 and the limit; nothing is stored and the knowledge base stays searchable', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'nexus-rag-big-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const big = path.join(dir, 'pump-log.txt');
  await writeBigText(big, 100 * MIB);
  t.equal((await stat(big)).size, 100 * MIB);

  const small = path.join(dir, 'valves.txt');
  await writeBigText(small, 4096);
  const kept = await streamUpload(small, 'valves.txt');
  t.equal(kept.status, 202, kept.body);
  t.same(await rig.runTasks(), []);
  const before = await counts();

  const refused = await streamUpload(big, 'pump-log.txt');
  t.equal(refused.status, 413, refused.body);
  t.match(JSON.parse(refused.body), { error: { code: 'rag_upload_too_large', message: /upload limit of 20971520 bytes/, details: { limitBytes: 20 * MIB } } });
  t.same(await counts(), before, 'no document, original or task was stored');

  const hits = (await rig.request(wendy, 'POST', '/api/rag/search', { query: 'pump room inspection note' })).json().results as { docId: string }[];
  t.equal(hits[0]?.docId, JSON.parse(kept.body).docId, 'search still answers from the documents already there');
  const again = await streamUpload(small, 'again.txt');
  t.equal(again.status, 202, 'the server takes the next upload as usual');
});
