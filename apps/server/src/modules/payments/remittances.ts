/** Cash on delivery: what couriers owe, and recording a courier's remittance against the orders it pays for. */
import type { RemittanceOverview } from "@atelier/contract";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  buyingHistory,
  courierRemittanceOrders,
  courierRemittances,
  orderEvents,
  paymentLedger,
} from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import { type Actor, activityActorOf } from "../orders/index.ts";
import { ledgerTotals, recordLedger } from "../payment-ledger/index.ts";
import type { PaymentsDeps } from "./transactions.ts";
import { money } from "./transactions.ts";

export async function remittanceOverview(deps: PaymentsDeps): Promise<RemittanceOverview> {
  const { db } = deps;
  const [owedRows, remittedRows, recent, currency] = await Promise.all([
    db.execute<{
      id: number;
      number: string;
      courier: string;
      total: number;
      delivered_at: Date | string | null;
    }>(sql`
      select b.id, b.number, b.courier, b.total,
             (select max(e.created_at) from order_events e where e.history_id = b.id and e.to_status = 'delivered') as delivered_at
      from buying_history b
      where b.payment_method = 'cod' and not b.is_draft and b.courier is not null
        and b.status in ('delivered', 'return_requested', 'returned', 'refunded')
        and not exists (select 1 from courier_remittance_orders r where r.history_id = b.id)
      order by b.courier, b.id`),
    db
      .select({ courier: courierRemittances.courier, amount: sql<number>`sum(${courierRemittances.amount})::int` })
      .from(courierRemittances)
      .groupBy(courierRemittances.courier),
    db.execute<{
      id: number;
      courier: string;
      amount: number;
      reference: string;
      note: string;
      actor_name: string;
      created_at: Date | string;
      numbers: string[] | null;
    }>(sql`
      select r.id, r.courier, r.amount, r.reference, r.note, r.actor_name, r.created_at,
             array(select b.number from courier_remittance_orders o join buying_history b on b.id = o.history_id
                   where o.remittance_id = r.id order by b.id) as numbers
      from courier_remittances r order by r.created_at desc, r.id desc limit 50`),
    deps.storeCurrency(),
  ]);
  const couriers = new Map<string, RemittanceOverview["couriers"][number]>();
  const entry = (courier: string) => {
    let found = couriers.get(courier);
    if (!found) {
      found = { courier, owed: 0, remitted: 0, orders: [] };
      couriers.set(courier, found);
    }
    return found;
  };
  for (const row of owedRows.rows) {
    const item = entry(row.courier);
    item.owed += Number(row.total);
    item.orders.push({
      orderId: row.id,
      orderNumber: row.number,
      total: Number(row.total),
      deliveredAt: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
    });
  }
  for (const row of remittedRows) entry(row.courier).remitted = row.amount;
  return {
    couriers: [...couriers.values()].sort((a, b) => b.owed - a.owed || a.courier.localeCompare(b.courier)),
    recent: recent.rows.map((row) => ({
      id: row.id,
      courier: row.courier,
      amount: Number(row.amount),
      orderNumbers: row.numbers ?? [],
      reference: row.reference,
      note: row.note,
      actorName: row.actor_name,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    currency,
  };
}

/**
 * Cash a courier handed over for delivered cash orders: the amount must be exactly
 * those orders' totals; each order is remitted once (the unique index makes a racing
 * second remittance fail); an order not yet marked paid gets its "cash collected".
 */
export async function recordRemittance(
  deps: PaymentsDeps,
  input: { courier: string; orderIds: number[]; amount: number; reference: string; note: string },
  actor: Actor,
) {
  const { db } = deps;
  const ids = [...new Set(input.orderIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const orders = await tx
      .select()
      .from(buyingHistory)
      .where(inArray(buyingHistory.id, ids))
      .orderBy(asc(buyingHistory.id))
      .for("update");
    if (orders.length !== ids.length) throw new NotFoundError("One of the orders does not exist.");
    for (const order of orders) {
      if (order.paymentMethod !== "cod") {
        throw new ValidationError("Check the remittance.", {
          orderIds: `${order.number} is not cash on delivery.`,
        });
      }
      if (order.courier !== input.courier) {
        throw new ValidationError("Check the remittance.", {
          orderIds: `${order.number} was delivered by ${order.courier ?? "no courier"}, not ${input.courier}.`,
        });
      }
      if (!["delivered", "return_requested", "returned", "refunded"].includes(order.status)) {
        throw new ValidationError("Check the remittance.", { orderIds: `${order.number} has not been delivered.` });
      }
    }
    const already = await tx
      .select({ historyId: courierRemittanceOrders.historyId })
      .from(courierRemittanceOrders)
      .where(inArray(courierRemittanceOrders.historyId, ids));
    if (already.length > 0) {
      const numbers = orders.filter((o) => already.some((a) => a.historyId === o.id)).map((o) => o.number);
      throw new ConflictError(`Already remitted: ${numbers.join(", ")}. Reload and try again.`);
    }
    const expected = orders.reduce((sum, order) => sum + order.total, 0);
    const currency = orders[0]?.currency ?? (await deps.storeCurrency());
    if (input.amount !== expected) {
      throw new ValidationError("Check the remittance.", {
        amount: `These orders come to ${money(expected, currency)}; the courier handed over ${money(input.amount, currency)}.`,
      });
    }
    const [remittance] = await tx
      .insert(courierRemittances)
      .values({
        courier: input.courier,
        amount: expected,
        currency,
        reference: input.reference,
        note: input.note,
        actorUserId: actor.userId,
        actorName: actor.name,
      })
      .returning({ id: courierRemittances.id });
    if (!remittance) throw new Error("remittance insert returned nothing");
    await tx
      .insert(courierRemittanceOrders)
      .values(orders.map((order) => ({ remittanceId: remittance.id, historyId: order.id, amount: order.total })));
    for (const order of orders) {
      const totals = await ledgerTotals(order.id, tx);
      if (totals.paid === 0) {
        await recordLedger(tx, {
          historyId: order.id,
          event: "cash_collected",
          method: "cod",
          amount: order.total,
          currency: order.currency,
          providerReference: input.reference || `remittance-${remittance.id}`,
          providerData: { courier: input.courier, remittanceId: remittance.id },
          actorUserId: actor.userId,
          actorName: actor.name,
          remittanceId: remittance.id,
        });
        await tx
          .update(buyingHistory)
          .set({ version: sql`${buyingHistory.version} + 1`, updatedAt: new Date() })
          .where(eq(buyingHistory.id, order.id));
        await tx.insert(orderEvents).values({
          historyId: order.id,
          kind: "payment",
          message: `Cash handed over by ${input.courier}: paid.`,
          actorUserId: actor.userId,
          actorName: actor.name,
        });
      } else {
        await tx
          .update(paymentLedger)
          .set({ remittanceId: remittance.id })
          .where(
            and(
              eq(paymentLedger.historyId, order.id),
              eq(paymentLedger.event, "cash_collected"),
              isNull(paymentLedger.remittanceId),
            ),
          );
      }
    }
    await recordActivity(tx, {
      actor: activityActorOf(actor),
      action: "remittance.create",
      subject: { type: "remittance", id: remittance.id, label: input.courier },
      before: null,
      after: {
        courier: input.courier,
        amount: money(expected, currency),
        orders: orders.map((order) => order.number).join(", "),
        ...(input.reference ? { reference: input.reference } : {}),
      },
    });
    return { id: remittance.id, amount: expected, orders: orders.length };
  });
}
