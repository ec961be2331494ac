/** The words shoppers read for order statuses, payment methods and states, and requests. */
import type { CustomerOrder, OrderStatus } from "@atelier/contract";
import { orderStatusLabels } from "@atelier/contract/constants";

export const statusLabels: Readonly<Record<OrderStatus, string>> = orderStatusLabels;

export const paymentMethodLabels: Record<CustomerOrder["paymentMethod"], string> = {
  cod: "Cash on delivery",
  manual_transfer: "Manual transfer",
  card: "Card",
};

export const paymentStateLabels: Record<CustomerOrder["paymentState"], string> = {
  unpaid: "Not paid yet",
  awaiting_verification: "Transfer being verified",
  paid: "Paid",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
  failed: "Payment failed",
  expired: "Payment expired",
};

export const requestKindLabels = { cancel: "Cancellation", return: "Return" } as const;
export const requestStatusLabels = {
  open: "Waiting for the shop",
  approved: "Approved",
  rejected: "Declined",
  received: "Items received",
  refunded: "Refunded",
} as const;

/** Badge colours by status, with text contrast ≥ 4.5:1 on their backgrounds. */
export function statusTone(status: OrderStatus): string {
  if (status === "cancelled") return "bg-stone-200 text-stone-800";
  if (status === "delivered" || status === "refunded" || status === "returned") return "bg-green-100 text-green-900";
  if (status === "pending_payment" || status === "return_requested") return "bg-amber-100 text-amber-900";
  return "bg-sky-100 text-sky-900";
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
