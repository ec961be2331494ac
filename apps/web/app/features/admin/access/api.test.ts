import { afterEach, describe, expect, it, vi } from "vitest";
import { checkIfAdmin } from "./api.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answer(body: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string) => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("checkIfAdmin", () => {
  it("passes the signed-in user's email and believes only isAdmin true", async () => {
    const fetch = answer({ isAdmin: true });
    expect(await checkIfAdmin("ada@atelier.example")).toBe(true);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/admin/checkIfAdmin?email=ada%40atelier.example");
    answer({ isAdmin: false });
    expect(await checkIfAdmin("ada@atelier.example")).toBe(false);
  });

  it("treats any failure as not admin, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    answer({ error: { code: "unauthorized", message: "Sign in first" } }, 401);
    expect(await checkIfAdmin("ada@atelier.example")).toBe(false);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await checkIfAdmin("ada@atelier.example")).toBe(false);
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls[0]?.[0]).toContain("Admin check failed");
  });
});
