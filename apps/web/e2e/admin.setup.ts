/**
 * The `setup` project (playwright.config.ts), run once before the desktop and phone
 * projects: signs the demo admin in through the real /api/auth endpoint and saves the
 * session as a storage state (the token where the web app keeps it, local storage's
 * access_token), so the admin tests reuse one session instead of each signing in.
 * Tests that end a session (signing out) sign in on their own (`signInToken`).
 */
import { writeFileSync } from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { adminStatePath, signInToken } from "./support/admin-session.ts";
import { demoAdmin } from "./support/ports.ts";

setup("the demo admin signs in once, and the session works", async ({ request, baseURL }) => {
  const token = await signInToken(request, demoAdmin.email, demoAdmin.password);
  const me = await request.get("/api/admin/checkIfAdmin", {
    params: { email: demoAdmin.email },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.ok(), await me.text()).toBe(true);
  expect(await me.json()).toMatchObject({ isAdmin: true });
  const state = {
    cookies: [],
    origins: [{ origin: new URL(baseURL ?? "").origin, localStorage: [{ name: "access_token", value: token }] }],
  };
  writeFileSync(adminStatePath(), JSON.stringify(state, null, 2));
});
