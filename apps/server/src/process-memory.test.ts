import { describe, expect, it } from "vitest";
import { appProcessExecArgv } from "./process-memory.ts";

describe("the app processes' flags", () => {
  it("adds --expose-gc before the primary's own flags", () => {
    expect(appProcessExecArgv(["--max-semi-space-size=16"])).toEqual(["--expose-gc", "--max-semi-space-size=16"]);
  });

  it("does not repeat a flag the primary already has, on its command line or in NODE_OPTIONS", () => {
    expect(appProcessExecArgv(["--expose-gc"])).toEqual(["--expose-gc"]);
    expect(appProcessExecArgv(["--expose_gc"])).toEqual(["--expose_gc"]);
    expect(appProcessExecArgv([], "--expose-gc --max-old-space-size=2048")).toEqual([]);
  });
});
