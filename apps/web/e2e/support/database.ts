/**
 * SQL on the stack's own bundled PostgreSQL, for the few facts a browser test cannot
 * produce through the app (e.g. product views of a past day). It reads the connection
 * from the throw-away DATA_DIR: the password the app keeps in postgres.json, and the
 * port PostgreSQL writes on line 4 of its postmaster.pid.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

function stackDatabaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts.");
  const { password } = JSON.parse(readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as { password: string };
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]
    ?.trim();
  return `postgres://atelier:${encodeURIComponent(password)}@127.0.0.1:${port}/atelier`;
}

export async function sql<Row extends object = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client(stackDatabaseUrl());
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
