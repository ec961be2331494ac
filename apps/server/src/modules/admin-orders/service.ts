/**
 * Running the shop: orders (issue 7). Staff read orders grouped by history id (drafts
 * hidden, the spec's sort: unchecked first, then checked by most recent checkedDate) and
 * act on one: check / undo, statuses (through the orders service's `transition`, so the
 * machine, the version, the timeline and the mails stay in one place), cancel with
 * restock, refunds, payment verification and notes. Every action locks or
 * version-checks the order row, so two staff acting at once: one wins, the other 409.
 */

import {
  ABANDONED_CART_HOURS,
  type AdminBadges,
  type AdminOrder,
  type AdminOrderFilter,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type AdminOrdersBulkBody,
  type BuyingHistoryRecord,
  type CustomerCarts,
  customizationBadge,
  formatMinor,
  minorDigits,
  ordersBadge,
} from "@atelier/contract";
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import type { OrderStatus } from "../../db/schema/commerce.ts";
import { buyingHistory, orderEvents, orderLines, payments } from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import { uncheckedCustomizationCount } from "../customization/index.ts";
import { shipsFrom } from "../inventory/index.ts";
import type { Refunds } from "../orders/index.ts";
import { type Actor, activityActorOf, nextStatuses, type OrdersService, orderLineView } from "../orders/index.ts";
import { ledgerTotals, recordLedger } from "../payment-ledger/index.ts";

type Filter = z.output<typeof AdminOrderFilter>;
const STALE = "This order changed since you opened it. Reload it and try again.";

/** The spec's order: unchecked first, then checked by most recent checkedDate; newest first within. */
const specOrder = [
  asc(buyingHistory.isChecked),
  sql`${buyingHistory.checkedDate} desc nulls last`,
  desc(buyingHistory.id),
];

function whereOf(filter: Filter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(buyingHistory.isDraft, false)];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c: string) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(buyingHistory.number, like),
        ilike(buyingHistory.customerName, like),
        ilike(buyingHistory.email, like),
        ilike(buyingHistory.phone, like),
      ),
    );
  }
  if (filter.status) conditions.push(eq(buyingHistory.status, filter.status));
  if (filter.paymentMethod) conditions.push(eq(buyingHistory.paymentMethod, filter.paymentMethod));
  if (filter.paymentState) conditions.push(eq(buyingHistory.paymentState, filter.paymentState));
  if (filter.zone) conditions.push(eq(buyingHistory.deliveryZoneName, filter.zone));
  if (filter.checked) conditions.push(eq(buyingHistory.isChecked, filter.checked === "yes"));
  if (filter.from) conditions.push(gte(buyingHistory.placedAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) {
    conditions.push(lt(buyingHistory.placedAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 24 * 3600 * 1000)));
  }
  return and(...conditions);
}

function orderByOf(sort: Filter["sort"]) {
  switch (sort) {
    case "newest":
      return [desc(buyingHistory.placedAt), desc(buyingHistory.id)];
    case "oldest":
      return [asc(buyingHistory.placedAt), asc(buyingHistory.id)];
    case "total-desc":
      return [desc(buyingHistory.total), desc(buyingHistory.id)];
    case "total-asc":
      return [asc(buyingHistory.total), desc(buyingHistory.id)];
    default:
      return specOrder;
  }
}

const rowColumns = {
  id: buyingHistory.id,
  number: buyingHistory.number,
  placedAt: buyingHistory.placedAt,
  customerName: buyingHistory.customerName,
  email: buyingHistory.email,
  phone: buyingHistory.phone,
  status: buyingHistory.status,
  paymentMethod: buyingHistory.paymentMethod,
  paymentState: buyingHistory.paymentState,
  deliveryZoneName: buyingHistory.deliveryZoneName,
  currency: buyingHistory.currency,
  total: buyingHistory.total,
  isChecked: buyingHistory.isChecked,
  checkedDate: buyingHistory.checkedDate,
  version: buyingHistory.version,
  itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.history_id = "buying_history"."id")`,
};

export function adminOrdersService(deps: { db: Db; orders: OrdersService; refunds: Refunds }) {
  const { db, orders, refunds } = deps;

  async function lock(tx: Tx, id: number, version: number | undefined) {
    const [order] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, id)).for("update");
    if (!order || order.isDraft) throw new NotFoundError("No such order.");
    if (version !== undefined && order.version !== version) throw new ConflictError(STALE);
    return order;
  }

  async function bump(tx: Tx, id: number, set: Partial<typeof buyingHistory.$inferInsert>): Promise<number> {
    const [row] = await tx
      .update(buyingHistory)
      .set({ ...set, version: sql`${buyingHistory.version} + 1`, updatedAt: new Date() })
      .where(eq(buyingHistory.id, id))
      .returning({ version: buyingHistory.version });
    return row?.version ?? 0;
  }

  async function setChecked(id: number, checked: boolean, version: number | undefined, actor: Actor) {
    return db.transaction(async (tx) => {
      const order = await lock(tx, id, version);
      if (order.isChecked === checked && version === undefined) return order.version;
      const next = await bump(tx, id, { isChecked: checked, checkedDate: checked ? new Date() : null });
      await tx.insert(orderEvents).values({
        historyId: id,
        kind: checked ? "checked" : "unchecked",
        message: checked ? "Marked checked." : "Marked unchecked.",
        isPublic: false,
        actorUserId: actor.userId,
        actorName: actor.name,
      });
      return next;
    });
  }

  async function changeStatus(
    id: number,
    input: {
      to: OrderStatus;
      version?: number;
      courier?: string;
      trackingNumber?: string;
      message?: string;
      restockWarehouseId?: number;
    },
    actor: Actor,
  ): Promise<number> {
    const { order, notify } = await db.transaction(async (tx) => {
      const current = await lock(tx, id, input.version);
      const result = await orders.transitionIn(tx, {
        orderId: id,
        to: input.to,
        actor,
        expectedVersion: current.version,
        ...(input.courier !== undefined ? { courier: input.courier } : {}),
        ...(input.trackingNumber !== undefined ? { trackingNumber: input.trackingNumber } : {}),
        ...(input.message ? { message: input.message } : {}),
      });
      // Stock was taken when the order was placed: a cancelled order gives it back.
      if (input.to === "cancelled") {
        await refunds.restock(id, "all", tx, { warehouseId: input.restockWarehouseId ?? null, actor });
      }
      await recordActivity(tx, {
        actor: activityActorOf(actor),
        action: "order.status",
        subject: { type: "order", id, label: current.number },
        before: { status: current.status, courier: current.courier, trackingNumber: current.trackingNumber },
        after: { status: input.to, courier: result.order.courier, trackingNumber: result.order.trackingNumber },
      });
      return result;
    });
    notify();
    return order.version;
  }

  return {
    /** The spec's call: one record per order line with its history; drafts left out. */
    async buyingHistory(): Promise<BuyingHistoryRecord[]> {
      const rows = await db
        .select({
          id: buyingHistory.id,
          isDraft: buyingHistory.isDraft,
          isChecked: buyingHistory.isChecked,
          checkedDate: buyingHistory.checkedDate,
          deliveryFee: buyingHistory.deliveryFee,
          totalPrice: orderLines.totalPrice,
          name: buyingHistory.customerName,
          email: buyingHistory.email,
          phone: buyingHistory.phone,
        })
        .from(orderLines)
        .innerJoin(buyingHistory, eq(buyingHistory.id, orderLines.historyId))
        .where(eq(buyingHistory.isDraft, false))
        .orderBy(...specOrder, asc(orderLines.id));
      return rows.map((row) => ({
        history: {
          id: row.id,
          isDraft: row.isDraft,
          isChecked: row.isChecked,
          checkedDate: row.checkedDate?.toISOString() ?? null,
          deliveryFee: row.deliveryFee,
        },
        totalPrice: row.totalPrice,
        customer: { name: row.name, email: row.email, phone: row.phone },
      }));
    },

    async badges(): Promise<AdminBadges> {
      const [[orderCount], requests] = await Promise.all([
        db
          .select({ n: count() })
          .from(buyingHistory)
          .where(and(eq(buyingHistory.isDraft, false), eq(buyingHistory.isChecked, false))),
        uncheckedCustomizationCount(db),
      ]);
      return { orders: ordersBadge(orderCount?.n ?? 0), customizationRequests: customizationBadge(requests) };
    },

    async list(query: z.output<typeof AdminOrderListQuery>): Promise<AdminOrderPage> {
      const where = whereOf(query);
      const [rows, [total], [unchecked]] = await Promise.all([
        db
          .select(rowColumns)
          .from(buyingHistory)
          .where(where)
          .orderBy(...orderByOf(query.sort))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(buyingHistory).where(where),
        db
          .select({ n: count() })
          .from(buyingHistory)
          .where(and(where, eq(buyingHistory.isChecked, false))),
      ]);
      const n = total?.n ?? 0;
      return {
        items: rows.map((row) => ({
          ...row,
          placedAt: row.placedAt.toISOString(),
          checkedDate: row.checkedDate?.toISOString() ?? null,
        })),
        page: query.page,
        pageSize: query.pageSize,
        total: n,
        pageCount: Math.ceil(n / query.pageSize),
        unchecked: unchecked?.n ?? 0,
      };
    },

    /** Every row the filter matches (CSV export), in the same order as the list. */
    async exportRows(filter: Filter) {
      return db
        .select(rowColumns)
        .from(buyingHistory)
        .where(whereOf(filter))
        .orderBy(...orderByOf(filter.sort))
        .limit(10_000);
    },

    async get(id: number): Promise<AdminOrder> {
      const [order] = await db.select().from(buyingHistory).where(eq(buyingHistory.id, id));
      if (!order || order.isDraft) throw new NotFoundError("No such order.");
      const [lines, events, money, totals, allocations] = await Promise.all([
        db.select().from(orderLines).where(eq(orderLines.historyId, id)).orderBy(asc(orderLines.id)),
        db
          .select()
          .from(orderEvents)
          .where(eq(orderEvents.historyId, id))
          .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
        db.select().from(payments).where(eq(payments.historyId, id)).orderBy(asc(payments.createdAt), asc(payments.id)),
        ledgerTotals(id, db),
        shipsFrom(db, id),
      ]);
      return {
        id: order.id,
        number: order.number,
        placedAt: order.placedAt.toISOString(),
        status: order.status,
        nextStatuses: [...nextStatuses[order.status]],
        paymentMethod: order.paymentMethod,
        paymentState: order.paymentState,
        transferReference: order.transferReference,
        currency: order.currency,
        subtotal: order.subtotal,
        discount: order.discount,
        couponCode: order.couponCode,
        deliveryFee: order.deliveryFee,
        tax: order.tax,
        total: order.total,
        paid: totals.paid,
        refunded: totals.refunded,
        customerName: order.customerName,
        email: order.email,
        phone: order.phone,
        isGuest: order.userId === null,
        shippingAddress: order.shippingAddress,
        deliveryZoneName: order.deliveryZoneName,
        customerNote: order.customerNote,
        courier: order.courier,
        trackingNumber: order.trackingNumber,
        isChecked: order.isChecked,
        checkedDate: order.checkedDate?.toISOString() ?? null,
        version: order.version,
        lines: lines.map((line) => ({
          ...orderLineView(line),
          shipsFrom: allocations
            .filter((allocation) => allocation.orderLineId === line.id)
            .map((allocation) => ({
              warehouse: allocation.warehouseName,
              code: allocation.warehouseCode,
              quantity: allocation.quantity,
            })),
        })),
        payments: money.map((row) => ({
          id: row.id,
          kind: row.kind,
          method: row.method,
          amount: row.amount,
          reference: row.reference,
          note: row.note,
          recordedByName: row.recordedByName,
          createdAt: row.createdAt.toISOString(),
        })),
        timeline: events.map((event) => ({
          at: event.createdAt.toISOString(),
          kind: event.kind,
          fromStatus: event.fromStatus,
          toStatus: event.toStatus,
          message: event.message,
          actorName: event.actorName,
          isPublic: event.isPublic,
        })),
      };
    },

    async check(id: number, checked: boolean, version: number, actor: Actor) {
      return { version: await setChecked(id, checked, version, actor) };
    },

    async status(
      id: number,
      input: {
        to: OrderStatus;
        version: number;
        courier?: string;
        trackingNumber?: string;
        message?: string;
        restockWarehouseId?: number;
      },
      actor: Actor,
    ) {
      return { version: await changeStatus(id, input, actor) };
    },

    async refund(
      id: number,
      input: { amount: number; reason: string; version: number; idempotencyKey?: string | undefined },
      actor: Actor,
    ) {
      const result = await refunds.refund({
        orderId: id,
        amount: input.amount,
        reason: input.reason,
        actor,
        expectedVersion: input.version,
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
      });
      return { version: result.version };
    },

    /** A manual transfer seen in the account, or cash received: the order is paid. */
    async verifyPayment(id: number, input: { version: number; reference?: string }, actor: Actor) {
      const version = await db.transaction(async (tx) => {
        const order = await lock(tx, id, input.version);
        if (order.paymentMethod === "card") {
          throw new ConflictError("Card payments are confirmed by Stripe, not by hand.");
        }
        if (order.paymentState !== "unpaid" && order.paymentState !== "awaiting_verification") {
          throw new ConflictError("This order's payment has already been recorded.");
        }
        if (order.status === "cancelled") throw new ConflictError("This order was cancelled.");
        const reference = input.reference?.trim() || order.transferReference;
        await recordLedger(tx, {
          historyId: id,
          event: order.paymentMethod === "manual_transfer" ? "transfer_verified" : "cash_collected",
          method: order.paymentMethod,
          amount: order.total,
          currency: order.currency,
          providerReference: reference ?? null,
          providerData: order.transferReference ? { transferReference: order.transferReference } : {},
          actorUserId: actor.userId,
          actorName: actor.name,
        });
        const next = await bump(tx, id, { paymentState: "paid" });
        await recordActivity(tx, {
          actor: activityActorOf(actor),
          action: "order.verify-payment",
          subject: { type: "order", id, label: order.number },
          before: { paymentState: order.paymentState },
          after: {
            paymentState: "paid",
            amount: `${order.currency} ${formatMinor(order.total, minorDigits(order.currency))}`,
            method: order.paymentMethod,
            ...(reference ? { reference } : {}),
          },
        });
        await tx.insert(orderEvents).values({
          historyId: id,
          kind: "payment",
          message:
            order.paymentMethod === "manual_transfer"
              ? `Transfer verified${reference ? ` (reference ${reference})` : ""}: paid.`
              : "Cash received: paid.",
          actorUserId: actor.userId,
          actorName: actor.name,
        });
        return next;
      });
      return { version };
    },

    async note(id: number, message: string, actor: Actor) {
      const version = await db.transaction(async (tx) => {
        const order = await lock(tx, id, undefined);
        await tx.insert(orderEvents).values({
          historyId: id,
          kind: "note",
          message,
          isPublic: false,
          actorUserId: actor.userId,
          actorName: actor.name,
        });
        return order.version;
      });
      return { version };
    },

    /** Each order on its own: one failing (moved on, wrong status) never stops the others. */
    async bulk(body: z.output<typeof AdminOrdersBulkBody>, actor: Actor) {
      let updated = 0;
      const failed: { id: number; number: string; message: string }[] = [];
      for (const id of [...new Set(body.ids)]) {
        try {
          if (body.action === "status") await changeStatus(id, { to: body.to }, actor);
          else await setChecked(id, body.action === "check", undefined, actor);
          updated += 1;
        } catch (error) {
          if (!(error instanceof ConflictError || error instanceof ValidationError || error instanceof NotFoundError)) {
            throw error;
          }
          const [row] = await db
            .select({ number: buyingHistory.number })
            .from(buyingHistory)
            .where(eq(buyingHistory.id, id));
          failed.push({ id, number: row?.number ?? String(id), message: error.message });
        }
      }
      return { updated, failed };
    },

    /** Customers' carts with something in them, most recently active first. */
    async carts(currency: string): Promise<CustomerCarts> {
      const rows = await db.execute<{
        id: number;
        customer: string | null;
        email: string | null;
        is_guest: boolean;
        updated_at: Date | string;
        items: { name: string; quantity: number; filename: string | null }[];
        item_count: number;
        value: number;
      }>(sql`
        select c.id, coalesce(u.name, g.username) as customer, u.email, (c.user_id is null) as is_guest,
               greatest(c.updated_at, max(cl.updated_at)) as updated_at,
               json_agg(json_build_object('name', p.name, 'quantity', cl.quantity,
                 'filename', (select i.filename from product_images i where i.product_id = p.id order by i.position, i.id limit 1))
                 order by cl.id) as items,
               sum(cl.quantity)::int as item_count, sum(cl.quantity * p.price)::int as value
        from carts c
        join cart_lines cl on cl.cart_id = c.id
        join product_variants v on v.id = cl.variant_id
        join products p on p.id = v.product_id
        left join "user" u on u.id = c.user_id
        left join guest g on g.id = c.guest_id
        group by c.id, u.name, u.email, g.username
        order by updated_at desc
        limit 200`);
      const cutoff = Date.now() - ABANDONED_CART_HOURS * 3600 * 1000;
      return {
        abandonedAfterHours: ABANDONED_CART_HOURS,
        items: rows.rows.map((row) => {
          const last = new Date(row.updated_at);
          return {
            id: row.id,
            customer: row.customer ?? "Guest",
            email: row.email,
            isGuest: row.is_guest,
            items: row.items,
            itemCount: row.item_count,
            value: row.value,
            currency,
            lastActivity: last.toISOString(),
            state: last.getTime() < cutoff ? "abandoned" : "open",
          };
        }),
      };
    },
  };
}

export type AdminOrdersService = ReturnType<typeof adminOrdersService>;
