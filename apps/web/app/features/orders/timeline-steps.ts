/**
 * Which steps the order page draws, and how far the order got: the usual path, a
 * cancelled order's steps up to its cancellation, a return's path after delivery.
 */
import type { CustomerOrder, OrderStatus } from "@atelier/contract";

const mainPath: OrderStatus[] = ["placed", "confirmed", "packed", "shipped", "delivered"];
const returnPath: OrderStatus[] = ["delivered", "return_requested", "returned", "refunded"];

export function stepsFor(order: Pick<CustomerOrder, "status" | "timeline">): { steps: OrderStatus[]; reached: number } {
  const reachedStatuses = new Set(order.timeline.flatMap((event) => (event.toStatus ? [event.toStatus] : [])));
  if (returnPath.slice(1).includes(order.status)) {
    const steps: OrderStatus[] = ["placed", "shipped", ...returnPath];
    return { steps, reached: steps.indexOf(order.status) };
  }
  if (order.status === "cancelled") {
    const before = mainPath.filter((status) => reachedStatuses.has(status));
    const steps = [...(before.length > 0 ? before : ["placed" as const]), "cancelled" as const];
    return { steps, reached: steps.length - 1 };
  }
  if (order.status === "pending_payment") return { steps: ["pending_payment", ...mainPath], reached: 0 };
  return { steps: mainPath, reached: mainPath.indexOf(order.status) };
}
