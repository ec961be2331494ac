/** Customers' open carts, for staff: who has what waiting in their cart. */
import { ABANDONED_CART_HOURS, type CustomerCarts } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { AdminOrdersDeps } from "./order-list.ts";

/** Customers' carts with something in them, most recently active first. */
export async function customerCarts(deps: AdminOrdersDeps, currency: string): Promise<CustomerCarts> {
  const { db } = deps;
  const rows = await db.execute<{
    id: number;
    customer: string | null;
    email: string | null;
    is_guest: boolean;
    updated_at: Date | string;
    items: { name: string; quantity: number; filename: string | null }[];
    item_count: number;
    value: number;
  }>(sql`
    select c.id, coalesce(u.name, g.username) as customer, u.email, (c.user_id is null) as is_guest,
           greatest(c.updated_at, max(cl.updated_at)) as updated_at,
           json_agg(json_build_object('name', p.name, 'quantity', cl.quantity,
             'filename', (select i.filename from product_images i where i.product_id = p.id order by i.position, i.id limit 1))
             order by cl.id) as items,
           sum(cl.quantity)::int as item_count, sum(cl.quantity * p.price)::int as value
    from carts c
    join cart_lines cl on cl.cart_id = c.id
    join product_variants v on v.id = cl.variant_id
    join products p on p.id = v.product_id
    left join "user" u on u.id = c.user_id
    left join guest g on g.id = c.guest_id
    group by c.id, u.name, u.email, g.username
    order by updated_at desc
    limit 200`);
  const cutoff = Date.now() - ABANDONED_CART_HOURS * 3600 * 1000;
  return {
    abandonedAfterHours: ABANDONED_CART_HOURS,
    items: rows.rows.map((row) => {
      const last = new Date(row.updated_at);
      return {
        id: row.id,
        customer: row.customer ?? "Guest",
        email: row.email,
        isGuest: row.is_guest,
        items: row.items,
        itemCount: row.item_count,
        value: row.value,
        currency,
        lastActivity: last.toISOString(),
        state: last.getTime() < cutoff ? "abandoned" : "open",
      };
    }),
  };
}
