// Types for the two analysis libraries that ship none: snowball-stemmers (Snowball algorithms) and stopword (stop-word lists).
declare module 'snowball-stemmers' {
  interface Stemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(algorithm: string): Stemmer; algorithms(): string[] };
  export default snowball;
}

declare module 'stopword' {
  /** Stop-word lists by ISO 639-3 code (eng, rus, ara, ...). */
  const lists: Record<string, readonly string[]>;
  export = lists;
}
