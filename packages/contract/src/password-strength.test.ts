import { describe, expect, it } from "vitest";
import { passwordProblems } from "./password-policy.ts";
import { newPasswordProblem, passwordStrength, passwordUserInputs } from "./password-strength.ts";

describe("the password policy with zxcvbn-ts (ADR 0022)", () => {
  it("refuses the issue's examples with zxcvbn's reason", async () => {
    expect(await newPasswordProblem("aaaaaaaaaaaa")).toMatch(/^This password is too easy to guess\. Repeated/);
    expect(await newPasswordProblem("Summer2024!")).toMatch(/^This password is too easy to guess\./);
  });

  it("keeps the list's and the length's own messages first", async () => {
    expect(await newPasswordProblem("short")).toContain("at least 8");
    expect(await newPasswordProblem("password123")).toContain("too common");
  });

  it("takes long passphrases and random strings, with no composition rules", async () => {
    expect(await newPasswordProblem("a long passphrase")).toBeUndefined();
    expect(await newPasswordProblem("violet-harbour-42")).toBeUndefined();
    expect(await newPasswordProblem("kq8v-zt3m-p2")).toBeUndefined();
  });

  it("treats the email, the name and the store's name as known words", async () => {
    expect(
      passwordUserInputs({ email: "Mara.Quinn@Shop.example", name: "Mara Quinn", storeName: "Kestrelwyn" }),
    ).toEqual(
      expect.arrayContaining([
        "mara.quinn@shop.example",
        "mara.quinn",
        "mara",
        "quinn",
        "shop",
        "mara quinn",
        "kestrelwyn",
      ]),
    );
    const password = "kestrelwynzorbit";
    expect((await passwordStrength(password)).score).toBeGreaterThanOrEqual(3);
    expect(await newPasswordProblem(password, { storeName: "Kestrelwyn Zorbit" })).toContain("too easy to guess");
    expect(await newPasswordProblem("quillonmarbeth", { name: "Quillon Marbeth" })).toContain("too easy to guess");
  });

  it("marks a low score as the hard-to-guess rule, and judges nothing without a score", () => {
    expect(passwordProblems("Summer2024!", { score: 2 })).toEqual(["hard-to-guess"]);
    expect(passwordProblems("Summer2024!", { score: 3 })).toEqual([]);
    expect(passwordProblems("Summer2024!")).toEqual([]);
  });
});
