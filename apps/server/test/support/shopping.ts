/** Shoppers (guests and customers) and catalogue variants for the cart and wishlist tests. */
import { sql } from "drizzle-orm";
import type { HTTPMethods } from "fastify";
import { bearer } from "./auth.ts";
import type { TestApp } from "./index.ts";

export interface ShopperHeaders {
  headers: Record<string, string>;
}

export async function newGuest(test: TestApp): Promise<ShopperHeaders & { token: string; id: string }> {
  const username = `guest${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await test.app.inject({ method: "POST", url: "/api/guests", payload: { username } });
  if (response.statusCode !== 200) throw new Error(`guest: ${response.statusCode} ${response.body}`);
  const { token } = response.json<{ token: string }>();
  return { token, id: token.split(".")[0] ?? "", headers: { "x-guest-token": token } };
}

export const asUser = (token: string): ShopperHeaders => ({ headers: bearer(token) });

/** Calls the API as a shopper (guest or customer). */
export function shopperApi(test: TestApp, shopper: ShopperHeaders) {
  const send = (method: HTTPMethods, url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: shopper.headers,
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    get: (url: string) => send("GET", url),
    post: (url: string, payload?: object) => send("POST", url, payload),
    patch: (url: string, payload: object) => send("PATCH", url, payload),
    delete: (url: string) => send("DELETE", url),
  };
}

export interface TestVariant {
  id: number;
  productId: number;
  price: number;
}

/**
 * `count` variants of one published product, each given `stock` units; the product is
 * one no other test of the file has taken (`skip`).
 */
export async function variantsOf(test: TestApp, skip: number, count = 2, stock = 10): Promise<TestVariant[]> {
  const { rows } = await test.db.execute<{ product_id: number }>(sql`select p.id as product_id from products p
    where p.is_published and (select count(*) from product_variants v where v.product_id = p.id) >= ${count}
    order by p.id offset ${skip} limit 1`);
  const productId = rows[0]?.product_id;
  if (productId === undefined) throw new Error("no published product with enough variants");
  const variants = await test.db.execute<{ id: number; price: number }>(sql`select v.id, p.price from product_variants v
    join products p on p.id = v.product_id where v.product_id = ${productId} order by v.id limit ${count}`);
  for (const variant of variants.rows) {
    await test.db.execute(sql`update product_variants set stock = ${stock} where id = ${variant.id}`);
  }
  return variants.rows.map((row) => ({ id: row.id, productId, price: row.price }));
}

export async function setStock(test: TestApp, variantId: number, stock: number): Promise<void> {
  await test.db.execute(sql`update product_variants set stock = ${stock} where id = ${variantId}`);
}

export async function setPrice(test: TestApp, productId: number, price: number): Promise<void> {
  await test.db.execute(sql`update products set price = ${price} where id = ${productId}`);
}

export async function setPublished(test: TestApp, productId: number, published: boolean): Promise<void> {
  await test.db.execute(sql`update products set is_published = ${published} where id = ${productId}`);
}
