/** The suggestion index's parts (ADR 0016): its document shape, tuning limits, the growable integer list, sorted-array helpers and the best-candidates list. */
import type { SearchSuggestion } from "@atelier/contract";

/** A search document as read from PostgreSQL. */
export interface IndexDocument {
  id: number;
  productId: number;
  published: boolean;
  name: string;
  nameNorm: string;
  popularity: number;
  filename: string | null;
  /** The tsvector's lexemes and, per lexeme, its weights: 1 = A (name), 2 = B (title), 3 = both, 0 = neither. */
  lexemes: string[];
  weights: number[];
}

/** Typo corrections are only looked for in words this long (repository.ts' MIN_CORRECTED_LENGTH). */
export const MIN_CORRECTED_LENGTH = 3;
/** How many corrections a word gets. */
export const CORRECTIONS = 3;
/** Dictionary words shorter than this are not kept (search_documents_refresh). */
export const MIN_WORD_LENGTH = 2;
/** At most this many documents whose name starts with the text are collected one by one; more → walked in popularity order. */
export const NAME_PREFIX_COLLECT = 1000;
/** A query whose rarest word is in at most this many documents may walk that word's documents instead of popularity order. */
export const POSTINGS_WALK = 20_000;
/** Several words whose rarest is in more than this many documents are intersected as bit sets. */
export const BITSET_FROM = 500;
/** …unless their documents add up to more than this (filling the bit sets would cost more than walking). */
export const BITSET_MAX = 40_000;

/** A growable list of small integers. */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 4) {
    this.data = new Int32Array(capacity);
  }
  /** Gives back the room kept for growth (after a bulk load). */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(this.length, 2));
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

export interface Doc {
  productId: number;
  nameNorm: string;
  nameId: number;
  popularity: number;
  answer: SearchSuggestion;
}

/** Where a query word may match: 0 the name (A), 1 name or title (A/B), 2 anywhere. */
export type Field = 0 | 1 | 2;
export const FIELDS: Field[] = [0, 1, 2];

export const charLength = (text: string) => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** Lower bound of `key` in a sorted array. */
export function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function insertSorted(sorted: string[], key: string): void {
  sorted.splice(lowerBound(sorted, key), 0, key);
}

/** PostgreSQL's order of `text COLLATE "C"` (UTF-8 bytes) — the same as UTF-16 order outside the astral planes. */
export const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const grow = (array: Int32Array, size: number) => {
  if (array.length >= size) return array;
  const grown = new Int32Array(Math.max(size, array.length * 2, 16));
  grown.set(array);
  return grown;
};

export interface IndexStats {
  /** An estimate of the memory it holds: its typed arrays exactly, objects and strings by V8's usual sizes. */
  bytes: number;
  documents: number;
  lexemes: number;
  postings: number;
  words: number;
  names: number;
}

/** A candidate of a query: its tier and place in popularity order. */
export interface Found {
  slot: number;
  tier: number;
  rank: number;
}

/** Keeps the best `need` candidates (lowest tier, then rank), best first. */
export function keepBest(found: Found[], need: number, slot: number, tier: number, rank: number): void {
  const worst = found[found.length - 1];
  if (found.length === need && worst && (worst.tier < tier || (worst.tier === tier && worst.rank < rank))) return;
  let place = found.length;
  while (place > 0) {
    const before = found[place - 1] as Found;
    if (before.tier < tier || (before.tier === tier && before.rank < rank)) break;
    place--;
  }
  found.splice(place, 0, { slot, tier, rank });
  if (found.length > need) found.pop();
}
