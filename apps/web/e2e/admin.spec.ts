/** The admin gate (spec sections 4, 6, 7 and 8): who gets the admin layout and who the 404 view. */

import {
  adminMenu,
  adminToken,
  expectNotFoundView,
  gotoAdmin,
  newCustomer,
  signInToken,
  startSession,
} from "./support/admin-session.ts";
import { demoAdmin } from "./support/ports.ts";
import { expect, type Request, test } from "./support/test.ts";

const isAdminCheck = (request: Request) => new URL(request.url()).pathname === "/api/admin/checkIfAdmin";

test.describe("the admin gate", () => {
  test("a signed-in customer who opens /admin sees the 404 page with a Login button", async ({ page, request }) => {
    const customer = await newCustomer(request);
    await startSession(page, customer.token);
    await page.goto("/admin");
    await expectNotFoundView(page);
    await expect(page).toHaveTitle("Admin Dashboard");
  });

  test("an anonymous visitor who opens an admin page sees the same 404 page", async ({ page }) => {
    await page.goto("/admin/Manage/roles");
    await expectNotFoundView(page);
  });

  test("the check sends the bearer token and the signed-in user's email", async ({ page, request }) => {
    const token = await adminToken(request);
    await startSession(page, token);
    const check = page.waitForRequest(isAdminCheck);
    await gotoAdmin(page, "/admin");
    const sent = await check;
    expect(new URL(sent.url()).searchParams.get("email")).toBe(demoAdmin.email);
    expect(await sent.headerValue("authorization")).toBe(`Bearer ${token}`);
    await expect(adminMenu(page)).toBeVisible();
  });

  for (const failure of ["a server error", "no answer"] as const) {
    test(`a check that fails with ${failure} is logged and shows the 404 view`, async ({ page, request }) => {
      await startSession(page, await adminToken(request));
      await page.route("**/api/admin/checkIfAdmin?**", (route) =>
        failure === "no answer"
          ? route.abort("connectionrefused")
          : route.fulfill({ status: 500, json: { error: { code: "internal", message: "Internal server error" } } }),
      );
      const logged: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") logged.push(message.text());
      });
      await page.goto("/admin");
      await expectNotFoundView(page);
      expect(logged.some((text) => text.includes("Admin check failed"))).toBe(true);
    });
  }

  test("after the admin signs out, the 404 view shows without a reload", async ({ page, request }) => {
    // A session of its own: signing out ends it, and the shared one is every other test's.
    await startSession(page, await signInToken(request, demoAdmin.email, demoAdmin.password));
    await gotoAdmin(page, "/admin");
    await expect(adminMenu(page)).toBeVisible();
    await page.evaluate(() => document.documentElement.setAttribute("data-same-page", "yes"));
    await page.getByRole("button", { name: "Logout" }).click();
    await expectNotFoundView(page);
    await expect(page.locator("html")).toHaveAttribute("data-same-page", "yes");
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
  });

  test("when another tab signs in a customer instead, the gate asks again and turns them away", async ({
    page,
    context,
    request,
  }) => {
    await startSession(page, await adminToken(request));
    const checked: string[] = [];
    page.on("request", (sent) => {
      if (isAdminCheck(sent)) checked.push(new URL(sent.url()).searchParams.get("email") ?? "");
    });
    await gotoAdmin(page, "/admin");
    await expect(adminMenu(page)).toBeVisible();

    const customer = await newCustomer(request);
    const otherTab = await context.newPage();
    await otherTab.goto("/readyz"); // same origin, no app script: only local storage changes
    await otherTab.evaluate((token) => localStorage.setItem("access_token", token), customer.token);

    await expectNotFoundView(page);
    expect(checked).toEqual([demoAdmin.email, customer.email]);
  });
});
