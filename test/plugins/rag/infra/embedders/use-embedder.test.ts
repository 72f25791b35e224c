// The embedded Universal Sentence Encoder against the shared embedder suite; it must load with no network at all.
import t from 'tap';
import net from 'node:net';
import { USE_EMBEDDER_ID, createUseEmbedder } from '../../../../../plugins/rag/infra/embedders/use-embedder.ts';
import { embedderSuite } from './embedder-suite.ts';

t.test('the model loads from the npm package without any network access', async (t) => {
  // Every outgoing connection (fetch, http, node-fetch) goes through net.Socket#connect: refuse and record them all.
  const seen: string[] = [];
  const realConnect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function refuse(...args: unknown[]) {
    seen.push(JSON.stringify(args[0]));
    throw new Error('network is off in this test');
  } as typeof realConnect;
  t.teardown(() => {
    net.Socket.prototype.connect = realConnect;
  });
  const embedder = createUseEmbedder();
  const { vectors, dimensions } = await embedder.embed(['offline']);
  t.equal(embedder.id, USE_EMBEDDER_ID);
  t.equal(dimensions, 512);
  t.equal(vectors[0]!.length, 512);
  t.same(seen, [], 'no connection was attempted');
});

embedderSuite(t, 'use', async () => createUseEmbedder());
