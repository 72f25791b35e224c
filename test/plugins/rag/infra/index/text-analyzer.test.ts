// The lexical analyzer: English stop words and Snowball stems, accents folded, Russian by its script, CJK words kept, unknown scripts folded.
import t from 'tap';
import { analyse } from '../../../../../plugins/rag/infra/index/text-analyzer.ts';
import { createLexicalIndex } from '../../../../../plugins/rag/infra/index/lexical-index.ts';

t.test('English: stop words dropped, inflections conflated by the Snowball stemmer', async (t) => {
  t.same(analyse('How do I replace the seals of the pumps?'), ['replac', 'seal', 'pump']);
  t.same(analyse('replacing a seal'), ['replac', 'seal']);
  t.same(analyse('the of a and'), [], 'a query of stop words only has no terms');
});

t.test('accents fold, so résumé and resume meet; other scripts keep their words', async (t) => {
  t.same(analyse('Résumé, café, naïve'), analyse('resume cafe naive'));
  t.same(analyse('Насосы и клапаны'), ['насос', 'клапа'], 'Russian stop word и dropped, words stemmed');
  t.same(analyse('ボイラーの安全弁'), ['ボイラー', 'の', '安全弁'], 'Japanese stays segmented as before, marks intact');
  t.same(analyse('Ελληνικά'), ['ελληνικα'], 'a script without a stemmer is lower-cased and folded');
});

t.test('BM25 finds inflected forms and ignores stop words in the ranking', async (t) => {
  const index = createLexicalIndex();
  index.add([
    { id: 'seals', title: 'Maintenance', headings: 'Seals', text: 'Replacing the pump seals every two years.' },
    { id: 'the', title: 'Notes', headings: '', text: 'The the the of of of a a a.' },
  ]);
  const all = () => true;
  t.same(index.search('how to replace a seal', 10, all).map((r) => r.id), ['seals']);
  t.same(index.search('the of a', 10, all), [], 'stop words alone match nothing');
});
