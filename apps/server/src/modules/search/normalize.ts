/**
 * Query normalisation, the app's half of what `search_normalize()` does to documents in
 * the database (drizzle/0004_search.sql): trimmed, cut to `searchLimits.maxQueryChars`,
 * lower case, Latin accents removed, every run of anything but letters and digits one
 * space. Punctuation and SQL/LIKE metacharacters (`%`, `_`, `'`, `\`, quotes) are
 * separators, never syntax; other scripts (Cyrillic, Japanese…) stay as they are.
 * Pure: an empty result means "answer nothing" without asking the database.
 */
import { searchLimits } from "@atelier/contract";

/** More words than this add nothing to a product search but cost; the rest are dropped. */
export const MAX_QUERY_TOKENS = 8;

/** Letters NFD does not decompose, as unaccent's rules write them. */
const LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

export interface NormalizedQuery {
  /** The text as searched: trimmed and cut to length (what the results page shows). */
  query: string;
  /** Normalised words joined by single spaces ("" when nothing is left). */
  text: string;
  /** The distinct normalised words, in order, at most MAX_QUERY_TOKENS. */
  tokens: string[];
}

export function normalizeQuery(raw: string | undefined | null): NormalizedQuery {
  const query = (raw ?? "").trim().slice(0, searchLimits.maxQueryChars).trim();
  const text = query
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  const tokens = [...new Set(text.split(" ").filter((token) => token !== ""))].slice(0, MAX_QUERY_TOKENS);
  return { query, text: tokens.join(" "), tokens };
}

/** A word as a tsquery operand: quoted, so no character of it can be tsquery syntax. */
export function lexeme(word: string): string {
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * The tsquery text (for `to_tsquery('simple', …)`): every word must match (AND), each as
 * a prefix (the last word is usually half-typed; earlier ones may be too) or as one of
 * its dictionary corrections. `weights` restricts the match to those parts of the
 * document: "A" the name, "AB" the name, product type, categories and series.
 */
export function buildTsQuery(words: { token: string; corrections: string[] }[], weights = ""): string {
  return words
    .map(({ token, corrections }) => {
      const options = [
        `${lexeme(token)}:*${weights}`,
        ...corrections.filter((word) => word !== token).map((word) => `${lexeme(word)}${weights ? `:${weights}` : ""}`),
      ];
      return options.length === 1 ? options[0] : `(${options.join(" | ")})`;
    })
    .join(" & ");
}

/** A LIKE pattern for "starts with `text`", its metacharacters escaped (`\` is LIKE's escape). */
export function startsWithPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
