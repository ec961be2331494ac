/** The staff order list: filters, sort and paging, its CSV rows, the side menu's badges and the spec's buying history. */
import {
  type AdminBadges,
  type AdminOrderFilter,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type BuyingHistoryRecord,
  customizationBadge,
  ordersBadge,
} from "@atelier/contract";
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { buyingHistory, orderLines } from "../../db/schema/index.ts";
import { uncheckedCustomizationCount } from "../customization/index.ts";
import type { OrdersService, Refunds } from "../orders/index.ts";

export type Filter = z.output<typeof AdminOrderFilter>;
export const STALE = "This order changed since you opened it. Reload it and try again.";

/** The spec's order: unchecked first, then checked by most recent checkedDate; newest first within. */
export const specOrder = [
  asc(buyingHistory.isChecked),
  sql`${buyingHistory.checkedDate} desc nulls last`,
  desc(buyingHistory.id),
];

export function whereOf(filter: Filter): SQL | undefined {
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

export function orderByOf(sort: Filter["sort"]) {
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

export const rowColumns = {
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

/** What these use cases work with (composed in the module's index.ts). */
export interface AdminOrdersDeps {
  db: Db;
  orders: OrdersService;
  refunds: Refunds;
}

export async function listOrders(
  deps: AdminOrdersDeps,
  query: z.output<typeof AdminOrderListQuery>,
): Promise<AdminOrderPage> {
  const { db } = deps;
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
}

/** Every row the filter matches (CSV export), in the same order as the list. */
export async function exportOrderRows(deps: AdminOrdersDeps, filter: Filter) {
  const { db } = deps;
  return db
    .select(rowColumns)
    .from(buyingHistory)
    .where(whereOf(filter))
    .orderBy(...orderByOf(filter.sort))
    .limit(10_000);
}

export async function orderBadges(deps: AdminOrdersDeps): Promise<AdminBadges> {
  const { db } = deps;
  const [[orderCount], requests] = await Promise.all([
    db
      .select({ n: count() })
      .from(buyingHistory)
      .where(and(eq(buyingHistory.isDraft, false), eq(buyingHistory.isChecked, false))),
    uncheckedCustomizationCount(db),
  ]);
  return { orders: ordersBadge(orderCount?.n ?? 0), customizationRequests: customizationBadge(requests) };
}

/** The spec's call: one record per order line with its history; drafts left out. */
export async function buyingHistoryRecords(deps: AdminOrdersDeps): Promise<BuyingHistoryRecord[]> {
  const { db } = deps;
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
}
