/** Shoppers and their browser state, for the identity browser tests. */
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1_000_000)}@shopper.example`;

export const storageItem = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/**
 * An account made straight through the API, for tests about signing in. `request` has
 * its own cookie jar, so the browser does not pick up this sign-up's session.
 */
export async function existingShopper(request: APIRequestContext, password = "velvet-harbour-42") {
  const email = uniqueEmail("shopper");
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name: "Mara Quinn", email, password },
  });
  expect(response.ok()).toBe(true);
  return { email, password };
}

export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

/** Opens the top bar's overflow menu and answers it. */
export async function accountMenu(page: Page) {
  await page.getByRole("button", { name: "More" }).click();
  return page.getByRole("menu");
}

/** Everything the page logs as an error from now on (the spec logs failed logouts). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}
