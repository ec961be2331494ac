/** Accounts with email and password: sign-up, sign-in, lockout and reset. */

import AxeBuilder from "@axe-core/playwright";
import { linkFromMail } from "./support/mail.ts";
import { accountMenu, existingShopper, signIn, storageItem, uniqueEmail } from "./support/shopper.ts";
import { expect, test } from "./support/test.ts";

test.describe("shopper accounts", () => {
  test("a shopper signs up while the checklist follows their password, signs out and signs in again", async ({
    page,
  }) => {
    const email = uniqueEmail("new");
    await page.goto("/login");
    await page.getByRole("tab", { name: "Create account" }).click();
    const form = page.getByRole("form", { name: "Create account" });
    const checklist = form.getByTestId("password-checklist");
    const rule = (text: string) => checklist.getByRole("listitem").filter({ hasText: text });
    await form.getByLabel("Name").fill("Mara Quinn");
    await form.getByLabel("Email").fill(email);
    const password = form.getByLabel("Password", { exact: true });

    await password.pressSequentially("pass");
    await expect(rule("At least 8 characters")).toHaveAttribute("data-met", "false");
    await expect(rule("At least 8 characters")).toContainText("not met yet");
    await password.pressSequentially("word123");
    await expect(rule("At least 8 characters")).toHaveAttribute("data-met", "true");
    await expect(rule("Not one of the most common passwords")).toHaveAttribute("data-met", "false");
    await password.fill("velvet-harbour-42");
    await expect(checklist.locator('[data-met="false"]')).toHaveCount(0);

    await form.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Account created")).toBeVisible();
    expect(await storageItem(page, "access_token")).toBeTruthy();
    expect(JSON.parse((await storageItem(page, "userInfo")) ?? "null")).toEqual({ username: "Mara Quinn", email });

    await (await accountMenu(page)).getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByText("Signed out")).toBeVisible();
    expect(await storageItem(page, "access_token")).toBeNull();
    expect(await storageItem(page, "userInfo")).toBeNull();
    await expect((await accountMenu(page)).getByRole("menuitem", { name: "Login" })).toBeVisible();
    await page.keyboard.press("Escape");

    await page.goto("/login");
    await signIn(page, email, "velvet-harbour-42");
    await expect(page).toHaveURL(/\/$/);
    await expect((await accountMenu(page)).getByRole("menuitem", { name: "Logout" })).toBeVisible();
  });

  test("the strength meter shows zxcvbn's verdict and advice; a guessable password is refused (ADR 0022)", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByRole("tab", { name: "Create account" }).click();
    const form = page.getByRole("form", { name: "Create account" });
    await form.getByLabel("Name").fill("Quillon Marbeth");
    await form.getByLabel("Email").fill(uniqueEmail("meter"));
    const password = form.getByLabel("Password", { exact: true });
    const meter = form.getByRole("meter", { name: "Password strength" });
    const hardToGuess = form
      .getByTestId("password-checklist")
      .getByRole("listitem")
      .filter({ hasText: "Hard to guess" });

    await password.fill("aaaaaaaaaaaa");
    await expect(meter).toHaveAttribute("aria-valuetext", "Very weak");
    await expect(form.getByTestId("password-feedback")).toContainText("Repeated characters");
    await expect(hardToGuess).toHaveAttribute("data-met", "false");
    // The person's own name is a known word, even when it is not in any dictionary.
    await password.fill("quillonmarbeth");
    await expect(hardToGuess).toHaveAttribute("data-met", "false");
    await password.fill("Summer2024!");
    await expect(meter).toHaveAttribute("aria-valuetext", "Fair");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(form.getByText(/This password is too easy to guess\./)).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");

    await password.fill("velvet-harbour-42");
    await expect(meter).toHaveAttribute("aria-valuetext", "Very strong");
    await expect(hardToGuess).toHaveAttribute("data-met", "true");
    await page.screenshot({ path: test.info().outputPath("sign-up-strength.png"), fullPage: true });
  });

  test("a wrong password and an unknown email get the same message", async ({ page, request }) => {
    const shopper = await existingShopper(request);
    await page.goto("/login");
    await signIn(page, shopper.email, "not-the-password-7");
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
    // The submit button was disabled while waiting; the focus goes to the message, not the page.
    await expect(page.getByRole("alert")).toBeFocused();
    await signIn(page, uniqueEmail("nobody"), "not-the-password-7");
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
    await expect(page.getByRole("alert")).toBeFocused();
    expect(await storageItem(page, "access_token")).toBeNull();
  });

  test("after five wrong passwords the account is locked and the page says for how long", async ({
    page,
    request,
    baseURL,
  }) => {
    const shopper = await existingShopper(request);
    for (let attempt = 0; attempt < 5; attempt++) {
      // The request carries the sign-up's session cookie, so better-auth wants an Origin.
      const response = await request.post("/api/auth/sign-in/email", {
        data: { email: shopper.email, password: "not-the-password-7" },
        headers: { origin: baseURL ?? "" },
      });
      expect(response.status()).toBe(401);
    }
    await page.goto("/login");
    await signIn(page, shopper.email, shopper.password);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(/Account locked for 1[45] minutes/);
    await expect(alert).toContainText("Too many failed sign-ins for this account.");
    await alert.getByRole("button", { name: "Reset your password" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Reset password" }).getByLabel("Email")).toHaveValue(shopper.email);
  });

  test("a forgotten password is reset through the link in the email, and the new password works", async ({
    page,
    request,
  }) => {
    const shopper = await existingShopper(request);
    await page.goto("/login");
    await page.getByRole("form", { name: "Sign in" }).getByLabel("Email").fill(shopper.email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    const resetForm = page.getByRole("form", { name: "Reset password" });
    await expect(resetForm.getByLabel("Email")).toHaveValue(shopper.email);
    await expect(resetForm.getByLabel("Email")).toBeFocused();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();

    await page.goto(await linkFromMail(shopper.email, /reset/i));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    const newPassword = page.getByLabel("New password", { exact: true });
    await newPassword.fill("short");
    await expect(page.getByTestId("password-checklist").locator('[data-met="false"]')).not.toHaveCount(0);
    await newPassword.fill("copper-lantern-77");
    await expect(page.getByTestId("password-checklist").locator('[data-met="false"]')).toHaveCount(0);
    await page.getByLabel("Repeat the new password", { exact: true }).fill("copper-lantern-77");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Password changed")).toBeVisible();

    await signIn(page, shopper.email, shopper.password);
    await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
    await signIn(page, shopper.email, "copper-lantern-77");
    await expect(page).toHaveURL(/\/$/);
    expect(await storageItem(page, "access_token")).toBeTruthy();
  });

  test("a spent reset link says so and offers a new one", async ({ page }) => {
    await page.goto("/reset-password?error=INVALID_TOKEN");
    await expect(page.getByRole("alert")).toContainText("This reset link does not work any more");
    await page.getByRole("link", { name: "Request a new link" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  });

  test("an email typed with capitals and spaces around it still signs in", async ({ page, request }) => {
    const shopper = await existingShopper(request);
    await page.goto("/login");
    await signIn(page, `  ${shopper.email.toUpperCase()} `, shopper.password);
    await expect(page).toHaveURL(/\/$/);
    expect(JSON.parse((await storageItem(page, "userInfo")) ?? "null")).toMatchObject({ email: shopper.email });
  });

  test("a redirectTo that leaves the site goes home instead", async ({ page, request, baseURL }) => {
    const shopper = await existingShopper(request);
    await page.goto("/login?redirectTo=//evil.example");
    await signIn(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(`${baseURL}/`);
  });
});
