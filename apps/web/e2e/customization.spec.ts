/**
 * A customization request from the storefront to a paid order: a customer asks from the
 * 'Customize' category, staff quote it on /admin/show/show-customization-requests, the
 * customer accepts the quote and places the order (cash on delivery) from the request page.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, newCustomer, startSession } from "./support/admin-session.ts";
import { expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a customization request goes from the storefront to a quote to a placed order", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await newCustomer(request, "Noor Castell");
  const shopperPage = page;
  await startSession(shopperPage, customer.token);

  await shopperPage.goto("/categories/Customize");
  await shopperPage.getByRole("link", { name: "Request a customization" }).first().click();
  await expect(shopperPage.getByRole("heading", { name: "Request a customization", level: 1 })).toBeVisible();
  await expect(shopperPage.getByLabel("Email")).toHaveValue(customer.email);
  const typeSelect = shopperPage.getByLabel("Product type");
  await expect(typeSelect.locator("option")).not.toHaveCount(1);
  await typeSelect.selectOption({ index: 1 });
  await shopperPage.getByLabel("Size").fill("L");
  await shopperPage.getByLabel("Color").fill("Forest green");
  await shopperPage.getByLabel("Quantity").fill("2");
  await shopperPage.getByLabel("What would you like?").fill("Our team crest embroidered on the chest, please.");
  await expectNoAxeViolations(shopperPage);
  await shopperPage.getByRole("button", { name: "Send request" }).click();
  await expect(shopperPage).toHaveURL(/\/customization\/\d+$/);
  const id = Number(shopperPage.url().split("/").at(-1));
  await expect(shopperPage.getByText("Sent: we are looking at it.")).toBeVisible();

  // Staff quote it.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await startSession(staffPage, await adminToken(request));
  await gotoAdmin(staffPage, "/admin/show/show-customization-requests");
  await staffPage.getByRole("button", { name: `Open request #${id}` }).click();
  const detail = staffPage.getByRole("region", { name: `Request #${id}` });
  await detail.getByLabel(/Price per piece/).fill("45.00");
  await detail.getByLabel("Delivery time").fill("2-3 weeks");
  await detail.getByRole("button", { name: "Send quote" }).click();
  await expect(staffPage.getByText("Quote sent")).toBeVisible();
  await expect(detail.getByText("Quoted $45.00 each, 2-3 weeks")).toBeVisible();
  await staffContext.close();

  // The customer accepts and pays on delivery.
  await shopperPage.reload();
  await expect(shopperPage.getByRole("region", { name: "Our quote" })).toContainText("2-3 weeks");
  await shopperPage.getByRole("button", { name: "Accept the quote" }).click();
  await expect(shopperPage.getByText("Accepted: pay below to place the order.")).toBeVisible();
  const pay = shopperPage.getByRole("form", { name: "Delivery and payment" });
  await pay.getByLabel("Phone").fill("+1 212 555 0188");
  await pay.getByLabel("Address").fill("9 Bleecker Street");
  await pay.getByLabel("City").fill("New York");
  await pay.getByLabel("Country code").fill("US");
  await pay.getByLabel("Delivery zone").selectOption({ index: 1 });
  await expectNoAxeViolations(shopperPage);
  await pay.getByRole("button", { name: "Place the order" }).click();
  await expect(shopperPage).toHaveURL(/\/checkout\/complete\/A\d+/);

  await shopperPage.goto(`/customization/${id}`);
  await expect(shopperPage.getByText("Ordered.")).toBeVisible();
  await shopperPage.goto("/dashboard");
  await expect(shopperPage.getByRole("region", { name: "Customization requests" })).toContainText(
    `Request #${id} · Ordered`,
  );
});
