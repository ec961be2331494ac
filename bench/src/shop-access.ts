/**
 * What several bench steps need of the throw-away shop: a client on its bundled database,
 * and a staff session (the demo admin) for the admin calls they time.
 */
import { apiPaths } from "@atelier/contract/api-paths";
import pg from "pg";
import { embeddedUrl } from "./buying.ts";

export async function withClient<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(embeddedUrl(dataDir, "atelier"));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api${apiPaths.auth}/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  const token = response.headers.get("set-auth-token");
  if (!response.ok || !token) throw new Error(`Signing in as ${email} answered HTTP ${response.status}.`);
  return token;
}

/** A staff GET, timed to its whole JSON body; an error status fails the step. */
export async function timedGet<Body>(url: string, token: string): Promise<{ ms: number; body: Body }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as Body;
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}.`);
  return { ms, body };
}

/**
 * A staff GET asked once (cold: its answer is kept) and then `runs` times more (warm):
 * the first answer and the warm runs' median and slowest.
 */
export async function repeatedGet<Body>(
  url: string,
  token: string,
  runs: number,
): Promise<{ first: { ms: number; body: Body }; p50Ms: number; maxMs: number }> {
  const first = await timedGet<Body>(url, token);
  const warm: number[] = [];
  for (let run = 0; run < runs; run++) warm.push((await timedGet<Body>(url, token)).ms);
  warm.sort((a, b) => a - b);
  return { first, p50Ms: warm[Math.floor(warm.length / 2)] ?? 0, maxMs: warm.at(-1) ?? 0 };
}
