/**
 * The shopper's cart as checkout sees it: each line with its variant's current price (the
 * sale price while a scheduled discount runs: `sale_price`, migration 0010),
 * stock and names, read from the catalogue (never from what the cart once saw). Placing an
 * order reads the same lines with the variants locked, in id order so that two checkouts
 * sharing variants always lock them in the same order and never deadlock.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import { carts } from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";

export interface CheckoutLine {
  variantId: number;
  productId: number;
  productName: string;
  sizeName: string;
  colorName: string;
  sku: string;
  image: string | null;
  unitPrice: number;
  quantity: number;
  stock: number;
  isPublished: boolean;
}

export function ownerCondition(shopper: Shopper, columns: { userId: unknown; guestId: unknown }): SQL {
  return "userId" in shopper
    ? sql`${columns.userId} = ${shopper.userId}`
    : sql`${columns.guestId} = ${shopper.guestId}`;
}

/** The shopper's cart id, locked until the transaction ends (one checkout of a cart at a time). */
export async function lockCart(tx: Tx, shopper: Shopper): Promise<number | undefined> {
  const rows = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(ownerCondition(shopper, { userId: carts.userId, guestId: carts.guestId }))
    .for("update");
  return rows[0]?.id;
}

/**
 * The place-order transaction's first read (ADR 0017): the cart's lines with the cart row,
 * the lines and their variants locked in one statement (variants in id order, as
 * `cartLines(…, { lock: true })` locks them). Locking the lines too matters: a checkout
 * that waited for another checkout of the same cart sees its lines gone (deleted rows drop
 * out of a locking read), where an unlocked join would still return them.
 *
 * The lock is FOR NO KEY UPDATE, the one an UPDATE of those rows takes: it still excludes
 * every other checkout, stock write and cart upsert of these rows (they take the same lock
 * or a stronger one), but not the foreign-key checks of other transactions (FOR KEY SHARE):
 * with FOR UPDATE a shopper adding a variant to their cart waited for every order of that
 * variant in flight, because inserting the cart line checks that the variant exists.
 */
export async function lockedCart(tx: Tx, shopper: Shopper): Promise<{ cartId: number | null; lines: CheckoutLine[] }> {
  const { cartId, lines } = await readLines(tx, shopper, sql`for no key update of ca, cl, v`, "checkout_lock");
  return { cartId, lines };
}

export async function cartLines(db: Db | Tx, shopper: Shopper, options: { lock?: boolean } = {}) {
  return (await readLines(db, shopper, options.lock ? sql`for update of v` : sql``)).lines;
}

async function readLines(db: Db | Tx, shopper: Shopper, locking: SQL, prepared?: string) {
  const owner = "userId" in shopper ? sql`ca.user_id = ${shopper.userId}` : sql`ca.guest_id = ${shopper.guestId}::uuid`;
  const run = <T extends Record<string, unknown>>(query: SQL) =>
    prepared ? executePrepared<T>(db, prepared, query) : db.execute<T>(query);
  const result = await run<{
    cart_id: number;
    variant_id: number;
    product_id: number;
    product_name: string;
    size_name: string;
    color_name: string;
    sku: string;
    image: string | null;
    unit_price: number;
    quantity: number;
    stock: number;
    is_published: boolean;
  }>(sql`
    select ca.id as cart_id, v.id as variant_id, p.id as product_id, p.name as product_name, s.name as size_name,
           c.name as color_name, v.sku, sale_price(p) as unit_price, cl.quantity, v.stock, p.is_published,
           (select pi.filename from product_images pi where pi.product_id = p.id
             order by pi.position, pi.id limit 1) as image
    from carts ca
    join cart_lines cl on cl.cart_id = ca.id
    join product_variants v on v.id = cl.variant_id
    join products p on p.id = v.product_id
    join sizes s on s.id = v.size_id
    join colors c on c.id = v.color_id
    where ${owner}
    order by v.id
    ${locking}`);
  const lines = result.rows.map(
    (row): CheckoutLine => ({
      variantId: row.variant_id,
      productId: row.product_id,
      productName: row.product_name,
      sizeName: row.size_name,
      colorName: row.color_name,
      sku: row.sku,
      image: row.image,
      unitPrice: row.unit_price,
      quantity: row.quantity,
      stock: row.stock,
      isPublished: row.is_published,
    }),
  );
  return { cartId: result.rows[0]?.cart_id ?? null, lines };
}
