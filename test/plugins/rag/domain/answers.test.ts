// Context building, citation checking (a quote absent from its chunk is dropped) and the extractive answer.
import t from 'tap';
import { checkCitations } from '../../../../plugins/rag/domain/citations.ts';
import { buildContext, type RetrievedChunk } from '../../../../plugins/rag/domain/context.ts';
import { extractiveAnswer, NO_ANSWER } from '../../../../plugins/rag/domain/extractive.ts';

const text = 'Commissioning\n\nVent the pump before starting it. Open the valve slowly. Check the pressure gauge reads 3 bar.';
const chunk = (id: string, ordinal: number, start: number, end: number, extra: Partial<RetrievedChunk> = {}): RetrievedChunk => ({
  id, docId: 'doc_a', kbId: 'kb_1', title: 'Pump manual', headingPath: ['Commissioning'], ordinal, start, end, text: text.slice(start, end), tokens: 8, score: 1, ...extra,
});

t.test('neighbours of one section merge into one numbered source; the budget is respected', async (t) => {
  const sources = buildContext(
    [chunk('c1', 1, 15, 63), chunk('x', 0, 0, 10, { docId: 'doc_b', title: 'Other', headingPath: [] }), chunk('c2', 2, 49, text.length), chunk('big', 5, 0, 5, { tokens: 999 })],
    30,
  );
  t.equal(sources.length, 2);
  t.match(sources[0], { n: 1, docId: 'doc_a', start: 15, end: text.length, chunkIds: ['c1', 'c2'] });
  t.equal(sources[0]!.text, text.slice(15));
  t.match(sources[1], { n: 2, docId: 'doc_b' });
});

t.test('citations are kept only with a known source and a quote found in it', async (t) => {
  const sources = buildContext([chunk('c1', 1, 15, text.length)], 100);
  const answer = [
    'Vent it first [1] "vent the pump  before starting it".',
    'The pressure must be 5 bar [1] "reads 5 bar".',
    'Open slowly [2] "Open the valve slowly".',
    'Check the gauge [1].',
    'Gauge [1] "gauge".',
  ].join(' ');
  const checked = checkCitations(answer, sources);
  t.same(checked.citations.map((c) => c.quote), ['vent the pump  before starting it']);
  t.same(checked.dropped.map((d) => [d.source, d.reason]), [[1, 'quote_not_found'], [2, 'unknown_source'], [1, 'missing_quote'], [1, 'quote_too_short']]);
  t.notMatch(checked.text, /5 bar"|\[2\]|"gauge"/, 'dropped citations are removed from the answer');
  t.match(checked.text, /\[1\] "vent the pump\s+before starting it"/);
});

t.test('the extractive answer cites the best sentences and skips headings', async (t) => {
  const sources = buildContext([chunk('c1', 1, 0, text.length)], 100);
  const answer = extractiveAnswer('What pressure should the gauge read?', sources);
  t.equal(answer.sentences[0]!.sentence, 'Check the pressure gauge reads 3 bar.');
  t.match(answer.text, /^Check the pressure gauge reads 3 bar\. \[1\]/);
  t.notMatch(answer.text, /Commissioning/);
  t.equal(extractiveAnswer('zebra migration', sources).text, NO_ANSWER);
});
