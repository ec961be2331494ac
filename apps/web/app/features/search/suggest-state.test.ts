import type { SearchSuggestion } from "@atelier/contract";
import { searchLimits } from "@atelier/contract/constants";
import { describe, expect, it } from "vitest";
import {
  announcement,
  initialSuggestState,
  listShown,
  type SuggestAction,
  suggestQuery,
  suggestReducer,
} from "./suggest-state.ts";

const item = (id: number): SearchSuggestion => ({ id, productId: id + 100, name: `Hoodie ${id}`, filename: null });
const run = (...actions: SuggestAction[]) => actions.reduce(suggestReducer, initialSuggestState);

describe("the search box's states", () => {
  it("goes empty → typing → loading → results", () => {
    expect(run().status).toBe("empty");
    expect(run({ type: "input", text: "ho" }).status).toBe("typing");
    expect(run({ type: "input", text: "ho" }, { type: "send", query: "ho" }).status).toBe("loading");
    const done = run(
      { type: "input", text: "ho" },
      { type: "send", query: "ho" },
      { type: "answer", query: "ho", items: [item(1)] },
    );
    expect(done.status).toBe("results");
    expect(listShown(done)).toBe(true);
    expect(announcement(done)).toMatch(/^1 suggestion/);
  });

  it("answers 'No products found' for an empty answer", () => {
    const done = run(
      { type: "input", text: "zzqx" },
      { type: "send", query: "zzqx" },
      { type: "answer", query: "zzqx", items: [] },
    );
    expect(done.status).toBe("none");
    expect(announcement(done)).toBe("No products found");
  });

  it("empties the suggestions when the text is cleared or only whitespace", () => {
    const withList = run(
      { type: "input", text: "ho" },
      { type: "send", query: "ho" },
      { type: "answer", query: "ho", items: [item(1)] },
    );
    for (const text of ["", "   "]) {
      const cleared = suggestReducer(withList, { type: "input", text });
      expect(cleared).toMatchObject({ status: "empty", items: [], open: false, text });
      expect(listShown(cleared)).toBe(false);
    }
  });

  it("never lets a slow answer for an older query replace the newer one", () => {
    const state = run(
      { type: "input", text: "ho" },
      { type: "send", query: "ho" },
      { type: "input", text: "hoodie" },
      { type: "send", query: "hoodie" },
      { type: "answer", query: "hoodie", items: [item(2)] },
      { type: "answer", query: "ho", items: [item(1), item(3)] },
    );
    expect(state.items).toEqual([item(2)]);
    // Nor an answer that arrives while the shopper is still typing.
    const typing = run(
      { type: "input", text: "ho" },
      { type: "send", query: "ho" },
      { type: "input", text: "hoo" },
      { type: "answer", query: "ho", items: [item(1)] },
    );
    expect(typing).toMatchObject({ status: "typing", items: [] });
  });

  it("ignores a send for text that has changed since", () => {
    const state = run({ type: "input", text: "hoodie" }, { type: "send", query: "ho" });
    expect(state.status).toBe("typing");
  });

  it("moves through the suggestions with wrap-around, and closes", () => {
    let state = run(
      { type: "input", text: "ho" },
      { type: "send", query: "ho" },
      { type: "answer", query: "ho", items: [item(1), item(2)] },
    );
    state = suggestReducer(state, { type: "move", by: 1 });
    expect(state.active).toBe(0);
    state = suggestReducer(state, { type: "move", by: 1 });
    state = suggestReducer(state, { type: "move", by: 1 });
    expect(state.active).toBe(0);
    state = suggestReducer(state, { type: "move", by: -1 });
    expect(state.active).toBe(1);
    state = suggestReducer(state, { type: "close" });
    expect(state).toMatchObject({ open: false, active: -1 });
    expect(listShown(state)).toBe(false);
    // ArrowDown on a closed list opens it on the first suggestion.
    expect(suggestReducer(state, { type: "move", by: 1 })).toMatchObject({ open: true, active: 0 });
  });

  it("keeps at most the contract's number of suggestions", () => {
    const many = Array.from({ length: 20 }, (_, index) => item(index + 1));
    const state = run(
      { type: "input", text: "ho" },
      { type: "send", query: "ho" },
      { type: "answer", query: "ho", items: many },
    );
    expect(state.items).toHaveLength(searchLimits.suggestions);
  });

  it("sends the trimmed text, cut to the contract's length", () => {
    expect(suggestQuery("  hoodie  ")).toBe("hoodie");
    expect(suggestQuery("x".repeat(1_000))).toHaveLength(searchLimits.maxQueryChars);
    expect(suggestQuery(" \t ")).toBe("");
  });

  it("puts a text in the box without asking for suggestions (the results page's query)", () => {
    const state = run({ type: "input", text: "ho" }, { type: "reset", text: "hoodie" });
    expect(state).toMatchObject({ text: "hoodie", status: "empty", items: [], open: false });
  });
});
