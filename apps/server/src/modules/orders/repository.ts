/** SQL for orders as their customers see them, and for status changes. */
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { OrderRequestKind, OrderStatus } from "../../db/schema/commerce.ts";
import {
  buyingHistory,
  mediaFiles,
  orderEvents,
  orderLines,
  orderRequests,
  storeSettings,
} from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";

export type OrderRow = typeof buyingHistory.$inferSelect;
export type Conn = Db | Tx;

/** A guest's orders are the ones still theirs: once merged into an account they are the account's. */
export function ownedBy(shopper: Shopper) {
  return "userId" in shopper
    ? eq(buyingHistory.userId, shopper.userId)
    : and(eq(buyingHistory.guestId, shopper.guestId), isNull(buyingHistory.userId));
}

export function ordersRepository(db: Db) {
  return {
    async page(shopper: Shopper, page: number, pageSize: number, tx: Conn = db) {
      const where = and(ownedBy(shopper), eq(buyingHistory.isDraft, false));
      const [rows, [total]] = await Promise.all([
        tx
          .select({
            id: buyingHistory.id,
            number: buyingHistory.number,
            placedAt: buyingHistory.placedAt,
            status: buyingHistory.status,
            paymentMethod: buyingHistory.paymentMethod,
            paymentState: buyingHistory.paymentState,
            currency: buyingHistory.currency,
            total: buyingHistory.total,
            // Spelled out: drizzle leaves columns unqualified in a one-table select, which a
            // correlated subquery would read as its own table's.
            itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.history_id = "buying_history"."id")`,
            filename: sql<
              string | null
            >`(select l.filename from order_lines l where l.history_id = "buying_history"."id" order by l.id limit 1)`,
          })
          .from(buyingHistory)
          .where(where)
          .orderBy(desc(buyingHistory.placedAt), desc(buyingHistory.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        tx.select({ n: count() }).from(buyingHistory).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async byNumber(number: string, tx: Conn = db): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(buyingHistory).where(eq(buyingHistory.number, number));
      return row;
    },

    async byId(id: number, tx: Conn = db): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, id));
      return row;
    },

    async lockById(id: number, tx: Tx): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(buyingHistory).where(eq(buyingHistory.id, id)).for("update");
      return row;
    },

    lines(historyId: number, tx: Conn = db) {
      return tx.select().from(orderLines).where(eq(orderLines.historyId, historyId)).orderBy(asc(orderLines.id));
    },

    publicEvents(historyId: number, tx: Conn = db) {
      return tx
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.historyId, historyId), eq(orderEvents.isPublic, true)))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
    },

    requests(historyId: number, tx: Conn = db) {
      return tx
        .select()
        .from(orderRequests)
        .where(eq(orderRequests.historyId, historyId))
        .orderBy(desc(orderRequests.createdAt), desc(orderRequests.id));
    },

    async openRequest(historyId: number, kind: OrderRequestKind, tx: Conn = db) {
      const [row] = await tx
        .select({ id: orderRequests.id })
        .from(orderRequests)
        .where(
          and(eq(orderRequests.historyId, historyId), eq(orderRequests.kind, kind), eq(orderRequests.status, "open")),
        );
      return row;
    },

    /** When the order was last marked delivered (the return window counts from then). */
    async deliveredAt(historyId: number, tx: Conn = db): Promise<Date | null> {
      const [row] = await tx
        .select({ at: orderEvents.createdAt })
        .from(orderEvents)
        .where(and(eq(orderEvents.historyId, historyId), eq(orderEvents.toStatus, "delivered")))
        .orderBy(desc(orderEvents.createdAt))
        .limit(1);
      return row?.at ?? null;
    },

    async returnWindowDays(tx: Conn = db): Promise<number> {
      const [row] = await tx.select({ days: storeSettings.returnWindowDays }).from(storeSettings).limit(1);
      return row?.days ?? 14;
    },

    async existingImages(filenames: readonly string[], tx: Conn = db): Promise<Set<string>> {
      if (filenames.length === 0) return new Set();
      const rows = await tx
        .select({ filename: mediaFiles.filename })
        .from(mediaFiles)
        .where(inArray(mediaFiles.filename, [...filenames]));
      return new Set(rows.map((row) => row.filename));
    },

    async setStatus(
      id: number,
      fromVersion: number,
      change: { status: OrderStatus; courier?: string; trackingNumber?: string },
      tx: Tx,
    ): Promise<OrderRow | undefined> {
      const [row] = await tx
        .update(buyingHistory)
        .set({
          status: change.status,
          ...(change.courier !== undefined ? { courier: change.courier } : {}),
          ...(change.trackingNumber !== undefined ? { trackingNumber: change.trackingNumber } : {}),
          version: sql`${buyingHistory.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(buyingHistory.id, id), eq(buyingHistory.version, fromVersion)))
        .returning();
      return row;
    },

    addEvent(event: typeof orderEvents.$inferInsert, tx: Conn = db) {
      return tx.insert(orderEvents).values(event);
    },

    async addRequest(request: typeof orderRequests.$inferInsert, tx: Conn = db) {
      const [row] = await tx.insert(orderRequests).values(request).returning();
      if (!row) throw new Error("order request insert returned nothing");
      return row;
    },

    /** Moves a guest's orders into the account at sign-in (inside the merge transaction). */
    async claimGuestOrders(guestId: string, userId: string, tx: Tx) {
      await tx
        .update(buyingHistory)
        .set({ userId, updatedAt: new Date() })
        .where(and(eq(buyingHistory.guestId, guestId), isNull(buyingHistory.userId)));
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
