/**
 * The edge (issue 37, apps/server/src/http/edge.ts), on the composed app:
 * - every body is bounded: a 150 MB anonymous sign-in is refused 413 at once (raw HTTP,
 *   on a real socket), with memory flat; a JSON route and a page's form post too;
 * - NUL bytes and invalid UTF-8 in paths, queries and bodies are a 4xx in the API's error
 *   shape (the five 500s the issue found among them), and a 400 page outside /api;
 * - HSTS and Secure cookies when PUBLIC_URL is https, neither on http.
 */
import type { AddressInfo } from "node:net";
import { ErrorBody } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signIn, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { rawPost } from "./support/raw-http.ts";

let test: TestApp;
let owner: TestUser;
let port: number;

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  await test.app.listen({ port: 0, host: "127.0.0.1" });
  port = (test.app.server.address() as AddressInfo).port;
});
afterAll(() => test.close());

const post = (path: string, total: number, headers: Record<string, string>) => rawPost(port, path, total, headers);

const json = { "content-type": "application/json" };

describe("every body is bounded", () => {
  it("refuses a 150 MB anonymous sign-in with 413 at once, reading no more than the limit", async () => {
    const total = 150 * 1024 * 1024;
    global.gc?.();
    const before = process.memoryUsage().rss;
    const answer = await post("/api/auth/sign-in/email", total, { ...json, "content-length": String(total) });
    const grown = process.memoryUsage().rss - before;
    expect(answer.status, answer.body).toBe(413);
    expect(ErrorBody.parse(JSON.parse(answer.body)).error.code).toBe("payload_too_large");
    expect(answer.ms).toBeLessThan(2_000);
    // The client gave up writing long before 150 MB: the server answered without reading it.
    expect(answer.written).toBeLessThan(64 * 1024 * 1024);
    expect(grown).toBeLessThan(64 * 1024 * 1024);
    // The server goes on serving.
    expect((await test.app.inject({ url: "/api/me" })).statusCode).toBe(401);
  });

  it("counts the bytes of a body without a length (chunked) and stops at 64 KB for better-auth", async () => {
    const answer = await post("/api/auth/sign-in/email", 8 * 1024 * 1024, json);
    expect(answer.status, answer.body).toBe(413);
    expect(ErrorBody.parse(JSON.parse(answer.body)).error.code).toBe("payload_too_large");
    expect(answer.written).toBeLessThan(8 * 1024 * 1024);
  });

  it("still signs in with an ordinary body", async () => {
    const response = await signIn(test.app, owner.email, owner.password);
    expect(response.statusCode, response.body).toBe(200);
  });

  it("bounds a page's form post and a JSON route too", async () => {
    const page = await post("/contact", 4 * 1024 * 1024, { "content-type": "application/x-www-form-urlencoded" });
    expect(page.status).toBe(413);
    const route = await post("/api/contact", 4 * 1024 * 1024, {
      ...json,
      "content-length": String(4 * 1024 * 1024),
    });
    expect(route.status).toBe(413);
    expect(ErrorBody.parse(JSON.parse(route.body)).error.code).toBe("payload_too_large");
  });
});

describe("NUL bytes and invalid UTF-8 are refused at the edge", () => {
  const asOwner = () => bearer(owner.token);

  it.each([
    ["GET", "/api/admin/users/%00", "userId"],
    ["POST", "/api/admin/users/%00/unban", "userId"],
    ["POST", "/api/admin/users/%00/password-reset", "userId"],
    ["GET", "/api/admin/payments/orders/%00", "number"],
    ["GET", "/api/admin/collabs/coupon-options?q=%00", "q"],
    ["GET", "/api/products?gender=%FF%FE", "gender"],
    ["GET", "/api/admin/users/%C0%AF", undefined],
  ] as const)("%s %s answers 400 in the API's error shape", async (method, url, field) => {
    const response = await test.app.inject({ method, url, headers: asOwner() });
    expect(response.statusCode, response.body).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body.error.code).toBe("bad_request");
    if (field) expect(body.error.fields).toHaveProperty(field);
  });

  it("refuses a NUL byte anywhere in a JSON body (422, the field named) and bytes that are not UTF-8 (400)", async () => {
    const nul = await test.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: json,
      payload: JSON.stringify({
        name: "Ada\u0000",
        email: "ada@example.com",
        subject: "A question",
        message: "Hello there, a question.",
      }),
    });
    expect(nul.statusCode, nul.body).toBe(422);
    expect(ErrorBody.parse(nul.json()).error.fields).toHaveProperty("name");

    const bytes = await test.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: json,
      payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
    });
    expect(bytes.statusCode, bytes.body).toBe(400);
    expect(ErrorBody.parse(bytes.json()).error.code).toBe("bad_request");

    const auth = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: json,
      payload: JSON.stringify({ email: "nul@example.com", password: "violet-harbour-42", name: "N\u0000L" }),
    });
    expect(auth.statusCode, auth.body).toBe(422);
    expect(ErrorBody.parse(auth.json()).error.fields).toHaveProperty("name");
  });

  it("answers a storefront page with such an address with a 400 page, not 500", async () => {
    for (const url of ["/products/%00", "/search-product?q=%00", "/categories/%FF"]) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("400");
    }
  });
});

describe("HSTS and Secure cookies", () => {
  it("are absent when PUBLIC_URL is http", async () => {
    const api = await test.app.inject({ url: "/api/catalog/store" });
    expect(api.headers["strict-transport-security"]).toBeUndefined();
    const page = await test.app.inject({ url: "/" });
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    const cookies = [(await signIn(test.app, owner.email, owner.password)).headers["set-cookie"]].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(String(cookie)).not.toMatch(/;\s*Secure/i);
  });

  it("are sent on every answer, and every cookie is Secure, when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://shop.example" });
    try {
      for (const url of ["/api/catalog/store", "/", "/api/nothing-here", "/favicon.svg"]) {
        const response = await secure.app.inject({ url });
        expect(response.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
      }
      const staff = await signUpStaff(secure, "Owner");
      const signedIn = await signIn(secure.app, staff.email, staff.password);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const cookies = [signedIn.headers["set-cookie"]].flat().map(String);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
      // The session cookie (named __Secure-… then) still signs the person in.
      const session = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
      expect((await secure.app.inject({ url: "/api/me", headers: { cookie: session } })).statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });
});
