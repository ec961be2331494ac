/**
 * Direct access to the browser-test stack's bundled PostgreSQL (in E2E_DATA_DIR), for
 * setting up catalogue states that no staff page can make yet (an unpublished product).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

function databaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const { password } = JSON.parse(readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as { password: string };
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]
    ?.trim();
  return `postgres://atelier:${encodeURIComponent(password)}@127.0.0.1:${port}/atelier`;
}

export async function withCatalogDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(databaseUrl());
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
