/**
 * No stock disclosure (issue 37, item 5), checked on the contract itself: no answer an
 * anonymous visitor or a customer can get (every endpoint whose access is "public" or
 * "signed-in") has a field that carries a stock count, a SKU or warehouse data. Staff's
 * endpoints (a permission, or "staff") keep them. A new public field with such a name
 * fails here; one that must exist is listed in `allowed` with the reason.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Endpoint } from "./endpoint.ts";
import * as contract from "./index.ts";

/** Field names that say how many units there are, which unit it is inside, or where it lies. */
const staffOnly = /^(stock|sku|skus|available|onHand|reserved|incoming|warehouse.*|levels?)$/;

/** "<METHOD> <path> <field path>": fields shoppers may get, and why. */
const allowed: Record<string, string> = {
  "GET /my-orders/:number lines[].sku":
    "the customer's own order: the code of each unit they bought, as on a packing slip (not a count)",
  "POST /my-orders/:number/requests lines[].sku": "the same order, as answered after a cancellation or return request",
};

function endpoints(): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || depth > 3) return;
    const candidate = value as Partial<Endpoint>;
    if (typeof candidate.method === "string" && typeof candidate.path === "string" && candidate.response) {
      found.set(`${candidate.method} ${candidate.path}`, candidate as Endpoint);
      return;
    }
    for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  walk(contract, 0);
  return [...found.values()];
}

/** Every property path of a JSON Schema, e.g. `variants[].stock`. */
function fieldPaths(schema: unknown, prefix = "", into: string[] = [], seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return into;
  seen.add(schema);
  const node = schema as Record<string, unknown>;
  for (const [key, value] of Object.entries((node.properties as Record<string, unknown>) ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    into.push(path);
    fieldPaths(value, path, into, seen);
  }
  if (node.items) fieldPaths(node.items, `${prefix}[]`, into, seen);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const inner of (node[key] as unknown[]) ?? []) fieldPaths(inner, prefix, into, seen);
  }
  if (node.additionalProperties && typeof node.additionalProperties === "object") {
    fieldPaths(node.additionalProperties, `${prefix}{}`, into, seen);
  }
  for (const inner of Object.values((node.$defs as Record<string, unknown>) ?? {}))
    fieldPaths(inner, prefix, into, seen);
  return into;
}

describe("what shoppers' answers may say of stock", () => {
  const shoppers = endpoints().filter((endpoint) => {
    const access = endpoint.access ?? "public";
    return access === "public" || access === "signed-in";
  });

  it("finds the shoppers' endpoints (the walk sees the contract)", () => {
    expect(shoppers.length).toBeGreaterThan(40);
    expect(shoppers.map((endpoint) => endpoint.path)).toContain("/products/:productId");
  });

  it("carries no stock count, SKU or warehouse field in any answer an anonymous visitor or a customer gets", () => {
    const leaks: string[] = [];
    for (const endpoint of shoppers) {
      const json = z.toJSONSchema(endpoint.response, { io: "output", unrepresentable: "any", reused: "inline" });
      for (const path of fieldPaths(json)) {
        const name =
          path
            .split(/[.[\]{}]+/)
            .filter(Boolean)
            .pop() ?? "";
        const key = `${endpoint.method} ${endpoint.path} ${path}`;
        if (staffOnly.test(name) && !(key in allowed)) leaks.push(key);
      }
    }
    expect(leaks).toEqual([]);
  });
});
