import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { recordsToCsv, toCsv } from "./csv.ts";

describe("the shared CSV writer", () => {
  it("neutralises every cell a spreadsheet would run as a formula, and keeps negative amounts as numbers", () => {
    const risky = ["=1+1", "+1", "+15551234567", "-1+2", "-A1", "@SUM(A1)", "\tx", "\r=x", "=10"];
    const csv = toCsv(["cell", "amount"], [...risky.map((cell) => [cell, "-12.50"]), ["plain", -3]]);
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((row) => row[0])).toEqual([...risky.map((cell) => `'${cell}`), "plain"]);
    expect(rows.map((row) => row[1])).toEqual([...risky.map(() => "-12.50"), "-3"]);
    expect(csv.split("\r\n")[0]).toBe("cell,amount");
  });

  it("writes records under the given header even when there are none", () => {
    expect(recordsToCsv([], ["a", "b"]).trim()).toBe("a,b");
    expect(recordsToCsv([{ a: 1, b: null }])).toBe("a,b\r\n1,");
  });
});
