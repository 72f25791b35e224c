// Lexical analysis for BM25: Intl.Segmenter words, then per script: English (Latin), Russian (Cyrillic), Arabic stop words and Snowball stems; CJK as segmented.
import snowball from 'snowball-stemmers';
import stopwords from 'stopword';
import { wordTokens } from '../../domain/text-tokens.ts';

interface Language {
  readonly stop: ReadonlySet<string>;
  readonly stem: (word: string) => string;
  /** Latin letters are folded before stemming (café and cafe meet); other scripts after, since their stemmers read the marks. */
  readonly foldFirst: boolean;
}

const language = (algorithm: string, stopList: string, foldFirst: boolean): Language => {
  const stemmer = snowball.newStemmer(algorithm);
  return { stop: new Set(stopwords[stopList]!.map(fold)), stem: (w) => stemmer.stem(w), foldFirst };
};

/** Marks off (NFKD, then combining marks removed): résumé -> resume. */
function fold(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}+/gu, '').normalize('NFC');
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const ARABIC = /\p{Script=Arabic}/u;

/**
 * The language of a word is guessed from its script: a knowledge base's text rarely declares its language, and per-word
 * choice needs no detector. Latin-script words get English rules; other Latin languages are still matched consistently
 * (documents and queries are analysed alike), only less well conflated.
 */
const english = language('english', 'eng', true);
const russian = language('russian', 'rus', false);
const arabic = language('arabic', 'ara', false);

function languageOf(word: string): Language | undefined {
  if (LATIN.test(word)) return english;
  if (CYRILLIC.test(word)) return russian;
  if (ARABIC.test(word)) return arabic;
  return undefined;
}

/** Stems repeat with Zipf's law: a bounded memo makes indexing 100k chunks several times faster. */
const memo = new Map<string, string | null>();
const MEMO_LIMIT = 200_000;

function analyseWord(word: string): string | null {
  const known = memo.get(word);
  if (known !== undefined) return known;
  let term: string | null;
  if (CJK.test(word)) term = word;
  else {
    const lang = languageOf(word);
    if (lang === undefined) term = fold(word);
    else {
      const base = lang.foldFirst ? fold(word) : word;
      term = lang.stop.has(fold(word)) ? null : lang.foldFirst ? lang.stem(base) : fold(lang.stem(base));
    }
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(word, term);
  return term;
}

/** Index and query terms of a text: stop words dropped, words stemmed and folded; empty when nothing is left to search. */
export function analyse(text: string): string[] {
  const out: string[] = [];
  for (const word of wordTokens(text)) {
    const term = analyseWord(word);
    if (term !== null && term !== '') out.push(term);
  }
  return out;
}
