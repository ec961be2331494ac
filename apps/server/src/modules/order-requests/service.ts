/**
 * Staff handling of customers' cancel and return requests (issue 7). Each action is one
 * transaction that first moves the request with a conditional UPDATE on (id, version,
 * status): of two staff acting at once, one wins and the other gets 409. The order side
 * goes through the orders service (`transitionIn`: status machine, timeline, version,
 * mail) and `refunds.ts` (refund never above paid − refunded, restock).
 *
 *  cancel:  open → approved (order cancelled, all units restocked, what was paid refunded)
 *  return:  open → approved (instructions mailed) → received (returned units restocked,
 *           order_lines.returnedQuantity raised, order → returned, their price refunded up
 *           to what was paid → request refunded, order refunded when fully refunded)
 *  either:  open → rejected with a reason (a refused return puts the order back to delivered)
 */
import type { AdminOrderRequest, AdminOrderRequestsPage } from "@atelier/contract";
import { formatMinor, minorDigits } from "@atelier/contract";
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import {
  buyingHistory,
  type OrderRequestKind,
  type OrderRequestStatus,
  orderEvents,
  orderLines,
  orderRequests,
  users,
} from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { recordActivity } from "../activity-log/index.ts";
import type { Mailer, MailMessage } from "../mail/index.ts";
import type { Actor, OrdersService } from "../orders/index.ts";
import { activityActorOf, paidAndRefunded, type Refunds } from "../orders/index.ts";
import { paidForUnits } from "../promotions/index.ts";

export const STALE_ORDER_REQUEST = "This request changed since you opened it. Reload it and try again.";

interface Deps {
  db: Db;
  orders: OrdersService;
  refunds: Refunds;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  storeName: string;
}

type RequestRow = typeof orderRequests.$inferSelect;

export interface ListFilter {
  page: number;
  pageSize: number;
  kind?: OrderRequestKind | undefined;
  status?: OrderRequestStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function orderRequestsAdmin({ db, orders, refunds, mailer, storeName }: Deps) {
  async function views(rows: RequestRow[]): Promise<AdminOrderRequest[]> {
    if (rows.length === 0) return [];
    const orderIds = [...new Set(rows.map((row) => row.historyId))];
    const deciders = [...new Set(rows.flatMap((row) => (row.decidedBy ? [row.decidedBy] : [])))];
    const [orderRows, lines, people] = await Promise.all([
      db.select().from(buyingHistory).where(inArray(buyingHistory.id, orderIds)),
      db
        .select({
          id: orderLines.id,
          productName: orderLines.productName,
          unitPrice: orderLines.unitPrice,
        })
        .from(orderLines)
        .where(inArray(orderLines.historyId, orderIds)),
      deciders.length > 0
        ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, deciders))
        : [],
    ]);
    return rows.flatMap((row) => {
      const order = orderRows.find((candidate) => candidate.id === row.historyId);
      if (!order) return [];
      return [
        {
          id: row.id,
          kind: row.kind,
          status: row.status,
          reason: row.reason,
          items: row.items.map((item) => {
            const line = lines.find((candidate) => candidate.id === item.orderLineId);
            return { ...item, productName: line?.productName ?? "", unitPrice: line?.unitPrice ?? 0 };
          }),
          photos: row.photos,
          resolutionNote: row.resolutionNote,
          decidedByName: people.find((person) => person.id === row.decidedBy)?.name ?? null,
          decidedAt: row.decidedAt?.toISOString() ?? null,
          version: row.version,
          createdAt: row.createdAt.toISOString(),
          order: {
            id: order.id,
            number: order.number,
            status: order.status,
            paymentState: order.paymentState,
            customerName: order.customerName,
            email: order.email,
            currency: order.currency,
            total: order.total,
          },
        },
      ];
    });
  }

  async function viewOf(id: number): Promise<AdminOrderRequest> {
    const rows = await db.select().from(orderRequests).where(eq(orderRequests.id, id));
    const [view] = await views(rows);
    if (!view) throw new NotFoundError("No such request.");
    return view;
  }

  /** Moves the request from `from` to `set.status` if it is still at `version`; 404 / 409 otherwise. */
  async function move(
    tx: Tx,
    id: number,
    version: number,
    from: OrderRequestStatus,
    set: Partial<typeof orderRequests.$inferInsert>,
    kind?: OrderRequestKind,
  ): Promise<RequestRow> {
    const [row] = await tx
      .update(orderRequests)
      .set({ ...set, version: sql`${orderRequests.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(orderRequests.id, id),
          eq(orderRequests.version, version),
          eq(orderRequests.status, from),
          kind ? eq(orderRequests.kind, kind) : undefined,
        ),
      )
      .returning();
    if (row) return row;
    const [current] = await tx.select().from(orderRequests).where(eq(orderRequests.id, id));
    if (!current) throw new NotFoundError("No such request.");
    if (current.version !== version) throw new ConflictError(STALE_ORDER_REQUEST);
    if (kind && current.kind !== kind) throw new ConflictError("Only a return can be marked received.");
    throw new ConflictError(`This request is already ${current.status}.`);
  }

  async function event(tx: Tx, historyId: number, message: string, actor: Actor): Promise<void> {
    await tx
      .insert(orderEvents)
      .values({ historyId, kind: "request", message, actorUserId: actor.userId, actorName: actor.name });
  }

  /** A staff decision on a request, in the activity log of its transaction (issue 37, item 6). */
  async function logDecision(
    tx: Tx,
    actor: Actor,
    verb: "approve" | "reject" | "received",
    request: { id: number; historyId: number; kind: string; status: string },
    details: Record<string, unknown>,
  ): Promise<void> {
    const [order] = await tx
      .select({ number: buyingHistory.number })
      .from(buyingHistory)
      .where(eq(buyingHistory.id, request.historyId));
    await recordActivity(tx, {
      actor: activityActorOf(actor),
      action: `order-request.${verb}`,
      subject: {
        type: "order-request",
        id: request.id,
        label: `${request.kind} of ${order?.number ?? request.historyId}`,
      },
      after: { status: request.status, ...details },
    });
  }

  /** The customer's mail about their request, enqueued on `tx`: it commits with the decision (ADR 0008). */
  async function mailCustomer(tx: Tx, orderId: number, subject: string, lines: string[]): Promise<void> {
    const [order] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, orderId));
    if (!order) return;
    const url = orders.orderUrl(order);
    const body = [`Hello ${order.customerName},`, "", ...lines, "", "Your order:", url];
    const text = [...body, "", `— ${storeName}`].join("\n");
    const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5">${body
      .filter((line) => line !== "")
      .map((line) => `<p style="margin:4px 0">${escapeHtml(line)}</p>`)
      .join("")}</body></html>`;
    const message: MailMessage = { to: order.email, subject: `Order ${order.number}: ${subject}`, text, html };
    await mailer.send(message, { tx });
  }

  const decided = (actor: Actor) => ({ decidedBy: actor.userId, decidedAt: new Date(), isChecked: true });

  return {
    async list(filter: ListFilter): Promise<AdminOrderRequestsPage> {
      const conditions: SQL[] = [];
      if (filter.kind) conditions.push(eq(orderRequests.kind, filter.kind));
      if (filter.status) conditions.push(eq(orderRequests.status, filter.status));
      if (filter.from) conditions.push(gte(orderRequests.createdAt, new Date(`${filter.from}T00:00:00Z`)));
      if (filter.to) {
        const end = new Date(`${filter.to}T00:00:00Z`);
        end.setUTCDate(end.getUTCDate() + 1);
        conditions.push(lt(orderRequests.createdAt, end));
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orderRequests)
          .where(where)
          .orderBy(sql`${orderRequests.status} = 'open' desc`, desc(orderRequests.createdAt), desc(orderRequests.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ n: count() }).from(orderRequests).where(where),
      ]);
      const n = total?.n ?? 0;
      return {
        items: await views(rows),
        page: filter.page,
        pageSize: filter.pageSize,
        total: n,
        pageCount: Math.ceil(n / filter.pageSize),
      };
    },

    async approve(id: number, input: { version: number; note: string }, actor: Actor): Promise<AdminOrderRequest> {
      const row = await db.transaction(async (tx) => {
        const request = await move(tx, id, input.version, "open", {
          status: "approved",
          resolutionNote: input.note,
          ...decided(actor),
        });
        if (request.kind === "cancel") {
          await orders.transitionIn(tx, {
            orderId: request.historyId,
            to: "cancelled",
            actor,
            message: "Cancelled at the customer's request.",
          });
          await refunds.restock(request.historyId, "all", tx);
          const { paid, refunded } = await paidAndRefunded(request.historyId, tx);
          if (paid - refunded > 0) {
            await refunds.refund(
              { orderId: request.historyId, amount: paid - refunded, reason: "Order cancelled", actor },
              tx,
            );
          }
          await event(tx, request.historyId, "Cancellation approved; the stock was put back.", actor);
        } else {
          const [order] = await tx
            .select({ status: buyingHistory.status })
            .from(buyingHistory)
            .where(eq(buyingHistory.id, request.historyId))
            .for("update");
          if (order?.status !== "return_requested") {
            throw new ValidationError("Only a delivered order waiting for its return can have a return approved.");
          }
          await event(tx, request.historyId, "Return approved; instructions sent.", actor);
        }
        await logDecision(tx, actor, "approve", request, { note: input.note });
        await mailCustomer(
          tx,
          request.historyId,
          request.kind === "cancel" ? "your cancellation was approved" : "your return was approved",
          request.kind === "cancel"
            ? ["We have cancelled your order as you asked. Anything you paid is refunded.", input.note]
            : ["We have approved your return. How to send the items back:", input.note || "Reply to this mail."],
        );
        return request;
      });
      return viewOf(row.id);
    },

    async reject(id: number, input: { version: number; reason: string }, actor: Actor): Promise<AdminOrderRequest> {
      const row = await db.transaction(async (tx) => {
        const request = await move(tx, id, input.version, "open", {
          status: "rejected",
          resolutionNote: input.reason,
          ...decided(actor),
        });
        if (request.kind === "return") {
          const [order] = await tx
            .select({ status: buyingHistory.status })
            .from(buyingHistory)
            .where(eq(buyingHistory.id, request.historyId));
          if (order?.status === "return_requested") {
            await orders.transitionIn(tx, {
              orderId: request.historyId,
              to: "delivered",
              actor,
              message: "Return refused.",
            });
          }
        }
        await event(
          tx,
          request.historyId,
          `${request.kind === "cancel" ? "Cancellation" : "Return"} refused: ${input.reason}`,
          actor,
        );
        await logDecision(tx, actor, "reject", request, { reason: input.reason });
        await mailCustomer(
          tx,
          request.historyId,
          `your ${request.kind === "cancel" ? "cancellation" : "return"} request`,
          [
            `We cannot accept your ${request.kind === "cancel" ? "cancellation" : "return"} request.`,
            `Reason: ${input.reason}`,
          ],
        );
        return request;
      });
      return viewOf(row.id);
    },

    async received(
      id: number,
      input: { version: number; restockWarehouseId?: number | undefined },
      actor: Actor,
    ): Promise<AdminOrderRequest> {
      const row = await db.transaction(async (tx) => {
        const request = await move(tx, id, input.version, "approved", { status: "received" }, "return");
        const lines = await tx.select().from(orderLines).where(eq(orderLines.historyId, request.historyId));
        let value = 0;
        for (const item of request.items) {
          const line = lines.find((candidate) => candidate.id === item.orderLineId);
          if (!line) continue;
          const quantity = Math.min(item.quantity, line.quantity - line.returnedQuantity);
          if (quantity <= 0) continue;
          await tx
            .update(orderLines)
            .set({ returnedQuantity: sql`${orderLines.returnedQuantity} + ${quantity}` })
            .where(eq(orderLines.id, line.id));
          // What was paid for these units: the line's price less its share of the order's discount.
          value += paidForUnits(line, line.returnedQuantity, quantity);
        }
        await refunds.restock(request.historyId, request.items, tx, {
          warehouseId: input.restockWarehouseId ?? null,
        });
        await logDecision(tx, actor, "received", request, { items: request.items });
        const moved = await orders.transitionIn(tx, {
          orderId: request.historyId,
          to: "returned",
          actor,
          message: "Returned items received and put back in stock.",
        });
        const currency = moved.order.currency;
        const { paid, refunded } = await paidAndRefunded(request.historyId, tx);
        const refundedAmount = Math.min(value, paid - refunded);
        if (refundedAmount <= 0) return request;
        const result = await refunds.refund(
          { orderId: request.historyId, amount: refundedAmount, reason: "Returned items", actor },
          tx,
        );
        await tx
          .update(orderRequests)
          .set({ status: "refunded", version: sql`${orderRequests.version} + 1`, updatedAt: new Date() })
          .where(eq(orderRequests.id, request.id));
        if (result.paymentState === "refunded") {
          await orders.transitionIn(tx, {
            orderId: request.historyId,
            to: "refunded",
            actor,
            message: "Refunded in full.",
          });
        }
        await mailCustomer(tx, request.historyId, "your refund", [
          `We received your return and refunded ${formatMinor(refundedAmount, minorDigits(currency))} ${currency}.`,
        ]);
        return request;
      });
      return viewOf(row.id);
    },
  };
}

export type OrderRequestsAdmin = ReturnType<typeof orderRequestsAdmin>;
