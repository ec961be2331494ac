/**
 * The search engine's SQL, on the tables and functions of drizzle/0004_search.sql. Every
 * value is a bound parameter; the tsquery text is built from normalised words, each
 * quoted as a lexeme (normalize.ts), and parsed by to_tsquery — never by LIKE.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

export interface WordInfo extends Record<string, unknown> {
  token: string;
  /** Some dictionary word starts with this token. */
  known: boolean;
  /** The closest dictionary words by trigram similarity (best first). */
  close: string[];
}

export interface SuggestionRow extends Record<string, unknown> {
  id: number;
  productId: number;
  name: string;
  filename: string | null;
}

/** Typo corrections are only looked for in words this long (shorter ones have too many neighbours). */
export const MIN_CORRECTED_LENGTH = 3;

/**
 * Relevance of a document to `q` (a tsquery) and the normalised text `norm`: an exact name
 * first, then a name starting with the text, then weighted text rank raised by popularity
 * (units sold, and page views at a twentieth of a sale).
 */
const relevanceOrder = (norm: string) => sql`(d.name_norm = ${norm}) desc, starts_with(d.name_norm, ${norm}) desc,
  ts_rank('{0.1, 0.2, 0.4, 1.0}', d.document, q.q) * (1 + 0.25 * ln(1 + d.sales_count + d.views / 20.0)) desc,
  d.product_id desc`;

export function searchRepository(db: Db) {
  return {
    /** Per token: whether the dictionary knows it (as a word's start), and its closest words. */
    async words(tokens: string[]): Promise<WordInfo[]> {
      const result = await db.execute<WordInfo>(sql`
        select t.token,
          exists (select 1 from search_words w where w.word ^@ t.token) as known,
          case when length(t.token) >= ${MIN_CORRECTED_LENGTH} then array(
            select w.word from search_words w where w.word % t.token order by w.word <-> t.token, w.word limit 3
          ) else '{}'::text[] end as close
        from unnest(string_to_array(${tokens.join(" ")}, ' ')) with ordinality as t(token, ord)
        order by t.ord`);
      return result.rows;
    },

    /** The best published products for a tsquery. */
    async suggestions(tsquery: string, norm: string, limit: number): Promise<SuggestionRow[]> {
      const result = await db.execute<SuggestionRow>(sql`
        select d.id, d.product_id as "productId", d.name,
          (select i.filename from product_images i where i.product_id = d.product_id order by i.position limit 1) as filename
        from (
          select d.id, d.product_id, d.name from search_documents d, to_tsquery('simple', ${tsquery}) q(q)
          where d.is_published and d.document @@ q.q
          order by ${relevanceOrder(norm)}
          limit ${limit}
        ) d`);
      return result.rows;
    },

    /** When no word matches: names most similar to the whole text (trigrams). */
    async similarNames(norm: string, limit: number): Promise<SuggestionRow[]> {
      const result = await db.execute<SuggestionRow>(sql`
        select d.id, d.product_id as "productId", d.name,
          (select i.filename from product_images i where i.product_id = d.product_id order by i.position limit 1) as filename
        from (
          select d.id, d.product_id, d.name, d.name_norm <-> ${norm} as distance from search_documents d
          where d.is_published and d.name_norm % ${norm}
          order by distance, d.product_id desc
          limit ${limit}
        ) d order by d.distance, d.product_id desc`);
      return result.rows;
    },

    /** How many published products a tsquery finds. */
    async count(tsquery: string): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from search_documents d
        where d.is_published and d.document @@ to_tsquery('simple', ${tsquery})`);
      return result.rows[0]?.n ?? 0;
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
