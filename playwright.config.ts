/**
 * Browser tests: the real server (built web app, bundled PostgreSQL in a throw-away
 * DATA_DIR, demo catalogue seeded at first start) driven in Chromium: CHROME_PATH, else the
 * system's, else Playwright's own (apps/web/e2e/support/browser.ts, which `npm test` runs first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { findBrowser } from "./apps/web/e2e/support/browser.ts";

const port = Number(process.env.E2E_PORT ?? 4310);
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atelier-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  // The runner exits after the web server has stopped: only then is the directory free.
  process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;

// Found once in the runner; its workers load this file again and inherit CHROME_PATH.
const browser = findBrowser({ install: true });
if (browser instanceof Error) {
  console.error(browser.message);
  process.exit(1);
}
process.env.CHROME_PATH = browser.executablePath;

const chromium = {
  executablePath: browser.executablePath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "apps/web/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two Chromiums and the shop share two cores: an admin page's first load takes 5-7 s and
  // an axe scan as long (measured in traces), so the defaults (30 s, 5 s) were met by chance.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromium,
    // A trace records every action's snapshots: it doubled the suite's CPU time (measured on
    // admin-taxonomy and admin-layout: 88 s → 167 s of CPU). Recorded only when CI retries a
    // failed test; locally, rerun a failure with `--trace on`.
    trace: "on-first-retry",
  },
  projects: [
    {
      // Signs the demo admin in once; the admin tests reuse that session (admin.setup.ts).
      name: "setup",
      testMatch: /\.setup\.ts$/,
    },
    {
      name: "desktop",
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      grepInvert: /@mobile/,
    },
    {
      name: "mobile",
      dependencies: ["setup"],
      use: { ...devices["Pixel 7"], launchOptions: chromium },
      grep: /@mobile/,
    },
  ],
  webServer: {
    // The shop plus a loopback SMTP server and OpenID provider (apps/web/e2e/support/stack.ts).
    command: "node apps/web/e2e/support/stack.ts",
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      E2E_PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      DEMO_ADMIN_PASSWORD: "e2e-demo-admin-pass-9",
      // Many tests sign in from the one loopback address; the limit itself has API tests.
      AUTH_RATE_LIMIT: "10000",
    },
  },
});
