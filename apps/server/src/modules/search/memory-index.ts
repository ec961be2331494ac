/**
 * The suggestion index (ADR 0016): the published search documents of the shop held in this
 * process' memory, answering the search box with the PostgreSQL engine's rules without a
 * database round trip. Pure data and arithmetic; live-index.ts fills it from PostgreSQL
 * and keeps it current.
 *
 * What it holds per document is what PostgreSQL holds (search_documents): its words (the
 * tsvector's lexemes, read from the database, so the words are PostgreSQL's own) grouped
 * by where they occur (name A, title B = type/categories/series, the rest), the
 * normalised name, popularity, and the answer itself ({ id, productId, name, filename }).
 * The dictionary of shop words (search_words) is held too, for typo corrections.
 *
 * The rules (repository.ts, architecture.md "Search"):
 * - every query word must match, each as a prefix of a word of the document, or as one of
 *   its corrections: a word no dictionary word starts with, three or more characters
 *   long, is widened to its three closest dictionary words by trigram similarity;
 * - tiers, best first: the exact name (0), a name starting with the text (1), every word
 *   in the name (2), every word in name or title (3), anywhere (4); within a tier the more
 *   popular first, then the higher product id;
 * - nothing matched: the names most similar to the whole text (trigrams, ≥ 0.3), closest
 *   first, then the higher product id.
 *
 * Speed: documents are kept in popularity order. A query whose every word is common is
 * answered by walking that order and stopping once the best tier still open has enough
 * documents (common words fill the 8 places within the first few hundred documents); a
 * query with a rare word walks only the documents that hold that word (the postings of
 * its words). Unlike the PostgreSQL engine, which ranked only the 1,000 most popular
 * documents when those gave 8 answers, every match is ranked.
 *
 * Why this file stays over 400 lines (issue 36): the class is one data structure whose
 * private typed arrays (the postings, the popularity order, the marks and bit sets) every
 * query path reads and writes together. Splitting its methods across files would make
 * those arrays public or pass them around, in the search box's measured hot loop (ADR
 * 0016, bench/README). Its free parts (the document shape, limits, the integer list, the
 * sorted-array helpers) are in index-parts.ts.
 */
import type { SearchSuggestion } from "@atelier/contract";
import { searchLimits } from "@atelier/contract";
import {
  BITSET_FROM,
  BITSET_MAX,
  byteOrder,
  CORRECTIONS,
  charLength,
  type Doc,
  FIELDS,
  type Field,
  type Found,
  grow,
  type IndexDocument,
  type IndexStats,
  IntList,
  insertSorted,
  keepBest,
  lowerBound,
  MIN_CORRECTED_LENGTH,
  MIN_WORD_LENGTH,
  NAME_PREFIX_COLLECT,
  POSTINGS_WALK,
} from "./index-parts.ts";
import { TrigramIndex } from "./trigram.ts";

export type { IndexDocument, IndexStats } from "./index-parts.ts";

export class SuggestionIndex {
  /** Whether the database counts every Unicode letter as a word character for trigrams (its locale). */
  readonly unicodeWords: boolean;

  // Documents by slot (a product's document gets a new slot when its words change). Their
  // lexeme ids live in one pool, laid out in popularity order: [start, nameEnd) weighted A,
  // [nameEnd, titleEnd) B (not A), [titleEnd, end) neither.
  private docs: (Doc | undefined)[] = [];
  private readonly slotOf = new Map<number, number>();
  private freeSlots: number[] = [];
  private live = 0;
  private pool: Int32Array = new Int32Array(1024);
  private poolLength = 0;
  private start: Int32Array = new Int32Array(0);
  private nameEnd: Int32Array = new Int32Array(0);
  private titleEnd: Int32Array = new Int32Array(0);
  private end: Int32Array = new Int32Array(0);

  // Lexicon: lexeme ↔ id, in byte order for prefix ranges, and postings (slots) per field.
  private readonly lexId = new Map<string, number>();
  private readonly lexemes: string[] = [];
  private sortedLexemes: string[] = [];
  private sortedLexIds: number[] = [];
  private readonly postings: [IntList[], IntList[], IntList[]] = [[], [], []];
  private deadPostings = 0;
  private livePostings = 0;

  // Names: the distinct normalised names, their documents, in byte order, and their trigrams.
  private readonly nameIdOf = new Map<string, number>();
  private readonly nameText: string[] = [];
  private readonly nameSlots: number[][] = [];
  private sortedNames: string[] = [];
  private readonly nameTrigrams: TrigramIndex;

  // The dictionary of shop words (search_words: insert-only).
  private readonly words = new Set<string>();
  private readonly wordText: string[] = [];
  private sortedWords: string[] = [];
  private readonly wordTrigrams: TrigramIndex;

  // Popularity order: slots, best first, and each slot's place in it.
  private order: Int32Array = new Int32Array(0);
  private rankOf: Int32Array = new Int32Array(0);
  // The pool bounds by rank (the pool is in rank order, so rank r ends where r + 1 starts).
  private rankStart: Int32Array = new Int32Array(1);
  private rankNameEnd: Int32Array = new Int32Array(0);
  private rankTitleEnd: Int32Array = new Int32Array(0);
  private orderDirty = false;

  // Scratch for queries (one at a time: JavaScript runs one).
  private marks: Uint8Array = new Uint8Array(0);
  private stamps: Uint32Array = new Uint32Array(0);
  private stamp = 0;
  private bitsA: Uint32Array = new Uint32Array(0);
  private bitsB: Uint32Array = new Uint32Array(0);

  constructor(options: { unicodeWords: boolean }) {
    this.unicodeWords = options.unicodeWords;
    this.nameTrigrams = new TrigramIndex(options.unicodeWords);
    this.wordTrigrams = new TrigramIndex(options.unicodeWords);
  }

  stats(): IndexStats {
    const typed = [
      this.pool,
      this.start,
      this.nameEnd,
      this.titleEnd,
      this.end,
      this.order,
      this.rankOf,
      this.rankStart,
      this.rankNameEnd,
      this.rankTitleEnd,
      this.marks,
      this.stamps,
      this.bitsA,
      this.bitsB,
    ].reduce((sum, array) => sum + array.byteLength, 0);
    let postings = 0;
    for (const field of FIELDS) for (const list of this.postings[field]) postings += list.data.byteLength + 64;
    const text = (value: string) => 24 + value.length * 2;
    let documents = 0;
    for (const doc of this.docs) {
      if (doc) documents += 160 + text(doc.answer.name) + (doc.answer.filename ? text(doc.answer.filename) : 0);
    }
    const names = this.nameText.reduce((sum, name) => sum + text(name) + 80, 0);
    const words = this.wordText.reduce((sum, word) => sum + text(word) * 2 + 60, 0);
    const lexemes = this.lexemes.reduce((sum, lexeme) => sum + text(lexeme) + 60, 0);
    const trigrams = (this.nameTrigrams.postingCount() + this.wordTrigrams.postingCount()) * 8;
    return {
      bytes: typed + postings + documents + names + words + lexemes + trigrams,
      documents: this.live,
      lexemes: this.lexemes.length,
      postings: this.livePostings,
      words: this.words.size,
      names: this.sortedNames.length,
    };
  }

  // ─── writing ────────────────────────────────────────────────────────────────

  /** Adds dictionary words (search_words). */
  addWords(words: Iterable<string>): void {
    const added: string[] = [];
    for (const word of words) {
      if (this.words.has(word)) continue;
      this.words.add(word);
      this.wordText.push(word);
      this.wordTrigrams.add(word);
      added.push(word);
    }
    if (added.length > 100) {
      this.sortedWords.push(...added);
      this.sortedWords.sort(byteOrder);
    } else for (const word of added) insertSorted(this.sortedWords, word);
  }

  /** Loads many documents at once (the build at start): sorted once at the end. */
  load(documents: Iterable<IndexDocument>): void {
    for (const document of documents) this.put(document, false);
    this.sortedLexemes = [...this.lexemes].sort(byteOrder);
    this.sortedLexIds = this.sortedLexemes.map((lexeme) => this.lexId.get(lexeme) as number);
    this.sortedNames = this.nameText.filter((_, nameId) => (this.nameSlots[nameId]?.length ?? 0) > 0).sort(byteOrder);
    for (const field of FIELDS) for (const list of this.postings[field]) list.trim();
    this.settle(true);
  }

  /** A document changed or is new: published → indexed as it is now; unpublished → dropped. Its title words join the dictionary. */
  upsert(document: IndexDocument): void {
    this.put(document, true);
    this.orderDirty = true;
  }

  /** A product's document was deleted. */
  remove(productId: number): void {
    this.drop(productId);
    this.orderDirty = true;
  }

  /** Puts the changes of upsert/remove in popularity order (done by the next query otherwise). */
  settle(force = false): void {
    if (this.deadPostings > 100_000 && this.deadPostings > this.livePostings) this.rebuildPostings();
    if (this.orderDirty || force) this.rebuildOrder();
  }

  private put(document: IndexDocument, incremental: boolean): void {
    if (incremental) {
      // search_documents_refresh adds the words of name and title to search_words, published or not.
      const titleWords: string[] = [];
      document.lexemes.forEach((lexeme, at) => {
        if ((document.weights[at] ?? 0) !== 0 && charLength(lexeme) >= MIN_WORD_LENGTH) titleWords.push(lexeme);
      });
      this.addWords(titleWords);
    }
    if (!document.published) {
      this.drop(document.productId);
      return;
    }
    const name: number[] = [];
    const title: number[] = [];
    const rest: number[] = [];
    document.lexemes.forEach((lexeme, at) => {
      const id = this.lexemeId(lexeme, incremental);
      const weights = document.weights[at] ?? 0;
      (weights & 1 ? name : weights & 2 ? title : rest).push(id);
    });
    const terms = [...name, ...title, ...rest];
    const answer: SearchSuggestion = Object.freeze({
      id: document.id,
      productId: document.productId,
      name: document.name,
      filename: document.filename,
    });

    const slot = this.slotOf.get(document.productId);
    const existing = slot === undefined ? undefined : this.docs[slot];
    if (
      slot !== undefined &&
      existing &&
      existing.nameNorm === document.nameNorm &&
      this.sameTerms(slot, terms, name.length, title.length)
    ) {
      // The same words (a popularity or image change): keep the slot and its postings.
      existing.popularity = document.popularity;
      existing.answer = answer;
      return;
    }
    this.drop(document.productId);
    const newSlot = this.freeSlots.pop() ?? this.docs.length;
    const nameId = this.nameIdFor(document.nameNorm);
    this.docs[newSlot] = {
      productId: document.productId,
      nameNorm: document.nameNorm,
      nameId,
      popularity: document.popularity,
      answer,
    };
    this.slotOf.set(document.productId, newSlot);
    this.live++;
    this.place(newSlot, terms, name.length, title.length);
    for (const id of name) this.post(id, newSlot, 0);
    for (const id of [...name, ...title]) this.post(id, newSlot, 1);
    for (const id of terms) this.post(id, newSlot, 2);
    const slots = this.nameSlots[nameId] as number[];
    if (slots.length === 0 && incremental) insertSorted(this.sortedNames, document.nameNorm);
    slots.push(newSlot);
  }

  private post(lexId: number, slot: number, field: Field): void {
    (this.postings[field][lexId] as IntList).push(slot);
    this.livePostings++;
  }

  /** Writes a document's lexeme ids at the end of the pool. */
  private place(slot: number, terms: number[], names: number, titles: number): void {
    const size = slot + 1;
    this.start = grow(this.start, size);
    this.nameEnd = grow(this.nameEnd, size);
    this.titleEnd = grow(this.titleEnd, size);
    this.end = grow(this.end, size);
    this.pool = grow(this.pool, this.poolLength + terms.length);
    const at = this.poolLength;
    this.pool.set(terms, at);
    this.poolLength += terms.length;
    this.start[slot] = at;
    this.nameEnd[slot] = at + names;
    this.titleEnd[slot] = at + names + titles;
    this.end[slot] = at + terms.length;
  }

  private sameTerms(slot: number, terms: number[], names: number, titles: number): boolean {
    const at = this.start[slot] as number;
    if ((this.end[slot] as number) - at !== terms.length) return false;
    if ((this.nameEnd[slot] as number) - at !== names || (this.titleEnd[slot] as number) - at !== names + titles)
      return false;
    for (let i = 0; i < terms.length; i++) if (this.pool[at + i] !== terms[i]) return false;
    return true;
  }

  private drop(productId: number): void {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return;
    const doc = this.docs[slot] as Doc;
    this.slotOf.delete(productId);
    this.docs[slot] = undefined;
    this.live--;
    const at = this.start[slot] as number;
    const dead =
      2 * ((this.end[slot] as number) - at) +
      ((this.nameEnd[slot] as number) - at) +
      ((this.titleEnd[slot] as number) - at);
    this.deadPostings += dead;
    this.livePostings -= dead;
    const slots = this.nameSlots[doc.nameId] as number[];
    slots.splice(slots.indexOf(slot), 1);
    if (slots.length === 0) {
      const place = lowerBound(this.sortedNames, doc.nameNorm);
      if (this.sortedNames[place] === doc.nameNorm) this.sortedNames.splice(place, 1);
    }
    // Postings may still name the slot: they only propose candidates, which are checked against the pool.
    this.freeSlots.push(slot);
  }

  private lexemeId(lexeme: string, incremental: boolean): number {
    let id = this.lexId.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.lexId.set(lexeme, id);
      this.lexemes.push(lexeme);
      for (const field of FIELDS) this.postings[field].push(new IntList(2));
      if (incremental) {
        const at = lowerBound(this.sortedLexemes, lexeme);
        this.sortedLexemes.splice(at, 0, lexeme);
        this.sortedLexIds.splice(at, 0, id);
      }
    }
    return id;
  }

  private nameIdFor(nameNorm: string): number {
    let id = this.nameIdOf.get(nameNorm);
    if (id === undefined) {
      id = this.nameText.length;
      this.nameIdOf.set(nameNorm, id);
      this.nameText.push(nameNorm);
      this.nameSlots.push([]);
      this.nameTrigrams.add(nameNorm);
    }
    return id;
  }

  /** Postings keep slots of replaced documents until rebuilt from the live ones. */
  private rebuildPostings(): void {
    for (const field of FIELDS) for (const list of this.postings[field]) list.length = 0;
    this.livePostings = 0;
    this.docs.forEach((doc, slot) => {
      if (!doc) return;
      const at = this.start[slot] as number;
      for (let i = at; i < (this.end[slot] as number); i++) {
        const id = this.pool[i] as number;
        if (i < (this.nameEnd[slot] as number)) this.post(id, slot, 0);
        if (i < (this.titleEnd[slot] as number)) this.post(id, slot, 1);
        this.post(id, slot, 2);
      }
    });
    this.deadPostings = 0;
  }

  /** Popularity order, and the pool rewritten in that order (walks read it front to back). */
  private rebuildOrder(): void {
    const slots: number[] = [];
    this.docs.forEach((doc, slot) => {
      if (doc) slots.push(slot);
    });
    const docs = this.docs as Doc[];
    slots.sort((a, b) => {
      const x = docs[a] as Doc;
      const y = docs[b] as Doc;
      return y.popularity - x.popularity || y.productId - x.productId;
    });
    this.order = Int32Array.from(slots);
    this.rankOf = new Int32Array(this.docs.length).fill(-1);
    let size = 0;
    for (const slot of slots) size += (this.end[slot] as number) - (this.start[slot] as number);
    const pool = new Int32Array(Math.max(1024, Math.ceil(size * 1.1)));
    let at = 0;
    slots.forEach((slot, rank) => {
      this.rankOf[slot] = rank;
      const from = this.start[slot] as number;
      const to = this.end[slot] as number;
      pool.set(this.pool.subarray(from, to), at);
      this.nameEnd[slot] = at + ((this.nameEnd[slot] as number) - from);
      this.titleEnd[slot] = at + ((this.titleEnd[slot] as number) - from);
      this.start[slot] = at;
      at += to - from;
      this.end[slot] = at;
    });
    this.pool = pool;
    this.poolLength = at;
    this.rankStart = new Int32Array(slots.length + 1);
    this.rankNameEnd = new Int32Array(slots.length);
    this.rankTitleEnd = new Int32Array(slots.length);
    slots.forEach((slot, rank) => {
      this.rankStart[rank] = this.start[slot] as number;
      this.rankNameEnd[rank] = this.nameEnd[slot] as number;
      this.rankTitleEnd[rank] = this.titleEnd[slot] as number;
    });
    this.rankStart[slots.length] = at;
    this.orderDirty = false;
  }

  // ─── reading ────────────────────────────────────────────────────────────────

  /** What the dictionary says about each word: known (some word starts with it), else its closest words. */
  plan(tokens: string[]): { token: string; known: boolean; corrections: string[] }[] {
    return tokens.map((token) => {
      const at = lowerBound(this.sortedWords, token);
      const known = at < this.sortedWords.length && (this.sortedWords[at] as string).startsWith(token);
      if (known || charLength(token) < MIN_CORRECTED_LENGTH) return { token, known, corrections: [] };
      const corrections = this.wordTrigrams
        .similar(token)
        .map(([id, similarity]) => ({ word: this.wordText[id] as string, distance: Math.fround(1 - similarity) }))
        .sort((a, b) => a.distance - b.distance || byteOrder(a.word, b.word))
        .slice(0, CORRECTIONS)
        .map(({ word }) => word);
      return { token, known, corrections };
    });
  }

  /** The suggestions for a normalised query: its distinct words, and those words joined by one space. */
  suggest(tokens: string[], text: string, limit: number = searchLimits.suggestions): SearchSuggestion[] {
    if (tokens.length === 0) return [];
    if (this.orderDirty) this.settle();
    const chosen: number[] = [];

    // Tier 0: the exact name.
    const exactId = this.nameIdOf.get(text);
    if (exactId !== undefined) {
      const exact = [...(this.nameSlots[exactId] as number[])].sort((a, b) => this.rank(a) - this.rank(b));
      chosen.push(...exact.slice(0, limit));
      if (chosen.length === limit) return this.answers(chosen);
    }

    // Per lexeme, which query words it satisfies (bit i: word i, as a prefix or one of its corrections).
    const planned = this.plan(tokens);
    if (this.marks.length < this.lexemes.length) this.marks = new Uint8Array(this.lexemes.length * 2);
    const marks = this.marks;
    const touched: number[] = [];
    const words = planned.map(({ token, corrections }, bit) => {
      const flag = 1 << bit;
      const ids: number[] = [];
      const totals = [0, 0, 0];
      const mark = (id: number) => {
        if (marks[id] === 0) touched.push(id);
        if (((marks[id] as number) & flag) !== 0) return;
        marks[id] = (marks[id] as number) | flag;
        ids.push(id);
        for (const field of FIELDS)
          totals[field] = (totals[field] as number) + (this.postings[field][id] as IntList).length;
      };
      for (let at = lowerBound(this.sortedLexemes, token); at < this.sortedLexemes.length; at++) {
        if (!(this.sortedLexemes[at] as string).startsWith(token)) break;
        mark(this.sortedLexIds[at] as number);
      }
      for (const word of corrections) {
        const id = this.lexId.get(word);
        if (id !== undefined) mark(id);
      }
      return { ids, totals };
    });
    try {
      if (words.every(({ totals }) => (totals[2] as number) > 0)) {
        this.ranked(text, (1 << planned.length) - 1, words, exactId, chosen, limit);
      }
    } finally {
      for (const id of touched) marks[id] = 0;
    }
    if (chosen.length > 0) return this.answers(chosen);
    return this.similarNames(text, limit);
  }

  private rank(slot: number): number {
    return this.rankOf[slot] as number;
  }

  private answers(slots: number[]): SearchSuggestion[] {
    return slots.map((slot) => (this.docs[slot] as Doc).answer);
  }

  /**
   * How a document matches the marked words: 2 every word in its name, 3 in name or
   * title, 4 anywhere, 0 not every word. With `field`, only whether it matches at exactly
   * that level (2, 3 or 4; else 0) — a walk of one level reads no further than it needs.
   */
  private levelOf(rank: number, full: number, level = 0): number {
    const marks = this.marks;
    const pool = this.pool;
    let at = this.rankStart[rank] as number;
    let bits = 0;
    const nameEnd = this.rankNameEnd[rank] as number;
    for (; at < nameEnd; at++) bits |= marks[pool[at] as number] as number;
    if (bits === full) return level === 0 || level === 2 ? 2 : 0;
    if (level === 2) return 0;
    const titleEnd = this.rankTitleEnd[rank] as number;
    for (; at < titleEnd; at++) bits |= marks[pool[at] as number] as number;
    if (bits === full) return level === 0 || level === 3 ? 3 : 0;
    if (level === 3) return 0;
    const end = this.rankStart[rank + 1] as number;
    for (; at < end && bits !== full; at++) bits |= marks[pool[at] as number] as number;
    return bits === full ? 4 : 0;
  }

  /** Fills `chosen` (the exact names already in it) with the best matches by tier, popularity, product id. */
  private ranked(
    text: string,
    full: number,
    words: { ids: number[]; totals: number[] }[],
    exactId: number | undefined,
    chosen: number[],
    limit: number,
  ): void {
    const docs = this.docs;

    // Tier 1 — names starting with the text — collected whole when they are few.
    const lo = lowerBound(this.sortedNames, text);
    let prefixCount = 0;
    let hi = lo;
    for (; hi < this.sortedNames.length && (this.sortedNames[hi] as string).startsWith(text); hi++) {
      const nameId = this.nameIdOf.get(this.sortedNames[hi] as string) as number;
      if (nameId !== exactId) prefixCount += (this.nameSlots[nameId] as number[]).length;
      if (prefixCount > NAME_PREFIX_COLLECT) break;
    }
    const prefixCollected = prefixCount <= NAME_PREFIX_COLLECT;
    if (prefixCollected) {
      const tier1: number[] = [];
      for (let at = lo; at < hi; at++) {
        const nameId = this.nameIdOf.get(this.sortedNames[at] as string) as number;
        if (nameId === exactId) continue;
        for (const slot of this.nameSlots[nameId] as number[])
          if (this.levelOf(this.rank(slot), full) !== 0) tier1.push(slot);
      }
      tier1.sort((a, b) => this.rank(a) - this.rank(b));
      for (const slot of tier1) {
        if (chosen.length === limit) return;
        chosen.push(slot);
      }
    }

    // Several common words that may never meet: one bit-set test first, when it is cheap.
    const sumAll = words.reduce((sum, word) => sum + (word.totals[2] as number), 0);
    if (
      words.length > 1 &&
      Math.min(...words.map((word) => word.totals[2] as number)) > BITSET_FROM &&
      sumAll <= BITSET_MAX
    ) {
      if (!this.intersect(words, 2)) return;
    }

    // Tiers 2, 3, 4, one level at a time: each either walks the postings of its rarest word
    // or the documents in popularity order, and stops as soon as it can.
    for (const level of [2, 3, 4] as const) {
      const need = limit - chosen.length;
      if (need <= 0) return;
      const field = (level - 2) as Field;
      let driver = words[0] as { ids: number[]; totals: number[] };
      for (const word of words) if ((word.totals[field] as number) < (driver.totals[field] as number)) driver = word;
      const total = driver.totals[field] as number;
      if (total === 0) continue;
      // A document of this level, not taken before: its tier (1 for a name starting with the text), else 0.
      const order = this.order;
      const tierAt = (rank: number): number => {
        if (this.levelOf(rank, full, level) === 0) return 0;
        const doc = docs[order[rank] as number] as Doc;
        if (doc.nameId === exactId) return 0;
        if (doc.nameNorm.startsWith(text)) return prefixCollected ? 0 : 1;
        return level;
      };
      // Walking in popularity order reads about need ÷ (share of documents matching) documents
      // (the words taken as independent); the postings walk reads every document of the rarest
      // word. The walk in order starts when it looks cheaper, and hands over to the postings
      // once it has read as many documents as they hold (the words were not independent).
      let share = 1;
      for (const word of words) share *= Math.min(1, (word.totals[field] as number) / Math.max(1, this.live));
      const found: Found[] = [];
      let done = false;
      if (total > POSTINGS_WALK || total > need / Math.max(share, 1e-9)) {
        let best = 0;
        // With tier 1 not collected, only `need` tier-1 documents close the walk.
        const closing = prefixCollected ? level : 1;
        const budget = total > POSTINGS_WALK ? order.length : Math.min(total, (4 * need) / Math.max(share, 1e-9));
        let rank = 0;
        for (; rank < order.length && rank < budget; rank++) {
          const tier = tierAt(rank);
          if (tier === 0) continue;
          keepBest(found, need, order[rank] as number, tier, rank);
          if (tier <= closing && ++best >= need) break;
        }
        done = best >= need || rank >= order.length;
        if (!done) found.length = 0;
      }
      // Not done: the cheapest of walking on, the rarest word's documents, or a bit-set intersection.
      const sum = words.reduce((all, word) => all + (word.totals[field] as number), 0);
      const walkOn = order.length; // from the start again (what it read was cleared)
      const checkEach = total * 6;
      const bitSet = words.length > 1 ? sum / 8 + docs.length / 32 : Number.POSITIVE_INFINITY;
      if (!done && walkOn <= checkEach && walkOn <= bitSet) {
        let best = 0;
        const closing = prefixCollected ? level : 1;
        for (let rank = 0; rank < order.length; rank++) {
          const tier = tierAt(rank);
          if (tier === 0) continue;
          keepBest(found, need, order[rank] as number, tier, rank);
          if (tier <= closing && ++best >= need) break;
        }
        done = true;
      }
      if (!done && checkEach <= bitSet) {
        // One word, or a rare one: the documents holding it, each checked.
        if (this.stamps.length < docs.length) this.stamps = new Uint32Array(docs.length * 2);
        const stamp = ++this.stamp;
        for (const id of driver.ids) {
          const list = this.postings[field][id] as IntList;
          for (let at = 0; at < list.length; at++) {
            const slot = list.data[at] as number;
            if (this.stamps[slot] === stamp) continue;
            this.stamps[slot] = stamp;
            const rank = this.rankOf[slot] as number;
            if (rank < 0) continue; // a replaced document's slot
            const tier = tierAt(rank);
            if (tier !== 0) keepBest(found, need, slot, tier, rank);
          }
        }
      } else if (!done) {
        // Several common words that seldom meet: the intersection of their documents as bit sets.
        const set = this.intersect(words, field);
        if (!set) {
          if (level === 4) return; // nothing holds every word anywhere: no level can match
          continue;
        }
        let count = 0;
        for (let word = 0; word < set.length; word++) {
          let bits = set[word] as number;
          bits -= (bits >>> 1) & 0x55555555;
          bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
          count += (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
        }
        if (count > 4 * need) {
          // Many: walk popularity order, looking at the set's members only, and stop early.
          let best = 0;
          const closing = prefixCollected ? level : 1;
          for (let rank = 0; rank < order.length; rank++) {
            const slot = order[rank] as number;
            if ((((set[slot >>> 5] as number) >>> (slot & 31)) & 1) === 0) continue;
            const tier = tierAt(rank);
            if (tier === 0) continue;
            keepBest(found, need, slot, tier, rank);
            if (tier <= closing && ++best >= need) break;
          }
        } else {
          for (let word = 0; word < set.length; word++) {
            let bits = set[word] as number;
            while (bits !== 0) {
              const low = bits & -bits;
              bits ^= low;
              const slot = (word << 5) + 31 - Math.clz32(low);
              const rank = this.rankOf[slot] ?? -1;
              if (rank < 0) continue;
              const tier = tierAt(rank);
              if (tier !== 0) keepBest(found, need, slot, tier, rank);
            }
          }
        }
      }
      for (const { slot } of found) chosen.push(slot);
    }
  }

  /** The slots holding every word in `field` (a bit set; stale postings may add a few, checked later), or undefined when none. */
  private intersect(words: { ids: number[]; totals: number[] }[], field: Field): Uint32Array | undefined {
    const size = (this.docs.length + 31) >>> 5;
    if (this.bitsA.length < size) {
      this.bitsA = new Uint32Array(size * 2);
      this.bitsB = new Uint32Array(size * 2);
    }
    const result = this.bitsA.subarray(0, size);
    const one = this.bitsB.subarray(0, size);
    const sorted = [...words].sort((a, b) => (a.totals[field] as number) - (b.totals[field] as number));
    sorted.forEach((word, index) => {
      const target = index === 0 ? result : one;
      target.fill(0);
      for (const id of word.ids) {
        const list = this.postings[field][id] as IntList;
        const data = list.data;
        for (let at = 0; at < list.length; at++) {
          const slot = data[at] as number;
          target[slot >>> 5] = (target[slot >>> 5] as number) | (1 << (slot & 31));
        }
      }
      if (index > 0) for (let at = 0; at < size; at++) result[at] = (result[at] as number) & (one[at] as number);
    });
    for (let at = 0; at < size; at++) if (result[at] !== 0) return result;
    return undefined;
  }

  /** Nothing matched: names most similar to the whole text, closest first, then the higher product id. */
  private similarNames(text: string, limit: number): SearchSuggestion[] {
    const names = this.nameTrigrams
      .similar(text)
      .map(([nameId, similarity]) => ({ nameId, distance: Math.fround(1 - similarity) }))
      .filter(({ nameId }) => (this.nameSlots[nameId] as number[]).length > 0)
      .sort((a, b) => a.distance - b.distance);
    const chosen: { slot: number; productId: number }[] = [];
    // Names at one distance are one group: their documents by product id, highest first.
    for (let at = 0; at < names.length && chosen.length < limit; ) {
      const distance = (names[at] as { distance: number }).distance;
      const group: { slot: number; productId: number }[] = [];
      for (; at < names.length && (names[at] as { distance: number }).distance === distance; at++) {
        for (const slot of this.nameSlots[(names[at] as { nameId: number }).nameId] as number[]) {
          group.push({ slot, productId: (this.docs[slot] as Doc).productId });
        }
      }
      group.sort((a, b) => b.productId - a.productId);
      chosen.push(...group.slice(0, limit - chosen.length));
    }
    return this.answers(chosen.map(({ slot }) => slot));
  }
}
