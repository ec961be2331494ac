/**
 * SQL for carts: the owner's cart row, its lines joined to the catalogue as it is now
 * (price, stock, published), and the writes. Every write goes through a cart id the
 * service got from the shopper, so a line id from another cart matches nothing.
 */

import { cartLimits } from "@atelier/contract/constants";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { executePrepared } from "../../db/prepared.ts";
import {
  cartLines,
  carts,
  deliveryZones,
  products,
  productVariants,
  storeSettings,
  taxRates,
} from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";
import { salePrice } from "../catalog/index.ts";

/** A line with its variant and product as they are now. */
export interface CartLineRow {
  id: number;
  variantId: number;
  productId: number;
  productName: string;
  filename: string | null;
  sizeId: number;
  sizeName: string;
  colorId: number;
  colorName: string;
  colorHex: string;
  sku: string;
  unitPrice: number;
  seenUnitPrice: number;
  stock: number;
  /** The store's "Only N left" limit (inventory settings): at or under it a line is "low". */
  onlyLeftBelow: number;
  isPublished: boolean;
  quantity: number;
}

/** A variant as the cart needs it: its product's price and whether it is sold. */
export interface VariantRow {
  id: number;
  productId: number;
  price: number;
  stock: number;
  isPublished: boolean;
}

const ownerOf = (shopper: Shopper) =>
  "userId" in shopper ? eq(carts.userId, shopper.userId) : eq(carts.guestId, shopper.guestId);

export function cartRepository(db: Db) {
  return {
    async cartId(shopper: Shopper, tx: Db | Tx = db): Promise<number | undefined> {
      const [row] = await tx.select({ id: carts.id }).from(carts).where(ownerOf(shopper));
      return row?.id;
    },

    /** The shopper's cart, made on first use; touches `updated_at` (the cart is about to change). */
    async openCart(shopper: Shopper, tx: Db | Tx = db): Promise<number> {
      const owner =
        "userId" in shopper
          ? sql`(user_id) values (${shopper.userId}) on conflict (user_id) where user_id is not null`
          : sql`(guest_id) values (${shopper.guestId}) on conflict (guest_id) where guest_id is not null`;
      const { rows } = await executePrepared<{ id: number }>(
        tx,
        "cart_open",
        sql`insert into carts ${owner} do update set updated_at = now() returning id`,
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error("cart upsert returned nothing");
      return id;
    },

    async touch(cartId: number, tx: Db | Tx = db): Promise<void> {
      await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
    },

    /** The cart's lines as they are now: one named prepared statement (add to cart answers with it). */
    async lines(cartId: number, tx: Db | Tx = db): Promise<CartLineRow[]> {
      const { rows } = await executePrepared<CartLineRow & Record<string, unknown>>(
        tx,
        "cart_lines",
        sql`select cl.id, cl.variant_id as "variantId", p.id as "productId", p.name as "productName",
            (select pi.filename from product_images pi where pi.product_id = p.id order by pi.position limit 1)
              as filename,
            s.id as "sizeId", s.name as "sizeName", c.id as "colorId", c.name as "colorName", c.hex as "colorHex",
            v.sku, sale_price(p) as "unitPrice", cl.seen_unit_price as "seenUnitPrice", v.stock,
            coalesce((select only_left_below from inventory_settings where id = 1), ${cartLimits.lowStock}::int)
              as "onlyLeftBelow",
            p.is_published as "isPublished", cl.quantity
          from cart_lines cl
          join product_variants v on v.id = cl.variant_id
          join products p on p.id = v.product_id
          join sizes s on s.id = v.size_id
          join colors c on c.id = v.color_id
          where cl.cart_id = ${cartId}
          order by cl.created_at, cl.id`,
      );
      return rows;
    },
    async count(shopper: Shopper, tx: Db | Tx = db): Promise<{ count: number; lines: number }> {
      const [row] = await tx
        .select({
          count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int`,
          lines: sql<number>`count(${cartLines.id})::int`,
        })
        .from(carts)
        .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
        .where(ownerOf(shopper));
      return row ?? { count: 0, lines: 0 };
    },

    async variant(variantId: number, tx: Db | Tx = db): Promise<VariantRow | undefined> {
      const [row] = await tx
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          price: salePrice,
          stock: productVariants.stock,
          isPublished: products.isPublished,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(productVariants.id, variantId));
      return row;
    },

    /** The line of this cart (with its variant's state), or undefined: another cart's line is not found. */
    async line(
      cartId: number,
      lineId: number,
      tx: Db | Tx = db,
    ): Promise<
      | { id: number; quantity: number; variantId: number; productId: number; stock: number; isPublished: boolean }
      | undefined
    > {
      const [row] = await tx
        .select({
          id: cartLines.id,
          quantity: cartLines.quantity,
          variantId: cartLines.variantId,
          productId: productVariants.productId,
          stock: productVariants.stock,
          isPublished: products.isPublished,
        })
        .from(cartLines)
        .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)));
      return row;
    },

    /**
     * Add to cart's read and write in ONE statement, run after `openCart` locked the cart
     * (so its snapshot sees every change committed to the cart before the lock was had):
     * the variant (its price now, stock, published), the variant's line in this cart and the
     * cart's line count, and — only when the cart's rules allow it (the same rules
     * `cart-service.ts` then checks in TypeScript, to answer why not) — the units added to
     * the line, or a new line at the price the shopper sees now. `written` is false when
     * nothing was written; the row's values are as of before the write.
     */
    async addChecked(
      cartId: number,
      input: { variantId: number; quantity: number },
      tx: Db | Tx = db,
    ): Promise<{
      variant: VariantRow | undefined;
      existing: { quantity: number } | undefined;
      lineCount: number;
      written: boolean;
    }> {
      const { rows } = await executePrepared<{
        id: number | null;
        product_id: number | null;
        price: number | null;
        stock: number | null;
        is_published: boolean | null;
        existing: number | null;
        line_count: number;
        written: number;
      }>(
        tx,
        "cart_add",
        sql`with v as (
            select v.id, v.product_id, sale_price(p) as price, v.stock, p.is_published
            from product_variants v join products p on p.id = v.product_id
            where v.id = ${input.variantId}::int
          ), line as (
            select quantity from cart_lines where cart_id = ${cartId}::int and variant_id = ${input.variantId}::int
          ), n as (
            select count(*)::int as n from cart_lines where cart_id = ${cartId}::int
          ), written as (
            insert into cart_lines (cart_id, variant_id, quantity, seen_unit_price)
            select ${cartId}::int, v.id, ${input.quantity}::int, v.price from v
            where v.is_published
              and coalesce((select quantity from line), 0) + ${input.quantity}::int
                <= least(v.stock, ${cartLimits.maxQuantity}::int)
              and (exists (select from line) or (select n from n) < ${cartLimits.maxLines}::int)
            on conflict (cart_id, variant_id)
              do update set quantity = cart_lines.quantity + excluded.quantity, updated_at = now()
            returning 1
          )
          select v.id, v.product_id, v.price, v.stock, v.is_published,
                 (select quantity from line) as existing, (select n from n) as line_count,
                 (select count(*)::int from written) as written
          from (select) as one left join v on true`,
      );
      const row = rows[0];
      return {
        variant:
          row?.id == null
            ? undefined
            : {
                id: row.id,
                productId: row.product_id ?? 0,
                price: row.price ?? 0,
                stock: row.stock ?? 0,
                isPublished: row.is_published === true,
              },
        existing: row?.existing == null ? undefined : { quantity: row.existing },
        lineCount: row?.line_count ?? 0,
        written: (row?.written ?? 0) > 0,
      };
    },
    async setQuantity(cartId: number, lineId: number, quantity: number, tx: Db | Tx = db): Promise<void> {
      await tx
        .update(cartLines)
        .set({ quantity, updatedAt: new Date() })
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)));
    },

    async removeLine(cartId: number, lineId: number, tx: Db | Tx = db): Promise<boolean> {
      const removed = await tx
        .delete(cartLines)
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.id, lineId)))
        .returning({ id: cartLines.id });
      return removed.length > 0;
    },

    /** Empties the cart (the row stays, keyed to its owner). */
    async clear(cartId: number, tx: Db | Tx = db): Promise<void> {
      await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
    },

    /** Every line's seen price becomes its product's price now. */
    async acknowledgePrices(cartId: number, tx: Db | Tx = db): Promise<void> {
      await tx.execute(sql`update ${cartLines} cl set seen_unit_price = sale_price(p), updated_at = now()
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where cl.cart_id = ${cartId} and v.id = cl.variant_id and cl.seen_unit_price <> sale_price(p)`);
    },

    /** Active delivery zones, cheapest first. */
    zones(tx: Db | Tx = db) {
      return tx
        .select({
          id: deliveryZones.id,
          name: deliveryZones.name,
          description: deliveryZones.description,
          fee: deliveryZones.fee,
          freeOver: deliveryZones.freeOver,
          estimate: deliveryZones.estimate,
        })
        .from(deliveryZones)
        .where(eq(deliveryZones.isActive, true))
        .orderBy(asc(deliveryZones.fee), asc(deliveryZones.sortOrder), asc(deliveryZones.id));
    },

    /** The active tax rate of the store's own country (the estimate before an address is known). */
    async storeTaxRate(tx: Db | Tx = db) {
      const [row] = await tx
        .select({
          name: taxRates.name,
          region: taxRates.region,
          rateBasisPoints: taxRates.rateBasisPoints,
          appliesToDelivery: taxRates.appliesToDelivery,
        })
        .from(taxRates)
        .innerJoin(storeSettings, eq(storeSettings.country, taxRates.region))
        .where(eq(taxRates.isActive, true))
        .limit(1);
      return row;
    },
  };
}

export type CartRepository = ReturnType<typeof cartRepository>;
