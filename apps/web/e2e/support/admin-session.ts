/**
 * Signing people in for the admin browser tests through the real /api/auth endpoints,
 * on a request context of its own so no session cookie leaks into the browser. The demo
 * admin is signed in once per run, by the setup project (../admin.setup.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export interface Person {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
}

/** better-auth refuses writes without an Origin, as a browser would send. */
const origin = { origin: process.env.E2E_BASE_URL ?? "" };

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1_000_000)}`;

function tokenFrom(headers: Record<string, string>): string {
  const token = headers["set-auth-token"];
  expect(token, "the auth endpoint sends the session token in set-auth-token").toBeTruthy();
  return token ?? "";
}

export async function signInToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers: origin });
  expect(response.ok(), await response.text()).toBe(true);
  return tokenFrom(response.headers());
}

/** The storage state the setup project saves: the demo admin's session in local storage. */
export function adminStatePath(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts.");
  return path.join(dataDir, "admin-state.json");
}

interface StorageState {
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

let sharedAdminToken: string | undefined;

/**
 * The demo admin's session token, signed in once by the setup project and shared by every
 * test (`request` is kept for the call sites; a test that signs the admin out must sign in
 * on its own with `signInToken`, or it would end everyone's session).
 */
export async function adminToken(_request?: APIRequestContext): Promise<string> {
  if (sharedAdminToken) return sharedAdminToken;
  const state = JSON.parse(readFileSync(adminStatePath(), "utf8")) as StorageState;
  const token = state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === "access_token");
  if (!token) throw new Error(`${adminStatePath()} holds no access_token: did the setup project run?`);
  sharedAdminToken = token.value;
  return sharedAdminToken;
}

/** A new customer account (no role). */
export async function newCustomer(request: APIRequestContext, name = "Noor Castell"): Promise<Person> {
  const email = `admin-e2e-${unique()}@shopper.example`;
  const password = "quartz-meadow-71";
  const response = await request.post("/api/auth/sign-up/email", {
    data: { name, email, password },
    headers: origin,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body: { user: { id: string } } = await response.json();
  return { id: body.user.id, name, email, password, token: tokenFrom(response.headers()) };
}

/** Puts the session token where the web app keeps it (spec section 3: access_token) before any page script runs. */
export async function startSession(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("access_token", value), token);
}

/** The admin menu (the sidebar's navigation landmark). */
export const adminMenu = (page: Page) => page.getByRole("navigation", { name: "Admin" });

/**
 * Opens an admin page and waits for the gate to decide: after hydration it asks the server
 * twice (who is signed in, then checkIfAdmin), which on a busy machine outlasts the default
 * assertion timeout.
 */
export async function gotoAdmin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId("admin-gate-spinner")).toHaveCount(0, { timeout: 20_000 });
}

/** The 404 view a visitor who is not an admin gets on every admin path (spec sections 2 and 8). */
export async function expectNotFoundView(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("The page you are looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(adminMenu(page)).toHaveCount(0);
}
