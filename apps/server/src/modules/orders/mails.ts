/**
 * Order emails: the confirmation at placement and one per status change. Plain text first,
 * a simple HTML part. A guest's mail carries the signed order link; an account's mail
 * links to the order page, which asks them to sign in.
 */
import { formatMinor, minorDigits } from "@atelier/contract";
import type { OrderStatus } from "../../db/schema/commerce.ts";
import type { MailMessage } from "../mail/index.ts";
import type { OrderRow } from "./repository.ts";
import { statusLabels } from "./status.ts";

type LineRow = { productName: string; sizeName: string; colorName: string; quantity: number; totalPrice: number };

export interface OrderMailContext {
  storeName: string;
  /** The order page, with the signed token for guests. */
  orderUrl: string;
}

const money = (order: Pick<OrderRow, "currency">, minor: number) =>
  `${formatMinor(minor, minorDigits(order.currency))} ${order.currency}`;

const paymentNotes: Record<OrderRow["paymentMethod"], (order: ConfirmationOrder) => string> = {
  cod: (order) => `Payment: cash on delivery (${money(order, order.total)} to the courier).`,
  manual_transfer: (order) =>
    order.transferReference
      ? `Payment: manual transfer, reference ${order.transferReference}. We confirm the order once we have verified it.`
      : "Payment: manual transfer. We confirm the order once we have verified it.",
  card: (order) =>
    order.paymentState === "paid" ? "Payment: card, paid." : "Payment: card. The order goes ahead once it is paid.",
};

/** What the confirmation mail shows of an order: a row read back, or what checkout just wrote. */
export type ConfirmationOrder = Pick<
  OrderRow,
  | "number"
  | "email"
  | "customerName"
  | "currency"
  | "subtotal"
  | "discount"
  | "deliveryZoneName"
  | "deliveryFee"
  | "tax"
  | "total"
  | "paymentMethod"
  | "paymentState"
  | "transferReference"
>;

export function confirmationMail(
  order: ConfirmationOrder,
  lines: readonly LineRow[],
  context: OrderMailContext,
): MailMessage {
  const body = [
    `Hello ${order.customerName},`,
    "",
    `Thank you for your order ${order.number}. Here is what you ordered:`,
    "",
    ...lines.map(
      (line) =>
        `- ${line.quantity} × ${line.productName} (${line.sizeName}, ${line.colorName}): ${money(order, line.totalPrice)}`,
    ),
    "",
    `Subtotal: ${money(order, order.subtotal)}`,
    ...(order.discount > 0 ? [`Discount: −${money(order, order.discount)}`] : []),
    `Delivery (${order.deliveryZoneName}): ${money(order, order.deliveryFee)}`,
    `Tax: ${money(order, order.tax)}`,
    `Total: ${money(order, order.total)}`,
    "",
    paymentNotes[order.paymentMethod](order),
    "",
    "Follow your order here:",
    context.orderUrl,
  ];
  return mail(order.email, `Your ${context.storeName} order ${order.number}`, body, context);
}

export function statusChangeMail(order: OrderRow, to: OrderStatus, context: OrderMailContext): MailMessage {
  const label = statusLabels[to].toLowerCase();
  const lines = [
    `Hello ${order.customerName},`,
    "",
    `Your order ${order.number} is now ${label}.`,
    ...(to === "shipped" && order.courier
      ? ["", `Courier: ${order.courier}`, `Tracking number: ${order.trackingNumber ?? ""}`]
      : []),
    "",
    "Follow your order here:",
    context.orderUrl,
  ];
  return mail(order.email, `Order ${order.number}: ${label}`, lines, context);
}

function mail(to: string, subject: string, lines: string[], context: OrderMailContext): MailMessage {
  const text = [...lines, "", `— ${context.storeName}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5">${lines
    .map((line) =>
      line === context.orderUrl
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : line === ""
          ? ""
          : `<p style="margin:4px 0">${escapeHtml(line)}</p>`,
    )
    .join("")}<p>— ${escapeHtml(context.storeName)}</p></body></html>`;
  return { to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
