/**
 * Demo orders for the payments back office (issue 15), written once into a fresh demo
 * shop: card orders paid through Stripe (some refunded), cash orders delivered by two
 * couriers (one remittance recorded, the rest still owed), manual transfers verified,
 * rejected and waiting, spread over the last three weeks — so Transactions, Refunds and
 * Payouts show what a running shop looks like (card payments with Stripe's fees). Every money event goes through the ledger.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { OrderStatus, PaymentMethod } from "../../db/schema/commerce.ts";
import {
  buyingHistory,
  courierRemittanceOrders,
  courierRemittances,
  orderEvents,
  orderLines,
  paymentLedger,
  products,
  productVariants,
} from "../../db/schema/index.ts";
import { recordLedger } from "../payment-ledger/index.ts";

const DAY = 24 * 3600 * 1000;
const customers = [
  ["Amara Okafor", "amara.okafor@customers.atelier.example"],
  ["Lena Lindqvist", "lena.lindqvist@customers.atelier.example"],
  ["Omar Haddad", "omar.haddad@customers.atelier.example"],
  ["Chloé Moreau", "chloe.moreau@customers.atelier.example"],
  ["Kenji Tanaka", "kenji.tanaka@customers.atelier.example"],
  ["Rafael Silva", "rafael.silva@customers.atelier.example"],
] as const;

export async function seedDemoPayments(db: Db, currency: string): Promise<number> {
  const [existing] = await db.select({ id: paymentLedger.id }).from(paymentLedger).limit(1);
  if (existing) return 0;
  const variants = await db
    .select({
      id: productVariants.id,
      productId: products.id,
      name: products.name,
      sku: productVariants.sku,
      price: products.price,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.isPublished, true)))
    .limit(12);
  if (variants.length === 0) return 0;
  const now = Date.now();
  let made = 0;
  const remitted: { id: number; total: number }[] = [];
  for (let index = 0; index < 28; index += 1) {
    const method: PaymentMethod = (["card", "cod", "manual_transfer", "card"] as const)[index % 4] ?? "card";
    const variant = variants[index % variants.length];
    if (!variant) continue;
    const quantity = 1 + (index % 3);
    const placedAt = new Date(now - (20 - Math.floor(index * 0.7)) * DAY - (index % 9) * 3_600_000);
    const [name, email] = customers[index % customers.length] ?? customers[0];
    const courier = method === "cod" ? (index % 8 === 1 ? "Swift Couriers" : "City Riders") : null;
    const status: OrderStatus =
      method === "cod"
        ? index < 24
          ? "delivered"
          : "shipped"
        : method === "manual_transfer" && index > 22
          ? "placed"
          : "delivered";
    const subtotal = variant.price * quantity;
    const total = subtotal + 500;
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(buyingHistory)
        .values({
          number: sql`'A' || nextval('order_number_seq')`,
          email,
          phone: "+1 212 555 0100",
          customerName: name,
          shippingAddress: {
            fullName: name,
            phone: "+1 212 555 0100",
            line1: `${10 + index} Market Street`,
            line2: "",
            city: "Springfield",
            region: "",
            postalCode: "12345",
            country: "US",
          },
          deliveryZoneName: "Inside the city",
          currency,
          subtotal,
          deliveryFee: 500,
          tax: 0,
          total,
          status,
          paymentMethod: method,
          paymentState: method === "manual_transfer" ? "awaiting_verification" : "unpaid",
          transferReference: method === "manual_transfer" ? `MM-${String(480_000 + index * 137)}` : null,
          courier,
          trackingNumber: courier ? `TRK${1000 + index}` : null,
          isChecked: true,
          checkedDate: placedAt,
          placedAt,
          updatedAt: placedAt,
        })
        .returning({ id: buyingHistory.id, number: buyingHistory.number });
      if (!order) return;
      await tx.insert(orderLines).values({
        historyId: order.id,
        productId: variant.productId,
        variantId: variant.id,
        productName: variant.name,
        sizeName: "M",
        colorName: "Black",
        sku: variant.sku,
        unitPrice: variant.price,
        quantity,
        totalPrice: subtotal,
      });
      await tx.insert(orderEvents).values({
        historyId: order.id,
        kind: "status",
        toStatus: status,
        message: "Demo order.",
        actorName: "System",
        createdAt: placedAt,
      });
      const at = (hours: number) => new Date(placedAt.getTime() + hours * 3_600_000);
      const base = { historyId: order.id, method, currency, amount: total };
      if (method === "card") {
        const intent = `pi_demo_${order.number}`;
        const id = await recordLedger(tx, {
          ...base,
          event: "captured",
          // Stripe's standard card fee, as its balance transaction would say: 2.9 % + 30.
          fee: Math.round(total * 0.029) + 30,
          providerReference: intent,
          providerData: { paymentIntent: intent, checkoutSessionId: `cs_demo_${order.number}` },
          actorName: "Stripe",
        });
        await tx
          .update(paymentLedger)
          .set({ createdAt: at(0.1), updatedAt: at(0.1) })
          .where(eq(paymentLedger.id, id));
        if (index % 7 === 3) {
          const refund = await recordLedger(tx, {
            ...base,
            amount: Math.round(subtotal / quantity),
            event: "refunded",
            status: "succeeded",
            fee: 0,
            providerReference: `re_demo_${order.number}`,
            reason: "Size did not fit",
            providerData: { stripeRefundId: `re_demo_${order.number}` },
            actorName: "Avery Owner",
          });
          await tx
            .update(paymentLedger)
            .set({ createdAt: at(72), updatedAt: at(72) })
            .where(eq(paymentLedger.id, refund));
        }
      } else if (method === "cod" && status === "delivered") {
        if (index < 12) {
          remitted.push({ id: order.id, total });
        }
      } else if (method === "manual_transfer" && index <= 22) {
        const rejected = index === 18;
        const id = await recordLedger(tx, {
          ...base,
          event: rejected ? "transfer_rejected" : "transfer_verified",
          providerReference: `MM-${String(480_000 + index * 137)}`,
          reason: rejected ? "No such transaction in the mobile-money account" : "",
          actorName: "Maya Support",
        });
        await tx
          .update(paymentLedger)
          .set({ createdAt: at(5), updatedAt: at(5) })
          .where(eq(paymentLedger.id, id));
      }
    });
    made += 1;
  }
  // One remittance from City Riders for their earliest deliveries.
  const cityOrders = await db
    .select({ id: buyingHistory.id, total: buyingHistory.total, courier: buyingHistory.courier })
    .from(buyingHistory)
    .where(
      sql`${buyingHistory.id} in (${sql.join(
        remitted.map((o) => sql`${o.id}`),
        sql`, `,
      )}) and ${buyingHistory.courier} = 'City Riders'`,
    );
  if (cityOrders.length > 0) {
    await db.transaction(async (tx) => {
      const amount = cityOrders.reduce((sum, order) => sum + order.total, 0);
      const [remittance] = await tx
        .insert(courierRemittances)
        .values({
          courier: "City Riders",
          amount,
          currency,
          reference: "Envelope 1042",
          actorName: "Avery Owner",
          createdAt: new Date(now - 6 * DAY),
        })
        .returning({ id: courierRemittances.id });
      if (!remittance) return;
      await tx
        .insert(courierRemittanceOrders)
        .values(cityOrders.map((order) => ({ remittanceId: remittance.id, historyId: order.id, amount: order.total })));
      for (const order of cityOrders) {
        const id = await recordLedger(tx, {
          historyId: order.id,
          event: "cash_collected",
          method: "cod",
          amount: order.total,
          currency,
          providerReference: "Envelope 1042",
          providerData: { courier: "City Riders", remittanceId: remittance.id },
          actorName: "Avery Owner",
          remittanceId: remittance.id,
        });
        await tx
          .update(paymentLedger)
          .set({ createdAt: new Date(now - 6 * DAY) })
          .where(eq(paymentLedger.id, id));
      }
    });
  }
  return made;
}
