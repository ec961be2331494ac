/**
 * A product list's text query (`q`): the catalogue filters and ranks by the search module's
 * documents (`search_documents`, kept by the search index). The shape of a match and its
 * relevance tier live here, in the lower module, so the search module (which lists its
 * results through the catalogue) and the catalogue share them without a circle.
 */
import { sql } from "drizzle-orm";

/** What to match: tsquery texts for the whole document, the name (A) and the title (A/B). */
export interface SearchMatch {
  all: string;
  name: string;
  title: string;
  /** The normalised text, and a LIKE pattern for names starting with it. */
  norm: string;
  prefix: string;
}

/** The relevance tier of document `d` (0 best), as one SQL expression (product lists use it too). */
export function relevanceTier(match: SearchMatch) {
  return sql`case when d.name_norm = ${match.norm} then 0
    when d.name_norm like ${match.prefix} then 1
    when d.document @@ to_tsquery('simple', ${match.name}) then 2
    when d.document @@ to_tsquery('simple', ${match.title}) then 3 else 4 end`;
}
