/**
 * Orders for the customer-side tests, written straight to the tables the way a placed
 * order looks (checkout's placement is tested on its own; these tests start after it).
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../src/db/client.ts";
import type { OrderStatus } from "../../src/db/schema/commerce.ts";
import { buyingHistory, orderEvents, orderLines, products, productVariants } from "../../src/db/schema/index.ts";

export interface TestOrder {
  id: number;
  number: string;
  lineIds: number[];
}

export async function insertOrder(
  db: Db,
  owner: { userId: string } | { guestId: string },
  options: { status?: OrderStatus; isDraft?: boolean; email?: string; quantity?: number } = {},
): Promise<TestOrder> {
  const [variant] = await db
    .select({ id: productVariants.id, productId: products.id, name: products.name, sku: productVariants.sku })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .limit(1);
  if (!variant) throw new Error("the seeded catalogue has no variant");
  const quantity = options.quantity ?? 2;
  const [order] = await db
    .insert(buyingHistory)
    .values({
      number: sql`'A' || nextval('order_number_seq')`,
      ...owner,
      email: options.email ?? `buyer.${randomBytes(4).toString("hex")}@example.com`,
      phone: "+1 555 0100",
      customerName: "Ada Buyer",
      shippingAddress: {
        fullName: "Ada Buyer",
        phone: "+1 555 0100",
        line1: "1 Main Street",
        line2: "",
        city: "Springfield",
        region: "",
        postalCode: "12345",
        country: "US",
      },
      deliveryZoneName: "Inside the city",
      currency: "USD",
      subtotal: 2500 * quantity,
      deliveryFee: 500,
      tax: 0,
      total: 2500 * quantity + 500,
      status: options.status ?? "placed",
      paymentMethod: "cod",
      paymentState: "unpaid",
      isDraft: options.isDraft ?? false,
    })
    .returning({ id: buyingHistory.id, number: buyingHistory.number });
  if (!order) throw new Error("order insert returned nothing");
  const lines = await db
    .insert(orderLines)
    .values({
      historyId: order.id,
      productId: variant.productId,
      variantId: variant.id,
      productName: variant.name,
      sizeName: "M",
      colorName: "Black",
      sku: variant.sku,
      unitPrice: 2500,
      quantity,
      totalPrice: 2500 * quantity,
    })
    .returning({ id: orderLines.id });
  await db.insert(orderEvents).values({
    historyId: order.id,
    kind: "status",
    toStatus: "placed",
    message: "Order placed.",
    actorName: "Customer",
  });
  return { ...order, lineIds: lines.map((line) => line.id) };
}

/** Marks an order delivered `daysAgo` days ago (the return window counts from then). */
export async function deliver(db: Db, orderId: number, daysAgo = 0): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  await db.update(buyingHistory).set({ status: "delivered" }).where(eq(buyingHistory.id, orderId));
  await db.insert(orderEvents).values({
    historyId: orderId,
    kind: "status",
    fromStatus: "shipped",
    toStatus: "delivered",
    actorName: "System",
    createdAt: at,
  });
}

/** A backed guest identity: its id (for fixtures) and token (for `x-guest-token`). */
export async function createGuest(app: FastifyInstance): Promise<{ id: string; token: string }> {
  const username = `guest${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await app.inject({ method: "POST", url: "/api/guests", payload: { username } });
  if (response.statusCode !== 200) throw new Error(`guest creation failed: ${response.body}`);
  const token = response.json<{ token: string }>().token;
  return { id: token.split(".")[0] ?? "", token };
}

export const guestHeader = (token: string) => ({ "x-guest-token": token });
