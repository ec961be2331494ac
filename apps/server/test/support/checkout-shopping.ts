/**
 * Shoppers and carts for the checkout tests: guests through the real /api/guests, cart
 * lines written straight into the cart tables (the cart API is another branch's; its own
 * tests cover it), and a published variant with a known stock to buy.
 */
import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { cartLines, carts, products, productVariants } from "../../src/db/schema/index.ts";
import type { TestApp } from "./index.ts";

export interface TestShopper {
  headers: Record<string, string>;
  owner: { userId: string } | { guestId: string };
}

export async function newGuest(test: TestApp): Promise<TestShopper> {
  const username = `guest${Date.now()}${randomInt(1000)}`;
  const response = await test.app.inject({ method: "POST", url: "/api/guests", payload: { username } });
  if (response.statusCode !== 200) throw new Error(`guest: ${response.statusCode} ${response.body}`);
  const token = response.json<{ token: string }>().token;
  return { headers: { "x-guest-token": token }, owner: { guestId: token.split(".")[0] ?? "" } };
}

export function userShopper(user: { id: string; token: string }): TestShopper {
  return { headers: { authorization: `Bearer ${user.token}` }, owner: { userId: user.id } };
}

export async function addToCart(test: TestApp, shopper: TestShopper, variantId: number, quantity: number) {
  const [cart] = await test.db
    .insert(carts)
    .values(shopper.owner)
    .onConflictDoUpdate({
      target: "userId" in shopper.owner ? carts.userId : carts.guestId,
      targetWhere: "userId" in shopper.owner ? sql`user_id is not null` : sql`guest_id is not null`,
      set: { updatedAt: new Date() },
    })
    .returning({ id: carts.id });
  if (!cart) throw new Error("no cart");
  const [variant] = await test.db
    .select({ price: products.price })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  await test.db
    .insert(cartLines)
    .values({ cartId: cart.id, variantId, quantity, seenUnitPrice: variant?.price ?? 0 })
    .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { quantity } });
}

/** A published product's variants (at least `count`), each given `stock` units. */
export async function stockedVariants(test: TestApp, count: number, stock: number, offset = 0) {
  const rows = await test.db
    .select({ id: productVariants.id, productId: products.id, price: products.price, name: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.isPublished, true)))
    .orderBy(productVariants.id)
    .limit(count)
    .offset(offset);
  for (const row of rows) {
    await test.db.update(productVariants).set({ stock }).where(eq(productVariants.id, row.id));
  }
  return rows;
}

export async function stockOf(test: TestApp, variantId: number): Promise<number> {
  const [row] = await test.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.stock ?? -1;
}

export const address = {
  fullName: "Ada Shopper",
  phone: "+1 212 555 0100",
  line1: "1 Main Street",
  line2: "",
  city: "New York",
  region: "NY",
  postalCode: "10001",
  country: "US",
};
