/** The account entries of the top bar's overflow menu and the drawer, and logging out. */

import { linkFromMail } from "./support/mail.ts";
import { accountMenu, consoleErrors, existingShopper, signIn, storageItem, uniqueEmail } from "./support/shopper.ts";
import { expect, test } from "./support/test.ts";

test.describe("the account menus", () => {
  test("the overflow menu offers Dashboard, My orders and Contact Us to everyone, then Login or Logout", async ({
    page,
    request,
  }) => {
    const shopper = await existingShopper(request);
    await page.goto("/contact");
    const signedOut = await accountMenu(page);
    await expect(signedOut.getByRole("menuitem")).toHaveText(["Dashboard", "My orders", "Contact Us", "Login"]);
    await expect(signedOut.getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(signedOut.getByRole("menuitem", { name: "My orders" })).toHaveAttribute("href", "/my-orders");
    await expect(signedOut.getByRole("menuitem", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await page.keyboard.press("Escape");

    await page.goto("/login");
    await signIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/$/);
    const signedIn = await accountMenu(page);
    await expect(signedIn.getByRole("menuitem")).toHaveText(["Dashboard", "My orders", "Contact Us", "Logout"]);
  });

  test("Login in the menu comes back to the page the shopper was on", async ({ page, request }) => {
    const shopper = await existingShopper(request);
    await page.goto("/categories/Topwear");
    await (await accountMenu(page)).getByRole("menuitem", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcategories%2FTopwear$/);
    await signIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/categories\/Topwear$/);
  });

  test("a signed-in shopper on /login sees who they are and can log out", async ({ page, request }) => {
    const shopper = await existingShopper(request);
    await page.goto("/login");
    await signIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "You are signed in" })).toBeVisible();
    await expect(page.getByText(shopper.email)).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("tab", { name: "Sign in" })).toBeVisible();
    expect(await storageItem(page, "access_token")).toBeNull();
  });
  test("while a returning shopper's session is checked, the menu offers neither Login nor Logout", async ({
    page,
    request,
  }) => {
    const shopper = await existingShopper(request);
    await page.goto("/login");
    await signIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/$/);
    const gate: { open?: () => void } = {};
    const held = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    await page.route("**/api/me", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const menu = page.getByRole("menu");
    await expect(async () => {
      await page.getByRole("button", { name: "More" }).click();
      await expect(menu.getByRole("menuitem", { name: "Dashboard" })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(menu.getByRole("menuitem", { name: /Login|Logout/ })).toHaveCount(0);
    gate.open?.();
    await expect(menu.getByRole("menuitem", { name: "Logout" })).toBeVisible();
  });

  for (const [failure, fail] of [
    ["answers 500", { status: 500 }],
    ["cannot be reached", "abort"],
  ] as const) {
    test(`when the logout call ${failure}, the shopper is signed out here all the same and it is logged`, async ({
      page,
      request,
    }) => {
      const shopper = await existingShopper(request);
      await page.goto("/login");
      await signIn(page, shopper.email, shopper.password);
      await expect(page).toHaveURL(/\/$/);
      const errors = consoleErrors(page);
      await page.route("**/api/auth/sign-out", (route) =>
        fail === "abort" ? route.abort("connectionrefused") : route.fulfill({ ...fail, json: {} }),
      );

      await (await accountMenu(page)).getByRole("menuitem", { name: "Logout" }).click();
      await expect(page.getByText("Signed out")).toBeVisible();
      expect(await storageItem(page, "access_token")).toBeNull();
      expect(await storageItem(page, "userInfo")).toBeNull();
      await expect.poll(() => errors.some((text) => text.startsWith("Logout failed"))).toBe(true);
      await expect((await accountMenu(page)).getByRole("menuitem", { name: "Login" })).toBeVisible();
    });
  }

  // The sign-in also left a session cookie that the failed logout could not clear; only
  // the email-confirmation landing adopts cookie sessions, so a reload stays signed out.
  test("after a failed logout, reloading the page does not sign the shopper back in", async ({ page, request }) => {
    const shopper = await existingShopper(request);
    await page.goto("/login");
    await signIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/$/);
    await page.route("**/api/auth/sign-out", (route) => route.abort("connectionrefused"));
    await (await accountMenu(page)).getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByText("Signed out")).toBeVisible();
    await page.reload();
    await expect((await accountMenu(page)).getByRole("menuitem", { name: "Login" })).toBeVisible();
  });
});

test("the link in the confirmation email confirms the address and signs the shopper in", async ({ page }) => {
  const email = uniqueEmail("confirm");
  await page.goto("/login?view=create");
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("Name").fill("Cora Firm");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("juniper-tidal-61");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  // A new browser (say, the phone where the mail was read) opens the link.
  const link = await linkFromMail(email, /confirm/i);
  const phone = await page.context().browser()?.newPage();
  if (!phone) throw new Error("no browser");
  await phone.goto(link);
  await expect(phone).toHaveURL(/\/login\?confirmed=1/);
  await expect(phone.getByText("Email confirmed. You are signed in.")).toBeVisible();
  await expect.poll(() => storageItem(phone, "access_token")).not.toBeNull();
  expect(JSON.parse((await storageItem(phone, "userInfo")) ?? "null")).toMatchObject({ email });
  await phone.close();
});

test.describe("on a phone @mobile", () => {
  test("the drawer offers Login, and Logout once the shopper is signed in @mobile", async ({ page, request }) => {
    const shopper = await existingShopper(request);
    await page.goto("/categories/Topwear");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcategories%2FTopwear$/);
    await signIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(/\/categories\/Topwear$/);

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer.getByRole("link", { name: "Login" })).toHaveCount(0);
    await drawer.getByRole("button", { name: "Logout" }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText("Signed out")).toBeVisible();
    expect(await storageItem(page, "access_token")).toBeNull();
  });
});
