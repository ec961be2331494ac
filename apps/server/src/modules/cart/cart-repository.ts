/**
 * SQL for carts: the owner's cart row, its lines joined to the catalogue as it is now
 * (price, stock, published), and the writes. Every write goes through a cart id the
 * service got from the shopper, so a line id from another cart matches nothing.
 */

import { cartLimits } from "@atelier/contract/constants";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  cartLines,
  carts,
  colors,
  deliveryZones,
  products,
  productVariants,
  sizes,
  storeSettings,
  taxRates,
} from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";
import { salePrice } from "../promotions/sale-price.ts";

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
      const { rows } = await tx.execute<{ id: number }>(
        sql`insert into ${carts} ${owner} do update set updated_at = now() returning id`,
      );
      const id = rows[0]?.id;
      if (id === undefined) throw new Error("cart upsert returned nothing");
      return id;
    },

    async touch(cartId: number, tx: Db | Tx = db): Promise<void> {
      await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
    },

    lines(cartId: number, tx: Db | Tx = db): Promise<CartLineRow[]> {
      return tx
        .select({
          id: cartLines.id,
          variantId: cartLines.variantId,
          productId: products.id,
          productName: products.name,
          filename: sql<string | null>`(select pi.filename from product_images pi
            where pi.product_id = ${products.id} order by pi.position limit 1)`,
          sizeId: sizes.id,
          sizeName: sizes.name,
          colorId: colors.id,
          colorName: colors.name,
          colorHex: colors.hex,
          sku: productVariants.sku,
          unitPrice: salePrice,
          seenUnitPrice: cartLines.seenUnitPrice,
          stock: productVariants.stock,
          onlyLeftBelow:
            sql<number>`coalesce((select only_left_below from inventory_settings where id = 1), ${cartLimits.lowStock})`.mapWith(
              Number,
            ),
          isPublished: products.isPublished,
          quantity: cartLines.quantity,
        })
        .from(cartLines)
        .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
        .innerJoin(colors, eq(colors.id, productVariants.colorId))
        .where(eq(cartLines.cartId, cartId))
        .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
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

    /** The variant's line in this cart (its quantity, undefined when none) and how many lines the cart has: one statement. */
    async lineState(
      cartId: number,
      variantId: number,
      tx: Db | Tx = db,
    ): Promise<{ existing: { quantity: number } | undefined; lineCount: number }> {
      const { rows } = await tx.execute<{ quantity: number | null; n: number }>(sql`
        select (select quantity from cart_lines where cart_id = ${cartId} and variant_id = ${variantId}) as quantity,
               (select count(*)::int from cart_lines where cart_id = ${cartId}) as n`);
      const row = rows[0];
      return {
        existing: row?.quantity == null ? undefined : { quantity: row.quantity },
        lineCount: row?.n ?? 0,
      };
    },

    /** Adds units to the variant's line, or makes the line with the price the shopper sees now. */
    async addUnits(
      cartId: number,
      input: { variantId: number; quantity: number; unitPrice: number },
      tx: Db | Tx = db,
    ): Promise<void> {
      await tx
        .insert(cartLines)
        .values({ cartId, variantId: input.variantId, quantity: input.quantity, seenUnitPrice: input.unitPrice })
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.variantId],
          set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, updatedAt: new Date() },
        });
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
