/** Social sign-in in a popup, the guest identity, and the account pages under axe. */
import AxeBuilder from "@axe-core/playwright";
import { accountMenu, existingShopper, signIn, storageItem } from "./support/shopper.ts";
import { expect, test } from "./support/test.ts";

test.describe("social sign-in", () => {
  test("a shopper signs in with Loopback ID in a popup and the page knows it without a reload", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("tab", { name: "Sign in" })).toBeEnabled();
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continue with Loopback ID" }).click();
    const popup = await popupOpened;
    await popup.locator('input[name="login"]').fill(`social-${Date.now()}`);
    await popup.locator('input[name="password"]').fill("anything");
    await popup.getByRole("button", { name: "Sign-in" }).click();
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Continue" }).click();
    await closed;

    await expect(page).toHaveURL(/\/$/);
    await expect((await accountMenu(page)).getByRole("menuitem", { name: "Logout" })).toBeVisible();
    expect(await storageItem(page, "access_token")).toBeTruthy();
    expect(JSON.parse((await storageItem(page, "userInfo")) ?? "null")).toMatchObject({
      email: expect.stringMatching(/^social-\d+@oidc\.example$/),
    });
  });

  test("a provider's unverified email never takes over the shop account with that email", async ({ page, request }) => {
    const login = `unverified-${Date.now()}`;
    // Someone already has a shop account under the address the provider will claim.
    const signUp = await request.post("/api/auth/sign-up/email", {
      data: { name: "Real Owner", email: `${login}@oidc.example`, password: "velvet-harbour-42" },
    });
    expect(signUp.ok()).toBe(true);

    await page.goto("/login");
    await expect(page.getByRole("tab", { name: "Sign in" })).toBeEnabled();
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continue with Loopback ID" }).click();
    const popup = await popupOpened;
    await popup.locator('input[name="login"]').fill(login);
    await popup.locator('input[name="password"]').fill("anything");
    await popup.getByRole("button", { name: "Sign-in" }).click();
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Continue" }).click();
    await closed;

    // The failed sign-in is silently ignored (spec section 8): still signed out, no message.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(await storageItem(page, "access_token")).toBeNull();
    await expect((await accountMenu(page)).getByRole("menuitem", { name: "Login" })).toBeVisible();
  });

  test("closing the popup without signing in leaves the page signed out, with no error", async ({ page }) => {
    await page.goto("/login");
    const button = page.getByRole("button", { name: "Continue with Loopback ID" });
    const popupOpened = page.waitForEvent("popup");
    await button.click();
    const popup = await popupOpened;
    await popup.locator('input[name="login"]').waitFor();
    await popup.close();

    await expect(button).toBeEnabled();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, "access_token")).toBeNull();
    await expect((await accountMenu(page)).getByRole("menuitem", { name: "Login" })).toBeVisible();
  });
});

test("a guest identity is created once and reused across reloads, pages, sign-in and logout", async ({
  page,
  request,
}) => {
  const shopper = await existingShopper(request);
  const created: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/guests") created.push(sent.url());
  });
  await page.goto("/");
  await expect.poll(() => storageItem(page, "guestCustomerInfo")).not.toBeNull();
  const stored = (await storageItem(page, "guestCustomerInfo")) ?? "";
  expect(JSON.parse(stored)).toEqual({
    username: expect.stringMatching(/^guest\d{13}\d{1,3}$/),
    email: expect.stringContaining("@"),
    token: expect.any(String),
  });
  await page.reload();
  await page.goto("/categories/Topwear");
  await page.goto("/login");
  await signIn(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/$/);
  await (await accountMenu(page)).getByRole("menuitem", { name: "Logout" }).click();
  await expect((await accountMenu(page)).getByRole("menuitem", { name: "Login" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.reload();
  // Signed out again, so the page has looked for its guest (and must have found it).
  await expect((await accountMenu(page)).getByRole("menuitem", { name: "Login" })).toBeVisible();
  expect(await storageItem(page, "guestCustomerInfo")).toBe(stored);
  expect(created).toHaveLength(1);
});

test.describe("the account pages", () => {
  for (const path of [
    "/login",
    "/login?view=create",
    "/reset-password?token=abc",
    "/reset-password?error=INVALID_TOKEN",
  ]) {
    test(`${path} hydrates without console errors and axe finds no violations`, async ({ page }) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The forms come alive once the page has hydrated and knows nobody is signed in.
      if (path.startsWith("/login")) await expect(page.getByRole("tab", { name: "Sign in" })).toBeEnabled();
      expect(problems).toEqual([]);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
  }
});
