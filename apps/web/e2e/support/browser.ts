/**
 * Which Chromium the browser tests drive, found the same way by `npm test`'s first step
 * (`node apps/web/e2e/support/browser.ts`, before any long stage) and by
 * playwright.config.ts (for `launchOptions.executablePath`):
 *
 * 1. `CHROME_PATH`, when set (and then it must work: a wrong one is an error, not a hint);
 * 2. the system's Chromium: /usr/bin/chromium, then `chromium`, `chromium-browser`,
 *    `google-chrome`, `google-chrome-stable` on the PATH;
 * 3. Playwright's own Chromium, already downloaded, or else downloaded now with
 *    `playwright install chromium` (a failed or unreachable download counts as none);
 * 4. none: one line naming both ways to get one, and exit code 1.
 *
 * A candidate counts only if it starts (`--version`): a binary whose libraries are missing
 * fails here in a second instead of in every browser test.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

export interface FoundBrowser {
  executablePath: string;
  /** Where it came from, for the one line the check prints. */
  source: "CHROME_PATH" | "system" | "playwright";
  version: string;
}

export const NO_BROWSER =
  "No Chromium for the browser tests: set CHROME_PATH to a Chrome or Chromium binary or install the system's " +
  "(apt-get install chromium), or let Playwright fetch its own (npx playwright install chromium; its download " +
  "was not reachable from here).";

const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `command -v name` without a shell. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  return undefined;
}

/** The version line, or undefined when the binary does not start. */
function versionOf(file: string): string | undefined {
  const run = spawnSync(file, ["--version"], { encoding: "utf8", timeout: 20_000 });
  if (run.status !== 0) return undefined;
  const line = run.stdout.trim().split("\n").pop()?.trim();
  return line || undefined;
}

function playwrightChromium(): string | undefined {
  try {
    const file = chromium.executablePath();
    return file && existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Runs `playwright install chromium`; false when it fails (no network, no disk, a proxy…). */
function installPlaywrightChromium(): boolean {
  const cli = fileURLToPath(import.meta.resolve("@playwright/test/cli"));
  process.stderr.write("No system Chromium: trying `playwright install chromium`…\n");
  const run = spawnSync(process.execPath, [cli, "install", "chromium"], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    // A download that stalls is an unreachable one.
    timeout: 10 * 60_000,
  });
  return run.status === 0;
}

/**
 * The browser to drive, or an Error whose message is the one line to print.
 * `install`: try Playwright's download when nothing else is there.
 */
export function findBrowser({ install = false } = {}): FoundBrowser | Error {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    const version = executable(configured) ? versionOf(configured) : undefined;
    if (version) return { executablePath: configured, source: "CHROME_PATH", version };
    return new Error(
      `CHROME_PATH=${configured} is not a Chrome or Chromium that starts (\`${configured} --version\` failed).`,
    );
  }
  const system = ["/usr/bin/chromium", ...SYSTEM_NAMES.map(onPath)].filter((file): file is string => !!file);
  for (const file of new Set(system)) {
    if (!executable(file)) continue;
    const version = versionOf(file);
    if (version) return { executablePath: file, source: "system", version };
  }
  let own = playwrightChromium();
  if (!own && install && installPlaywrightChromium()) own = playwrightChromium();
  if (own) {
    const version = versionOf(own);
    if (version) return { executablePath: own, source: "playwright", version };
  }
  return new Error(NO_BROWSER);
}

// `node apps/web/e2e/support/browser.ts`: the check `npm test` runs first.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findBrowser({ install: true });
  if (found instanceof Error) {
    console.error(found.message);
    process.exit(1);
  }
  process.stdout.write(`Browser tests: ${found.version} (${found.executablePath}, from ${found.source}).\n`);
}
