/**
 * After an order exists, in the browser: a customer tracks it in My orders and asks to
 * cancel it; the dashboard's address book; the contact form; a guest's invitation to sign in.
 */
import AxeBuilder from "@axe-core/playwright";
import { newCustomer, startSession } from "./support/admin-session.ts";
import { linkFromMail } from "./support/mail.ts";
import { guestHeaders, placeOrder } from "./support/orders.ts";
import { expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a customer tracks an order in My orders and requests a cancellation", async ({ page, request }) => {
  // A long journey (order, mail, two pages with axe, a request, the dashboard) on a shared machine.
  test.setTimeout(90_000);
  const customer = await newCustomer(request, "Noor Castell");
  const number = await placeOrder(request, customer.token, customer.email);
  // The confirmation mail links to the order page.
  expect(await linkFromMail(customer.email, new RegExp(number))).toContain(`/my-orders/${number}`);

  await startSession(page, customer.token);
  await page.goto("/my-orders");
  await expect(page.getByRole("heading", { name: "My orders", level: 1 })).toBeVisible();
  const row = page.getByRole("link", { name: new RegExp(`Order ${number}`) });
  await expect(row).toContainText("Placed");
  await expectNoAxeViolations(page);
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/my-orders/${number}$`));
  await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  const status = page.getByRole("region", { name: "Order status" });
  await expect(status.locator('[aria-current="step"]')).toContainText("Placed");
  await expect(page.getByRole("region", { name: "Items" })).toContainText("2 ×");
  await expect(page.getByText("Cash on delivery")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Request cancellation" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Cancel order ${number}?` });
  await dialog.getByRole("button", { name: "Request cancellation" }).click();
  await expect(dialog.getByText("Tell us briefly why.")).toBeVisible();
  await dialog.getByLabel("Why do you want to cancel?").fill("I ordered the wrong size");
  await dialog.getByRole("button", { name: "Request cancellation" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Cancellation requested. We will let you know by email.")).toBeVisible();
  const requests = page.getByRole("region", { name: "Your requests" });
  await expect(requests).toContainText("Cancellation: Waiting for the shop");
  await expect(requests).toContainText("I ordered the wrong size");
  await expect(page.getByRole("button", { name: "Request cancellation" })).toHaveCount(0);
  await expect(status).toContainText("Cancellation requested.");

  // The dashboard lists the open request.
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Open requests" })).toContainText(`Cancellation of order ${number}`);
});

test("a guest opens their order from the signed link in the confirmation mail, in any browser", async ({
  page,
  request,
}) => {
  const email = `guest-${Date.now()}@shopper.example`;
  const number = await placeOrder(request, await guestHeaders(request), email);
  const link = await linkFromMail(email, new RegExp(number));
  expect(link).toMatch(new RegExp(`/my-orders/${number}\\?token=`));
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Request cancellation" })).toBeVisible();
  // A tampered link shows nothing of the order.
  await page.goto(`/my-orders/${number}?token=forged`);
  await expect(page.getByRole("heading", { name: "Order not found", level: 1 })).toBeVisible();
});

test("a customer keeps addresses in the dashboard: add, edit, delete", async ({ page, request }) => {
  const customer = await newCustomer(request, "Ines Moreau");
  await startSession(page, customer.token);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Hello, Ines Moreau", level: 1 })).toBeVisible();
  const book = page.getByRole("region", { name: "Saved addresses" });
  await expect(book.getByText("No saved addresses yet.")).toBeVisible();
  await expectNoAxeViolations(page);

  await book.getByRole("button", { name: "Add address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an address" });
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog.getByText("Enter the street address.")).toBeVisible();
  await dialog.getByLabel("Label (e.g. Home)").fill("Home");
  await dialog.getByLabel("Full name").fill("Ines Moreau");
  await dialog.getByLabel("Phone").fill("+33 1 42 68 53 00");
  await dialog.getByLabel("Street address").fill("8 Rue de la Paix");
  await dialog.getByLabel("City").fill("Paris");
  await dialog.getByLabel("Postal code").fill("75002");
  await dialog.getByLabel("Country code (e.g. US)").fill("fr");
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
  await expect(book.getByRole("listitem")).toHaveCount(1);
  await expect(book.getByRole("listitem")).toContainText("Default");
  await expect(book.getByRole("listitem")).toContainText("8 Rue de la Paix, Paris 75002, FR");

  await book.getByRole("button", { name: "Edit Home" }).click();
  const edit = page.getByRole("dialog", { name: "Edit address" });
  await edit.getByLabel("Label (e.g. Home)").fill("Atelier");
  await edit.getByRole("button", { name: "Save address" }).click();
  await expect(book.getByRole("listitem")).toContainText("Atelier");

  await book.getByRole("button", { name: "Delete Atelier" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete this address?" })
    .getByRole("button", { name: "Delete address" })
    .click();
  await expect(book.getByText("No saved addresses yet.")).toBeVisible();
});

test("a customer changes the password in the dashboard and stays signed in", async ({ page, request }) => {
  const customer = await newCustomer(request, "Theo Brandt");
  // Stored once (not by an init script, which would put the old token back on reload).
  await page.goto("/contact");
  await page.evaluate((token) => localStorage.setItem("access_token", token), customer.token);
  await page.goto("/dashboard");
  const section = page.getByRole("region", { name: "Change password" });
  await section.getByLabel("Current password").fill(customer.password);
  // The strength meter and zxcvbn's feedback (ADR 0022); a guessable password is refused.
  await section.getByLabel("New password").fill("Summer2024!");
  await expect(section.getByRole("meter", { name: "Password strength" })).toHaveAttribute("aria-valuetext", "Fair");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByText(/This password is too easy to guess\./)).toBeVisible();
  await section.getByLabel("New password").fill("amber-lantern-77");
  await expect(section.getByRole("meter", { name: "Password strength" })).toHaveAttribute(
    "aria-valuetext",
    "Very strong",
  );
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Other devices are signed out.")).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("access_token"))).not.toBe(customer.token);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Hello, Theo Brandt", level: 1 })).toBeVisible();
});

test("a visitor writes to the shop from the contact page", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact us", level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Where to find us" })).toContainText("hello@atelier.example");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Enter your name.")).toBeVisible();
  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Subject").fill("Sizing question");
  await page.getByLabel("Message").fill("Does the hoodie run small? I usually wear a medium.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you, your message has reached us.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a guest's dashboard and My orders invite them to sign in", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByText("You are shopping as a guest.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent orders" })).toContainText("No orders yet.");
  await expectNoAxeViolations(page);
  await page.goto("/my-orders");
  await expect(page.getByText("No orders yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("on a phone, an order page reads top to bottom and stays accessible @mobile", async ({ page, request }) => {
  const email = `phone-${Date.now()}@shopper.example`;
  const number = await placeOrder(request, await guestHeaders(request), email);
  const link = new URL(await linkFromMail(email, new RegExp(number)));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: `Order ${number}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Order status" }).locator('[aria-current="step"]')).toContainText(
    "Placed",
  );
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
});
