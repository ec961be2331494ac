import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { databaseProbe, isDatabaseUnavailable } from "./unavailable.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
    ["a server shutting down", withCode("terminating connection due to administrator command", "57P01")],
    ["a server starting up", withCode("the database system is starting up", "57P03")],
    ["a connection exception (class 08)", withCode("connection failure", "08006")],
    ["too many connections", withCode("sorry, too many clients already", "53300")],
    ["a connect timeout", new Error("Connection terminated due to connection timeout")],
    ["a pool wait timeout", new Error("timeout exceeded when trying to connect")],
    ["a broken connection", new Error("Connection terminated unexpectedly")],
    [
      "several refused addresses",
      Object.assign(new AggregateError([withCode("refused", "ECONNREFUSED")], ""), { code: undefined }),
    ],
    ["Drizzle's wrapper", new DrizzleQueryError("select 1", [], withCode("refused", "ECONNREFUSED"))],
  ])("recognises %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("duplicate key value", "23505")],
    ["a syntax error", withCode("syntax error at or near", "42601")],
    ["a serialization failure", withCode("could not serialize access", "40001")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("leaves %s alone", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("probes: throws the connection error, swallows anything else", async () => {
    const refused = withCode("refused", "ECONNREFUSED");
    await expect(databaseProbe(() => Promise.reject(refused))()).rejects.toBe(refused);
    await expect(databaseProbe(() => Promise.reject(new Error("other")))()).resolves.toBeUndefined();
    await expect(databaseProbe(() => Promise.resolve(1))()).resolves.toBeUndefined();
  });
});
