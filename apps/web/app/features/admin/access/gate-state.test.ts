import { describe, expect, it } from "vitest";
import { gateState } from "./gate-state.ts";

describe("the admin gate", () => {
  it("is unknown while the session or the check is loading", () => {
    expect(gateState("loading", { isPending: true, data: undefined })).toBe("unknown");
    expect(gateState("signed-in", { isPending: true, data: undefined })).toBe("unknown");
  });

  it("lets in only a signed-in user the server calls an admin", () => {
    expect(gateState("signed-in", { isPending: false, data: true })).toBe("admin");
    expect(gateState("signed-in", { isPending: false, data: false })).toBe("not-admin");
  });

  it("turns signed-out visitors away without a check", () => {
    expect(gateState("signed-out", { isPending: true, data: undefined })).toBe("not-admin");
  });
});
