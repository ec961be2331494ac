/**
 * The search engine's SQL, on the tables and functions of drizzle/0004_search.sql. The
 * statements are fixed texts with bound parameters ($1…), run as named prepared
 * statements so each connection plans them once (planning the suggestion query cost
 * more than running it). The tsquery texts are built from normalised words, each quoted
 * as a lexeme (normalize.ts), and the one LIKE pattern has its metacharacters escaped.
 *
 * Relevance, best first (`tier`): the exact name; a name starting with the text; every
 * word in the name (weight A); every word in the name, product type, categories or
 * series (A/B); anywhere (tags C, description D). Within a tier, the more popular product
 * first (`popularity`: units sold and page views, on a log scale).
 *
 * Speed: a common word matches thousands of products, and ranking them all costs tens of
 * milliseconds at 100,000 products. So suggestions look at the POPULAR_WINDOW most
 * popular published documents (read in popularity order from an index) and at exact
 * names; only when that finds too few — the words are rare, so few documents match —
 * are all matches ranked, found through the GIN index.
 */

import type pg from "pg";
import type { SearchMatch } from "../catalog/index.ts";

export interface WordInfo {
  token: string;
  /** Some dictionary word starts with this token. */
  known: boolean;
  /** The closest dictionary words by trigram similarity (best first); looked up only for unknown tokens. */
  close: string[];
}

export interface SuggestionRow {
  id: number;
  productId: number;
  name: string;
  filename: string | null;
}

/** Typo corrections are only looked for in words this long (shorter ones have too many neighbours). */
export const MIN_CORRECTED_LENGTH = 3;

/** How many of the most popular documents suggestions look through before ranking all matches. */
export const POPULAR_WINDOW = 1000;

/** The same, in the statements below: $1 all, $2 name, $3 title, $4 norm, $5 prefix. */
const TIER = `case when d.name_norm = $4 then 0 when d.name_norm like $5 then 1
  when d.document @@ to_tsquery('simple', $2) then 2 when d.document @@ to_tsquery('simple', $3) then 3 else 4 end`;

/** Products of a drop hidden until its launch are left out of suggestions, as out of lists (issue 16). */
const NOT_HIDDEN = `not exists (select 1 from drop_products dp join drops dd on dd.id = dp.drop_id
  where dp.product_id = d.product_id and dd.before_launch = 'hidden' and dd.launch_at > now())`;
const VISIBLE = `d.is_published and ${NOT_HIDDEN}`;

const FILENAME = `(select i.filename from product_images i where i.product_id = d.product_id
  order by i.position limit 1)`;

const WORDS = `
  select t.token, k.known,
    case when not k.known and length(t.token) >= ${MIN_CORRECTED_LENGTH} then array(
      select w.word from search_words w where w.word % t.token order by w.word <-> t.token, w.word limit 3
    ) else '{}'::text[] end as close
  from unnest($1::text[]) with ordinality as t(token, ord)
  cross join lateral (select exists (select 1 from search_words w where w.word ^@ t.token) as known) k
  order by t.ord`;

const POPULAR = `
  select d.id, d.product_id as "productId", d.name, ${FILENAME} as filename, d.tier from (
    (select d.id, d.product_id, d.name, 0 as tier, d.popularity from search_documents d
      where ${VISIBLE} and d.name_norm = $4
      order by d.popularity desc, d.product_id desc limit $6)
    union all
    (select d.id, d.product_id, d.name, ${TIER} as tier, d.popularity from (
        select d.id, d.product_id, d.name, d.name_norm, d.document, d.popularity from search_documents d
        where d.is_published order by d.popularity desc, d.product_id desc limit ${POPULAR_WINDOW}
      ) d
      where d.document @@ to_tsquery('simple', $1) and ${NOT_HIDDEN}
      order by tier, d.popularity desc, d.product_id desc limit $6)
  ) d order by d.tier, d.popularity desc, d.product_id desc`;

const RANKED = `
  select d.id, d.product_id as "productId", d.name, ${FILENAME} as filename from (
    select d.id, d.product_id, d.name, ${TIER} as tier, d.popularity from search_documents d
    where ${VISIBLE} and d.document @@ to_tsquery('simple', $1)
    order by tier, d.popularity desc, d.product_id desc limit $6
  ) d order by d.tier, d.popularity desc, d.product_id desc`;

const SIMILAR = `
  select d.id, d.product_id as "productId", d.name, ${FILENAME} as filename from (
    select d.id, d.product_id, d.name, d.name_norm <-> $1 as distance from search_documents d
    where ${VISIBLE} and d.name_norm % $1
    order by distance, d.product_id desc limit $2
  ) d order by d.distance, d.product_id desc`;

const COUNT = `select count(*)::int as n from search_documents d
  where d.is_published and d.document @@ to_tsquery('simple', $1)`;

const matchValues = (match: SearchMatch, limit: number) => [
  match.all,
  match.name,
  match.title,
  match.norm,
  match.prefix,
  limit,
];

export function searchRepository(pool: pg.Pool) {
  async function rows<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
    const result = await pool.query({ name: `search-${name}`, text, values });
    return result.rows as T[];
  }

  return {
    /** Per token: whether the dictionary knows it (as a word's start), and its closest words. */
    words: (tokens: string[]) => rows<WordInfo>("words", WORDS, [tokens]),

    /** The best suggestions among the POPULAR_WINDOW most popular documents and the exact names, best first. */
    popularSuggestions: (match: SearchMatch, limit: number) =>
      rows<SuggestionRow & { tier: number }>("popular", POPULAR, matchValues(match, limit)),

    /** Every match ranked (through the GIN index): for rare words, when the popular window had too few. */
    rankedSuggestions: (match: SearchMatch, limit: number) =>
      rows<SuggestionRow>("ranked", RANKED, matchValues(match, limit)),

    /** When no word matches: names most similar to the whole text (trigrams). */
    similarNames: (norm: string, limit: number) => rows<SuggestionRow>("similar", SIMILAR, [norm, limit]),

    /** How many published products a tsquery finds. */
    async count(tsquery: string): Promise<number> {
      const [row] = await rows<{ n: number }>("count", COUNT, [tsquery]);
      return row?.n ?? 0;
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
