/**
 * The order lifecycle (issue 6), as data: which status may follow which, and which
 * statuses a customer may still cancel or return from. Pure, so the staff pages (issue 7),
 * the customer pages and the tests all read the same rules.
 *
 *   pending_payment ─paid─► placed → confirmed → packed → shipped → delivered
 *        │                    │          │          │                   │
 *        └────────────────────┴──────────┴──────────┴─► cancelled       ▼
 *                                          return_requested → returned → refunded
 *                                                  └─(return refused)─► delivered
 */

import { orderStatusLabels } from "@atelier/contract/constants";
import type { OrderStatus } from "../../db/schema/commerce.ts";

export const nextStatuses: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ["placed", "cancelled"],
  placed: ["confirmed", "cancelled"],
  confirmed: ["packed", "cancelled"],
  packed: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["return_requested"],
  return_requested: ["returned", "delivered"],
  returned: ["refunded"],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses[from].includes(to);
}

/** A customer may ask to cancel while the order has not left the shop. */
export function isCancellable(status: OrderStatus): boolean {
  return canTransition(status, "cancelled");
}

/** A return can be asked for a delivered order only, within the shop's return window. */
export function returnDeadline(deliveredAt: Date, returnWindowDays: number): Date {
  return new Date(deliveredAt.getTime() + returnWindowDays * 24 * 60 * 60 * 1000);
}

export function isReturnable(
  status: OrderStatus,
  deliveredAt: Date | null,
  returnWindowDays: number,
  now: Date,
): boolean {
  return status === "delivered" && deliveredAt !== null && now <= returnDeadline(deliveredAt, returnWindowDays);
}

/** What a transition needs besides its target: shipping names the courier and the tracking number. */
export function missingForTransition(
  to: OrderStatus,
  input: { courier?: string | null | undefined; trackingNumber?: string | null | undefined },
): Record<string, string> | undefined {
  if (to !== "shipped") return undefined;
  const fields: Record<string, string> = {};
  if (!input.courier?.trim()) fields.courier = "Name the courier that carries the parcel.";
  if (!input.trackingNumber?.trim()) fields.trackingNumber = "Enter the courier's tracking number.";
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The words customers and staff read for each status. */
export const statusLabels: Readonly<Record<OrderStatus, string>> = orderStatusLabels;
