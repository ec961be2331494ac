/**
 * The browser suite's `test`: Playwright's, with one automatic check around every test —
 * React's hydration of each page the test opens reports no recoverable error (a mismatch
 * between the server's markup and the browser's first render makes React render that part
 * again and report it; app/entry.client.tsx logs it with a fixed prefix).
 */
import { test as base, expect } from "@playwright/test";

export type { APIRequestContext, Browser, Page, Request, Route } from "@playwright/test";

/** What app/entry.client.tsx prints before each of React's recoverable errors. */
export const recoverableErrorPrefix = "React recovered from an error:";

export const test = base.extend<{ hydrationReport: string[] }>({
  hydrationReport: [
    async ({ page }, use) => {
      const reported: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && message.text().startsWith(recoverableErrorPrefix)) {
          reported.push(`${page.url()}: ${message.text()}`);
        }
      });
      await use(reported);
      expect(reported, "React's hydration reported a recoverable error (a mismatch)").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
