// The shipped bge-small-en-v1.5 model against the shared embedder suite: offline, checksummed, CLS-pooled unit vectors, query instruction.
import t from 'tap';
import net from 'node:net';
import { BGE_DIMENSIONS, BGE_EMBEDDER_ID, BGE_FILES, createBgeEmbedder } from '../../../../../plugins/rag/infra/embedders/bge-embedder.ts';
import type { Embedder } from '../../../../../plugins/rag/svc/ports.ts';
import { embedderSuite } from './embedder-suite.ts';

const open: Embedder[] = [];
t.teardown(() => Promise.all(open.map((e) => e.close())));
const make = (options?: Parameters<typeof createBgeEmbedder>[0]) => {
  const embedder = createBgeEmbedder(options);
  open.push(embedder);
  return embedder;
};
const shared = make();

t.test('the model loads from the repository without any network access', async (t) => {
  const seen: string[] = [];
  const realConnect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function refuse(...args: unknown[]) {
    seen.push(JSON.stringify(args[0]));
    throw new Error('network is off in this test');
  } as typeof realConnect;
  t.teardown(() => {
    net.Socket.prototype.connect = realConnect;
  });
  const { vectors, dimensions } = await shared.embed(['offline']);
  t.equal(shared.id, BGE_EMBEDDER_ID);
  t.equal(dimensions, BGE_DIMENSIONS);
  t.equal(vectors[0]!.length, 384);
  t.ok(Math.abs(Math.hypot(...vectors[0]!) - 1) < 1e-4, 'L2-normalised');
  t.same(seen, [], 'no connection was attempted');
});

t.test('a query carries the retrieval instruction: it differs from the same text embedded as a passage', async (t) => {
  const passage = (await shared.embed(['safety valve test interval'])).vectors[0]!;
  const query = await shared.embedQuery('safety valve test interval');
  const dot = passage.reduce((s, x, i) => s + x * query[i]!, 0);
  t.ok(dot < 0.999 && dot > 0.5, `related but not identical (${dot.toFixed(3)})`);
});

t.test('a text longer than the model takes is cut, not refused', async (t) => {
  const { vectors } = await shared.embed(['pump '.repeat(3000)]);
  t.ok(vectors[0]!.every(Number.isFinite));
});

t.test('a model file that does not match its checksum is refused with the reason', async (t) => {
  const tampered = make({ files: { ...BGE_FILES, modelSha256: '0'.repeat(64) } });
  await t.rejects(tampered.embed(['text']), { code: 'rag_embedder_failed', message: /SHA-256 .* damaged or replaced/ });
});

embedderSuite(t, 'bge', async () => shared);

t.test('a vector does not depend on the thread or the call that made it: many texts at once equal each alone, bit for bit', async (t) => {
  const texts = Array.from({ length: 9 }, (_, i) => `Passage ${i}: ${'the relief valve opens at six bar '.repeat(1 + (i % 4))}`);
  const together = (await shared.embed(texts)).vectors;
  for (const [i, text] of texts.entries()) t.same([...(await shared.embed([text])).vectors[0]!], [...together[i]!], `text ${i}`);
});
