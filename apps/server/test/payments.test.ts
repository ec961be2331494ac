/**
 * Payments back office (issue 15) on the real PostgreSQL: the ledger-derived payment state
 * after random sequences of events (fast-check), refunds (by amount and by line, 422 above
 * what is refundable, 409 on a stale version, racing refunds never above what was paid,
 * a Stripe refund pending until its signed webhook), the transfer verification queue,
 * courier remittance arithmetic, Stripe payouts read from a loopback fixture server and
 * matched to orders, the reconciliation and its mismatches, and the CSV's formulas.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentMethod } from "../src/db/schema/commerce.ts";
import {
  activityLog,
  buyingHistory,
  type LedgerEvent,
  type LedgerStatus,
  paymentLedger,
  payments,
} from "../src/db/schema/index.ts";
import { deriveLedgerState, recordLedger } from "../src/modules/payment-ledger/index.ts";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { insertOrder } from "./support/orders.ts";
import { apiAs } from "./support/staff-api.ts";
import { type StripeFixture, startStripeFixture } from "./support/stripe-fixture.ts";
import { paidCardOrder as paidCardOrderOf, sendStripeEvent } from "./support/stripe-webhook.ts";

const WEBHOOK_SECRET = "whsec_payments_back_office";
let test: TestApp;
let stripe: StripeFixture;
let owner: TestUser;
let manager: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  stripe = await startStripeFixture();
  test = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_atelier_payments",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  owner = await signUpStaff(test, "Owner");
  manager = await signUpStaff(test, "Manager");
  shopper = await signUp(test.app, { name: "Ada" });
});
afterAll(async () => {
  await test.close();
  await stripe.close();
});

const api = () => apiAs(test, owner);

async function newOrder(
  method: PaymentMethod,
  extra: Partial<typeof buyingHistory.$inferInsert> = {},
  quantity = 2,
): Promise<{ id: number; number: string; lineIds: number[] }> {
  const order = await insertOrder(test.db, { userId: shopper.id }, { quantity });
  await test.db
    .update(buyingHistory)
    .set({
      paymentMethod: method,
      paymentState: method === "manual_transfer" ? "awaiting_verification" : "unpaid",
      ...extra,
    })
    .where(eq(buyingHistory.id, order.id));
  return order;
}

async function orderRow(id: number) {
  const [row] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

const sendWebhook = (event: object) => sendStripeEvent(test, WEBHOOK_SECRET, event);
/** A card order paid through a signed checkout.session.completed, as Stripe sends it. */
const paidCardOrder = (paymentIntent: string) =>
  paidCardOrderOf(test, WEBHOOK_SECRET, { userId: shopper.id }, paymentIntent);

describe("the payment ledger", () => {
  it("moved existing payments into the ledger: every payments row has its ledger event", async () => {
    const order = await newOrder("cod");
    await test.db.insert(payments).values({
      historyId: order.id,
      kind: "payment",
      method: "cod",
      amount: 5500,
      recordedByName: "Older code",
    });
    const rows = await test.db.select().from(paymentLedger).where(eq(paymentLedger.historyId, order.id));
    expect(rows.map((row) => [row.event, row.amount, row.actorName])).toEqual([["cash_collected", 5500, "Older code"]]);
    expect((await orderRow(order.id)).paymentState).toBe("paid");
    // The database as a whole: no payments row without its ledger event.
    const orphans = await test.db.execute(
      sql`select p.id from payments p where not exists (select 1 from payment_ledger l where l.payment_id = p.id)`,
    );
    expect(orphans.rows).toEqual([]);
  });

  it("keeps the order's payment state, paid and refunded equal to the ledger after any sequence of events", async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("event" as const),
        event: fc.constantFrom<LedgerEvent>(
          "authorised",
          "captured",
          "failed",
          "voided",
          "refunded",
          "cash_collected",
          "transfer_verified",
          "transfer_rejected",
          "dispute_opened",
          "dispute_won",
          "dispute_lost",
        ),
        status: fc.constantFrom<LedgerStatus>("succeeded", "succeeded", "pending", "failed"),
        amount: fc.integer({ min: 0, max: 8000 }),
      }),
      fc.record({
        kind: fc.constant("settle" as const),
        pick: fc.nat(),
        outcome: fc.constantFrom<"succeeded" | "failed">("succeeded", "failed"),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<PaymentMethod>("card", "cod", "manual_transfer"),
        fc.array(step, { maxLength: 8 }),
        async (method, steps) => {
          const order = await newOrder(method);
          const model: { id: number; event: LedgerEvent; status: LedgerStatus; amount: number }[] = [];
          for (const item of steps) {
            if (item.kind === "event") {
              const id = await recordLedger(test.db, {
                historyId: order.id,
                event: item.event,
                status: item.status,
                method,
                amount: item.amount,
                currency: "USD",
                actorName: "Property",
              });
              model.push({ id, event: item.event, status: item.status, amount: item.amount });
            } else {
              const pending = model.filter((row) => row.status === "pending");
              const row = pending[item.pick % Math.max(1, pending.length)];
              if (!row) continue;
              await test.db.update(paymentLedger).set({ status: item.outcome }).where(eq(paymentLedger.id, row.id));
              row.status = item.outcome;
            }
          }
          const expected = deriveLedgerState(method, model);
          expect((await orderRow(order.id)).paymentState).toBe(expected.state);
          const detail = (await api().get(`/api/admin/orders/${order.id}`)).json();
          expect({ paid: detail.paid, refunded: detail.refunded, paymentState: detail.paymentState }).toEqual({
            paid: expected.paid,
            refunded: expected.refunded,
            paymentState: expected.state,
          });
          const page = (await api().get(`/api/admin/payments/transactions?q=${order.number}&pageSize=100`)).json();
          expect(page.total).toBe(model.length);
          expect(page.totals.net).toBe(expected.paid - expected.refunded);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("refunds", () => {
  async function paidCod(quantity = 2) {
    const order = await newOrder("cod", { courier: "Swift", status: "delivered" }, quantity);
    const { version } = (await api().get(`/api/admin/orders/${order.id}`)).json();
    expect((await api().post(`/api/admin/orders/${order.id}/verify-payment`, { version })).statusCode).toBe(200);
    return order;
  }
  const versionOf = async (id: number) => (await orderRow(id)).version;

  it("refunds by line or amount, never above paid minus refunded (422), never zero or negative, never on a stale version (409)", async () => {
    const order = await paidCod(2); // 2 × 2500 + 500 delivery = 5500 paid
    const lineId = order.lineIds[0];
    const byLine = await api().post("/api/admin/payments/refunds", {
      orderId: order.id,
      version: await versionOf(order.id),
      lines: [{ orderLineId: lineId, quantity: 1 }],
      reason: "One shirt came back",
      reference: "CASH-001",
    });
    expect(byLine.statusCode, byLine.body).toBe(200);
    expect(byLine.json()).toMatchObject({ amount: 2500, status: "succeeded", paid: 5500, refunded: 2500 });

    const stale = await api().post("/api/admin/payments/refunds", {
      orderId: order.id,
      version: 1,
      amount: 100,
      reason: "Stale",
    });
    expect(stale.statusCode).toBe(409);
    for (const amount of [0, -5]) {
      const bad = await api().post("/api/admin/payments/refunds", {
        orderId: order.id,
        version: await versionOf(order.id),
        amount,
        reason: "Bad",
      });
      expect(bad.statusCode).toBe(422);
    }
    const tooMuch = await api().post("/api/admin/payments/refunds", {
      orderId: order.id,
      version: await versionOf(order.id),
      amount: 3001,
      reason: "Too much",
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.fields.amount).toContain("At most");
    const tooMany = await api().post("/api/admin/payments/refunds", {
      orderId: order.id,
      version: await versionOf(order.id),
      lines: [{ orderLineId: lineId, quantity: 3 }],
      reason: "Too many",
    });
    expect(tooMany.statusCode).toBe(422);
    // One of the line's two units is refunded already: two more would be three.
    const again = await api().post("/api/admin/payments/refunds", {
      orderId: order.id,
      version: await versionOf(order.id),
      lines: [{ orderLineId: lineId, quantity: 2 }],
      reason: "Both again",
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.fields.lines).toMatch(/^At most 1 more of .+ can be refunded \(1 of 2 already were\)\.$/);

    // No reference: the cash has not been handed back yet, so it waits in the manual queue.
    const rest = await api().post("/api/admin/payments/refunds", {
      orderId: order.id,
      version: await versionOf(order.id),
      amount: 3000,
      reason: "The rest",
    });
    expect(rest.json()).toMatchObject({ status: "pending", refunded: 5500 });
    expect((await orderRow(order.id)).paymentState).toBe("refunded");
    const queue = (await api().get("/api/admin/payments/refunds?view=pending&pageSize=100")).json();
    const waiting = queue.items.find((row: { id: number }) => row.id === rest.json().refundId);
    expect(waiting).toMatchObject({ needsAction: true, reason: "The rest", actorName: "Owner Person", method: "cod" });
    const noReference = await api().post(`/api/admin/payments/refunds/${waiting.id}/settle`, { outcome: "succeeded" });
    expect(noReference.statusCode).toBe(422);
    const settled = await api().post(`/api/admin/payments/refunds/${waiting.id}/settle`, {
      outcome: "succeeded",
      reference: "CASH-002",
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const all = (await api().get(`/api/admin/payments/refunds?q=${order.number}`)).json();
    expect(all.items.map((row: { status: string; amount: number }) => [row.status, row.amount])).toEqual([
      ["succeeded", 3000],
      ["succeeded", 2500],
    ]);
    const audit = await test.db.select().from(activityLog).where(eq(activityLog.subjectLabel, order.number));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(["order.verify-payment", "order.refund", "order.refund-settle"]),
    );
  });

  it("racing refunds never add up to more than was paid", async () => {
    const order = await paidCod(2);
    const version = await versionOf(order.id);
    const viaApi = await Promise.all(
      [2000, 2000, 2000].map((amount) =>
        api().post("/api/admin/payments/refunds", { orderId: order.id, version, amount, reason: "Race" }),
      ),
    );
    expect(viaApi.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const direct = await Promise.all(
      [2000, 2000, 2000].map((amount) =>
        test.app.services.refunds
          .refund({ orderId: order.id, amount, reason: "Race", actor: { userId: null, name: "T" } })
          .then(
            () => 200,
            (error: { status?: number }) => error.status ?? 500,
          ),
      ),
    );
    expect(direct.sort()).toEqual([200, 422, 422]);
    const detail = (await api().get(`/api/admin/orders/${order.id}`)).json();
    expect(detail).toMatchObject({ paid: 5500, refunded: 4000 });
  });

  it("refunds a card order through Stripe's API, pending until the signed webhook confirms it", async () => {
    const order = await paidCardOrder("pi_card_refund_1");
    const response = await api().post("/api/admin/payments/refunds", {
      orderId: order.id,
      version: await versionOf(order.id),
      amount: 1200,
      reason: "Damaged on arrival",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "pending", amount: 1200 });
    const sent = stripe.refunds.at(-1);
    expect(sent).toMatchObject({ amount: 1200, paymentIntent: "pi_card_refund_1" });
    const queue = (await api().get("/api/admin/payments/refunds?view=pending&pageSize=100")).json();
    expect(queue.items.find((row: { id: number }) => row.id === response.json().refundId).needsAction).toBe(false);
    const manual = await api().post(`/api/admin/payments/refunds/${response.json().refundId}/settle`, {
      outcome: "succeeded",
      reference: "x",
    });
    expect(manual.statusCode).toBe(409);

    const event = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "refund.updated",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sent?.id,
          object: "refund",
          amount: 1200,
          status: "succeeded",
          payment_intent: "pi_card_refund_1",
        },
      },
    };
    expect((await sendWebhook(event)).json().outcome).toBe("applied");
    expect((await sendWebhook(event)).json().outcome).toBe("replayed");
    const [row] = await test.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.providerReference, sent?.id ?? ""));
    expect(row?.status).toBe("succeeded");
    expect((await orderRow(order.id)).paymentState).toBe("partially_refunded");
    const detail = (await api().get(`/api/admin/payments/transactions/${row?.id}`)).json();
    expect(detail.order).toMatchObject({ number: order.number, paid: 5500, refunded: 1200, refundable: 4300 });
    expect(detail.events.map((e: { event: string }) => e.event)).toEqual(["captured", "refunded"]);
    expect(detail.transaction.providerData.stripeRefundId).toBe(sent?.id);
  });

  it("a repeated refund request is the same refund: one Stripe refund, one ledger row, even after our side failed", async () => {
    const order = await paidCardOrder("pi_card_retry_1");
    const body = async (idempotencyKey?: string) => ({
      orderId: order.id,
      version: await versionOf(order.id),
      amount: 700,
      reason: "Retried",
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    const createdBefore = stripe.refunds.length;
    const requestsBefore = stripe.refundRequests.length;

    // The same request twice (a double click, a retry after a timeout): the second answers the first.
    const key = randomUUID();
    const first = await api().post("/api/admin/payments/refunds", await body(key));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ replayed: false, amount: 700, refunded: 700 });
    const again = await api().post("/api/admin/payments/refunds", { ...(await body(key)), version: 1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ refundId: first.json().refundId, replayed: true, refunded: 700 });
    const otherAmount = await api().post("/api/admin/payments/refunds", { ...(await body(key)), amount: 800 });
    expect(otherAmount.statusCode).toBe(409);
    expect(stripe.refunds.length - createdBefore).toBe(1);
    expect(stripe.refundRequests.length - requestsBefore).toBe(1);

    // Stripe refunded but our transaction then failed (the refund's timeline event cannot be
    // written): nothing is recorded; the retry with the same key gets Stripe's same refund back.
    await test.db.execute(
      sql.raw(`
      create or replace function payments_test_fault() returns trigger language plpgsql as $$
      begin raise exception 'injected fault after Stripe answered'; end $$;
      create trigger payments_test_fault before insert on order_events for each row
        when (new.history_id = ${order.id} and new.kind = 'refund') execute function payments_test_fault();`),
    );
    const retryKey = randomUUID();
    try {
      const failed = await api().post("/api/admin/payments/refunds", await body(retryKey));
      expect(failed.statusCode).toBe(500);
    } finally {
      await test.db.execute(
        sql.raw("drop trigger payments_test_fault on order_events; drop function payments_test_fault();"),
      );
    }
    expect((await orderRow(order.id)).paymentState).toBe("partially_refunded");
    expect(stripe.refunds.length - createdBefore).toBe(2);
    const retried = await api().post("/api/admin/payments/refunds", await body(retryKey));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ replayed: false, refunded: 1400 });
    expect(stripe.refundRequests.length - requestsBefore).toBe(3);
    expect(stripe.refunds.length - createdBefore).toBe(2); // the retry was Stripe's replay, not a new refund
    const rows = await test.db.select().from(paymentLedger).where(eq(paymentLedger.historyId, order.id));
    const refunds = rows.filter((row) => row.event === "refunded");
    expect(refunds).toHaveLength(2);
    expect(new Set(refunds.map((row) => row.providerReference)).size).toBe(2);
    expect(refunds.map((row) => (row.providerData as { idempotencyKey?: string }).idempotencyKey)).toEqual([
      key,
      retryKey,
    ]);

    // Without a client key the Stripe key is the refund's own ledger row, not the clock.
    const plain = await api().post("/api/admin/payments/refunds", await body());
    expect(plain.statusCode, plain.body).toBe(200);
    expect(stripe.refunds.at(-1)?.idempotencyKey).toBe(`atelier-refund-${plain.json().refundId}`);
  });

  it("refunds need the refunds permission: a payments-only bookkeeper reads the ledger but moves no money", async () => {
    const role = await api().post("/api/admin/roles", { name: "Bookkeeper", permissions: ["payments"] });
    expect(role.statusCode, role.body).toBe(200);
    const reader = await signUpStaff(test, "Bookkeeper");
    const order = await paidCardOrder("pi_card_permission_1");
    const list = await apiAs(test, reader).get("/api/admin/payments/refunds");
    expect(list.statusCode, list.body).toBe(200);
    const refund = { orderId: order.id, version: await versionOf(order.id), amount: 100, reason: "No" };
    expect((await apiAs(test, reader).post("/api/admin/payments/refunds", refund)).statusCode).toBe(403);
    expect((await apiAs(test, reader).get(`/api/admin/payments/orders/${order.number}`)).statusCode).toBe(403);
    const viaOrder = await apiAs(test, reader).post(`/api/admin/orders/${order.id}/refund`, refund);
    expect(viaOrder.statusCode).toBe(403);
    // The seeded Manager has no payments but may refund (from the order page).
    expect((await apiAs(test, manager).get(`/api/admin/payments/orders/${order.number}`)).statusCode).toBe(200);
    const managed = await apiAs(test, manager).post("/api/admin/payments/refunds", refund);
    expect(managed.statusCode, managed.body).toBe(200);
  });

  it("records a lost dispute as money out", async () => {
    const order = await paidCardOrder("pi_disputed_1");
    for (const [type, status] of [
      ["charge.dispute.created", "needs_response"],
      ["charge.dispute.closed", "lost"],
    ] as const) {
      const response = await sendWebhook({
        id: `evt_${randomUUID()}`,
        object: "event",
        type,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: "dp_1",
            object: "dispute",
            amount: 5500,
            status,
            reason: "fraudulent",
            payment_intent: "pi_disputed_1",
          },
        },
      });
      expect(response.json().outcome).toBe("applied");
    }
    expect((await orderRow(order.id)).paymentState).toBe("refunded");
  });
});

describe("transfers, remittances and payouts", () => {
  it("verifies or rejects transfers from the queue, with a note, in the audit trail", async () => {
    const good = await newOrder("manual_transfer", { transferReference: "MM-778899" });
    const bad = await newOrder("manual_transfer", { transferReference: "MM-000000" });
    const queue = (await api().get("/api/admin/payments/verifications")).json();
    expect(queue.items.map((row: { orderNumber: string }) => row.orderNumber)).toEqual(
      expect.arrayContaining([good.number, bad.number]),
    );
    const noNote = await api().post(`/api/admin/payments/verifications/${bad.id}`, {
      version: (await orderRow(bad.id)).version,
      decision: "reject",
    });
    expect(noNote.statusCode).toBe(422);
    const rejected = await api().post(`/api/admin/payments/verifications/${bad.id}`, {
      version: (await orderRow(bad.id)).version,
      decision: "reject",
      note: "No such transfer in the account",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await orderRow(bad.id)).paymentState).toBe("failed");
    const verified = await api().post(`/api/admin/payments/verifications/${good.id}`, {
      version: (await orderRow(good.id)).version,
      decision: "verify",
      note: "Seen in the bank",
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await orderRow(good.id)).paymentState).toBe("paid");
    const after = (await api().get("/api/admin/payments/verifications")).json();
    expect(after.items.map((row: { orderNumber: string }) => row.orderNumber)).not.toContain(good.number);
    const ledger = await test.db.select().from(paymentLedger).where(eq(paymentLedger.historyId, good.id));
    expect(ledger.map((row) => [row.event, row.providerReference])).toEqual([["transfer_verified", "MM-778899"]]);
    const audit = await test.db.select().from(activityLog).where(eq(activityLog.subjectLabel, bad.number));
    expect(audit[0]).toMatchObject({ action: "order.reject-payment" });
    expect(audit[0]?.before).toMatchObject({ paymentState: "awaiting_verification" });
    expect(audit[0]?.after).toMatchObject({ paymentState: "failed", note: "No such transfer in the account" });
  });

  it("records a courier's remittance for exactly what its delivered orders came to, once", async () => {
    const courier = `Courier ${randomUUID().slice(0, 6)}`;
    const a = await newOrder("cod", { courier, status: "delivered" }, 1); // 3000
    const b = await newOrder("cod", { courier, status: "delivered" }, 2); // 5500
    const notDelivered = await newOrder("cod", { courier, status: "shipped" }, 1);
    const overview = (await api().get("/api/admin/payments/remittances")).json();
    const mine = overview.couriers.find((row: { courier: string }) => row.courier === courier);
    expect(mine.owed).toBe(8500);
    expect(mine.orders.map((row: { orderNumber: string }) => row.orderNumber)).toEqual([a.number, b.number]);

    const wrong = await api().post("/api/admin/payments/remittances", {
      courier,
      orderIds: [a.id, b.id],
      amount: 8000,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.amount).toContain("85.00");
    const undelivered = await api().post("/api/admin/payments/remittances", {
      courier,
      orderIds: [notDelivered.id],
      amount: 3000,
    });
    expect(undelivered.statusCode).toBe(422);
    const right = await api().post("/api/admin/payments/remittances", {
      courier,
      orderIds: [a.id, b.id],
      amount: 8500,
      reference: "Envelope 12",
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ amount: 8500, orders: 2 });
    expect((await orderRow(a.id)).paymentState).toBe("paid");
    const again = await api().post("/api/admin/payments/remittances", { courier, orderIds: [a.id], amount: 3000 });
    expect(again.statusCode).toBe(409);
    const later = (await api().get("/api/admin/payments/remittances")).json();
    const now = later.couriers.find((row: { courier: string }) => row.courier === courier);
    expect(now).toMatchObject({ owed: 0, remitted: 8500, orders: [] });
  });

  it("reads Stripe payouts from the API, matches their lines to orders with fees, and lists the mismatches", async () => {
    const order = await paidCardOrder("pi_payout_match_1");
    const arrival = new Date();
    stripe.payouts.push({
      id: "po_fixture_1",
      arrivalDate: arrival,
      charges: [
        { id: "ch_matched", paymentIntent: "pi_payout_match_1", amount: 5500, fee: 190 },
        { id: "ch_stranger", paymentIntent: "pi_nobody", amount: 1000, fee: 59 },
      ],
    });
    const view = (await api().get("/api/admin/payments/payouts")).json();
    expect(view.configured).toBe(true);
    const payout = view.payouts.find((row: { id: string }) => row.id === "po_fixture_1");
    expect(payout).toMatchObject({ amount: 5500 - 190 + 1000 - 59, fees: 249 });
    expect(
      payout.lines.map((line: { source: string; orderNumber: string | null; fee: number }) => [
        line.source,
        line.orderNumber,
        line.fee,
      ]),
    ).toEqual([
      ["ch_matched", order.number, 190],
      ["ch_stranger", null, 59],
    ]);

    const day = arrival.toISOString().slice(0, 10);
    const recon = (await api().get(`/api/admin/payments/reconciliation?from=${day}&to=${day}`)).json();
    const card = recon.rows.find((row: { method: string }) => row.method === "card");
    // Fees are the ledger's: reading the payout wrote the matched charge's fee onto its
    // capture; the stranger's charge is no order's (a mismatch below), so not its fee either.
    const [captured] = await test.db
      .select({ fee: paymentLedger.fee })
      .from(paymentLedger)
      .where(eq(paymentLedger.providerReference, "pi_payout_match_1"));
    expect(captured?.fee).toBe(190);
    expect(card.fees).toBe(190);
    expect(card.paidOut).toBe(5500 - 190 + 1000 - 59);
    expect(card.net).toBe(card.captured - card.refunded - card.fees);
    expect(card.outstanding).toBe(card.net - card.paidOut);
    expect(recon.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "payout_line_without_order", reference: "ch_stranger" }),
      ]),
    );
    const csv = await api().get(`/api/admin/payments/reconciliation/export?from=${day}&to=${day}`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toBe("period,method,captured,refunded,fees,net,paid_out,outstanding,currency");
  });
});

describe("days in the store's time zone", () => {
  it("reconciles and filters by the store's local day: a payment at 23:30 in New York is that day's, not UTC's next", async () => {
    const [settings] = (await test.db.execute<{ time_zone: string }>(sql`select time_zone from store_settings`)).rows;
    await test.db.execute(sql`update store_settings set time_zone = 'America/New_York'`);
    try {
      const order = await newOrder("cod");
      const id = await recordLedger(test.db, {
        historyId: order.id,
        event: "cash_collected",
        method: "cod",
        amount: 4321,
        currency: "USD",
        actorName: "Midnight",
      });
      // 2020-06-15 03:30 UTC is 2020-06-14 23:30 in New York (EDT, UTC−4).
      await test.db
        .update(paymentLedger)
        .set({ createdAt: new Date("2020-06-15T03:30:00Z") })
        .where(eq(paymentLedger.id, id));
      const recon = (
        await api().get("/api/admin/payments/reconciliation?from=2020-06-14&to=2020-06-15&group=day")
      ).json();
      expect(recon.rows).toEqual([expect.objectContaining({ period: "2020-06-14", method: "cod", captured: 4321 })]);
      const utcNextDay = (await api().get("/api/admin/payments/reconciliation?from=2020-06-15&to=2020-06-15")).json();
      expect(utcNextDay.rows).toEqual([]);
      const month = (
        await api().get("/api/admin/payments/reconciliation?from=2020-06-01&to=2020-06-30&group=month")
      ).json();
      expect(month.rows).toEqual([expect.objectContaining({ period: "2020-06", captured: 4321 })]);
      const onTheDay = (
        await api().get(`/api/admin/payments/transactions?q=${order.number}&from=2020-06-14&to=2020-06-14`)
      ).json();
      expect(onTheDay.items.map((row: { id: number }) => row.id)).toEqual([id]);
      const dayAfter = (await api().get(`/api/admin/payments/transactions?q=${order.number}&from=2020-06-15`)).json();
      expect(dayAfter.total).toBe(0);
      const backwards = await api().get("/api/admin/payments/reconciliation?from=2020-06-15&to=2020-06-14");
      expect(backwards.statusCode).toBe(422);
    } finally {
      await test.db.execute(sql`update store_settings set time_zone = ${settings?.time_zone ?? "UTC"}`);
    }
  });
});

describe("the transactions table", () => {
  it("filters, totals the filter, and exports CSV with formulas neutralised", async () => {
    const order = await newOrder("cod", { customerName: '=HYPERLINK("http://evil")' });
    await recordLedger(test.db, {
      historyId: order.id,
      event: "cash_collected",
      method: "cod",
      amount: 5500,
      currency: "USD",
      providerReference: "@SUM(A1)",
      actorName: "Owner Person",
    });
    const page = (
      await api().get(`/api/admin/payments/transactions?q=${order.number}&method=cod&event=cash_collected`)
    ).json();
    expect(page.total).toBe(1);
    expect(page.totals).toMatchObject({ moneyIn: 5500, moneyOut: 0, net: 5500 });
    expect((await api().get(`/api/admin/payments/transactions?q=${order.number}&method=card`)).json().total).toBe(0);
    const byReference = (await api().get("/api/admin/payments/transactions?q=%40SUM")).json();
    expect(byReference.items[0].orderNumber).toBe(order.number);
    const csv = await api().get(`/api/admin/payments/transactions/export?q=${order.number}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).toContain("'@SUM(A1)");
    expect(csv.body).not.toMatch(/,=|,@/);
    const bad = await api().get("/api/admin/payments/transactions?method=bitcoin");
    expect(bad.statusCode).toBe(400);
  });

  it("is for the payments permission only", async () => {
    expect((await apiAs(test, manager).get("/api/admin/payments/transactions")).statusCode).toBe(403);
    expect((await apiAs(test, shopper).get("/api/admin/payments/refunds")).statusCode).toBe(403);
    expect((await test.app.inject({ url: "/api/admin/payments/payouts" })).statusCode).toBe(401);
  });
});
