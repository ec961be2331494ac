import { describe, expect, it } from "vitest";
import { isSecretKey, REDACTED, redact, redactText } from "./redact.ts";
import { changedFields } from "./service.ts";

describe("activity log redaction", () => {
  it("masks keys that look like passwords, secrets, tokens, card data or credentials", () => {
    for (const key of [
      "password",
      "newPassword",
      "current_password",
      "secret",
      "webhookSecret",
      "STRIPE_WEBHOOK_SECRET",
      "token",
      "accessToken",
      "refresh-token",
      "authorization",
      "Authorization",
      "cookie",
      "card",
      "cardNumber",
      "card_number",
      "cardExpiry",
      "cvc",
      "cvv",
      "apiKey",
      "api_key",
      "privateKey",
      "passwordHash",
    ]) {
      expect(isSecretKey(key), key).toBe(true);
    }
    for (const key of ["name", "price", "stock", "cardHoldMinutes", "published", "instructions", "tokenizer2"]) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });

  it("masks at any depth and keeps everything else", () => {
    const value = {
      name: "Hoodie",
      price: 4500,
      payments: { manualTransfer: { enabled: true, apiKey: "abc" }, stripe: { secretKey: "sk_test_123" } },
      users: [{ email: "a@b.c", password: "hunter2hunter2" }],
      at: new Date("2026-01-02T03:04:05Z"),
    };
    expect(redact(value)).toEqual({
      name: "Hoodie",
      price: 4500,
      payments: { manualTransfer: { enabled: true, apiKey: REDACTED }, stripe: { secretKey: REDACTED } },
      users: [{ email: "a@b.c", password: REDACTED }],
      at: "2026-01-02T03:04:05.000Z",
    });
  });

  it("masks card numbers and credentials written inside text, not ordinary numbers", () => {
    expect(redactText("paid with 4242 4242 4242 4242 today")).toBe(`paid with ${REDACTED} today`);
    expect(redactText("4000-0566-5566-5556")).toBe(REDACTED);
    expect(redactText("order 1234567890123")).toBe("order 1234567890123"); // fails the Luhn check
    expect(redactText("Authorization: Bearer abc.def.ghi-123")).toBe(`Authorization: ${REDACTED}`);
    expect(redactText("key sk_live_51Habc and whsec_xyz")).toBe(`key ${REDACTED} and ${REDACTED}`);
    expect(redactText("Account 0123 456 789, IBAN soon")).toBe("Account 0123 456 789, IBAN soon");
    // An admin API token pasted whole is masked; the prefix the token list shows is not.
    expect(redactText("token atl_Q2hhbmdlIHRoaXMgc2VjcmV0IHRvIGEgcmFuZG9tIG9uZQ ok")).toBe(`token ${REDACTED} ok`);
    expect(redactText("Warehouse sync (atl_Ab3dE-gh…)")).toBe("Warehouse sync (atl_Ab3dE-gh…)");
  });

  it("keeps only the fields that changed", () => {
    expect(
      changedFields(
        { name: "A", price: 100, variants: [{ sku: "x", stock: 2 }] },
        { name: "A", price: 120, variants: [{ stock: 2, sku: "x" }] },
      ),
    ).toEqual({ before: { price: 100 }, after: { price: 120 } });
    expect(changedFields(null, { name: "A" })).toEqual({ before: null, after: { name: "A" } });
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({ before: {}, after: {} });
  });
});
