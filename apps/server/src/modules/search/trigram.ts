/**
 * pg_trgm's similarity, in memory, for the search index (memory-index.ts): the same
 * trigrams (each word padded with two spaces before and one after, consecutive
 * three-character runs, duplicates counted once), the same similarity (shared trigrams ÷
 * trigrams of either) and the same threshold (`%`: at least 0.3), so typo corrections and
 * "similar names" come out as the PostgreSQL engine's did.
 *
 * What a word character is depends on the database's locale: with a C/POSIX ctype only
 * ASCII letters and digits are (other scripts separate words); otherwise every Unicode
 * letter and digit is. The index asks the database once which (`unicodeWords`).
 */

/** pg_trgm.similarity_threshold's default: `a % b` when similarity(a, b) ≥ this. */
export const SIMILARITY_THRESHOLD = 0.3;

const ASCII_WORD = /[a-z0-9]+/g;
const UNICODE_WORD = /[\p{L}\p{N}]+/gu;

/** The distinct trigrams of a (normalised, lower-case) text. */
export function trigrams(text: string, unicodeWords: boolean): string[] {
  const found = new Set<string>();
  for (const word of text.match(unicodeWords ? UNICODE_WORD : ASCII_WORD) ?? []) {
    const chars = [" ", " ", ...word, " "];
    for (let at = 0; at + 2 < chars.length; at++) found.add(`${chars[at]}${chars[at + 1]}${chars[at + 2]}`);
  }
  return [...found];
}

/** similarity() from the counts: shared ÷ (a + b − shared), 0 when either has none. */
export function similarityOf(shared: number, a: number, b: number): number {
  return a <= 0 || b <= 0 ? 0 : Math.fround(shared / (a + b - shared));
}

/**
 * An inverted index of trigrams over a growing list of texts (dictionary words, product
 * names): which texts are at least SIMILARITY_THRESHOLD similar to a query, with their
 * similarity, without comparing against every text.
 */
export class TrigramIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly sizes: number[] = [];
  private readonly unicodeWords: boolean;
  /** Scratch counters, one per text. */
  private counts = new Uint16Array(1024);

  constructor(unicodeWords: boolean) {
    this.unicodeWords = unicodeWords;
  }

  get size(): number {
    return this.sizes.length;
  }

  /** How many (trigram, text) pairs it holds. */
  postingCount(): number {
    let count = 0;
    for (const list of this.postings.values()) count += list.length + 4;
    return count;
  }

  /** Adds a text; answers its number (texts are numbered in the order they were added). */
  add(text: string): number {
    const id = this.sizes.length;
    const grams = trigrams(text, this.unicodeWords);
    this.sizes.push(grams.length);
    for (const gram of grams) {
      let list = this.postings.get(gram);
      if (!list) {
        list = [];
        this.postings.set(gram, list);
      }
      list.push(id);
    }
    return id;
  }

  /** The texts similar to `query` (similarity ≥ threshold), as [id, similarity] pairs, unordered. */
  similar(query: string): [number, number][] {
    const grams = trigrams(query, this.unicodeWords);
    if (grams.length === 0) return [];
    if (this.counts.length < this.sizes.length) this.counts = new Uint16Array(this.sizes.length * 2);
    const counts = this.counts;
    const touched: number[] = [];
    for (const gram of grams) {
      for (const id of this.postings.get(gram) ?? []) {
        if (counts[id] === 0) touched.push(id);
        counts[id] = (counts[id] ?? 0) + 1;
      }
    }
    const found: [number, number][] = [];
    for (const id of touched) {
      const similarity = similarityOf(counts[id] ?? 0, grams.length, this.sizes[id] ?? 0);
      counts[id] = 0;
      if (similarity >= SIMILARITY_THRESHOLD) found.push([id, similarity]);
    }
    return found;
  }
}
