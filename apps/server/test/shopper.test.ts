/**
 * shopperOf: a session wins, then a genuine guest token, else 401; a forged or tampered
 * token is nobody. Routes under test run on a small Fastify app that shares the real
 * app's identity services, so the real session and token checks answer.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../src/http/errors.ts";
import { shopperOf } from "../src/http/shopper.ts";
import { bearer, signUp } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let test: TestApp;
let probe: FastifyInstance;

beforeAll(async () => {
  test = await createTestApp();
  probe = Fastify();
  probe.decorate("identity", test.app.identity);
  probe.decorate("services", test.app.services);
  registerErrorHandling(probe);
  probe.get("/who", async (request) => shopperOf(request));
  await probe.ready();
});

afterAll(async () => {
  await probe?.close();
  await test?.close();
});

async function newGuest(): Promise<{ token: string; id: string }> {
  const username = `guest${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await test.app.inject({ method: "POST", url: "/api/guests", payload: { username } });
  const { token } = response.json<{ token: string }>();
  return { token, id: token.split(".")[0] ?? "" };
}

describe("shopperOf", () => {
  it("is the signed-in user, even when a guest token comes along", async () => {
    const user = await signUp(test.app);
    const guest = await newGuest();
    const response = await probe.inject({
      url: "/who",
      headers: { ...bearer(user.token), "x-guest-token": guest.token },
    });
    expect(response.json()).toEqual({ userId: user.id });
  });

  it("is the guest of a genuine token", async () => {
    const guest = await newGuest();
    const response = await probe.inject({ url: "/who", headers: { "x-guest-token": guest.token } });
    expect(response.json()).toEqual({ guestId: guest.id });
  });

  it("answers 401 for nobody, a forged token, or another guest's id with a copied signature", async () => {
    const a = await newGuest();
    const b = await newGuest();
    const forged = `${b.id}.${a.token.split(".")[1]}`;
    for (const headers of [{}, { "x-guest-token": "nonsense" }, { "x-guest-token": forged }, bearer("not-a-session")]) {
      const response = await probe.inject({ url: "/who", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthorized");
    }
  });
});
