import { describe, expect, it } from "vitest";
import { safeUrl } from "./log-safety.ts";

describe("URLs in request logs", () => {
  it("hide reset tokens, confirmation tokens and OAuth codes, and keep the rest", () => {
    expect(safeUrl("/api/auth/reset-password/hlDAg0vEHI3T?callbackURL=%2Freset-password")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password",
    );
    expect(safeUrl("/api/auth/verify-email?token=abc.def&callbackURL=/")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=/",
    );
    expect(safeUrl("/api/auth/callback/google?code=4/0Ab&state=xyz&scope=email")).toBe(
      "/api/auth/callback/google?code=[redacted]&state=[redacted]&scope=email",
    );
    expect(safeUrl("/api/products?page=2&sort=price")).toBe("/api/products?page=2&sort=price");
    expect(safeUrl("/reset-password")).toBe("/reset-password");
    expect(safeUrl("/api/x?%ZZ=1")).toBe("/api/x?%ZZ=1");
  });
});
