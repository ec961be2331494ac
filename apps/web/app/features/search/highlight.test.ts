import { describe, expect, it } from "vitest";
import { highlightParts } from "./highlight.ts";

const marked = (name: string, terms: string[]) =>
  highlightParts(name, terms)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join("");

describe("highlighting the searched words in a product name", () => {
  it("marks every occurrence, whatever the case", () => {
    expect(marked("Hoodie with hood", ["hood"])).toBe("[Hood]ie with [hood]");
  });

  it("matches accented letters against the server's unaccented terms and keeps the name's spelling", () => {
    expect(marked("Crème Brûlée Mug", ["creme", "brulee"])).toBe("[Crème] [Brûlée] Mug");
  });

  it("merges overlapping terms into one mark", () => {
    expect(marked("Tee shirt", ["tee", "ee s", "shirt"])).toBe("[Tee shirt]");
  });

  it("leaves the name whole when no term is given or none matches", () => {
    expect(highlightParts("Mug", [])).toEqual([{ text: "Mug", match: false }]);
    expect(highlightParts("Mug", ["  ", "hoodie"])).toEqual([{ text: "Mug", match: false }]);
    expect(highlightParts("", ["mug"])).toEqual([]);
  });

  it("treats regular-expression characters in terms as text", () => {
    expect(marked("50% off (sale)", ["%", "(sale)"])).toBe("50[%] off [(sale)]");
  });

  it("keeps characters outside the basic plane intact", () => {
    expect(marked("🐉 Dragon tee", ["dragon"])).toBe("🐉 [Dragon] tee");
  });
});
