/**
 * The secret that signs sessions and guest tokens: AUTH_SECRET, or one generated at
 * first start and kept in DATA_DIR/auth-secret (readable by the owner only), so the
 * demo needs no setup and sessions survive restarts.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export async function loadAuthSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing && existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
