/**
 * Staff handling of customers' cancel and return requests (issue 7,
 * /admin/show/show-requests): a filtered list, approve, reject with a reason, and a
 * return's "received" (stock back for the returned units, then a refund). Every action
 * carries the request's `version`; a stale one answers 409.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { CurrencyCode, Id, IdParams, ImageFilename, MinorUnits, PageQuery, pageOf, VersionField } from "./common.ts";
import { defineEndpoint, recordAction } from "./endpoint.ts";
import { OrderRequestKind, OrderRequestStatus, OrderStatus, PaymentState } from "./orders.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" });

export const AdminOrderRequestsQuery = PageQuery.extend({
  kind: OrderRequestKind.optional(),
  status: OrderRequestStatus.optional(),
  /** Created on or after this day (UTC). */
  from: day.optional(),
  /** Created on or before this day (UTC). */
  to: day.optional(),
});

export const AdminOrderRequest = z
  .object({
    id: Id,
    kind: OrderRequestKind,
    status: OrderRequestStatus,
    reason: z.string(),
    items: z.array(
      z.object({ orderLineId: Id, quantity: z.number().int(), productName: z.string(), unitPrice: MinorUnits }),
    ),
    photos: z.array(ImageFilename),
    resolutionNote: z.string(),
    decidedByName: z.string().nullable(),
    decidedAt: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.string(),
    order: z.object({
      id: Id,
      number: z.string(),
      status: OrderStatus,
      paymentState: PaymentState,
      customerName: z.string(),
      email: z.string(),
      currency: CurrencyCode,
      total: MinorUnits,
    }),
  })
  .meta({ id: "AdminOrderRequest" });
export type AdminOrderRequest = z.infer<typeof AdminOrderRequest>;

export const AdminOrderRequestsPage = pageOf(AdminOrderRequest).meta({ id: "AdminOrderRequestsPage" });
export type AdminOrderRequestsPage = z.infer<typeof AdminOrderRequestsPage>;

export const OrderRequestParams = IdParams;
const Version = VersionField;
export const ApproveOrderRequestBody = z.object({
  version: Version,
  /** Shown to the customer; for a return, the return instructions (where to send it). */
  note: z.string().trim().max(2000, { error: "must be at most 2000 characters" }).default(""),
});
export const RejectOrderRequestBody = z.object({
  version: Version,
  reason: z
    .string({ error: "give a reason" })
    .trim()
    .min(3, { error: "give a reason" })
    .max(1000, { error: "must be at most 1000 characters" }),
});
export const ReceivedOrderRequestBody = z.object({
  version: Version,
  /** Inventory (issue 14): the returned units go here (default: the warehouse each unit came from). */
  restockWarehouseId: z.number().int().positive().optional(),
});

/** What staff actions on a request share. */
const staffOnRequest = {
  params: OrderRequestParams,
  response: AdminOrderRequest,
  tags: ["orders", "admin"],
  access: { permission: "orders" },
} as const;

export const orderRequestAdminEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: apiPaths.adminOrderRequests,
    summary: "Customers' cancel and return requests, open first then newest; filter by kind, status and dates",
    tags: ["orders", "admin"],
    query: AdminOrderRequestsQuery,
    response: AdminOrderRequestsPage,
    access: { permission: "orders" },
  }),
  approve: recordAction(staffOnRequest, {
    path: apiPaths.adminOrderRequestApprove,
    summary:
      "Approve: a cancellation cancels the order, restocks it and refunds what was paid; a return mails the return instructions",
    body: ApproveOrderRequestBody,
  }),
  reject: recordAction(staffOnRequest, {
    path: apiPaths.adminOrderRequestReject,
    summary: "Reject with a reason (a refused return puts the order back to delivered); the customer is mailed",
    body: RejectOrderRequestBody,
  }),
  received: recordAction(staffOnRequest, {
    path: apiPaths.adminOrderRequestReceived,
    summary: "An approved return arrived: the returned units go back to stock and their price is refunded",
    body: ReceivedOrderRequestBody,
  }),
} as const;
