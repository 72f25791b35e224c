// The one contract every Embedder implementation must pass (bge, USE and the OpenAI-compatible client run it alike).
import type { Test } from 'tap';
import type { Embedder } from '../../../../../plugins/rag/svc/ports.ts';

const cosine = (a: Float32Array, b: Float32Array) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
};

export function embedderSuite(t: Test, name: string, make: () => Promise<Embedder>): void {
  t.test(`${name}: one vector per text, in order, all of the same finite size`, async (t) => {
    const embedder = await make();
    t.match(embedder.id, /\S/);
    const texts = Array.from({ length: 37 }, (_, i) => `Sentence number ${i} about pumps and valves.`);
    const { vectors, dimensions } = await embedder.embed(texts);
    t.equal(vectors.length, texts.length);
    t.ok(dimensions > 0);
    t.ok(vectors.every((v) => v instanceof Float32Array && v.length === dimensions && v.every(Number.isFinite)));
    const again = await embedder.embed([texts[20]!]);
    t.ok(cosine(again.vectors[0]!, vectors[20]!) > 0.999, 'batching does not change or reorder vectors');
  });

  t.test(`${name}: deterministic, and texts that share meaning are closer than unrelated ones`, async (t) => {
    const embedder = await make();
    const { vectors } = await embedder.embed([
      'Vent the pump before you start the pump.',
      'Before starting the pump, vent the pump.',
      'The quarterly tax report is due in April.',
    ]);
    const [a, b, c] = vectors as [Float32Array, Float32Array, Float32Array];
    t.ok(cosine(a, b) > cosine(a, c), `similar ${cosine(a, b).toFixed(3)} > unrelated ${cosine(a, c).toFixed(3)}`);
    const repeat = await embedder.embed(['Vent the pump before you start the pump.']);
    t.ok(cosine(repeat.vectors[0]!, a) > 0.9999);
  });

  t.test(`${name}: a query vector has the passages' size and finds the passage that answers it`, async (t) => {
    const embedder = await make();
    const { vectors, dimensions } = await embedder.embed(['Vent the pump before you start the pump.', 'The quarterly tax report is due in April.']);
    const query = await embedder.embedQuery('how do I start a pump?');
    t.equal(query.length, dimensions);
    t.ok(cosine(query, vectors[0]!) > cosine(query, vectors[1]!));
  });

  t.test(`${name}: empty input, blank text and CJK text`, async (t) => {
    const embedder = await make();
    t.same((await embedder.embed([])).vectors, []);
    const { vectors } = await embedder.embed(['', '   ', '安全弁は毎年点検する必要があります']);
    t.equal(vectors.length, 3);
    t.ok(vectors.every((v) => v.every(Number.isFinite)));
  });

  t.test(`${name}: an aborted signal stops the work`, async (t) => {
    const embedder = await make();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await t.rejects(embedder.embed(['text'], controller.signal));
    await t.rejects(embedder.embedQuery('text', controller.signal));
  });
}
