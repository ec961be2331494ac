/** User Management: the users list, one user's details, and user insights. */

import { adminToken, gotoAdmin, newCustomer, startSession } from "./support/admin-session.ts";
import { demoAdmin } from "./support/ports.ts";
import { expect, test } from "./support/test.ts";

test.beforeEach(async ({ page, request }) => {
  await startSession(page, await adminToken(request));
});

test("staff find a customer, ban them with a reason, lift the ban and send a reset link", async ({ page, request }) => {
  const customer = await newCustomer(request, "Oskar Lindgren");
  await gotoAdmin(page, "/admin/show/show-users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await page.getByLabel("Search users").fill(customer.email);
  await expect(page).toHaveURL(/q=/);
  const row = page.getByRole("row", { name: new RegExp(customer.name) });
  await expect(row).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2);

  // The dialog opened from the row's menu gives the focus back to that menu's button.
  const actions = row.getByRole("button", { name: `Actions for ${customer.name}` });
  await actions.click();
  await page.getByRole("menuitem", { name: "Ban…" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Ban ${customer.name}?` });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(actions).toBeFocused();

  await actions.click();
  await page.getByRole("menuitem", { name: "Ban…" }).click();
  await confirm.getByLabel("Reason (optional)").fill("Chargeback fraud");
  await confirm.getByRole("button", { name: "Ban user" }).click();
  await expect(page.getByText(`${customer.name} is banned`)).toBeVisible();
  await expect(row.getByText("Banned", { exact: true })).toBeVisible();
  expect((await request.get("/api/me", { headers: { authorization: `Bearer ${customer.token}` } })).status()).toBe(401);

  await actions.click();
  await page.getByRole("menuitem", { name: "Unban" }).click();
  await expect(page.getByText(`Lifted the ban on ${customer.name}`)).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();

  await actions.click();
  await page.getByRole("menuitem", { name: "Send password-reset link" }).click();
  await expect(page.getByText(`Sent a password-reset link to ${customer.email}`)).toBeVisible();
});

test("a search takes % and _ as plain characters", async ({ page, request }) => {
  const customer = await newCustomer(request, `Percy 100%_Off ${Date.now().toString(36)}`);
  await gotoAdmin(page, "/admin/show/show-users");
  const search = page.getByLabel("Search users");
  await search.fill(customer.name.toLowerCase());
  await expect(page.getByRole("row", { name: new RegExp(customer.email) })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2);
  // As LIKE wildcards, "1_0%" would match "100%_Off"; taken literally it matches nobody.
  await search.fill("1_0%");
  await expect(page.getByText("No users match")).toBeVisible();
  await expect(page).toHaveURL(/q=1_0%25/);
});

test("a page past the last one shows the last page", async ({ page, request }) => {
  const customer = await newCustomer(request, "Maren Holt");
  await gotoAdmin(page, `/admin/show/show-users?q=${encodeURIComponent(customer.email)}&page=50`);
  await expect(page.getByRole("row", { name: new RegExp(customer.name) })).toBeVisible();
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  await expect(page).not.toHaveURL(/page=50/);
});

test("the details page shows a person's account and revokes one of their sessions", async ({ page, request }) => {
  const customer = await newCustomer(request, "Wren Adeyemi");
  await gotoAdmin(page, "/admin/show/user-details");
  await page.getByLabel("Name or email").fill(customer.email);
  await page.getByRole("button", { name: new RegExp(customer.name) }).click();
  await expect(page).toHaveURL(new RegExp(`id=${customer.id}`));
  await expect(page.getByRole("heading", { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByText("Email and password")).toBeVisible();

  const sessions = page.getByRole("region", { name: "Active sessions" });
  await sessions.getByRole("button", { name: "Revoke" }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke session" }).click();
  await expect(page.getByText("Session revoked")).toBeVisible();
  await expect(sessions.getByText("Not signed in anywhere")).toBeVisible();
  expect((await request.get("/api/me", { headers: { authorization: `Bearer ${customer.token}` } })).status()).toBe(401);
});

test("an id that names nobody says so and offers the search", async ({ page }) => {
  for (const id of ["no-such-user", "x".repeat(100)]) {
    await gotoAdmin(page, `/admin/show/user-details?id=${id}`);
    await expect(page.getByText("There is no user with this id")).toBeVisible();
    await expect(page.getByLabel("Name or email")).toBeVisible();
  }
  await gotoAdmin(page, "/admin/show/user-details?id=%20");
  await expect(page.getByText("There is no user with this id")).toHaveCount(0);
  await expect(page.getByLabel("Name or email")).toBeVisible();
});

test("a refused ban shows the server's reason and keeps the reason typed", async ({ page }) => {
  await gotoAdmin(page, "/admin/show/user-details");
  await page.getByLabel("Name or email").fill(demoAdmin.email);
  await page.getByRole("button", { name: new RegExp(demoAdmin.email) }).click();
  const ban = page.getByRole("button", { name: "Ban…" });
  await ban.click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByLabel("Reason (optional)").fill("Testing the refusal");
  await confirm.getByRole("button", { name: "Ban user" }).click();
  await expect(page.locator("[data-sonner-toast][data-type=error]")).toContainText("You cannot ban yourself.");
  await expect(confirm.getByLabel("Reason (optional)")).toHaveValue("Testing the refusal");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(ban).toBeFocused();
});

test("user insights change with the chosen period", async ({ page }) => {
  await gotoAdmin(page, "/admin/Analytics/user-insights");
  const totals = page.getByRole("region", { name: "Activity" });
  await expect(totals).toContainText("New, last 30 days");
  await page.getByRole("button", { name: "7 days" }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
  await expect(totals).toContainText("New, last 7 days");
  await expect(page.getByRole("table", { name: "Sign-ins by method" }).getByRole("row").nth(1)).toBeVisible();
});
