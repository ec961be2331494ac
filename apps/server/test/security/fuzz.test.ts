/**
 * Hostile input to every documented operation (issue 37 item 2): the OpenAPI document of
 * the composed shop (`/api/docs/json`, as `npm start` serves it) is walked, and each
 * operation is called as a guest and as the Owner with hostile values put, one at a time,
 * into each path parameter, query parameter and body field its schemas name: a NUL byte,
 * `../`, a 20-digit id, 5,000 characters, `1e309`, prototype keys, bytes that are not
 * UTF-8, and values of the wrong type; bodies also whole (an array, a string, a
 * `__proto__` object, raw invalid UTF-8). The generator is ours and fixed (no random
 * thousands): the same few values per field, every run, so a failure is reproducible.
 *
 * Any 5xx or a call that does not complete fails the test, with every such call listed.
 * The Owner's destructive operations (DELETE) run last, and the Owner's session is checked
 * after each operation and made anew if an operation ended it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUpStaff, type TestUser } from "../support/auth.ts";
import { createTestApp, type TestApp } from "../support/index.ts";

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
};

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface Call {
  method: string;
  url: string;
  payload?: string | Buffer;
  what: string;
}

let test: TestApp;
let owner: TestUser;
let components: Record<string, JsonSchema> = {};

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
});
afterAll(() => test?.close());

/** Hostile text for a path segment or a query value, percent-encoded as a client would send it. */
const hostileUrlValues: [string, string][] = [
  ["NUL", "%00"],
  ["NUL inside", "a%00b"],
  ["traversal", "..%2F..%2Fetc%2Fpasswd"],
  ["20-digit id", "12345678901234567890"],
  ["5,000 characters", "a".repeat(5_000)],
  ["1e309", "1e309"],
  ["__proto__", "__proto__"],
  ["constructor", "constructor"],
  ["invalid UTF-8", "%FF%FE%C0%AF"],
  ["lone continuation byte", "%80"],
];

/** Hostile JSON values for a body field; `__raw:` ones are written as bare JSON numbers. */
const hostileBodyValues: [string, unknown][] = [
  ["NUL", "a\u0000b"],
  ["traversal", "../../etc/passwd"],
  ["20-digit id", "__raw:12345678901234567890"],
  ["1e309", "__raw:1e309"],
  ["5,000 characters", "a".repeat(5_000)],
  ["1e309 text", "1e309"],
  ["__proto__ object", JSON.parse('{"__proto__": {"isAdmin": true}}')],
  ["constructor object", { constructor: { prototype: { isAdmin: true } } }],
  ["wrong type: object", { a: 1 }],
  ["wrong type: array", [1, "a", null]],
  ["null", null],
];

/** Whole bodies, raw: what a client may send instead of the schema's object. */
const hostileBodies: [string, string | Buffer][] = [
  ["1e309", '{"x": 1e309}'],
  ["array", "[]"],
  ["string", '"a"'],
  ["__proto__", '{"__proto__": {"polluted": true}}'],
  ["constructor", '{"constructor": {"prototype": {"polluted": true}}}'],
  ["invalid UTF-8", Buffer.concat([Buffer.from('{"name": "'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')])],
  ["not JSON", "{"],
  ["NUL key", '{"a\\u0000": 1}'],
];

function resolve(schema: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!schema || depth > 20) return {};
  if (schema.$ref) return resolve(components[schema.$ref.split("/").at(-1) ?? ""], depth + 1);
  return schema;
}

/** A plausible value for a schema: the first of an enum, a small number, a short text. */
function plausible(raw: JsonSchema | undefined, depth = 0): unknown {
  const schema = resolve(raw);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return plausible(variants.find((v) => resolve(v).type !== "null") ?? variants[0], depth + 1);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((part) => plausible(part, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return schema.format === "email"
        ? "fuzz@example.com"
        : schema.format === "date-time"
          ? new Date().toISOString()
          : "x";
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value, depth + 1)]),
      );
    default:
      return "x";
  }
}

/** The fields of a body schema, as paths (`address.city`), each with its own schema. */
function bodyFields(raw: JsonSchema | undefined, at: string[] = [], depth = 0): string[][] {
  const schema = resolve(raw);
  if (depth > 3) return [];
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) return variants.flatMap((variant) => bodyFields(variant, at, depth + 1));
  if (!schema.properties) return at.length > 0 ? [at] : [];
  const fields: string[][] = [];
  for (const [key, value] of Object.entries(schema.properties)) {
    fields.push([...at, key]);
    const inner = resolve(value);
    if (inner.properties) fields.push(...bodyFields(inner, [...at, key], depth + 1));
  }
  return fields;
}

function withField(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    target[key] = typeof next === "object" && next !== null && !Array.isArray(next) ? next : {};
    target = target[key] as Record<string, unknown>;
  }
  target[path.at(-1) ?? "x"] = value;
  return copy;
}

function urlOf(operation: Operation, pathValues: Record<string, string>, query: string): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => pathValues[name] ?? "1");
  return query ? `${path}?${query}` : path;
}

/** Every hostile call for one operation: each hostile value in each place, one at a time. */
function callsFor(operation: Operation): Call[] {
  const calls: Call[] = [];
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const baseBody = operation.body ? plausible(operation.body) : undefined;
  const base = (url: string, what: string, payload?: string | Buffer): Call => ({
    method: operation.method,
    url,
    what,
    ...(payload !== undefined ? { payload } : operation.body ? { payload: JSON.stringify(baseBody) } : {}),
  });
  for (const param of pathParams) {
    for (const [name, value] of hostileUrlValues) {
      calls.push(base(urlOf(operation, { [param.name]: value }, ""), `path ${param.name}: ${name}`));
    }
  }
  for (const param of queryParams) {
    for (const [name, value] of hostileUrlValues) {
      calls.push(base(urlOf(operation, {}, `${param.name}=${value}`), `query ${param.name}: ${name}`));
    }
    calls.push(base(urlOf(operation, {}, `${param.name}[__proto__]=1`), `query ${param.name}: __proto__ key`));
    calls.push(base(urlOf(operation, {}, `${param.name}=1&${param.name}=2`), `query ${param.name}: twice`));
  }
  if (operation.body) {
    const url = urlOf(operation, {}, "");
    for (const field of bodyFields(operation.body)) {
      for (const [name, value] of hostileBodyValues) {
        const json = JSON.stringify(withField(baseBody, field, value)).replace(/"__raw:([^"]*)"/, "$1");
        calls.push(base(url, `body ${field.join(".")}: ${name}`, json));
      }
    }
    for (const [name, body] of hostileBodies) calls.push(base(url, `body: ${name}`, body));
  }
  return calls;
}

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const spec = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: spec.parameters ?? [],
        ...(spec.requestBody?.content?.["application/json"]?.schema
          ? { body: spec.requestBody.content["application/json"].schema }
          : {}),
      });
    }
  }
  return operations;
}

describe("hostile input to every documented operation", () => {
  it("never answers 5xx nor drops a call, as a guest and as the Owner", async () => {
    const docs = await test.app.inject({ url: "/api/docs/json" });
    expect(docs.statusCode).toBe(200);
    const document = docs.json<{
      paths: Record<string, Record<string, unknown>>;
      components?: { schemas?: Record<string, JsonSchema> };
    }>();
    components = document.components?.schemas ?? {};
    // Destructive calls last: a DELETE that succeeds with a plausible value runs after the rest.
    const operations = operationsOf(document).sort(
      (a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"),
    );
    expect(operations.length).toBeGreaterThan(100);

    const failures: string[] = [];
    let calls = 0;
    const started = performance.now();
    for (const who of ["guest", "Owner"] as const) {
      for (const operation of operations) {
        for (const call of callsFor(operation)) {
          calls++;
          const headers: Record<string, string> = {
            ...(who === "Owner" ? bearer(owner.token) : {}),
            ...(call.payload !== undefined ? { "content-type": "application/json" } : {}),
          };
          try {
            const answer = await test.app.inject({
              method: call.method as "GET",
              url: call.url,
              headers,
              ...(call.payload !== undefined ? { payload: call.payload } : {}),
            });
            if (answer.statusCode >= 500) {
              failures.push(
                `${who} ${call.method} ${call.url.slice(0, 120)} (${call.what}): ${answer.statusCode} ${answer.body.slice(0, 200)}`,
              );
            } else if (answer.statusCode >= 400 && !answer.headers["content-type"]?.toString().includes("json")) {
              failures.push(
                `${who} ${call.method} ${call.url.slice(0, 120)} (${call.what}): ${answer.statusCode} not in the API's error shape`,
              );
            }
          } catch (error) {
            failures.push(`${who} ${call.method} ${call.url.slice(0, 120)} (${call.what}): dropped: ${String(error)}`);
          }
        }
        if (
          who === "Owner" &&
          (await test.app.inject({ url: "/api/me", headers: bearer(owner.token) })).statusCode !== 200
        ) {
          // An operation ended the Owner's session (or account): go on as a new Owner.
          owner = await signUpStaff(test, "Owner");
        }
      }
    }
    process.stdout.write(
      `fuzz: ${operations.length} operations, ${calls} calls in ${Math.round((performance.now() - started) / 1000)} s\n`,
    );
    expect(failures, failures.join("\n")).toEqual([]);
  }, 600_000);
});
