import { describe, expect, it, vi } from "vitest";
import type { WordInfo } from "./repository.ts";
import { WordMemo } from "./service.ts";

describe("WordMemo", () => {
  it("asks the dictionary only for words it does not remember, and forgets them after a while", async () => {
    const asked: string[][] = [];
    const load = async (tokens: string[]): Promise<WordInfo[]> => {
      asked.push(tokens);
      return tokens.map((token) => ({ token, known: token !== "hodie", close: token === "hodie" ? ["hoodie"] : [] }));
    };
    // The clock is the test's: a busy machine must not make a remembered word expire early.
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    const memo = new WordMemo(50);
    expect(await memo.lookUp(["blue", "hodie"], load)).toEqual([
      { token: "blue", known: true, close: [] },
      { token: "hodie", known: false, close: ["hoodie"] },
    ]);
    await memo.lookUp(["hodie", "cap"], load);
    expect(asked).toEqual([["blue", "hodie"], ["cap"]]);
    vi.setSystemTime(49);
    await memo.lookUp(["blue"], load);
    expect(asked).toHaveLength(2);
    vi.setSystemTime(60);
    await memo.lookUp(["blue"], load);
    expect(asked.at(-1)).toEqual(["blue"]);
    vi.useRealTimers();
  });
});
