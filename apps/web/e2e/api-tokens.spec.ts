/**
 * Admin API tokens (issue 38 item 2): the Owner opens Role Management → API Tokens, makes a
 * token with one permission, sees it once (and it works on the admin API), closes the
 * dialog (the list shows only its start), revokes it after a confirmation (a toast says so;
 * the token is refused from then on), and axe finds nothing wrong on the page and dialogs.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminMenu, adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  // A toast fading in is half transparent: axe reads its contrast mid-animation (as the other admin specs, skip the toaster).
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("staff make an API token, see it once, and revoke it", async ({ page, request }) => {
  test.slow(); // a dialog, the API with the token, a confirmation
  await startSession(page, await adminToken(request));
  await gotoAdmin(page, "/admin");
  await adminMenu(page).getByRole("button", { name: "Role Management" }).click();
  await adminMenu(page).getByRole("link", { name: "API Tokens" }).click();
  await expect(page).toHaveURL(/\/admin\/Manage\/api-tokens$/);
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  await expect(page.getByText(/Loading API tokens/)).toBeHidden();
  await expectNoAxeViolations(page);

  const name = `Stock sync ${Date.now()}`;
  await page.getByRole("button", { name: "New token" }).click();
  const dialog = page.getByRole("dialog", { name: "New API token" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  // Nothing chosen: the form says what is missing and sends nothing.
  await dialog.getByRole("button", { name: "Make token" }).click();
  await expect(dialog.getByText(/Name must have at least 2 characters/)).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Expires").selectOption({ label: "In 7 days" });
  await dialog.getByRole("checkbox", { name: "Inventory" }).click();
  await dialog.getByRole("button", { name: "Make token" }).click();

  const shown = page.getByRole("dialog", { name: "Copy your new token" });
  await expect(shown).toBeVisible();
  const secret = await shown.getByTestId("api-token-secret").inputValue();
  expect(secret).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole("button", { name: "Copy the token" })).toBeVisible();
  await expectNoAxeViolations(page);

  // It works on the admin API within its permission, and nothing more.
  const headers = { authorization: `Bearer ${secret}` };
  expect((await request.get("/api/admin/inventory/warehouses", { headers })).status()).toBe(200);
  expect((await request.get("/api/admin/orders", { headers })).status()).toBe(403);

  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).not.toContainText(secret.slice(12));
  await expect(row).toContainText("Active");
  await expect(page.locator("body")).not.toContainText(secret);

  // Revoking asks first; Cancel has the focus, so Enter would not revoke by accident.
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Revoke the token ${name}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByText(`Revoked the token ${name}`)).toBeVisible();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);
  expect((await request.get("/api/admin/inventory/warehouses", { headers })).status()).toBe(401);
  await expectNoAxeViolations(page);
});
