import { expect, test } from "@playwright/test";
import { adminToken, newCustomer, startSession } from "./support/admin-session.ts";

test.describe("user management", () => {
  test.beforeEach(async ({ page, request }) => {
    await startSession(page, await adminToken(request));
  });

  test("staff find a customer, ban them with a reason, lift the ban and send a reset link", async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request, "Oskar Lindgren");
    await page.goto("/admin/show/show-users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await page.getByLabel("Search users").fill(customer.email);
    await expect(page).toHaveURL(/q=/);
    const row = page.getByRole("row", { name: new RegExp(customer.name) });
    await expect(row).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);

    await row.getByRole("button", { name: `Actions for ${customer.name}` }).click();
    await page.getByRole("menuitem", { name: "Ban…" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Ban ${customer.name}?` });
    await confirm.getByLabel("Reason (optional)").fill("Chargeback fraud");
    await confirm.getByRole("button", { name: "Ban user" }).click();
    await expect(page.getByText(`${customer.name} is banned`)).toBeVisible();
    await expect(row.getByText("Banned", { exact: true })).toBeVisible();
    expect((await request.get("/api/me", { headers: { authorization: `Bearer ${customer.token}` } })).status()).toBe(
      401,
    );

    await row.getByRole("button", { name: `Actions for ${customer.name}` }).click();
    await page.getByRole("menuitem", { name: "Unban" }).click();
    await expect(page.getByText(`Lifted the ban on ${customer.name}`)).toBeVisible();
    await expect(row.getByText("Active", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: `Actions for ${customer.name}` }).click();
    await page.getByRole("menuitem", { name: "Send password-reset link" }).click();
    await expect(page.getByText(`Sent a password-reset link to ${customer.email}`)).toBeVisible();
  });

  test("the details page shows a person's account and revokes one of their sessions", async ({ page, request }) => {
    const customer = await newCustomer(request, "Wren Adeyemi");
    await page.goto("/admin/show/user-details");
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
    expect((await request.get("/api/me", { headers: { authorization: `Bearer ${customer.token}` } })).status()).toBe(
      401,
    );
  });

  test("user insights change with the chosen period", async ({ page }) => {
    await page.goto("/admin/Analytics/user-insights");
    const totals = page.getByRole("region", { name: "Activity" });
    await expect(totals).toContainText("New, last 30 days");
    await page.getByRole("button", { name: "7 days" }).click();
    await expect(page).toHaveURL(/days=7/);
    await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(totals).toContainText("New, last 7 days");
    await expect(page.getByRole("table", { name: "Sign-ins by method" }).getByRole("row").nth(1)).toBeVisible();
  });
});
