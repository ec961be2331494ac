/**
 * The OpenAPI document of the composed shop (web app mounted, as `npm start` serves it)
 * against the routes the shop really registers: every registered API route is documented
 * or listed below as undocumented on purpose, with the reason, and every documented
 * operation is a registered route. (The smoke suite calls every documented path on the
 * real `npm start` process too.)
 */
import { webhookEventTypes } from "@atelier/contract/constants";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/index.ts";

/** API routes that are not in the document, and why. */
const undocumented: Record<string, string> = {
  "* /api/auth/*":
    "better-auth's own endpoints (sign-up, sign-in, sessions, social sign-in); the document's text names them",
  "GET /api/docs": "the Swagger UI page itself",
  "GET /api/docs/*": "the Swagger UI's files and the document itself",
  "GET /api/docs/json": "the OpenAPI document",
  "GET /api/docs/yaml": "the OpenAPI document as YAML",
  "GET /api/docs/static/*": "the Swagger UI's static files",
  "POST /api/webhooks/stripe": "Stripe's webhook: called by Stripe with a signed raw body, not by clients",
};

let test: TestApp;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  test = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method: method.toUpperCase(), url: route.url });
      },
    },
  );
});

afterAll(() => test.close());

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

async function documentedOperations(): Promise<Set<string>> {
  const response = await test.app.inject({ url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  const doc = response.json<{ paths: Record<string, Record<string, unknown>> }>();
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) operations.add(`${method.toUpperCase()} ${path}`);
  }
  return operations;
}

describe("the OpenAPI document of the running shop", () => {
  it("documents every registered API route, or says why not", async () => {
    const documented = await documentedOperations();
    const missing = routes
      .filter((route) => route.url === "/api" || route.url.startsWith("/api/"))
      .filter((route) => route.method !== "HEAD" && route.method !== "OPTIONS")
      .map((route) => `${route.method} ${toOpenApiPath(route.url).replace(/\/$/, "")}`)
      .filter((operation) => !documented.has(operation))
      .filter((operation) => {
        const [method, path = ""] = operation.split(" ");
        return !(
          `${method} ${path}` in undocumented ||
          (path.startsWith("/api/auth/") && "* /api/auth/*" in undocumented) ||
          (method === "GET" && path.startsWith("/api/docs/"))
        );
      });
    expect([...new Set(missing)].sort()).toEqual([]);
  });

  it("documents only routes that exist", async () => {
    const registered = new Set(routes.map((route) => `${route.method} ${toOpenApiPath(route.url).replace(/\/$/, "")}`));
    const phantom = [...(await documentedOperations())].filter((operation) => !registered.has(operation));
    expect(phantom).toEqual([]);
  });

  it("is served by the composition that also serves the storefront", async () => {
    const page = await test.app.inject({ url: "/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const unknown = await test.app.inject({ url: "/api/no-such-thing?x=1" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toContain("application/json");
    expect(unknown.json()).toEqual({
      error: {
        code: "not_found",
        message: "No API route GET /api/no-such-thing",
        requestId: unknown.headers["x-request-id"],
      },
    });
    const post = await test.app.inject({ method: "POST", url: "/api/nothing/here", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe("not_found");
  });
});

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no error or warning", async () => {
    const response = await test.app.inject({ url: "/api/docs/json" });
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: "openapi.json",
      config: await createConfig({
        extends: ["recommended"],
        rules: {
          // The server is the shop's own PUBLIC_URL: localhost on a developer's machine and here.
          "no-server-example.com": "off",
          // /api/admin/collabs/{id}/coupons and /api/admin/collabs/statements/{id}: ids are
          // numbers, so "statements" is never an id (Fastify matches the static segment first).
          "no-ambiguous-paths": "off",
        },
      }),
    });
    const summary = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.location[0]?.pointer ?? ""} ${problem.message}`,
    );
    expect(summary).toEqual([]);
  });

  it("names each operation from its method and path, so the names stay as long as the routes do", async () => {
    const doc = (await test.app.inject({ url: "/api/docs/json" })).json<{
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
    }>();
    expect(doc.paths["/api/products/{productId}"]?.get?.operationId).toBe("getProductsByProductId");
    expect(doc.paths["/api/products/{productId}"]?.get?.security).toEqual([]);
    expect(doc.paths["/api/admin/activity-log"]?.get?.operationId).toBe("getAdminActivityLog");
    expect(doc.paths["/api/admin/activity-log"]?.get?.security).toEqual([{ bearer: [] }, { cookie: [] }]);
  });
});

describe("the webhooks the shop sends (issue 38 item 1)", () => {
  it("documents every event as an OpenAPI 3.1 webhook with its signed headers and its data schema", async () => {
    const doc = (await test.app.inject({ url: "/api/docs/json" })).json<{
      webhooks: Record<
        string,
        {
          post: {
            parameters: { name: string }[];
            requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
          };
        }
      >;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEventTypes, "webhook.test"].sort());
    const placed = doc.webhooks["order.placed"]?.post;
    expect(placed?.parameters.map((parameter) => parameter.name)).toEqual([
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
    const body = placed?.requestBody.content["application/json"]?.schema;
    expect(body?.properties).toMatchObject({
      type: { const: "order.placed" },
      version: { const: 1 },
      data: { $ref: "#/components/schemas/WebhookOrderData" },
    });
    expect(doc.components.schemas.WebhookOrderData).toMatchObject({
      properties: { lines: { type: "array" }, total: { type: "integer" } },
    });
  });
});
