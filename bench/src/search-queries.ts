/**
 * Realistic search-box queries for the `search` target, built from the seeded shop's own
 * vocabulary (product names, product types, categories, series): whole words, two-word
 * phrases, half-typed words (as the 300 ms debounce sends them) and one-letter typos.
 * Deterministic for a given vocabulary, and hundreds of distinct queries, so the numbers
 * measure the engine rather than any cache.
 */

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];

/** One typo: a letter dropped, two swapped, one replaced, or one doubled. */
function typo(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  const kind = Math.floor(next() * 4);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
  if (kind === 2) return word.slice(0, at) + "aeiou"[Math.floor(next() * 5)] + word.slice(at + 1);
  return word.slice(0, at) + (word[at] ?? "") + word.slice(at);
}

export interface SearchQueries {
  queries: string[];
  counts: { words: number; phrases: number; prefixes: number; typos: number };
}

export function buildSearchQueries(names: string[], vocabulary: string[], perKind = 150, seed = 5): SearchQueries {
  const next = random(seed);
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(next() * list.length)];
  const single = [...new Set([...names, ...vocabulary].flatMap(words))].filter((word) => word.length >= 3).sort();
  const phrases = [
    ...new Set(
      names.flatMap((name) => {
        const parts = words(name);
        return parts.slice(1).map((word, index) => `${parts[index]} ${word}`);
      }),
    ),
  ].sort();

  const take = (make: () => string | undefined): string[] => {
    const found = new Set<string>();
    for (let attempt = 0; attempt < perKind * 20 && found.size < perKind; attempt++) {
      const query = make();
      if (query) found.add(query);
    }
    return [...found];
  };
  const whole = take(() => pick(single));
  const twoWords = take(() => pick(phrases));
  const prefixes = take(() => {
    const word = pick(single);
    if (!word) return undefined;
    const prefix = word.slice(0, 2 + Math.floor(next() * Math.max(1, word.length - 2)));
    // Half of them as the second word of a phrase being typed: "printed hoo".
    const phrase = next() < 0.5 ? pick(phrases) : undefined;
    return phrase ? `${phrase.split(" ")[0]} ${prefix}` : prefix;
  });
  const typos = take(() => {
    const word = pick(single.filter((candidate) => candidate.length >= 5));
    return word ? typo(word, next) : undefined;
  });
  const all = [...new Set([...whole, ...twoWords, ...prefixes, ...typos])];
  for (let index = all.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [all[index], all[other]] = [all[other] as string, all[index] as string];
  }
  return {
    queries: all,
    counts: { words: whole.length, phrases: twoWords.length, prefixes: prefixes.length, typos: typos.length },
  };
}
