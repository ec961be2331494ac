/**
 * Payments back office (issue 15): a bookkeeper (the demo owner, who holds `payments`)
 * verifies a manual transfer from the queue, records a courier's cash remittance, refunds
 * one item of a card order from the order's page after reviewing it, and finds that refund
 * under Refunds and Transactions. The three payments pages are photographed at 600, 900,
 * 1200 and 1536 px (test-results/payments-*.png). Orders are placed through the real checkout API; their payment method, courier
 * and card capture are then set in the database (the stack has no Stripe account). Axe on
 * every page.
 */
import AxeBuilder from "@axe-core/playwright";
import { adminToken, gotoAdmin, newCustomer, startSession } from "./support/admin-session.ts";
import { sql } from "./support/database.ts";
import { placeOrder } from "./support/orders.ts";
import { expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a bookkeeper verifies a transfer, records a courier remittance and refunds part of a card order", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const customer = await newCustomer(request, "Noor Castell");
  const transfer = await placeOrder(request, customer.token, customer.email);
  const cash = await placeOrder(request, customer.token, customer.email);
  const card = await placeOrder(request, customer.token, customer.email);
  const courier = `Bike Post ${Date.now() % 100000}`;
  const reference = `MM-${Date.now() % 1000000}`;
  await sql(
    "update buying_history set payment_method = 'manual_transfer', payment_state = 'awaiting_verification', transfer_reference = $2 where number = $1",
    [transfer, reference],
  );
  await sql("update buying_history set status = 'delivered', courier = $2 where number = $1", [cash, courier]);
  await sql("update buying_history set payment_method = 'card', status = 'delivered' where number = $1", [card]);
  await sql(
    `insert into payment_ledger (history_id, event, method, amount, currency, provider_reference, actor_name)
     select id, 'captured', 'card', total, currency, 'pi_e2e_' || number, 'Stripe' from buying_history where number = $1`,
    [card],
  );
  const [{ total: cashTotal } = { total: 0 }] = await sql<{ total: number }>(
    "select total from buying_history where number = $1",
    [cash],
  );

  await startSession(page, await adminToken(request));

  // 1. The transfer queue: verify the shopper's transfer.
  await gotoAdmin(page, "/admin/payments/payouts?tab=transfers");
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  const transferRow = page.getByTestId("transfer-row").filter({ hasText: transfer });
  await expect(transferRow).toContainText(reference);
  await expectNoAxeViolations(page);
  await transferRow.getByRole("button", { name: "Verify" }).click();
  await page.getByLabel("Note (optional)").fill("Seen in the mobile-money account");
  await page.getByRole("button", { name: "Verify: paid" }).click();
  await expect(page.getByText(`${transfer} verified: paid.`)).toBeVisible();
  await expect(page.getByTestId("transfer-row").filter({ hasText: transfer })).toHaveCount(0);

  // 2. Courier remittances: the courier owes the delivered cash order; record it.
  await page.getByRole("button", { name: "Courier remittances" }).click();
  const courierRow = page.getByTestId("courier-row").filter({ hasText: courier });
  await expect(courierRow).toContainText(cash);
  await expectNoAxeViolations(page);
  await courierRow.getByRole("button", { name: "Record cash handed over" }).click();
  await page.getByLabel("Reference (optional)").fill("Envelope 7");
  await page
    .getByRole("button", { name: /^Record / })
    .last()
    .click();
  await expect(page.getByText(new RegExp(`Recorded .* from ${courier}`))).toBeVisible();
  // Nothing owed any more; what was handed over stays on the courier's row.
  await expect(courierRow).not.toContainText(cash);
  await expect(page.getByRole("table", { name: "Recent remittances" })).toContainText("Envelope 7");
  const [paidCash] = await sql<{ payment_state: string }>(
    "select payment_state from buying_history where number = $1",
    [cash],
  );
  expect(paidCash?.payment_state).toBe("paid");
  expect(cashTotal).toBeGreaterThan(0);

  // The reconciliation page with its chart.
  await page.getByRole("button", { name: "Reconciliation" }).click();
  await expect(page.getByRole("table", { name: "Reconciliation per period and method" })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/payments-reconciliation.png", fullPage: true });

  // 3. Refund one item of the card order from its page, reviewed before the money moves.
  const [cardOrder] = await sql<{ id: number }>("select id from buying_history where number = $1", [card]);
  await gotoAdmin(page, `/admin/show/show-orders/${cardOrder?.id}`);
  await expect(page.getByRole("heading", { name: `Order ${card}`, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Refund…" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Refundable")).toBeVisible();
  await dialog.getByLabel("Items", { exact: true }).check();
  await dialog.locator('input[id^="refund-line-"]').first().fill("1");
  await dialog.getByLabel("Reason").fill("Loose seam on one shirt");
  await dialog.getByRole("button", { name: "Review refund" }).click();
  await expect(page.getByTestId("refund-review")).toContainText(card);
  await expectNoAxeViolations(page);
  const refundButton = dialog.getByRole("button", { name: /^Refund \$/ });
  const refunded = (await refundButton.textContent())?.replace("Refund ", "") ?? "";
  await refundButton.click();
  await expect(page.getByText(`Refund of ${refunded} on ${card} issued; it waits for confirmation.`)).toBeVisible();
  // The order page shows it at once: the refund on its timeline, its payment partly refunded.
  await expect(page.getByText(/Refunded USD [\d.]+: Loose seam on one shirt/)).toBeVisible();
  await expect(page.getByText(`refunded ${refunded}`)).toBeVisible();
  await expect(page.getByText(/Partially refunded/).first()).toBeVisible();

  // ... under Refunds, waiting for someone (the stack has no Stripe account) ...
  await gotoAdmin(page, `/admin/payments/refunds?q=${card}`);
  await expect(page.getByRole("heading", { name: "Refunds", level: 1 })).toBeVisible();
  const refundRow = page.getByTestId("refund-row").filter({ hasText: card });
  await expect(refundRow).toContainText("Loose seam on one shirt");
  await expect(refundRow).toContainText(`−${refunded}`);
  await expect(refundRow).toContainText("needs action");
  await expectNoAxeViolations(page);

  // ... and under Transactions, found by the order number.
  await gotoAdmin(page, `/admin/payments/transactions?q=${card}`);
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  const rows = page.getByTestId("transaction-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Refunded" })).toContainText(`−${refunded}`);
  await expectNoAxeViolations(page);
  await rows.filter({ hasText: "Refunded" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: `Refunded · ${refunded}`, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/payments-transaction.png", fullPage: true });

  // The three pages at the four widths the admin is built for.
  for (const [name, path, heading] of [
    ["transactions", "/admin/payments/transactions", "Transactions"],
    ["refunds", "/admin/payments/refunds", "Refunds"],
    ["payouts", "/admin/payments/payouts", "Payouts"],
  ] as const) {
    await gotoAdmin(page, path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    for (const width of [600, 900, 1200, 1536]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/payments-${name}-${width}.png`, fullPage: true });
    }
  }
});
