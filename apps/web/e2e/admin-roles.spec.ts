/** Role Management (/admin/Manage/roles): roles decide which admin areas staff can open. */

import {
  adminMenu,
  adminToken,
  expectNotFoundView,
  gotoAdmin,
  newCustomer,
  startSession,
} from "./support/admin-session.ts";
import { expect, test } from "./support/test.ts";

const uniqueRoleName = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

test("a role decides which menu groups a staff member sees", async ({ page, browser, request }) => {
  test.slow(); // two people, seven steps
  await startSession(page, await adminToken(request));
  const staff = await newCustomer(request, "Ines Varga");
  const roleName = uniqueRoleName("Catalogue");

  await gotoAdmin(page, "/admin/Manage/roles");
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
  await expect(assign.getByRole("button", { name: "Save roles" })).toBeDisabled();

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await startSession(staffPage, staff.token);
  await gotoAdmin(staffPage, "/admin");
  await expect(adminMenu(staffPage).getByRole("button")).toHaveText(["Products"]);
  // A page of an area the role does not open explains itself instead of failing.
  await gotoAdmin(staffPage, "/admin/show/show-users");
  await expect(staffPage.getByText("You do not have access to User Management")).toBeVisible();

  await row.getByRole("button", { name: `Edit ${roleName}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${roleName}` });
  await edit.getByRole("checkbox", { name: "Products", exact: true }).uncheck();
  await edit.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText(`Saved the ${roleName} role`)).toBeVisible();
  await expect(row.getByRole("button", { name: `Edit ${roleName}` })).toBeFocused();

  await gotoAdmin(staffPage, "/admin");
  await expect(adminMenu(staffPage).getByText("Your roles do not open any admin area yet")).toBeVisible();
  await expect(adminMenu(staffPage).getByRole("button")).toHaveCount(0);

  // Without any role they are a customer again, and the gate turns them away.
  await assign.getByRole("checkbox", { name: roleName }).uncheck();
  await assign.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByText(`${staff.name} holds no roles now`)).toBeVisible();
  await staffPage.reload();
  await expectNotFoundView(staffPage);
  await staffContext.close();

  // A role nobody holds can go; focus moves to the page, as its Delete button is gone.
  await row.getByRole("button", { name: `Delete ${roleName}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete role" }).click();
  await expect(page.getByText(`Deleted the ${roleName} role`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("admin-content")).toBeFocused();
});

test("the server's refusals show as it words them, and nothing typed is lost", async ({ page, request }) => {
  await startSession(page, await adminToken(request));
  await gotoAdmin(page, "/admin/Manage/roles");

  // Too long a name is caught before sending; the name stays to be shortened.
  const newRole = page.getByRole("button", { name: "New role" });
  await newRole.click();
  const create = page.getByRole("dialog", { name: "New role" });
  const tooLong = "R".repeat(61);
  await create.getByLabel("Name").fill(tooLong);
  await create.getByRole("button", { name: "Create role" }).click();
  await expect(create.getByText("Name must have at most 60 characters")).toBeVisible();
  await expect(create.getByLabel("Name")).toHaveValue(tooLong);
  await expect(create.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  // A name another role has: the server's message in a toast and on the field, the choices kept.
  await create.getByLabel("Name").fill("Manager");
  await create.getByLabel("Description").fill("A second manager role");
  await create.getByRole("checkbox", { name: "Reports", exact: true }).check();
  await create.getByRole("button", { name: "Create role" }).click();
  await expect(page.locator("[data-sonner-toast][data-type=error]")).toContainText(
    'A role named "Manager" already exists. Choose another name.',
  );
  await expect(create.getByText("Name is already used by another role")).toBeVisible();
  await expect(create.getByLabel("Description")).toHaveValue("A second manager role");
  await expect(create.getByRole("checkbox", { name: "Reports", exact: true })).toBeChecked();

  // Closing gives the focus back to the button that opened the dialog.
  await create.getByRole("button", { name: "Cancel" }).click();
  await expect(create).toHaveCount(0);
  await expect(newRole).toBeFocused();

  // The Owner role cannot be deleted: the row stays and the server says why.
  await page.getByRole("button", { name: "Delete Owner" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete role" }).click();
  await expect(page.locator("[data-sonner-toast][data-type=error]").last()).toContainText(
    "The Owner role cannot be deleted.",
  );
  await expect(page.getByTestId("role-Owner")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Owner" })).toBeFocused();
});
