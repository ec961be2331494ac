/**
 * Product search: the suggestion lists (header box, mobile search) and the results page.
 *
 * A query is normalised in the app (normalize.ts; nothing left → an empty answer without
 * touching the database), then each word is looked up in the dictionary of shop words
 * (search_words): a word no dictionary word starts with is widened to its closest
 * spellings by trigram similarity ("hodie" → hoodie, "tshrt" → tshirt). The words become
 * one tsquery (every word, each as a prefix or one of its corrections) matched against
 * the weighted documents; when that finds nothing, the names most similar to the whole
 * text are offered instead.
 */
import type { ProductFacets, SearchResultsAnswer, SearchResultsQuery, SearchSuggestion } from "@atelier/contract";
import { searchLimits } from "@atelier/contract";
import type { z } from "zod";
import type { CatalogRepository, SearchMatch } from "../catalog/index.ts";
import { filterOf } from "../catalog/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import type { LiveSuggestionIndex } from "./live-index.ts";
import { buildTsQuery, type NormalizedQuery, normalizeQuery, startsWithPattern } from "./normalize.ts";
import type { SearchRepository, SuggestionRow, WordInfo } from "./repository.ts";

type ResultsQuery = z.output<typeof SearchResultsQuery>;

/** How many popular products a results page without matches offers. */
export const POPULAR_COUNT = 8;

const noFacets: ProductFacets = { sizes: [], colors: [], series: [], types: [], price: null };

export interface SearchPlan {
  match: SearchMatch;
  /** The words matched on (the query's, and the corrections used), for highlighting. */
  terms: string[];
  words: WordInfo[];
}

/**
 * What the dictionary says about each word, remembered for a minute (at most 10,000
 * words): people type the same words again and again, and the dictionary changes rarely.
 * A stale entry can only miss a correction for a word that became new to the shop within
 * the minute; prefix matching on the word itself never depends on it.
 */
export class WordMemo {
  private readonly entries = new Map<string, { info: WordInfo; expires: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs = 60_000, maxEntries = 10_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  async lookUp(tokens: string[], load: (tokens: string[]) => Promise<WordInfo[]>): Promise<WordInfo[]> {
    const now = Date.now();
    const missing = tokens.filter((token) => (this.entries.get(token)?.expires ?? 0) <= now);
    if (missing.length > 0) {
      for (const info of await load(missing)) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(info.token, { info, expires: now + this.ttlMs });
      }
    }
    return tokens.map((token) => this.entries.get(token)?.info ?? { token, known: true, close: [] });
  }
}

/** Tier by tier (stable), the first row of each product, at most `limit`. */
function firstOfEach(rows: (SuggestionRow & { tier: number })[], limit: number): SearchSuggestion[] {
  const seen = new Set<number>();
  const chosen: SearchSuggestion[] = [];
  for (const { tier: _tier, ...row } of [...rows].sort((a, b) => a.tier - b.tier)) {
    if (seen.has(row.productId)) continue;
    seen.add(row.productId);
    chosen.push(row);
    if (chosen.length === limit) break;
  }
  return chosen;
}

export function searchService(deps: {
  repo: SearchRepository;
  catalog: CatalogRepository;
  settings: StoreSettingsService;
  /** The in-memory suggestion index (ADR 0016); without it (SEARCH_ENGINE=postgres) suggestions come from PostgreSQL. */
  index?: LiveSuggestionIndex;
}) {
  const { repo, catalog, settings, index } = deps;

  const dictionary = new WordMemo();

  async function plan(normalized: NormalizedQuery, memo: Pick<WordMemo, "lookUp"> = dictionary): Promise<SearchPlan> {
    const words = await memo.lookUp(normalized.tokens, repo.words);
    const planned = words.map(({ token, known, close }) => ({ token, corrections: known ? [] : close }));
    return {
      match: {
        all: buildTsQuery(planned),
        name: buildTsQuery(planned, "A"),
        title: buildTsQuery(planned, "AB"),
        norm: normalized.text,
        prefix: startsWithPattern(normalized.text),
      },
      terms: [...new Set(planned.flatMap(({ token, corrections }) => [token, ...corrections]))],
      words,
    };
  }

  /** A plan whose dictionary look-ups skip the memo. */
  const planFresh = (normalized: NormalizedQuery) => plan(normalized, { lookUp: (tokens, load) => load(tokens) });

  /** Suggestions from the in-memory index, or from PostgreSQL while there is none (not built yet, or SEARCH_ENGINE=postgres). */
  async function suggestions(text: string): Promise<SearchSuggestion[]> {
    const normalized = normalizeQuery(text);
    if (normalized.tokens.length === 0) return [];
    const memory = await index?.current();
    if (memory) return memory.suggest(normalized.tokens, normalized.text);
    return databaseSuggestions(text);
  }

  /**
   * Suggestions from PostgreSQL (the engine of issue 5): the fallback, and the reference the
   * index is compared with in the tests. `fresh` skips the dictionary memo.
   */
  async function databaseSuggestions(text: string, options: { fresh?: boolean } = {}): Promise<SearchSuggestion[]> {
    const normalized = normalizeQuery(text);
    if (normalized.tokens.length === 0) return [];
    const { match } = options.fresh ? await planFresh(normalized) : await plan(normalized);
    const limit = searchLimits.suggestions;
    const popular = firstOfEach(await repo.popularSuggestions(match, limit), limit);
    if (popular.length === limit) return popular;
    const ranked = await repo.rankedSuggestions(match, limit);
    if (ranked.length > 0) return ranked;
    return repo.similarNames(normalized.text, limit);
  }

  /** The closest spelling that finds products: each unknown word replaced by its best correction. */
  async function didYouMean(normalized: NormalizedQuery, words: WordInfo[]): Promise<string | null> {
    const corrected = words.flatMap(({ token, known, close }) => (known ? [token] : close.slice(0, 1)));
    const text = corrected.join(" ");
    if (corrected.length === 0 || text === normalized.text) return null;
    const found = await repo.count(buildTsQuery(corrected.map((token) => ({ token, corrections: [] }))));
    return found > 0 ? text : null;
  }

  async function popular() {
    const [{ currency }, { rows }] = await Promise.all([
      settings.get(),
      catalog.listProducts({}, "popular", POPULAR_COUNT, 0),
    ]);
    return rows.map((row) => ({ ...row, currency }));
  }

  async function results(query: ResultsQuery): Promise<SearchResultsAnswer> {
    const normalized = normalizeQuery(query.search);
    const empty = { items: [], page: query.page, pageSize: query.pageSize, total: 0, pageCount: 1 };
    if (normalized.tokens.length === 0) {
      return {
        ...empty,
        facets: noFacets,
        query: normalized.query,
        terms: [],
        didYouMean: null,
        popular: await popular(),
      };
    }
    const searched = await plan(normalized);
    const filter = { ...filterOf(query), search: searched.match };
    const [{ currency }, { rows, total }, facets] = await Promise.all([
      settings.get(),
      catalog.listProducts(filter, query.sort, query.pageSize, (query.page - 1) * query.pageSize),
      catalog.facets(filter),
    ]);
    const nothing = total === 0;
    const [suggestion, offered] = nothing
      ? await Promise.all([didYouMean(normalized, searched.words), popular()])
      : [null, []];
    return {
      items: rows.map((row) => ({ ...row, currency })),
      page: query.page,
      pageSize: query.pageSize,
      total,
      pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
      facets,
      query: normalized.query,
      terms: searched.terms,
      didYouMean: suggestion,
      popular: offered,
    };
  }

  /** The answer when searching failed: logged by the route, shown as "nothing found". */
  function failedResults(query: ResultsQuery): SearchResultsAnswer {
    return {
      items: [],
      page: query.page,
      pageSize: query.pageSize,
      total: 0,
      pageCount: 1,
      facets: noFacets,
      query: normalizeQuery(query.search).query,
      terms: [],
      didYouMean: null,
      popular: [],
    };
  }

  return {
    suggestions,
    databaseSuggestions,
    results,
    failedResults,
    /** Catches the index up with every change committed so far (tests; the index does it by itself within a second). */
    refresh: async () => index?.refresh(),
    index,
  };
}

export type SearchService = ReturnType<typeof searchService>;
