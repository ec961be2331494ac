import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { adminToken, newCustomer, startSession } from "./support/admin-session.ts";

const groups = [
  "Dashboard",
  "Inventory",
  "Coupons",
  "Reports",
  "Payments",
  "Role Management",
  "User Management",
  "Products",
  "Series",
  "Categories",
  "Product Types",
  "Orders",
  "Promotions",
  "Attributes",
  "Settings",
];

const adminMenu = (page: Page) => page.getByRole("navigation", { name: "Admin" });
const groupButton = (page: Page, name: string) => adminMenu(page).getByRole("button", { name, exact: true });

async function expectNotFoundView(page: Page) {
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(adminMenu(page)).toHaveCount(0);
}

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

  test("the server renders only the gate's spinner: the token lives in the browser", async ({ request }) => {
    const html = await (await request.get("/admin")).text();
    expect(html).toContain("Checking your access");
    expect(html).not.toContain("404 - Page Not Found");
    expect(html).toContain("<title>Admin Dashboard</title>");
  });

  test("after the admin signs out, the 404 view shows without a reload", async ({ page, request }) => {
    await startSession(page, await adminToken(request));
    await page.goto("/admin");
    await expect(adminMenu(page)).toBeVisible();
    await page.evaluate(() => document.documentElement.setAttribute("data-same-page", "yes"));
    await page.getByRole("button", { name: "Logout" }).click();
    await expectNotFoundView(page);
    await expect(page.locator("html")).toHaveAttribute("data-same-page", "yes");
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
  });
});

test.describe("the admin layout", () => {
  test.beforeEach(async ({ page, request }) => {
    await startSession(page, await adminToken(request));
  });

  test("the demo admin sees the layout titled Admin Dashboard, and 'Admin - Add' under /admin/add", async ({
    page,
  }) => {
    await page.goto("/admin");
    await expect(adminMenu(page)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page).toHaveTitle("Admin Dashboard");
    await expect(adminMenu(page).getByRole("link", { name: "Dashboard home" })).toHaveAttribute("aria-current", "page");

    await adminMenu(page).getByRole("link", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/admin\/add\/add-product$/);
    await expect(page).toHaveTitle("Admin - Add");
    await expect(page.getByRole("heading", { name: "This admin page is not built yet" })).toBeVisible();
    await expect(adminMenu(page).getByRole("link", { name: "Add Product" })).toHaveAttribute("aria-current", "page");

    await page.goto("/admin/add/add-color");
    await expect(page).toHaveTitle("Admin - Add");
    await expect(page.getByRole("heading", { name: "This admin page is not built yet" })).toBeVisible();
    await expect(adminMenu(page)).toBeVisible();
  });

  test("every group of the spec's menu is there; Dashboard, Orders and Products start expanded", async ({ page }) => {
    await page.goto("/admin");
    for (const name of groups) {
      const expanded = ["Dashboard", "Orders", "Products"].includes(name);
      await expect(groupButton(page, name)).toHaveAttribute("aria-expanded", String(expanded));
    }
    const orders = adminMenu(page).locator('[data-group="orders"]');
    await expect(orders.getByRole("link")).toHaveText([
      "Show Orders",
      "Customization Requests",
      "cancel/return requests",
      "view carts",
    ]);
    await expect(adminMenu(page).getByRole("link", { name: "Statistics / Views" })).toHaveAttribute(
      "href",
      "/admin/show/show-views",
    );
    await expect(adminMenu(page).getByRole("link", { name: "Unpublished Products" })).toHaveAttribute(
      "href",
      "/admin/publish-product",
    );

    await groupButton(page, "Settings").click();
    await expect(groupButton(page, "Settings")).toHaveAttribute("aria-expanded", "true");
    await expect(adminMenu(page).getByRole("link", { name: "Rearrange Navbar" })).toBeVisible();
  });

  test("the menu collapses to icons and the content's margin follows (16rem, then 2.5rem)", async ({ page }) => {
    await page.goto("/admin");
    const content = page.getByTestId("admin-content");
    await expect(content).toHaveCSS("margin-left", "256px");
    const collapse = page.getByRole("button", { name: "Collapse menu" });
    await expect(collapse).toHaveAttribute("aria-expanded", "true");
    await collapse.click();
    await expect(content).toHaveCSS("margin-left", "40px");
    await expect(page.locator("#admin-sidebar")).toHaveCSS("width", "40px");
    await expect(adminMenu(page).getByRole("link", { name: "Add Product" })).toHaveCount(0);
    const expand = page.getByRole("button", { name: "Expand menu" });
    await expect(expand).toHaveAttribute("aria-expanded", "false");

    // An icon opens the menu on its group.
    await groupButton(page, "Settings").click();
    await expect(content).toHaveCSS("margin-left", "256px");
    await expect(adminMenu(page).getByRole("link", { name: "Rearrange Navbar" })).toBeVisible();

    await page.getByRole("button", { name: "Collapse menu" }).click();
    await page.getByRole("button", { name: "Expand menu" }).click();
    await expect(content).toHaveCSS("margin-left", "256px");
  });

  test("on a screen narrower than 900px the menu starts collapsed", async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto("/admin");
    await expect(page.getByRole("button", { name: "Expand menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("admin-content")).toHaveCSS("margin-left", "40px");
  });

  test("the current page's link is marked and its group opened", async ({ page }) => {
    await page.goto("/admin/show/show-users");
    await expect(groupButton(page, "User Management")).toHaveAttribute("aria-expanded", "true");
    await expect(adminMenu(page).getByRole("link", { name: "Show Users" })).toHaveAttribute("aria-current", "page");
    await expect(adminMenu(page).locator('[aria-current="page"]')).toHaveCount(1);
    await expect(adminMenu(page).getByRole("link", { name: "Dashboard home" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("Back to shop leads to the storefront", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("link", { name: "Back to shop" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("Atelier");
  });

  for (const path of ["/admin", "/admin/Manage/roles", "/admin/show/show-users", "/admin/Analytics/user-insights"]) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(adminMenu(page)).toBeVisible();
      await expect(page.getByRole("status")).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations).toEqual([]);
    });
  }
});

test.describe("role management", () => {
  test("a role decides which menu groups a staff member sees", async ({ page, browser, request }) => {
    test.slow(); // two people, seven steps
    await startSession(page, await adminToken(request));
    const staff = await newCustomer(request, "Ines Varga");
    const roleName = `Catalogue ${Date.now().toString(36)}`;

    await page.goto("/admin/Manage/roles");
    await page.getByRole("button", { name: "New role" }).click();
    const create = page.getByRole("dialog", { name: "New role" });
    await create.getByRole("button", { name: "Create role" }).click();
    await expect(create.getByText("Name must have at least 2 characters")).toBeVisible();
    await create.getByLabel("Name").fill(roleName);
    await create.getByRole("checkbox", { name: "Products", exact: true }).check();
    await create.getByRole("button", { name: "Create role" }).click();
    await expect(page.getByText(`Created the ${roleName} role`)).toBeVisible();
    const row = page.getByTestId(`role-${roleName}`);
    await expect(row).toContainText("1 of 15 areas");

    const assign = page.getByRole("region", { name: "Assign to users" });
    await assign.getByLabel("Find a user").fill(staff.email);
    await assign.getByRole("button", { name: new RegExp(staff.name) }).click();
    await assign.getByRole("checkbox", { name: roleName }).check();
    await assign.getByRole("button", { name: "Save roles" }).click();
    await expect(page.getByText(`${staff.name} now holds ${roleName}`)).toBeVisible();
    await expect(row.getByRole("cell").nth(2)).toHaveText("1");

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await startSession(staffPage, staff.token);
    await staffPage.goto("/admin");
    await expect(adminMenu(staffPage).getByRole("button")).toHaveText(["Products"]);

    await row.getByRole("button", { name: `Edit ${roleName}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${roleName}` });
    await edit.getByRole("checkbox", { name: "Products", exact: true }).uncheck();
    await edit.getByRole("button", { name: "Save role" }).click();
    await expect(page.getByText(`Saved the ${roleName} role`)).toBeVisible();

    await staffPage.reload();
    await expect(adminMenu(staffPage).getByText("Your roles do not open any admin area yet")).toBeVisible();
    await expect(adminMenu(staffPage).getByRole("button")).toHaveCount(0);

    // Without any role they are a customer again, and the gate turns them away.
    await assign.getByRole("checkbox", { name: roleName }).uncheck();
    await assign.getByRole("button", { name: "Save roles" }).click();
    await expect(page.getByText(`${staff.name} holds no roles now`)).toBeVisible();
    await staffPage.reload();
    await expectNotFoundView(staffPage);
    await staffContext.close();

    // A role nobody holds can go; the server's refusal for the Owner role is shown as it says it.
    await row.getByRole("button", { name: `Delete ${roleName}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete role" }).click();
    await expect(page.getByText(`Deleted the ${roleName} role`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole("button", { name: "Delete Owner" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete role" }).click();
    await expect(page.getByTestId("role-Owner")).toBeVisible();
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toBeVisible();
  });
});
