/**
 * Admin API tokens (issue 38 item 2, ADR 0024): staff with Role Management make a token
 * with a name, an expiry and permissions they hold; it is shown once and stored hashed;
 * `Authorization: Bearer atl_…` then works on /api/admin within exactly those permissions
 * (walked over every admin operation of the served OpenAPI document), nowhere else; expiry
 * and revocation count on the next request; it is rate-limited per token; its writes are
 * logged under its name; and a token never makes or revokes tokens.
 */
import { createHash } from "node:crypto";
import { type Access, permissions } from "@atelier/contract/constants";
import { eq, sql } from "drizzle-orm";
import type { HTTPMethods, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, apiTokens } from "../src/db/schema/index.ts";
import { staffAccessRepository } from "../src/modules/identity/staff-access.ts";
import { bearer, signUp, signUpStaff, type TestUser, uniqueEmail } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

/** Each registered route's declared access, by "METHOD /openapi/{path}". */
const accessByOperation = new Map<string, Access | undefined>();
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
function collect(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (method !== "HEAD") accessByOperation.set(`${method} ${toOpenApiPath(route.url)}`, route.config?.access);
  }
}

let test: TestApp;
let owner: TestUser;
let ownerApi: ReturnType<typeof apiAs>;

beforeAll(async () => {
  test = await createTestApp({}, { onRoute: collect });
  owner = await signUpStaff(test, "Owner");
  ownerApi = apiAs(test, owner);
});
afterAll(() => test.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

interface TokenJson {
  id: number;
  name: string;
  prefix: string;
  permissions: string[];
  createdBy: { id: string | null; name: string; email: string };
  expiresAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  status: "active" | "expired" | "revoked";
}

/** Makes a token as `maker` (the Owner unless said), answering its row and secret. */
async function makeToken(
  scopes: readonly string[],
  options: { name?: string; maker?: TestUser; days?: number } = {},
): Promise<{ token: TokenJson; secret: string }> {
  const response = await apiAs(test, options.maker ?? owner).post("/api/admin/api-tokens", {
    name: options.name ?? `Integration ${Math.random().toString(36).slice(2, 8)}`,
    expiresAt: inDays(options.days ?? 30),
    permissions: scopes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const listTokens = async () => (await ownerApi.get("/api/admin/api-tokens")).json<TokenJson[]>();
const withToken = (secret: string, method: HTTPMethods, url: string, payload?: object) =>
  test.app.inject({ method, url, headers: bearer(secret), ...(payload ? { payload } : {}) });

describe("making, listing and revoking tokens", () => {
  it("answers the secret once and stores only its SHA-256, with a visible prefix", async () => {
    const { token, secret } = await makeToken(["products", "inventory"], { name: "Warehouse sync" });
    expect(secret).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: "Warehouse sync",
      prefix: secret.slice(0, 12),
      permissions: ["products", "inventory"],
      createdBy: { id: owner.id, email: owner.email, name: owner.name },
      status: "active",
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(token).not.toHaveProperty("secret");

    const [row] = await test.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.tokenHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(row?.prefix).toBe(secret.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));

    const list = await ownerApi.get("/api/admin/api-tokens");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(12));
    expect(list.json<TokenJson[]>().find((listed) => listed.id === token.id)).toMatchObject({
      name: "Warehouse sync",
      status: "active",
    });
  });

  it("refuses a token without an expiry, with an expiry past or over a year ahead, or without permissions", async () => {
    const post = (body: object) => ownerApi.post("/api/admin/api-tokens", body);
    const base = { name: "Bad", expiresAt: inDays(7), permissions: ["products"] };
    const { expiresAt: _none, ...withoutExpiry } = base;
    for (const [body, field] of [
      [withoutExpiry, "expiresAt"],
      [{ ...base, expiresAt: inDays(-1) }, "expiresAt"],
      [{ ...base, expiresAt: inDays(400) }, "expiresAt"],
      [{ ...base, expiresAt: "next week" }, "expiresAt"],
      [{ ...base, permissions: [] }, "permissions"],
      [{ ...base, permissions: ["everything"] }, "permissions.0"],
      [{ ...base, name: "" }, "name"],
    ] as const) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await post({ ...base, expiresAt: inDays(365) })).statusCode).toBe(200);
  });

  it("revokes: the very next request answers 401, the list says revoked, and a second revoke changes nothing", async () => {
    const { token, secret } = await makeToken(["orders"]);
    expect((await withToken(secret, "GET", "/api/admin/orders")).statusCode).toBe(200);
    const revoked = await ownerApi.post(`/api/admin/api-tokens/${token.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: token.id, status: "revoked", revokedAt: expect.any(String) });
    const next = await withToken(secret, "GET", "/api/admin/orders");
    expect(next.statusCode).toBe(401);
    expect(next.json().error.code).toBe("unauthorized");
    expect((await listTokens()).find((listed) => listed.id === token.id)?.status).toBe("revoked");

    const again = await ownerApi.post(`/api/admin/api-tokens/${token.id}/revoke`);
    expect(again.statusCode).toBe(200);
    const entries = await test.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, String(token.id)));
    expect(entries.filter((entry) => entry.action === "api-token.revoke")).toHaveLength(1);
    expect((await ownerApi.post("/api/admin/api-tokens/999999/revoke")).statusCode).toBe(404);
  });

  it("expires: once past its expiry the next request answers 401 and the list says expired", async () => {
    const { token, secret } = await makeToken(["orders"]);
    expect((await withToken(secret, "GET", "/api/admin/orders")).statusCode).toBe(200);
    await test.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, token.id));
    expect((await withToken(secret, "GET", "/api/admin/orders")).statusCode).toBe(401);
    expect((await listTokens()).find((listed) => listed.id === token.id)?.status).toBe("expired");
  });

  it("records the last use (at most once a minute) and where from", async () => {
    const { token, secret } = await makeToken(["dashboard"]);
    expect((await withToken(secret, "GET", "/api/admin/dashboard")).statusCode).toBe(200);
    const first = (await listTokens()).find((listed) => listed.id === token.id);
    expect(first?.lastUsedAt).toEqual(expect.any(String));
    expect(first?.lastUsedIp).toBe("127.0.0.1");
    expect((await withToken(secret, "GET", "/api/admin/dashboard")).statusCode).toBe(200);
    const second = (await listTokens()).find((listed) => listed.id === token.id);
    expect(second?.lastUsedAt).toBe(first?.lastUsedAt);
  });

  it("refuses unknown and malformed tokens with 401", async () => {
    for (const secret of ["atl_nope", `atl_${"A".repeat(43)}`]) {
      expect((await withToken(secret, "GET", "/api/admin/orders")).statusCode, secret).toBe(401);
    }
  });
});

describe("who may make tokens, and with what", () => {
  let manager: TestUser;
  let roleId: number;

  beforeAll(async () => {
    // Role Management and Products only: may make tokens, only with those two.
    const role = await ownerApi.post("/api/admin/roles", {
      name: "Token maker",
      description: "",
      permissions: ["roles", "products"],
    });
    expect(role.statusCode, role.body).toBe(200);
    roleId = role.json<{ id: number }>().id;
    manager = await signUp(test.app, { email: uniqueEmail("tokens"), name: "Token Maker" });
    await staffAccessRepository(test.db).grantRole(manager.id, "Token maker");
  });

  it("never gives a token a permission its maker lacks", async () => {
    const refused = await apiAs(test, manager).post("/api/admin/api-tokens", {
      name: "Too much",
      expiresAt: inDays(7),
      permissions: ["products", "payments"],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain("Payments");
    const { token } = await makeToken(["products"], { maker: manager });
    expect(token.createdBy).toMatchObject({ id: manager.id, email: manager.email });
  });

  it("staff without Role Management cannot make or list tokens", async () => {
    const inventory = apiAs(test, await signUpStaff(test, "Inventory"));
    expect((await inventory.get("/api/admin/api-tokens")).statusCode).toBe(403);
    expect(
      (await inventory.post("/api/admin/api-tokens", { name: "x", expiresAt: inDays(7), permissions: ["products"] }))
        .statusCode,
    ).toBe(403);
  });

  it("a token's powers shrink with its maker's, and end when the maker is banned", async () => {
    const { secret } = await makeToken(["products"], { maker: manager });
    expect((await withToken(secret, "GET", "/api/admin/products")).statusCode).toBe(200);
    const narrowed = await ownerApi.patch(`/api/admin/roles/${roleId}`, {
      name: "Token maker",
      description: "",
      permissions: ["roles"],
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await withToken(secret, "GET", "/api/admin/products")).statusCode).toBe(403);
    expect(
      (await ownerApi.patch(`/api/admin/roles/${roleId}`, { name: "Token maker", permissions: ["roles", "products"] }))
        .statusCode,
    ).toBe(200);
    expect((await withToken(secret, "GET", "/api/admin/products")).statusCode).toBe(200);

    expect((await ownerApi.post(`/api/admin/users/${manager.id}/ban`, { reason: "Left" })).statusCode).toBe(200);
    expect((await withToken(secret, "GET", "/api/admin/products")).statusCode).toBe(401);
  });

  it("a token never makes, lists or revokes tokens, even with Role Management", async () => {
    const { token, secret } = await makeToken(["roles"]);
    expect((await withToken(secret, "GET", "/api/admin/roles")).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ["GET", "/api/admin/api-tokens", undefined],
      ["POST", "/api/admin/api-tokens", { name: "Child", expiresAt: inDays(7), permissions: ["roles"] }],
      ["POST", `/api/admin/api-tokens/${token.id}/revoke`, undefined],
    ] as const) {
      const response = await withToken(secret, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toContain("API tokens cannot");
    }
    // Nor the Owner's own rules: a token holds no role.
    const rule = await withToken(secret, "PUT", "/api/admin/security-settings", { requireStaffSecondFactor: false });
    expect(rule.statusCode).toBe(403);
  });
});

describe("scopes, walked over the served OpenAPI document", () => {
  interface Operation {
    method: HTTPMethods;
    path: string;
    access: Access | undefined;
  }
  let operations: Operation[];

  beforeAll(async () => {
    const document = (await test.app.inject({ url: "/api/docs/json" })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({
        method: method.toUpperCase() as HTTPMethods,
        path,
        access: accessByOperation.get(`${method.toUpperCase()} ${path}`),
      })),
    );
  });

  /** Any value fits every parameter: the access hook runs before params are validated. */
  const call = (secret: string, operation: Operation) =>
    withToken(
      secret,
      operation.method,
      operation.path.replace(/\{[A-Za-z0-9_]+\}/g, "1"),
      operation.method === "GET" ? undefined : {},
    );

  it("a token with one permission passes exactly the operations needing it (and staff ones), 403 on the rest", async () => {
    const admin = operations.filter((operation) => operation.path.startsWith("/api/admin/"));
    expect(admin.length).toBeGreaterThan(100);
    for (const operation of admin) {
      expect(accessByOperation.has(`${operation.method} ${operation.path}`), operation.path).toBe(true);
    }
    const protectedOps = admin.filter((operation) => operation.access !== "public");
    for (const permission of permissions) {
      const { secret } = await makeToken([permission], { name: `Walk ${permission}` });
      const failures: string[] = [];
      // A few at a time: the walk is ~16 × 200 requests.
      for (let start = 0; start < protectedOps.length; start += 8) {
        await Promise.all(
          protectedOps.slice(start, start + 8).map(async (operation) => {
            const { access } = operation;
            const name = `${operation.method} ${operation.path}`;
            const needs = typeof access === "object" ? access.permission : undefined;
            const allowed = typeof access === "object" ? needs === permission && !access.sessionsOnly : true;
            const response = await call(secret, operation);
            const refused = response.statusCode === 401 || response.statusCode === 403;
            if (allowed && refused) failures.push(`${name} (${permission}): ${response.statusCode} ${response.body}`);
            if (!allowed && response.statusCode !== 403) {
              failures.push(`${name} (${permission}) needs ${needs}: ${response.statusCode}`);
            }
          }),
        );
      }
      expect(failures, permission).toEqual([]);
    }
  });

  it("a token with every permission reaches no operation outside /api/admin that needs a caller", async () => {
    const { secret } = await makeToken(permissions, { name: "Everything" });
    const outside = operations.filter(
      (operation) => !operation.path.startsWith("/api/admin/") && operation.access && operation.access !== "public",
    );
    expect(outside.map((operation) => operation.path)).toEqual(expect.arrayContaining(["/api/me", "/api/me/profile"]));
    for (const operation of outside) {
      const response = await call(secret, operation);
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(401);
    }
    // Where a session is optional (the cart, my orders), the token is nobody: the maker's are not its.
    for (const url of ["/api/cart", "/api/my-orders"]) {
      const asToken = await withToken(secret, "GET", url);
      const anonymous = await test.app.inject({ url });
      expect(asToken.statusCode, url).toBe(anonymous.statusCode);
      expect(asToken.body.replace(/"requestId":"[^"]*"/, ""), url).toBe(
        anonymous.body.replace(/"requestId":"[^"]*"/, ""),
      );
    }
  });

  it("describes the token in the bearer scheme and marks token management as people-only", async () => {
    const document = (await test.app.inject({ url: "/api/docs/json" })).json();
    expect(document.components.securitySchemes.bearer.description).toContain("atl_");
    expect(document.paths["/api/admin/api-tokens"].post.description).toContain("API tokens are refused");
    expect(document.components.schemas.ApiToken).toBeDefined();
  });
});

describe("writes made with a token", () => {
  it("are in the activity log under the token's name; making and revoking tokens are logged without the secret", async () => {
    const { token, secret } = await makeToken(["series"], { name: "Catalogue feed" });
    const created = await withToken(secret, "POST", "/api/admin/series", {
      name: `Feed ${Date.now()}`,
      description: "",
    });
    expect(created.statusCode, created.body).toBe(200);
    const seriesId = created.json<{ id: number }>().id;
    const [entry] = await test.db
      .select()
      .from(activityLog)
      .where(sql`${activityLog.action} = 'series.create' and ${activityLog.subjectId} = ${String(seriesId)}`);
    expect(entry).toMatchObject({ actorName: "API token: Catalogue feed", actorEmail: owner.email, actorId: owner.id });

    expect((await ownerApi.post(`/api/admin/api-tokens/${token.id}/revoke`)).statusCode).toBe(200);
    const logged = await test.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, String(token.id)));
    const actions = logged.filter((row) => row.subjectType === "api-token").map((row) => row.action);
    expect(actions.sort()).toEqual(["api-token.create", "api-token.revoke"]);
    expect(JSON.stringify(logged)).not.toContain(secret.slice(12));
    expect(logged.find((row) => row.action === "api-token.create")).toMatchObject({
      actorId: owner.id,
      subjectLabel: `Catalogue feed (${token.prefix}…)`,
      after: { name: "Catalogue feed", permissions: ["series"], prefix: token.prefix },
    });

    // The log's reader finds them by the token's name too.
    const search = await ownerApi.get(
      `/api/admin/activity-log?search=${encodeURIComponent("API token: Catalogue feed")}`,
    );
    expect(search.statusCode).toBe(200);
    expect(search.json().items.length).toBeGreaterThan(0);
  });
});

describe("the rate limit per token", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ API_TOKEN_RATE_LIMIT: "5" });
  });
  afterAll(() => limited.close());

  it("answers 429 with Retry-After past the limit, for that token only", async () => {
    const maker = await signUpStaff(limited, "Owner");
    const make = async () =>
      (
        await apiAs(limited, maker).post("/api/admin/api-tokens", {
          name: "Busy",
          expiresAt: inDays(7),
          permissions: ["orders"],
        })
      ).json<{ secret: string }>().secret;
    const [busy, calm] = [await make(), await make()];
    const get = (secret: string) => limited.app.inject({ url: "/api/admin/orders", headers: bearer(secret) });
    for (let i = 0; i < 5; i++) expect((await get(busy)).statusCode).toBe(200);
    const over = await get(busy);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe("rate_limited");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await get(calm)).statusCode).toBe(200);
    // People's sessions are not counted against it.
    for (let i = 0; i < 7; i++) {
      expect((await limited.app.inject({ url: "/api/admin/orders", headers: bearer(maker.token) })).statusCode).toBe(
        200,
      );
    }
  });
});
