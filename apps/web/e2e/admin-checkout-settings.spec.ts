/**
 * Checkout's store settings in the admin: a staff member adds a delivery zone and checkout
 * offers it, and edits the manual-transfer details shoppers see. axe checks each page.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { expect, type Page, test } from "./support/test.ts";

test.beforeEach(async ({ page, request }) => {
  await startSession(page, await adminToken(request));
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a staff member adds a delivery zone and checkout offers it with its fee", async ({ page }) => {
  const name = `Islands ${Date.now().toString(36).slice(-5)}`;
  await gotoAdmin(page, "/admin/settings/delivery-zones");
  await expect(page.getByRole("heading", { name: "Delivery zones", level: 1 })).toBeVisible();
  await expect(page.getByTestId("zone-row").filter({ hasText: "Inside the city" })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByRole("region", { name: "New delivery zone" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Fee").fill("25.50");
  await form.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText(`Added ${name}`)).toBeVisible();
  await expect(page.getByTestId("zone-row").filter({ hasText: name })).toContainText("25.50");

  const options = await (await page.request.get("/api/checkout/options")).json();
  expect(options.zones).toEqual(expect.arrayContaining([expect.objectContaining({ name, fee: 2550 })]));

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete zone" }).click();
  await expect(page.getByText(`Deleted ${name}`)).toBeVisible();
  await expect(page.getByTestId("zone-row").filter({ hasText: name })).toHaveCount(0);
});

test("a staff member edits the manual-transfer account details shoppers are shown", async ({ page }) => {
  // Other browser tests check out meanwhile: this test changes no method, only the text.
  const account = `Atelier Shop Ltd, account ${Date.now()}`;
  await gotoAdmin(page, "/admin/settings/payments");
  await expect(page.getByTestId("stripe-status")).toContainText("off");
  await expectNoAxeViolations(page);
  const instructions = page.getByRole("textbox", { name: "Account details shown to shoppers" });
  await instructions.fill("");
  await page.getByRole("button", { name: "Save payment settings" }).click();
  await expect(
    page.getByText("Account details shown to shoppers are required while manual transfer is offered"),
  ).toBeVisible();

  await instructions.fill(`Bank: First Demo Bank\n${account}`);
  await page.getByRole("button", { name: "Save payment settings" }).click();
  await expect(page.getByText("Payment settings saved")).toBeVisible();
  const methods = (await (await page.request.get("/api/checkout/options")).json()).paymentMethods;
  expect(methods).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ method: "manual_transfer", instructions: expect.stringContaining(account) }),
    ]),
  );
});

test("the tax rates page lists the store country's rate", async ({ page }) => {
  await gotoAdmin(page, "/admin/settings/tax-rates");
  await expect(page.getByTestId("tax-rate-row").filter({ hasText: "US" })).toContainText("8.88 %");
  await expectNoAxeViolations(page);
});
