/** What the account forms do with a failing shop and with input they cannot send. */
import { expect, type Page, type Route, test } from "./support/test.ts";

const failures = {
  "answers 500": {
    fail: (route: Route) =>
      route.fulfill({ status: 500, json: { error: { code: "internal", message: "relation users is locked" } } }),
    message: "Something went wrong. Please try again.",
  },
  "cannot be reached": {
    fail: (route: Route) => route.abort("connectionrefused"),
    message: "We could not reach the shop. Check your connection and try again.",
  },
} as const;

const form = (page: Page, name: string) => page.getByRole("form", { name });

for (const [situation, { fail, message }] of Object.entries(failures)) {
  test(`when the shop ${situation}, every account form says so and keeps what was typed`, async ({ page }) => {
    for (const path of ["sign-in/email", "sign-up/email", "request-password-reset", "reset-password"]) {
      await page.route(`**/api/auth/${path}`, fail);
    }
    await page.goto("/login");

    const signIn = form(page, "Sign in");
    await signIn.getByLabel("Email").fill("mara@shopper.example");
    await signIn.getByLabel("Password", { exact: true }).fill("velvet-harbour-42");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await expect(signIn.getByRole("alert")).toHaveText(message);
    await expect(signIn.getByRole("alert")).toBeFocused();
    await expect(signIn.getByLabel("Email")).toHaveValue("mara@shopper.example");
    await expect(signIn.getByLabel("Password", { exact: true })).toHaveValue("velvet-harbour-42");

    await page.getByRole("tab", { name: "Create account" }).click();
    const create = form(page, "Create account");
    await create.getByLabel("Name").fill("Mara Quinn");
    await create.getByLabel("Email").fill("mara@shopper.example");
    await create.getByLabel("Password", { exact: true }).fill("velvet-harbour-42");
    await create.getByRole("button", { name: "Create account" }).click();
    await expect(create.getByRole("alert")).toHaveText(message);
    await expect(create.getByLabel("Name")).toHaveValue("Mara Quinn");
    await expect(create.getByLabel("Password", { exact: true })).toHaveValue("velvet-harbour-42");

    await page.getByRole("tab", { name: "Sign in" }).click();
    await signIn.getByRole("button", { name: "Forgot password?" }).click();
    const forgot = form(page, "Reset password");
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await expect(forgot.getByRole("alert")).toHaveText(message);
    await expect(forgot.getByLabel("Email")).toHaveValue("mara@shopper.example");

    await page.goto("/reset-password?token=abc");
    const reset = form(page, "Choose a new password");
    await reset.getByLabel("New password", { exact: true }).fill("copper-lantern-77");
    await reset.getByLabel("Repeat the new password", { exact: true }).fill("copper-lantern-77");
    await reset.getByRole("button", { name: "Save the new password" }).click();
    await expect(reset.getByRole("alert")).toHaveText(message);
    await expect(reset.getByLabel("New password", { exact: true })).toHaveValue("copper-lantern-77");
  });
}

test("moving between Sign in, Create account and Forgot password keeps what was typed", async ({ page }) => {
  await page.goto("/login");
  const signIn = form(page, "Sign in");
  await signIn.getByLabel("Email").fill("mara@shopper.example");
  await signIn.getByLabel("Password", { exact: true }).fill("velvet-harbour-42");
  await page.getByRole("tab", { name: "Create account" }).click();
  const create = form(page, "Create account");
  await create.getByLabel("Name").fill("Mara Quinn");

  await page.getByRole("tab", { name: "Sign in" }).click();
  await expect(signIn.getByLabel("Password", { exact: true })).toHaveValue("velvet-harbour-42");
  await signIn.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByRole("button", { name: "Back to sign in" }).click();
  await expect(page.getByRole("tab", { name: "Sign in" })).toBeFocused();
  await expect(signIn.getByLabel("Email")).toHaveValue("mara@shopper.example");
  await expect(signIn.getByLabel("Password", { exact: true })).toHaveValue("velvet-harbour-42");
  await page.getByRole("tab", { name: "Create account" }).click();
  await expect(create.getByLabel("Name")).toHaveValue("Mara Quinn");
});

test("a very long or malformed email and a very long name get a clear message, and the text stays", async ({
  page,
}) => {
  const longEmail = `${"a".repeat(300)}@shopper.example`;
  await page.goto("/login");
  const signIn = form(page, "Sign in");
  const email = signIn.getByLabel("Email");
  await email.fill(longEmail);
  await signIn.getByLabel("Password", { exact: true }).fill("velvet-harbour-42");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(signIn.getByText("An email address has at most 254 characters.")).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveValue(longEmail);
  await expect(email).toHaveAccessibleDescription("An email address has at most 254 characters.");

  await email.fill("mara quinn@shopper.example");
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
  await expect(email).toHaveValue("mara quinn@shopper.example");

  await page.getByRole("tab", { name: "Create account" }).click();
  const create = form(page, "Create account");
  const longName = "Mara ".repeat(40);
  await create.getByLabel("Name").fill(longName);
  await create.getByRole("button", { name: "Create account" }).click();
  await expect(create.getByLabel("Name")).toHaveAccessibleDescription("The name can have at most 100 characters.");
  await expect(create.getByLabel("Name")).toHaveValue(longName);
});
