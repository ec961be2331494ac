/**
 * Writes a placed order in ONE statement (issue 18 item 4, ADR 0017): the order row, its
 * lines, the stock ledger rows and line allocations of its stock (a card order holds, the
 * rest leaves on hand), its redemptions, its first timeline events, the emptied cart and
 * the saved address are data-modifying CTEs of one `insert … with`, so the whole write is
 * one round trip however many lines the order has.
 *
 * What the database guarantees stays where it was: each ledger row applies itself to its
 * level in the ledger's BEFORE INSERT trigger (migration 0012; a level below zero aborts the
 * statement, so the order with it), and the foreign keys of the lines, allocations and
 * redemptions to the order inserted in the same statement are checked at its end.
 * Sub-statements of one statement cannot see each other's rows, so everything that refers
 * to the order or a line goes through RETURNING: lines are matched to their allocations by
 * variant (a cart holds a variant once).
 */

import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import type { PaymentMethod, PaymentState, PostalAddress } from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { Allocation } from "../inventory/index.ts";

export interface OrderRowInput {
  shopper: Shopper;
  email: string;
  phone: string;
  customerName: string;
  shippingAddress: PostalAddress;
  deliveryZoneId: number;
  deliveryZoneName: string;
  currency: string;
  subtotal: number;
  discount: number;
  couponCode: string | null;
  deliveryFee: number;
  tax: number;
  taxRateBasisPoints: number;
  total: number;
  status: string;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
  transferReference: string | null;
  holdExpiresAt: Date | null;
  customerNote: string;
  idempotencyKey: string;
  requestHash: string;
}

export interface OrderLineInput {
  productId: number | null;
  variantId: number | null;
  productName: string;
  sizeName: string;
  colorName: string;
  sku: string;
  filename: string | null;
  unitPrice: number;
  quantity: number;
  totalPrice: number;
  discount: number;
}

export interface RedemptionInput {
  couponId: number;
  codeId: number | null;
  code: string | null;
  userId: string | null;
  email: string;
  amount: number;
  freeDelivery: boolean;
  detail: unknown;
}

export interface OrderEventInput {
  kind: string;
  toStatus?: string | null;
  message: string;
  actorUserId: string | null;
  actorName: string;
}

export interface WriteOrderInput {
  order: OrderRowInput;
  lines: readonly OrderLineInput[];
  /** Stock taken per variant (checkout's allocation); none for a custom order. */
  allocations: ReadonlyMap<number, readonly Allocation[]>;
  /** A card order reserves its units until paid; the rest leave on hand now. */
  hold: boolean;
  redemptions: readonly RedemptionInput[];
  events: readonly OrderEventInput[];
  /** The cart whose lines go (null: a custom order leaves the cart alone). */
  cartId: number | null;
  /** A signed-in customer's address to save in their book. */
  saveAddress: { userId: string; deliveryZoneId: number } | null;
}

export async function writeOrder(
  tx: Tx,
  input: WriteOrderInput,
): Promise<{ id: number; number: string; placedAt: Date }> {
  const { order } = input;
  const userId = "userId" in order.shopper ? order.shopper.userId : null;
  const guestId = "guestId" in order.shopper ? order.shopper.guestId : null;
  // In the order allocated (by warehouse priority): ledger rows and allocations get their ids
  // in that order, and what ships from where is listed by them.
  const stock = [...input.allocations]
    .flatMap(([variantId, allocations]) =>
      allocations.map((allocation) => ({
        variant_id: variantId,
        warehouse_id: allocation.warehouseId,
        quantity: allocation.quantity,
      })),
    )
    .map((row, position) => ({ ...row, position }));
  const lines = input.lines.map((line, index) => ({
    position: index,
    product_id: line.productId,
    variant_id: line.variantId,
    product_name: line.productName,
    size_name: line.sizeName,
    color_name: line.colorName,
    sku: line.sku,
    filename: line.filename,
    unit_price: line.unitPrice,
    quantity: line.quantity,
    total_price: line.totalPrice,
    discount: line.discount,
  }));
  const redemptions = input.redemptions.map((entry, index) => ({
    position: index,
    coupon_id: entry.couponId,
    code_id: entry.codeId,
    code: entry.code,
    user_id: entry.userId,
    email: entry.email,
    amount: entry.amount,
    free_delivery: entry.freeDelivery,
    detail: entry.detail,
  }));
  const events = input.events.map((event, index) => ({
    position: index,
    kind: event.kind,
    to_status: event.toStatus ?? null,
    message: event.message,
    actor_user_id: event.actorUserId,
    actor_name: event.actorName,
  }));
  const address = order.shippingAddress;
  const { rows } = await executePrepared<{ id: number; number: string; placed_at: Date | string }>(
    tx,
    "checkout_write",
    sql`
    with o as (
      insert into buying_history (number, user_id, guest_id, email, phone, customer_name, shipping_address,
        delivery_zone_id, delivery_zone_name, currency, subtotal, discount, coupon_code, delivery_fee, tax,
        tax_rate_basis_points, total, status, payment_method, payment_state, transfer_reference, hold_expires_at,
        customer_note, idempotency_key, request_hash)
      values ('A' || nextval('order_number_seq'), ${userId}, ${guestId}, ${order.email}, ${order.phone},
        ${order.customerName}, ${JSON.stringify(address)}::jsonb, ${order.deliveryZoneId}, ${order.deliveryZoneName},
        ${order.currency}, ${order.subtotal}, ${order.discount}, ${order.couponCode}, ${order.deliveryFee},
        ${order.tax}, ${order.taxRateBasisPoints}, ${order.total}, ${order.status}, ${order.paymentMethod},
        ${order.paymentState}, ${order.transferReference}, ${order.holdExpiresAt}::timestamptz, ${order.customerNote},
        ${order.idempotencyKey}, ${order.requestHash})
      returning id, number, placed_at
    ),
    l as (
      insert into order_lines (history_id, product_id, variant_id, product_name, size_name, color_name, sku,
        filename, unit_price, quantity, total_price, discount)
      select o.id, x.product_id, x.variant_id, x.product_name, x.size_name, x.color_name, x.sku, x.filename,
        x.unit_price, x.quantity, x.total_price, x.discount
      from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(position int, product_id int, variant_id int,
        product_name text, size_name text, color_name text, sku text, filename text, unit_price int, quantity int,
        total_price int, discount int)
      order by x.position
      returning id, variant_id
    ),
    s as (
      insert into stock_ledger (variant_id, warehouse_id, kind, quantity, reserved_change, reason, actor_name, order_id)
      select x.variant_id, x.warehouse_id, ${input.hold ? "hold" : "order"},
        ${input.hold ? 0 : -1} * x.quantity, ${input.hold ? 1 : 0} * x.quantity,
        ${input.hold ? "Held for a card payment" : "Sold"}, 'Checkout', o.id
      from o, jsonb_to_recordset(${JSON.stringify(stock)}::jsonb)
        as x(position int, variant_id int, warehouse_id int, quantity int)
      order by x.position
      returning 1
    ),
    a as (
      insert into order_line_allocations (order_line_id, warehouse_id, quantity, held)
      select l.id, x.warehouse_id, x.quantity, ${input.hold}
      from l join jsonb_to_recordset(${JSON.stringify(stock)}::jsonb)
          as x(position int, variant_id int, warehouse_id int, quantity int)
        on x.variant_id = l.variant_id
      order by x.position
      returning 1
    ),
    r as (
      insert into coupon_redemptions (coupon_id, code_id, code, order_id, user_id, email, amount, free_delivery, detail)
      select x.coupon_id, x.code_id, x.code, o.id, x.user_id, x.email, x.amount, x.free_delivery, x.detail
      from o, jsonb_to_recordset(${JSON.stringify(redemptions)}::jsonb) as x(position int, coupon_id int, code_id int,
        code text, user_id text, email text, amount int, free_delivery boolean, detail jsonb)
      order by x.position
      returning 1
    ),
    e as (
      insert into order_events (history_id, kind, to_status, message, actor_user_id, actor_name)
      select o.id, x.kind, x.to_status, x.message, x.actor_user_id, x.actor_name
      from o, jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as x(position int, kind text, to_status text,
        message text, actor_user_id text, actor_name text)
      order by x.position
      returning 1
    ),
    d as (
      delete from cart_lines where cart_id = ${input.cartId ?? 0}::int returning 1
    ),
    b as (
      insert into addresses (user_id, full_name, phone, line1, line2, city, region, postal_code, country,
        delivery_zone_id)
      select ${input.saveAddress?.userId ?? null}, ${address.fullName}, ${address.phone}, ${address.line1},
        ${address.line2 ?? ""}, ${address.city}, ${address.region ?? ""}, ${address.postalCode ?? ""}, ${address.country},
        ${input.saveAddress?.deliveryZoneId ?? null}::int
      where ${input.saveAddress !== null}
      returning 1
    )
    select o.id, o.number, o.placed_at
    from o`,
  );
  const row = rows[0];
  if (!row) throw new Error("order insert returned nothing");
  return { id: row.id, number: row.number, placedAt: new Date(row.placed_at) };
}
