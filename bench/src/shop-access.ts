/**
 * What several bench steps need of the throw-away shop: a client on its bundled database,
 * and a staff session (the demo admin) for the admin calls they time.
 */
import { apiPaths } from "@atelier/contract/constants";
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
