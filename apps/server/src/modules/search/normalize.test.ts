import { searchLimits } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { buildTsQuery, lexeme, MAX_QUERY_TOKENS, normalizeQuery, startsWithPattern } from "./normalize.ts";

describe("normalizeQuery", () => {
  it("trims, lowers and splits into words", () => {
    expect(normalizeQuery("  Blue   HOODIE ")).toEqual({
      query: "Blue   HOODIE",
      text: "blue hoodie",
      tokens: ["blue", "hoodie"],
    });
  });

  it("answers no words for empty, whitespace-only or missing text", () => {
    for (const raw of ["", "   ", "\t\n", undefined, null]) {
      expect(normalizeQuery(raw)).toEqual({ query: "", text: "", tokens: [] });
    }
  });

  it("removes accents and spells letters without a decomposition as unaccent does", () => {
    expect(normalizeQuery("Crème Brûlée").tokens).toEqual(["creme", "brulee"]);
    expect(normalizeQuery("Straße Ærø Łódź").tokens).toEqual(["strasse", "aero", "lodz"]);
  });

  it("turns punctuation and SQL/LIKE/tsquery metacharacters into separators", () => {
    expect(normalizeQuery("T-Shirt").tokens).toEqual(["t", "shirt"]);
    expect(normalizeQuery("100% a_b 'x' \"y\" c\\d").tokens).toEqual(["100", "a", "b", "x", "y", "c", "d"]);
    expect(normalizeQuery("' or 1=1 --").tokens).toEqual(["or", "1"]);
    expect(normalizeQuery("hoodie:* & !mug | (cap)").tokens).toEqual(["hoodie", "mug", "cap"]);
    expect(normalizeQuery("%_%").tokens).toEqual([]);
  });

  it("keeps other scripts and drops emoji", () => {
    expect(normalizeQuery("Худи Полночь").tokens).toEqual(["худи", "полночь"]);
    expect(normalizeQuery("パーカー 夜").tokens).toEqual(["パーカー", "夜"]);
    expect(normalizeQuery("😀 hoodie 🎉").tokens).toEqual(["hoodie"]);
    expect(normalizeQuery("😀").tokens).toEqual([]);
  });

  it("cuts the text to the search limit and keeps at most a few distinct words", () => {
    const long = normalizeQuery("x".repeat(1000));
    expect(long.query).toHaveLength(searchLimits.maxQueryChars);
    expect(long.tokens).toEqual(["x".repeat(searchLimits.maxQueryChars)]);
    const many = normalizeQuery("a b c d e f g h i j k a b");
    expect(many.tokens).toHaveLength(MAX_QUERY_TOKENS);
    expect(normalizeQuery("cap cap CAP").tokens).toEqual(["cap"]);
  });
});

describe("buildTsQuery", () => {
  it("requires every word, each as a prefix or one of its corrections", () => {
    expect(
      buildTsQuery([
        { token: "blue", corrections: [] },
        { token: "hodie", corrections: ["hoodie", "hoodies"] },
      ]),
    ).toBe("'blue':* & ('hodie':* | 'hoodie' | 'hoodies')");
  });

  it("restricts every word to the weights asked for", () => {
    expect(buildTsQuery([{ token: "tshrt", corrections: ["tshirt"] }], "AB")).toBe("('tshrt':*AB | 'tshirt':AB)");
  });

  it("escapes LIKE metacharacters in a starts-with pattern", () => {
    expect(startsWithPattern("hoodie blue")).toBe("hoodie blue%");
    expect(startsWithPattern("100%_a\\")).toBe("100\\%\\_a\\\\%");
  });

  it("quotes every word so no character is tsquery syntax", () => {
    expect(lexeme("it's")).toBe("'it''s'");
    expect(lexeme("a\\b")).toBe("'a\\\\b'");
  });
});
