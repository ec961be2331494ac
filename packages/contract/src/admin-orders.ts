/**
 * Running the shop: orders (issue 7). The spec's call get-all-buying-history (section 7),
 * the side menu's two badges (sections 2 and 9), and the staff order pages: the grouped
 * list with search, filters and sorts, one order with its actions, bulk actions and CSV.
 * Everything needs the `orders` permission; every change carries the order's `version`
 * (a stale one answers 409 "This order changed since you opened it").
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import {
  CurrencyCode,
  Id,
  IdempotencyKey,
  IdParam,
  ImageFilename,
  MinorUnits,
  optionalQueryField,
  PageQuery,
  pageOf,
} from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import {
  OrderLine,
  OrderStatus,
  OrderTimelineEvent,
  PaymentMethod,
  PaymentState,
  PostalAddressShape,
} from "./orders.ts";

/** The spec's badge cap (section 9): a badge never shows more than this (no "99+"). */
export const BADGE_CAP = 99;

/** Show Orders' badge: unchecked (non-draft) orders, capped at 99. */
export function ordersBadge(uncheckedOrders: number): number {
  return Math.min(BADGE_CAP, Math.max(0, uncheckedOrders));
}

/**
 * Customization Requests' badge: the spec's "unchecked count divided by two", rounded
 * DOWN (floor: 0 and 1 show 0, 2 and 3 show 1), then capped at 99 (199 and 250 show 99).
 */
export function customizationBadge(uncheckedRequests: number): number {
  return Math.min(BADGE_CAP, Math.floor(Math.max(0, uncheckedRequests) / 2));
}

/** How often the admin side menu asks for the badges again (and on window focus). */
export const BADGE_POLL_MS = 10_000;

export const AdminBadges = z
  .object({ orders: z.number().int(), customizationRequests: z.number().int() })
  .meta({ id: "AdminBadges" });
export type AdminBadges = z.infer<typeof AdminBadges>;

/** The spec's query: an email parameter, which grants nothing (the caller's session decides). */
export const BuyingHistoryQuery = z.object({ email: z.string().max(254).optional() });

/**
 * One record of get-all-buying-history: one per order line ("orders"), carrying its
 * order's `history`; clients group records by history.id. A group's total is the sum of
 * its records' totalPrice plus the history's deliveryFee (taken once, from the history).
 * Draft orders are left out; records come unchecked histories first, then checked ones by
 * most recent checkedDate, then newest history first.
 */
export const BuyingHistoryRecord = z
  .object({
    history: z.object({
      id: Id,
      isDraft: z.boolean(),
      isChecked: z.boolean(),
      checkedDate: z.string().nullable(),
      deliveryFee: MinorUnits,
    }),
    totalPrice: MinorUnits,
    customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  })
  .meta({ id: "BuyingHistoryRecord" });
export type BuyingHistoryRecord = z.infer<typeof BuyingHistoryRecord>;

export const adminOrderSorts = ["spec", "newest", "oldest", "total-desc", "total-asc"] as const;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" });
export const AdminOrderFilter = z.object({
  /** Order number, customer name, email or phone (contains, case-insensitive). */
  q: optionalQueryField(z.string().trim().max(100)),
  status: optionalQueryField(OrderStatus),
  paymentMethod: optionalQueryField(PaymentMethod),
  paymentState: optionalQueryField(PaymentState),
  from: optionalQueryField(Day),
  to: optionalQueryField(Day),
  zone: optionalQueryField(z.string().max(80)),
  checked: optionalQueryField(z.enum(["yes", "no"])),
  /** "spec" (default): unchecked first, then checked by most recent checkedDate. */
  sort: z.enum(adminOrderSorts).default("spec"),
});
export const AdminOrderListQuery = AdminOrderFilter.extend(PageQuery.shape);
export type AdminOrderListQuery = z.input<typeof AdminOrderListQuery>;

export const AdminOrderRow = z.object({
  id: Id,
  number: z.string(),
  placedAt: z.string(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  paymentState: PaymentState,
  deliveryZoneName: z.string(),
  currency: CurrencyCode,
  total: MinorUnits,
  itemCount: z.number().int(),
  isChecked: z.boolean(),
  checkedDate: z.string().nullable(),
  version: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrderPage = pageOf(AdminOrderRow)
  .extend({ unchecked: z.number().int() })
  .meta({ id: "AdminOrderPage" });
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

export const AdminPayment = z.object({
  id: Id,
  kind: z.enum(["payment", "refund"]),
  method: PaymentMethod,
  amount: MinorUnits,
  reference: z.string().nullable(),
  note: z.string(),
  recordedByName: z.string(),
  createdAt: z.string(),
});

export const AdminOrder = z
  .object({
    id: Id,
    number: z.string(),
    placedAt: z.string(),
    status: OrderStatus,
    nextStatuses: z.array(OrderStatus),
    paymentMethod: PaymentMethod,
    paymentState: PaymentState,
    transferReference: z.string().nullable(),
    currency: CurrencyCode,
    subtotal: MinorUnits,
    discount: MinorUnits,
    couponCode: z.string().nullable(),
    deliveryFee: MinorUnits,
    tax: MinorUnits,
    total: MinorUnits,
    paid: MinorUnits,
    refunded: MinorUnits,
    customerName: z.string(),
    email: z.string(),
    phone: z.string(),
    isGuest: z.boolean(),
    shippingAddress: PostalAddressShape,
    deliveryZoneName: z.string(),
    customerNote: z.string(),
    courier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    isChecked: z.boolean(),
    checkedDate: z.string().nullable(),
    version: z.number().int(),
    /** Inventory (issue 14): what each line ships from (warehouse and units). */
    lines: z.array(
      OrderLine.extend({
        shipsFrom: z.array(z.object({ warehouse: z.string(), code: z.string(), quantity: z.number().int() })),
      }),
    ),
    payments: z.array(AdminPayment),
    /** Every event, staff notes (isPublic false) included. */
    timeline: z.array(OrderTimelineEvent.extend({ isPublic: z.boolean() })),
  })
  .meta({ id: "AdminOrder" });
export type AdminOrder = z.infer<typeof AdminOrder>;

const Version = z.number().int().positive();
export const OrderIdParams = z.object({ id: IdParam });

export const CheckOrderBody = z.object({ checked: z.boolean(), version: Version });
export const OrderStatusBody = z.object({
  to: OrderStatus,
  version: Version,
  courier: z.string().trim().max(80).optional(),
  trackingNumber: z.string().trim().max(80).optional(),
  message: z.string().trim().max(500).optional(),
  /** Inventory (issue 14): cancelling restocks here (default: the warehouse each unit came from). */
  restockWarehouseId: z.number().int().positive().optional(),
});
export type OrderStatusBody = z.input<typeof OrderStatusBody>;
export const RefundBody = z.object({
  amount: z.number().int().positive(),
  reason: z.string().trim().max(500).default(""),
  version: Version,
  /** A repeated request with the same key is the same refund (see the payments contract). */
  idempotencyKey: IdempotencyKey.optional(),
});
export const VerifyPaymentBody = z.object({
  version: Version,
  reference: z.string().trim().max(80).optional(),
});
export const OrderNoteBody = z.object({ message: z.string().trim().min(1).max(2000) });

export const AdminOrdersBulkBody = z.discriminatedUnion("action", [
  z.object({ action: z.literal("check"), ids: z.array(Id).min(1).max(100) }),
  z.object({ action: z.literal("uncheck"), ids: z.array(Id).min(1).max(100) }),
  z.object({ action: z.literal("status"), to: OrderStatus, ids: z.array(Id).min(1).max(100) }),
]);
export type AdminOrdersBulkBody = z.input<typeof AdminOrdersBulkBody>;
export const AdminOrdersBulkResult = z.object({
  updated: z.number().int(),
  failed: z.array(z.object({ id: Id, number: z.string(), message: z.string() })),
});

/** A customer's cart as staff see it: open until idle this long, then abandoned. */
export const ABANDONED_CART_HOURS = 24;
export const CustomerCart = z.object({
  id: Id,
  customer: z.string(),
  email: z.string().nullable(),
  isGuest: z.boolean(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), filename: ImageFilename.nullable() })),
  itemCount: z.number().int(),
  value: MinorUnits,
  currency: CurrencyCode,
  lastActivity: z.string(),
  state: z.enum(["open", "abandoned"]),
});
export const CustomerCarts = z.object({ items: z.array(CustomerCart), abandonedAfterHours: z.number().int() });
export type CustomerCarts = z.infer<typeof CustomerCarts>;

const tags = ["admin: orders"];
const access = { permission: "orders" } as const;
const ok = z.object({ version: z.number().int() });

export const adminOrderEndpoints = {
  buyingHistory: defineEndpoint({
    method: "GET",
    path: apiPaths.getAllBuyingHistory,
    summary:
      "The spec's buying-history records: one per order line with its history, totalPrice and customer (drafts left out)",
    tags,
    access,
    query: BuyingHistoryQuery,
    response: z.array(BuyingHistoryRecord),
  }),
  badges: defineEndpoint({
    method: "GET",
    path: apiPaths.adminBadges,
    summary:
      "The side menu's badges: unchecked orders (capped at 99), unchecked customization requests ÷ 2 (floor, capped)",
    tags,
    access,
    response: AdminBadges,
  }),
  list: defineEndpoint({
    method: "GET",
    path: apiPaths.adminOrders,
    summary: "Orders grouped by history id, drafts hidden, searched, filtered, sorted and paged",
    tags,
    access,
    query: AdminOrderListQuery,
    response: AdminOrderPage,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    path: apiPaths.adminOrdersExport,
    summary: "The filtered orders as CSV (text/csv)",
    tags,
    access,
    query: AdminOrderFilter,
    response: z.string(),
  }),
  bulk: defineEndpoint({
    method: "POST",
    path: apiPaths.adminOrdersBulk,
    summary: "Marks orders checked / unchecked or moves them to a status; each order succeeds or fails on its own",
    tags,
    access,
    body: AdminOrdersBulkBody,
    response: AdminOrdersBulkResult,
  }),
  get: defineEndpoint({
    method: "GET",
    path: apiPaths.adminOrder,
    summary: "One order with lines, payments and its whole timeline",
    tags,
    access,
    params: OrderIdParams,
    response: AdminOrder,
  }),
  check: defineEndpoint({
    method: "POST",
    path: apiPaths.adminOrderCheck,
    summary: "Marks the order checked (sets checkedDate) or unchecked",
    tags,
    access,
    params: OrderIdParams,
    body: CheckOrderBody,
    response: ok,
  }),
  status: defineEndpoint({
    method: "POST",
    path: apiPaths.adminOrderStatus,
    summary: "Moves the order to a next status (shipping names the courier and tracking number; cancelling restocks)",
    tags,
    access,
    params: OrderIdParams,
    body: OrderStatusBody,
    response: ok,
  }),
  refund: defineEndpoint({
    method: "POST",
    path: apiPaths.adminOrderRefund,
    summary: "Refunds part or all of what was paid (never more than paid minus refunded)",
    tags,
    access: { permission: "refunds" },
    params: OrderIdParams,
    body: RefundBody,
    response: ok,
  }),
  verifyPayment: defineEndpoint({
    method: "POST",
    path: apiPaths.adminOrderVerifyPayment,
    summary: "Records the payment of a manual-transfer (verified) or cash order: paid",
    tags,
    access,
    params: OrderIdParams,
    body: VerifyPaymentBody,
    response: ok,
  }),
  note: defineEndpoint({
    method: "POST",
    path: apiPaths.adminOrderNotes,
    summary: "Adds a staff note to the order's timeline (not shown to the customer)",
    tags,
    access,
    params: OrderIdParams,
    body: OrderNoteBody,
    response: ok,
  }),
  carts: defineEndpoint({
    method: "GET",
    path: apiPaths.adminCarts,
    summary: "Customers' carts with items: who, what, value, last activity, open or abandoned",
    tags,
    access,
    response: CustomerCarts,
  }),
} as const;
