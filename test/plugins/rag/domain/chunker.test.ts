// Chunking follows structure and budget, and every chunk's offsets map back to the extracted text exactly.
import t from 'tap';
import { chunkDocument } from '../../../../plugins/rag/domain/chunker.ts';
import { createTextBuilder } from '../../../../plugins/rag/domain/extracted-text.ts';
import { countTokens } from '../../../../plugins/rag/domain/text-tokens.ts';
import { parseMarkdown } from '../../../../plugins/rag/infra/parsers/markdown-parser.ts';

const sentence = (i: number) => `Sentence ${i} explains how the pump is vented and started safely.`;

t.test('every chunk is the exact slice of the text at its offsets, within the budget', async (t) => {
  const body = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');
  const md = `# Manual\n\nIntro.\n\n## Long section\n\n${body}\n\n## Short section\n\nDone.\n`;
  const chunks = chunkDocument(parseMarkdown(md), { maxTokens: 50, overlapTokens: 10 });
  t.ok(chunks.length > 5);
  for (const c of chunks) {
    t.equal(md.slice(c.start, c.end), c.text, `chunk ${c.ordinal} maps back`);
    t.ok(c.tokens <= 50, `chunk ${c.ordinal} has ${c.tokens} tokens`);
  }
  t.same(chunks.map((c) => c.ordinal), chunks.map((_, i) => i));
  t.same(chunks[0]!.headingPath, ['Manual']);
  t.same(chunks.at(-1)!.headingPath, ['Manual', 'Short section']);
  t.match(chunks.at(-1)!.text, /^## Short section\n\nDone\.$/);
});

t.test('a section split for budget repeats an overlap, never across sections', async (t) => {
  const body = Array.from({ length: 20 }, (_, i) => sentence(i)).join(' ');
  const chunks = chunkDocument(parseMarkdown(`## A\n\n${body}\n\n## B\n\nOther text here.`), { maxTokens: 40, overlapTokens: 12 });
  const inA = chunks.filter((c) => c.headingPath[0] === 'A');
  t.ok(inA.length > 1);
  for (let i = 1; i < inA.length; i++) t.ok(inA[i]!.start < inA[i - 1]!.end, `chunk ${i} overlaps the one before`);
  const b = chunks.find((c) => c.headingPath[0] === 'B')!;
  t.ok(b.start >= inA.at(-1)!.end, 'B does not repeat A');
});

t.test('tables and lists that fit stay whole; bigger ones split at rows and items', async (t) => {
  const out = createTextBuilder();
  out.add('heading', 'Settings', { level: 1 });
  out.add('table', '', { parts: ['Setting | Value', 'Pressure | 3 bar', 'Flow | 20 l/min'] });
  out.add('list', '', { parts: Array.from({ length: 30 }, (_, i) => `- step ${i}: open valve number ${i} slowly`) });
  const doc = out.build();
  const chunks = chunkDocument(doc, { maxTokens: 40, overlapTokens: 0 });
  const table = doc.blocks[1]!;
  t.ok(chunks.some((c) => c.start <= table.start && c.end >= table.end), 'the table is inside one chunk');
  for (const c of chunks) {
    t.equal(doc.text.slice(c.start, c.end), c.text);
    t.notOk(/step \d+: open valve number$/.test(c.text), 'no list item is cut');
  }
});

t.test('headings without content share the next chunk; CJK text is counted per character', async (t) => {
  const md = '# 取扱説明書\n\n## 安全\n\n安全弁は毎年点検する必要があります。';
  const chunks = chunkDocument(parseMarkdown(md), { maxTokens: 100, overlapTokens: 0 });
  t.equal(chunks.length, 1);
  t.same(chunks[0]!.headingPath, ['取扱説明書', '安全']);
  t.equal(chunks[0]!.text, md);
  t.ok(countTokens('安全弁は毎年点検') >= 8);
});

t.test('a sentence longer than the budget is cut between words', async (t) => {
  const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
  const chunks = chunkDocument(parseMarkdown(long), { maxTokens: 50, overlapTokens: 0 });
  t.ok(chunks.length >= 3);
  for (const c of chunks) {
    t.ok(c.tokens <= 50);
    t.equal(long.slice(c.start, c.end), c.text);
  }
});
