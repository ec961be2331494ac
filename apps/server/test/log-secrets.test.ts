/**
 * Secrets never reach the server's logs (issue 20): the app's own logger at level "trace"
 * writes into a buffer while the test signs in with the demo passwords, changes a
 * password, asks for and uses a reset link, calls with bearer tokens and cookies, and
 * sends Stripe webhooks carrying card data; then none of those secrets is in the log.
 */
import { Writable } from "node:stream";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../src/app.ts";
import { bearer, signIn, signUp, signUpStaff, tokenOf } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

const WEBHOOK_SECRET = "whsec_log_secrets_probe_5b1e";
const STRIPE_KEY = "sk_test_log_secrets_probe_9c2d";
/** The browser tests' demo admin password (playwright.config.ts) and the API tests' default. */
const demoPasswords = ["e2e-demo-admin-pass-9", "violet-harbour-42"];
const card = { number: "4242424242424242", spaced: "4242 4242 4242 4242", cvc: "731", expiry: "12/34" };

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let test: TestApp;
const secrets = new Set<string>([WEBHOOK_SECRET, STRIPE_KEY, card.number, card.spaced, ...demoPasswords]);

beforeAll(async () => {
  test = await createTestApp(
    { STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, LOG_LEVEL: "trace" },
    { logger: createLogger({ logLevel: "trace" }, sink) },
  );
});
afterAll(() => test.close());

describe("the server's logs", () => {
  it("hold no password, token, secret or card number", async () => {
    const origin = { origin: "http://localhost:3000" };

    // Sign-up and sign-in with the demo passwords, right and wrong.
    const staff = await signUpStaff(test, "Owner");
    secrets.add(staff.token);
    const admin = await signUp(test.app, { password: "e2e-demo-admin-pass-9", name: "Avery Owner" });
    secrets.add(admin.token);
    const signedIn = await signIn(test.app, admin.email, "e2e-demo-admin-pass-9");
    expect(signedIn.statusCode).toBe(200);
    secrets.add(tokenOf(signedIn));
    expect((await signIn(test.app, admin.email, "wrong-violet-harbour-42")).statusCode).toBe(401);
    secrets.add("wrong-violet-harbour-42");

    // Bearer and cookie calls, on public, signed-in and staff routes.
    await test.app.inject({ url: "/api/me", headers: bearer(admin.token) });
    await test.app.inject({ url: "/api/me", headers: { cookie: `atelier.session_token=${admin.token}` } });
    await apiAs(test, staff).get("/api/admin/activity-log");
    await test.app.inject({ url: "/api/admin/users", headers: bearer("not-a-real-token-3f9a1c") });
    secrets.add("not-a-real-token-3f9a1c");

    // A password change.
    const changed = await test.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { ...bearer(admin.token), ...origin },
      payload: { currentPassword: "e2e-demo-admin-pass-9", newPassword: "amber-lantern-77", revokeOtherSessions: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    secrets.add("amber-lantern-77");

    // A reset link: its token is in the mail, the link's URL and the reset call.
    const customer = await signUp(test.app);
    await test.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: customer.email, redirectTo: "/reset-password" },
    });
    const mail = await test.mail.waitFor((m) => m.to.includes(customer.email) && /reset/i.test(m.subject));
    const link = new URL(/https?:\/\/\S+reset-password\S*/.exec(mail.text)?.[0] ?? "http://x/");
    const followed = await test.app.inject({ url: link.pathname + link.search });
    const token = new URL(String(followed.headers.location), "http://x").searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(8);
    secrets.add(token);
    const reset = await test.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "copper-lantern-77" },
    });
    expect(reset.statusCode).toBe(200);
    secrets.add("copper-lantern-77");

    // Stripe webhooks with card data: one signed, one with a bad signature.
    const event = {
      id: "evt_log_probe",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_probe",
          object: "checkout.session",
          client_reference_id: "A-NOPE",
          metadata: { orderNumber: "A-NOPE" },
          payment_status: "paid",
          amount_total: 1000,
          payment_intent: "pi_test_probe",
          payment_method_details: { card: { number: card.number, cvc: card.cvc, exp: card.expiry } },
          customer_details: { note: `card ${card.spaced}` },
        },
      },
    };
    const payload = JSON.stringify(event);
    for (const secret of [WEBHOOK_SECRET, "whsec_wrong"]) {
      await test.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: {
          "content-type": "application/json",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
    }

    await new Promise((resolve) => setImmediate(resolve));
    const log = lines.join("");
    expect(lines.length).toBeGreaterThan(20); // trace logs every request
    const leaked = [...secrets].filter((secret) => log.includes(secret));
    const where = lines
      .filter((line) => leaked.some((secret) => line.includes(secret)))
      .map((line) => line.slice(0, 300));
    expect(leaked, where.join("\n")).toEqual([]);
    // Requests are still logged, with the secret part of their URL masked.
    expect(log).toContain("/api/auth/reset-password/[redacted]");
    // The signed session token also travels URL-encoded in cookies.
    expect(log).not.toContain(encodeURIComponent(admin.token));
  });
});
