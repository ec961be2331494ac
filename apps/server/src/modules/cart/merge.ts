/**
 * What a guest gathered moves into the account at sign-in (identity's merge transaction
 * runs these). Wishlists: the union. Carts: a guest cart becomes the user's when the user
 * has none; otherwise lines of the same variant add up, capped at the stock (never below
 * what either cart held, so a line that sold out meanwhile still shows as sold out) and
 * at the per-line maximum; the guest's other lines move over as they are.
 */
import { cartLimits } from "@atelier/contract/constants";
import { sql } from "drizzle-orm";
import type { GuestMerger } from "../identity/index.ts";

export const mergeGuestWishlist: GuestMerger = async ({ tx, guestId, userId }) => {
  await tx.execute(sql`insert into wishlist_items (user_id, product_id, created_at)
    select ${userId}, product_id, created_at from wishlist_items where guest_id = ${guestId}
    on conflict do nothing`);
  await tx.execute(sql`delete from wishlist_items where guest_id = ${guestId}`);
};

export const mergeGuestCart: GuestMerger = async ({ tx, guestId, userId }) => {
  const guest = await tx.execute<{ id: number }>(sql`select id from carts where guest_id = ${guestId} for update`);
  const guestCartId = guest.rows[0]?.id;
  if (guestCartId === undefined) return;
  const user = await tx.execute<{ id: number }>(sql`select id from carts where user_id = ${userId} for update`);
  const userCartId = user.rows[0]?.id;
  if (userCartId === undefined) {
    await tx.execute(
      sql`update carts set user_id = ${userId}, guest_id = null, updated_at = now() where id = ${guestCartId}`,
    );
    return;
  }
  await tx.execute(sql`insert into cart_lines (cart_id, variant_id, quantity, seen_unit_price)
    select ${userCartId}, g.variant_id, g.quantity, g.seen_unit_price from cart_lines g where g.cart_id = ${guestCartId}
    on conflict (cart_id, variant_id) do update set
      quantity = least(
        cart_lines.quantity + excluded.quantity,
        greatest((select v.stock from product_variants v where v.id = excluded.variant_id), cart_lines.quantity, excluded.quantity),
        greatest(${cartLimits.maxQuantity}, cart_lines.quantity, excluded.quantity)
      ),
      updated_at = now()`);
  await tx.execute(sql`delete from carts where id = ${guestCartId}`);
  await tx.execute(sql`update carts set updated_at = now() where id = ${userCartId}`);
};
