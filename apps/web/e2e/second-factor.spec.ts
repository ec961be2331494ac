/**
 * Two-step sign-in in the browser (issue 37 item 9): a customer turns TOTP on in the
 * dashboard (codes from otplib, a real TOTP generator), saves the backup codes shown
 * once, signs in again with a wrong then the right code, and turns it off after a
 * confirmation; staff whom the Owner's rule sends to set it up see why instead of the admin.
 */
import AxeBuilder from "@axe-core/playwright";
import { generateSync } from "otplib";
import { newCustomer } from "./support/admin-session.ts";
import { signIn, storageItem } from "./support/shopper.ts";
import { expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a customer turns two-step sign-in on, signs in with a code, and turns it off after confirming", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await newCustomer(request, "Ines Varga");
  await page.goto("/contact");
  await page.evaluate((token) => localStorage.setItem("access_token", token), customer.token);
  await page.goto("/dashboard");
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(section).toContainText("Off:");
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await section.getByLabel("Your password", { exact: true }).fill(customer.password);
  await section.getByRole("button", { name: "Continue" }).click();

  const key = (await section.getByTestId("setup-key").textContent())?.replace(/\s+/g, "") ?? "";
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(section.getByRole("link", { name: "open it in the app" })).toHaveAttribute(
    "href",
    /^otpauth:\/\/totp\//,
  );
  await section.getByLabel("Code from your app").fill("000000");
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByText(/invalid|not right/i)).toBeVisible();
  await section.getByLabel("Code from your app").fill(generateSync({ secret: key }));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-step sign-in is on")).toBeVisible();
  const codes = section.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent()) ?? "";
  await expectNoAxeViolations(page);
  await section.screenshot({ path: test.info().outputPath("two-step-backup-codes.png") });
  await section.getByRole("button", { name: "I saved them" }).click();
  await expect(codes).toHaveCount(0);
  await expect(section).toContainText("On:");

  // A new sign-in: the password alone is not enough.
  await page.evaluate(() => localStorage.clear());
  await page.goto("/login");
  await signIn(page, customer.email, customer.password);
  const step = page.getByRole("form", { name: "Two-step sign-in" });
  await expect(step.getByLabel("Code from your app")).toBeFocused();
  expect(await storageItem(page, "access_token")).toBeNull();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("two-step-sign-in.png") });
  await step.getByLabel("Code from your app").fill("000000");
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(step.getByText("That code is not right.", { exact: false })).toBeVisible();
  await step.getByLabel("Code from your app").fill(generateSync({ secret: key }));
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storageItem(page, "access_token")).toBeTruthy();

  // A backup code instead of the app, once.
  await page.evaluate(() => localStorage.clear());
  await page.goto("/login");
  await signIn(page, customer.email, customer.password);
  await step.getByRole("button", { name: "Use a backup code instead" }).click();
  await step.getByLabel("Backup code").fill(backupCode);
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Turning it off asks first, and needs the password.
  await page.goto("/dashboard");
  await section.getByRole("button", { name: "Turn off two-step sign-in" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Turn off two-step sign-in?" });
  await expect(dialog).toContainText("backup codes stop working");
  await dialog.getByLabel("Your password", { exact: true }).fill(customer.password);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-step sign-in is off")).toBeVisible();
  await expect(section).toContainText("Off:");
});

test("staff the Owner's rule sends to set up a second factor see why, not the admin", async ({ page, request }) => {
  const staff = await newCustomer(request, "Tomas Reyes");
  // The rule is the Owner's and holds for the whole shop: this test only shows what the
  // admin draws when /api/me says so (second-factor.test.ts proves the server's side).
  await page.route("**/api/me", async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    await route.fulfill({
      response: answer,
      json: { ...body, isStaff: true, roles: ["Manager"], secondFactorRequired: true },
    });
  });
  await page.route("**/api/admin/checkIfAdmin*", (route) => route.fulfill({ json: { isAdmin: true } }));
  await page.goto("/contact");
  await page.evaluate((token) => localStorage.setItem("access_token", token), staff.token);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Turn on two-step sign-in first", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("admin-second-factor-gate.png") });
  await page.getByRole("link", { name: "Set up two-step sign-in" }).click();
  await expect(page).toHaveURL(/\/dashboard#two-step$/);
  await expect(page.getByRole("region", { name: "Two-step sign-in" })).toContainText(
    "The shop requires two-step sign-in for staff.",
  );
});

test("a passkey is added in the dashboard and signs in, through Chromium's virtual authenticator", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // WebAuthn's relying party is a domain, never an IP: the shop takes passkeys on its
  // loopback twin, localhost (auth.ts, relyingPartyId).
  const shop = (baseURL ?? "").replace("127.0.0.1", "localhost");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const customer = await newCustomer(request, "Pia Lind");
  await page.goto(`${shop}/contact`);
  await page.evaluate((token) => localStorage.setItem("access_token", token), customer.token);
  await page.goto(`${shop}/dashboard`);
  const panel = page.getByTestId("passkeys");
  await panel.getByLabel("Passkey name").fill("Test laptop");
  await panel.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  await expect(panel.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  await expectNoAxeViolations(page);
  await page.getByTestId("two-step").screenshot({ path: test.info().outputPath("passkeys.png") });

  // A new sign-in with the passkey alone: no password, no code.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${shop}/login`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${shop}/`);
  const token = await storageItem(page, "access_token");
  expect(token).toBeTruthy();
  const me = await request.get("/api/me", { headers: { authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ user: { email: customer.email }, hasPasskey: true });

  // Removing it asks first.
  await page.goto(`${shop}/dashboard`);
  await panel.getByRole("button", { name: "Remove Test laptop" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove this passkey?" });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await expect(panel.getByRole("list", { name: "Your passkeys" })).toHaveCount(0);
});
