/**
 * /admin/show/show-requests in the browser: a delivered order's return is approved with
 * instructions, then marked received, and its units are back in stock.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, newCustomer, startSession } from "./support/admin-session.ts";
import { sql } from "./support/database.ts";
import { placeOrder } from "./support/orders.ts";
import { expect, test } from "./support/test.ts";

const origin = { origin: process.env.E2E_BASE_URL ?? "" };

test("a return is approved, received and restocks", async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await newCustomer(request, "Noor Castell");
  const number = await placeOrder(request, customer.token, customer.email);
  const [order] = await sql<{ id: number }>("select id from buying_history where number = $1", [number]);
  await sql("update buying_history set status = 'delivered' where id = $1", [order?.id]);
  await sql(
    "insert into order_events (history_id, kind, from_status, to_status, actor_name) values ($1, 'status', 'shipped', 'delivered', 'System')",
    [order?.id],
  );
  const [line] = await sql<{ id: number; variant_id: number }>(
    "select id, variant_id from order_lines where history_id = $1",
    [order?.id],
  );
  const asked = await request.post(`/api/my-orders/${number}/requests`, {
    headers: { ...origin, authorization: `Bearer ${customer.token}` },
    data: { kind: "return", reason: "Too small for me", items: [{ orderLineId: line?.id, quantity: 2 }] },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const stock = async () =>
    (await sql<{ stock: number }>("select stock from product_variants where id = $1", [line?.variant_id]))[0]?.stock;
  const before = await stock();

  await startSession(page, await adminToken(request));
  await gotoAdmin(page, "/admin/show/show-requests");
  await page.getByLabel("Kind").selectOption("return");
  await page.getByRole("button", { name: `Open the return request of ${number}` }).click();
  const detail = page.getByRole("region", { name: `Return of ${number}` });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await detail.getByLabel("Return instructions (mailed)").fill("Send it to 1 Workshop Lane.");
  await detail.getByRole("button", { name: "Approve the return" }).click();
  await expect(page.getByText("Request approved")).toBeVisible();
  await detail.getByRole("button", { name: "Items received: restock and refund" }).click();
  await expect(page.getByText("Received, restocked and refunded")).toBeVisible();
  await expect.poll(stock).toBe((before ?? 0) + 2);
});
