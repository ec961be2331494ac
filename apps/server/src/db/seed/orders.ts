/**
 * Demo orders for the reports (issue 17): `lines` order lines over the last `days` days,
 * generated inside PostgreSQL with set operations (generate_series, one INSERT … SELECT
 * per table), so a million lines take seconds rather than a million round trips.
 *
 * One, two or three lines per order (two on average); more orders lately than long ago;
 * a few best-selling variants; cash on delivery, transfer and card; two delivery zones;
 * three tax regions; a welcome coupon on some orders; a few cancelled orders and returned
 * lines with their refunds. Customers are the shop's customer accounts when it has any,
 * and repeat guests otherwise. Deterministic for a given seed (PostgreSQL's setseed).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

export interface SeedOrdersOptions {
  lines: number;
  days?: number;
  seed?: number;
}

export interface SeedOrdersSummary {
  orders: number;
  lines: number;
}

export const MAX_ORDER_LINES = 5_000_000;

export async function seedOrders(db: Db, options: SeedOrdersOptions): Promise<SeedOrdersSummary> {
  const lines = options.lines;
  if (!Number.isInteger(lines) || lines < 0 || lines > MAX_ORDER_LINES) {
    throw new RangeError(`orders must be a whole number of lines between 0 and ${MAX_ORDER_LINES} (got ${lines}).`);
  }
  if (lines === 0) return { orders: 0, lines: 0 };
  const days = options.days ?? 365;
  const seed = ((options.seed ?? 42) % 1000) / 1000;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${seed})`);
    await tx.execute(sql`
      insert into delivery_zones (name, description, fee, free_over, estimate, sort_order)
      values ('Inside the city', 'Courier within the city', 300, 10000, '1-2 business days', 0),
             ('Outside the city', 'Parcel service', 800, null, '3-5 business days', 1)
      on conflict (name) do nothing`);
    await tx.execute(sql`
      create temp table seed_v on commit drop as
      select row_number() over (order by p.sales_count desc, v.id) as i, v.id, v.product_id, p.name, p.price, v.sku,
        sz.name as size_name, c.name as color_name
      from product_variants v join products p on p.id = v.product_id
      join sizes sz on sz.id = v.size_id join colors c on c.id = v.color_id
      where p.is_published`);
    const variants = await tx.execute<{ n: number }>(sql`select count(*)::int as n from seed_v`);
    const variantCount = variants.rows[0]?.n ?? 0;
    if (variantCount === 0) throw new Error("There is no published product to order: seed the catalogue first.");
    await tx.execute(sql`
      create temp table seed_u on commit drop as
      select row_number() over (order by u.created_at, u.id) as i, u.id, u.email, u.name
      from "user" u where not exists (select 1 from user_role r where r.user_id = u.id)`);
    await tx.execute(sql`
      create temp table seed_z on commit drop as
      select row_number() over (order by sort_order, id) as i, id, name, fee from delivery_zones where is_active`);
    // Line j belongs to order ((j-1)/6)*3 + [1,2,2,3,3,3][(j-1)%6]: 1, 2, 3 lines in turn.
    await tx.execute(sql`
      create temp table seed_l on commit drop as
      select g.j, g.n, v, g.quantity, g.returned
      from (
        select j, ((j - 1) / 6) * 3 + (array[1, 2, 2, 3, 3, 3])[((j - 1) % 6) + 1] as n,
          1 + floor(${variantCount} * power(random(), 2))::int as pick,
          1 + (random() < 0.2)::int as quantity, random() < 0.03 as returned
        from generate_series(1, ${lines}::int) j) g
      join seed_v v on v.i = g.pick`);
    // Ids in the order the orders were placed, and (below) rows stored in that order, as a
    // shop's own orders are: today's orders sit together at the end of the table.
    await tx.execute(sql`
      create temp table seed_o on commit drop as
      select n, nextval(pg_get_serial_sequence('buying_history', 'id'))::int as id, placed_at,
        random() as customer_pick, random() as method_pick, random() as zone_pick, random() as region_pick,
        random() < 0.15 as coupon, random() < 0.04 as cancelled
      from (
        select n, now() - (${days} * power(random(), 1.4)) * interval '1 day' as placed_at
        from (select distinct n from seed_l) o order by 2) o`);
    await tx.execute(sql`
      create temp table seed_t on commit drop as
      select o.*,
        coalesce(u.id, null) as user_id,
        coalesce(u.email, 'guest' || (o.n % greatest(1, ${Math.ceil(lines / 6)}::int)) || '@guests.atelier.example') as email,
        coalesce(u.name, 'Guest ' || (o.n % greatest(1, ${Math.ceil(lines / 6)}::int))) as customer_name,
        case when o.method_pick < 0.5 then 'cod' when o.method_pick < 0.75 then 'manual_transfer' else 'card' end as method,
        z.id as zone_id, z.name as zone_name, z.fee as zone_fee,
        case when o.region_pick < 0.5 then 'CA' when o.region_pick < 0.8 then 'NY' else '' end as region,
        case when o.region_pick < 0.5 then 725 when o.region_pick < 0.8 then 888 else 0 end as rate,
        case when o.region_pick < 0.5 then 'Los Angeles' when o.region_pick < 0.8 then 'New York' else 'Portland' end as city
      from seed_o o
      left join seed_u u on o.customer_pick < 0.7 and u.i = 1 + (o.n::bigint * 7919) % greatest(1, (select count(*) from seed_u))
      join seed_z z on z.i = 1 + floor(o.zone_pick * (select count(*) from seed_z))::int`);
    // Temporary tables get no statistics by themselves (autovacuum skips them): without
    // these the planner took a million lines for a handful and joined them in nested loops
    // (the 1,000,000-line seed ran for most of an hour instead of a minute).
    await tx.execute(sql`create index on seed_t (n)`);
    await tx.execute(sql`create index on seed_t (id)`);
    await tx.execute(sql`analyze seed_v, seed_u, seed_z, seed_l, seed_o, seed_t`);
    const orders = await tx.execute<{ n: number }>(sql`
      with sums as (
        select l.n, sum((l.v).price * l.quantity) as subtotal,
          sum(case when t.coupon then round((l.v).price * l.quantity * 0.1) else 0 end) as discount
        from seed_l l join seed_t t using (n) group by l.n),
      inserted as (
        insert into buying_history (id, number, user_id, email, phone, customer_name, shipping_address,
          delivery_zone_id, delivery_zone_name, currency, subtotal, discount, coupon_code, delivery_fee, tax,
          tax_rate_basis_points, total, status, payment_method, payment_state, is_checked, placed_at, updated_at)
        select t.id, 'A' || nextval('order_number_seq'), t.user_id, t.email, '+1 555 0100', t.customer_name,
          jsonb_build_object('fullName', t.customer_name, 'phone', '+1 555 0100', 'line1', (t.n % 900 + 1) || ' Main Street',
            'line2', '', 'city', t.city, 'region', t.region, 'postalCode', '10001', 'country', 'US'),
          t.zone_id, t.zone_name, 'USD', s.subtotal, s.discount, case when t.coupon then 'WELCOME10' end,
          case when s.subtotal >= 10000 and t.zone_fee = 300 then 0 else t.zone_fee end,
          round((s.subtotal - s.discount) * t.rate / 10000.0), t.rate,
          s.subtotal - s.discount + case when s.subtotal >= 10000 and t.zone_fee = 300 then 0 else t.zone_fee end
            + round((s.subtotal - s.discount) * t.rate / 10000.0),
          case when t.cancelled then 'cancelled' when t.placed_at > now() - interval '2 days' then 'placed' else 'delivered' end,
          t.method,
          case when t.cancelled then 'unpaid' when t.method = 'cod' and t.placed_at > now() - interval '2 days' then 'unpaid'
            else 'paid' end,
          t.placed_at < now() - interval '2 days', t.placed_at, t.placed_at
        from seed_t t join sums s using (n) order by t.id
        returning id)
      select count(*)::int as n from inserted`);
    await tx.execute(sql`
      insert into order_lines (history_id, product_id, variant_id, product_name, size_name, color_name, sku,
        unit_price, quantity, total_price, discount, returned_quantity)
      select t.id, (l.v).product_id, (l.v).id, (l.v).name, (l.v).size_name, (l.v).color_name, (l.v).sku,
        (l.v).price, l.quantity, (l.v).price * l.quantity,
        case when t.coupon then round((l.v).price * l.quantity * 0.1) else 0 end,
        case when l.returned and not t.cancelled and t.placed_at < now() - interval '2 days' then l.quantity else 0 end
      from seed_l l join seed_t t using (n) order by t.id, l.j`);
    await tx.execute(sql`
      insert into payments (history_id, kind, method, amount, recorded_by_name, created_at)
      select h.id, 'payment', h.payment_method, h.total, 'Demo', h.placed_at
      from buying_history h join seed_t t on t.id = h.id where h.payment_state = 'paid' and h.total > 0`);
    // Returned lines are refunded at the price paid plus their tax.
    await tx.execute(sql`
      with refunds as (
        select h.id, h.payment_method, h.placed_at, h.total,
          round(sum(l.total_price - l.discount) * (1 + h.tax_rate_basis_points / 10000.0)) as amount
        from buying_history h join seed_t t on t.id = h.id join order_lines l on l.history_id = h.id
        where l.returned_quantity > 0 and h.payment_state = 'paid' group by h.id)
      insert into payments (history_id, kind, method, amount, recorded_by_name, created_at)
      select id, 'refund', payment_method, least(amount, total), 'Demo', placed_at + interval '5 days'
      from refunds where least(amount, total) > 0`);
    await tx.execute(sql`
      update buying_history h set payment_state = 'partially_refunded'
      from seed_t t where t.id = h.id
        and exists (select 1 from payments p where p.history_id = h.id and p.kind = 'refund')`);
    return { orders: orders.rows[0]?.n ?? 0, lines };
  });
}
