/**
 * Card fees on the payment ledger (ADR 0012, addendum "card fees") on the real PostgreSQL,
 * with Stripe played by the loopback fixture server: a capture's fee is read from its
 * balance transaction by the job the signed webhook sets off; a fee Stripe reports late
 * waits and arrives; a refund's fee given back counts against the fees; the transactions
 * (and their CSV), the reconciliation and the sales report's payments show the ledger's
 * fees and net after them; a fee arriving late updates last month's roll-up; cash has none.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, paymentLedger } from "../src/db/schema/index.ts";
import { FEES_JOB } from "../src/modules/payments/index.ts";
import { addDays, todayIn } from "../src/modules/reports/range.ts";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, jobsDone, type TestApp } from "./support/index.ts";
import { insertOrder } from "./support/orders.ts";
import { apiAs } from "./support/staff-api.ts";
import { type StripeFixture, startStripeFixture } from "./support/stripe-fixture.ts";
import { paidCardOrder, sendStripeEvent } from "./support/stripe-webhook.ts";

const WEBHOOK_SECRET = "whsec_card_fees";
let test: TestApp;
let stripe: StripeFixture;
let owner: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  stripe = await startStripeFixture();
  test = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_atelier_fees",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  owner = await signUpStaff(test, "Owner");
  shopper = await signUp(test.app, { name: "Ada" });
});
afterAll(async () => {
  await test.close();
  await stripe.close();
});

const api = () => apiAs(test, owner);
const paid = (paymentIntent: string) => paidCardOrder(test, WEBHOOK_SECRET, { userId: shopper.id }, paymentIntent);
/** Runs the fee job as the queue runs it, and waits for it. */
async function readFees() {
  await test.app.services.jobs.send(FEES_JOB, {});
  await jobsDone(test, FEES_JOB);
}

async function ledgerRow(reference: string) {
  const [row] = await test.db.select().from(paymentLedger).where(eq(paymentLedger.providerReference, reference));
  if (!row) throw new Error(`no ledger row ${reference}`);
  return row;
}

/** Moves an order and its ledger rows to a day (a past day's figures come from the roll-ups). */
async function moveTo(orderId: number, at: Date) {
  await test.db.update(buyingHistory).set({ placedAt: at }).where(eq(buyingHistory.id, orderId));
  await test.db.update(paymentLedger).set({ createdAt: at }).where(eq(paymentLedger.historyId, orderId));
}

describe("a card payment's fee", () => {
  it("is read from the charge's balance transaction onto the ledger once the webhook says paid", async () => {
    stripe.intents.push({ id: "pi_fee_now", amount: 5500, fee: 190 });
    const order = await paid("pi_fee_now");
    // The webhook set off the fee job (an order paid by card); it asked Stripe for the intent.
    await jobsDone(test, FEES_JOB);
    expect(stripe.retrievals).toContain("pi_fee_now");
    const row = await ledgerRow("pi_fee_now");
    expect(row).toMatchObject({ event: "captured", amount: 5500, fee: 190 });
    expect(row.feeReadAt).not.toBeNull();

    const page = (await api().get(`/api/admin/payments/transactions?q=${order.number}`)).json();
    expect(page.items).toEqual([expect.objectContaining({ fee: 190, feePending: false, amount: 5500 })]);
    expect(page.totals).toMatchObject({ moneyIn: 5500, net: 5500, fees: 190, netAfterFees: 5310 });
    const csv = (await api().get(`/api/admin/payments/transactions/export?q=${order.number}`)).body.split("\r\n");
    const header = csv[0]?.split(",") ?? [];
    const cells = csv[1]?.split(",") ?? [];
    expect(cells[header.indexOf("fee")]).toBe("1.90");
    expect(cells[header.indexOf("net")]).toBe("53.10");
  });

  it("waits while Stripe has no balance transaction yet, and arrives with a later run", async () => {
    const intent = { id: "pi_fee_late", amount: 5500, fee: null as number | null };
    stripe.intents.push(intent);
    const order = await paid("pi_fee_late");
    await jobsDone(test, FEES_JOB);
    expect(await ledgerRow("pi_fee_late")).toMatchObject({ fee: 0, feeReadAt: null });
    const waiting = (await api().get(`/api/admin/payments/transactions?q=${order.number}`)).json();
    expect(waiting.items[0]).toMatchObject({ fee: 0, feePending: true });
    const blank = (await api().get(`/api/admin/payments/transactions/export?q=${order.number}`)).body;
    expect(blank).toContain(",55.00,,,USD,");

    intent.fee = 210;
    await readFees();
    expect(await ledgerRow("pi_fee_late")).toMatchObject({ fee: 210 });
    // Read once: a later run does not ask again.
    const asked = () => stripe.retrievals.filter((id) => id === "pi_fee_late").length;
    const before = asked();
    await readFees();
    expect(asked()).toBe(before);
  });

  it("a refund's fee given back by Stripe counts against the fees", async () => {
    stripe.intents.push({ id: "pi_fee_refunded", amount: 5500, fee: 190 });
    const order = await paid("pi_fee_refunded");
    await jobsDone(test, FEES_JOB);
    const [current] = await test.db
      .select({ version: buyingHistory.version })
      .from(buyingHistory)
      .where(eq(buyingHistory.id, order.id));
    const response = await api().post("/api/admin/payments/refunds", {
      orderId: order.id,
      version: current?.version,
      amount: 5500,
      reason: "Never arrived",
    });
    expect(response.statusCode, response.body).toBe(200);
    const refund = stripe.refunds.at(-1);
    if (!refund) throw new Error("Stripe was not asked for a refund");
    refund.feeReturned = 40;
    // A pending refund's fee is not read: Stripe may still fail it.
    await readFees();
    expect(await ledgerRow(refund.id)).toMatchObject({ status: "pending", fee: 0, feeReadAt: null });
    const confirmed = await sendStripeEvent(test, WEBHOOK_SECRET, {
      id: `evt_${randomBytes(8).toString("hex")}`,
      object: "event",
      type: "refund.updated",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: refund.id,
          object: "refund",
          amount: 5500,
          status: "succeeded",
          payment_intent: "pi_fee_refunded",
        },
      },
    });
    expect(confirmed.json().outcome).toBe("applied");
    await readFees();
    expect(await ledgerRow(refund.id)).toMatchObject({ status: "succeeded", fee: 40 });
    const page = (await api().get(`/api/admin/payments/transactions?q=${order.number}`)).json();
    expect(page.totals).toMatchObject({ moneyIn: 5500, moneyOut: 5500, net: 0, fees: 150, netAfterFees: -150 });
  });

  it("is 0 for cash, never asked of Stripe", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id });
    const asked = stripe.retrievals.length;
    const [row] = await test.db
      .insert(paymentLedger)
      .values({
        historyId: order.id,
        event: "cash_collected",
        method: "cod",
        amount: 100,
        currency: "USD",
        providerReference: "pi_looks_like_stripe",
        actorName: "Courier",
      })
      .returning();
    await readFees();
    expect(stripe.retrievals.length).toBe(asked);
    expect(row).toMatchObject({ fee: 0, feeReadAt: null });
  });
});

describe("reconciliation and the sales report", () => {
  const day = "2021-03-04";
  let zone: number;
  let orderNumber: string;

  beforeAll(async () => {
    const [row] = (
      await test.db.execute<{ id: number }>(
        sql`insert into delivery_zones (name, fee) values ('Fee zone', 500) returning id`,
      )
    ).rows;
    zone = row?.id as number;
  });

  it("reconciliation counts the ledger's fees on their payment's day; payout lines are still matched, mismatches listed", async () => {
    stripe.intents.push({ id: "pi_fee_recon", amount: 5500, fee: 175 });
    const order = await paid("pi_fee_recon");
    orderNumber = order.number;
    await jobsDone(test, FEES_JOB);
    await test.db.update(buyingHistory).set({ deliveryZoneId: zone }).where(eq(buyingHistory.id, order.id));
    await moveTo(order.id, new Date(`${day}T15:00:00Z`));
    // Stripe paid it out (with a stranger's charge) — and, later, says the fee was 180.
    stripe.payouts.push({
      id: "po_fees_1",
      arrivalDate: new Date(`${day}T12:00:00Z`),
      charges: [
        { id: "ch_fee_recon", paymentIntent: "pi_fee_recon", amount: 5500, fee: 180 },
        { id: "ch_fee_stranger", paymentIntent: "pi_fee_nobody", amount: 1000, fee: 59 },
      ],
    });
    const recon = (await api().get(`/api/admin/payments/reconciliation?from=${day}&to=${day}`)).json();
    expect(recon.rows).toEqual([
      {
        period: day,
        method: "card",
        captured: 5500,
        refunded: 0,
        fees: 180,
        net: 5320,
        paidOut: 5500 - 180 + 1000 - 59,
        outstanding: 5320 - (5500 - 180 + 1000 - 59),
      },
    ]);
    expect((await ledgerRow("pi_fee_recon")).fee).toBe(180);
    expect(recon.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "payout_line_without_order", reference: "ch_fee_stranger" }),
      ]),
    );
    const payouts = (await api().get("/api/admin/payments/payouts")).json();
    const lines = payouts.payouts.find((payout: { id: string }) => payout.id === "po_fees_1").lines;
    expect(lines.map((line: { orderNumber: string | null; fee: number }) => [line.orderNumber, line.fee])).toEqual([
      [orderNumber, 180],
      [null, 59],
    ]);
  });

  it("the sales report's payments show fees and net after fees, from the roll-up", async () => {
    await test.app.services.reports.refresh();
    const answer = (
      await api().get(`/api/admin/reports/sales?preset=custom&from=${day}&to=${day}&zone=${zone}&view=payments`)
    ).json();
    expect(answer.table.columns.map((column: { key: string }) => column.key)).toEqual(
      expect.arrayContaining(["fees", "afterFees"]),
    );
    expect(answer.table.rows.map((row: { cells: object }) => row.cells)).toEqual([
      expect.objectContaining({ name: "Card", received: 5500, net: 5500, fees: 180, afterFees: 5320 }),
    ]);
    expect(answer.notes.join(" ")).not.toContain("does not hold");
    const csv = await api().get(
      `/api/admin/reports/sales/export?preset=custom&from=${day}&to=${day}&zone=${zone}&view=payments`,
    );
    expect(csv.body.split("\r\n")[0]).toContain("Fees (USD),Net after fees (USD)");
  });

  it("a fee arriving late updates last month's roll-up", async () => {
    const timeZone = (await test.db.execute<{ time_zone: string }>(sql`select time_zone from store_settings`)).rows[0]
      ?.time_zone as string;
    const today = todayIn(timeZone);
    const lastMonthDay = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-10`;
    const intent = { id: "pi_fee_last_month", amount: 5500, fee: null as number | null };
    stripe.intents.push(intent);
    const order = await paid("pi_fee_last_month");
    await jobsDone(test, FEES_JOB);
    await test.db.update(buyingHistory).set({ deliveryZoneId: zone }).where(eq(buyingHistory.id, order.id));
    await test.db
      .update(buyingHistory)
      .set({ placedAt: sql`(${lastMonthDay}::date + time '12:00')::timestamp at time zone ${timeZone}` })
      .where(eq(buyingHistory.id, order.id));
    await test.app.services.reports.refresh();
    const lastMonth = `/api/admin/reports/sales?preset=last-month&zone=${zone}&view=payments`;
    const card = async () => (await api().get(lastMonth)).json().table.rows[0].cells;
    expect(await card()).toMatchObject({ received: 5500, fees: 0, afterFees: 5500 });

    // Stripe's balance transaction comes: the fee job writes it, which marks the order's day.
    intent.fee = 321;
    await readFees();
    await test.app.services.reports.refresh();
    expect(await card()).toMatchObject({ received: 5500, fees: 321, afterFees: 5500 - 321 });
    const [rolled] = (
      await test.db.execute<{ fees: string }>(
        sql`select sum(fees) as fees from report_daily_orders where day = ${lastMonthDay}::date and zone_id = ${zone}`,
      )
    ).rows;
    expect(Number(rolled?.fees)).toBe(321);
  });
});
