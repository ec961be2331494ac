/**
 * The one definition of the reports' figures: SQL that aggregates orders (and their lines
 * and refunds) placed in [start, end) into rows per store-local day and dimension. The
 * roll-up tables are filled with exactly these rows (rollup.ts) and today's figures are
 * computed live with them (queries.ts), so a roll-up day always equals a live day.
 *
 * Which orders count: placed (not drafts), not awaiting card payment, not cancelled.
 */
import { type SQL, sql } from "drizzle-orm";

/** Orders that count as sales. */
export const countedOrder = (alias: string) =>
  sql.raw(`not ${alias}.is_draft and ${alias}.status not in ('pending_payment', 'cancelled')`);

/** The store-local day of an order. */
export const localDay = (alias: string, timeZone: string) =>
  sql`(${sql.raw(alias)}.placed_at at time zone ${timeZone})::date`;

/** Shipping country, with its subdivision when the address has one ("US-CA"). */
const region = sql.raw(
  `upper(coalesce(h.shipping_address->>'country', ''))
   || case when coalesce(h.shipping_address->>'region', '') <> '' then '-' || upper(h.shipping_address->>'region') else '' end`,
);

/** The value of returned units at the price paid (after the line's discount share). */
const returnedValue = sql.raw(
  "coalesce(sum(round(l.returned_quantity::numeric * (l.total_price - l.discount) / l.quantity)), 0)",
);

/** Columns of report_daily_orders, in the order `orderFacts` selects them. */
export const orderFactColumns = sql.raw(
  "day, payment_method, zone_id, zone_name, coupon_code, tax_rate_bp, region, is_guest, orders, units, gross, discount, returned_units, returns, delivery, tax, total, refunded, refund_tax, received, disputed, fees",
);

/** Money in from the one payment ledger (ADR 0012): captured, cash collected, transfer verified. */
const moneyIn = sql.raw("p.event in ('captured', 'cash_collected', 'transfer_verified') and p.status = 'succeeded'");
/** Refunds issued (pending or succeeded), the ledger's own rule (payment_ledger_totals). A
 * refund's fee is what the provider gave back of its fee: fees = money in's fees − that. */
const refundOut = sql.raw("p.event = 'refunded' and p.status <> 'failed'");

export function orderFacts(timeZone: string, where: SQL): SQL {
  return sql`
    select ${localDay("h", timeZone)} as day, h.payment_method, h.delivery_zone_id as zone_id,
      h.delivery_zone_name as zone_name, h.coupon_code, h.tax_rate_basis_points as tax_rate_bp,
      ${region} as region, (h.user_id is null) as is_guest,
      count(*)::int as orders, coalesce(sum(l.units), 0)::int as units,
      sum(h.subtotal)::bigint as gross, sum(h.discount)::bigint as discount,
      coalesce(sum(l.returned_units), 0)::int as returned_units, coalesce(sum(l.returns), 0)::bigint as returns,
      sum(h.delivery_fee)::bigint as delivery, sum(h.tax)::bigint as tax, sum(h.total)::bigint as total,
      coalesce(sum(r.refunded), 0)::bigint as refunded, coalesce(sum(r.refund_tax), 0)::bigint as refund_tax,
      coalesce(sum(r.received), 0)::bigint as received, coalesce(sum(r.disputed), 0)::bigint as disputed,
      coalesce(sum(r.fees), 0)::bigint as fees
    from buying_history h
    cross join lateral (
      select sum(l.quantity) as units, sum(l.returned_quantity) as returned_units, ${returnedValue} as returns
      from order_lines l where l.history_id = h.id
    ) l
    cross join lateral (
      select sum(p.amount) filter (where ${refundOut}) as refunded,
        sum(case when h.total > 0 then round(p.amount::numeric * h.tax / h.total) else 0 end)
          filter (where ${refundOut}) as refund_tax,
        sum(p.amount) filter (where ${moneyIn}) as received,
        sum(p.amount) filter (where p.event = 'dispute_lost' and p.status = 'succeeded') as disputed,
        sum(case when ${moneyIn} then p.fee when ${refundOut} then -p.fee else 0 end) as fees
      from payment_ledger p where p.history_id = h.id
    ) r
    where ${countedOrder("h")} and ${where}
    group by 1, 2, 3, 4, 5, 6, 7, 8`;
}

/** Columns of report_daily_lines, in the order `lineFacts` selects them. */
export const lineFactColumns = sql.raw(
  "day, product_id, variant_id, payment_method, zone_id, warehouse_id, product_name, variant_label, orders, units, gross, discount, returned_units, returns",
);

/**
 * A line's share of `amount` for its units lo+1..hi (cumulative rounding: the parts of a
 * line add up to `amount` exactly, whatever the split).
 */
const share = (amount: string) =>
  sql.raw(`((part.hi::bigint * (${amount})) / l.quantity - (part.lo::bigint * (${amount})) / l.quantity)`);

/**
 * Line facts, split by warehouse: a line's units are cut into the parts its allocations
 * (order_line_allocations, inventory) took, in allocation order, and the rest (a line placed
 * before warehouses, or not allocated) has no warehouse. Units lo+1..hi of a line belong
 * to its part; money, returned units and their value are shared by cumulative rounding.
 */
export function lineFacts(timeZone: string, where: SQL): SQL {
  const lineReturns = "round(l.returned_quantity::numeric * (l.total_price - l.discount) / l.quantity)::bigint";
  return sql`
    select ${localDay("h", timeZone)} as day, l.product_id, l.variant_id, h.payment_method,
      h.delivery_zone_id as zone_id, part.warehouse_id, max(l.product_name) as product_name,
      max(l.size_name || ' / ' || l.color_name) as variant_label,
      count(distinct h.id)::int as orders, sum(part.hi - part.lo)::int as units,
      sum(${share("l.total_price")})::bigint as gross, sum(${share("l.discount")})::bigint as discount,
      sum(${share("l.returned_quantity")})::int as returned_units, coalesce(sum(${share(lineReturns)}), 0)::bigint as returns
    from order_lines l join buying_history h on h.id = l.history_id
    cross join lateral (
      select w.warehouse_id, least(w.cum - w.q, l.quantity) as lo, least(w.cum, l.quantity) as hi
      from (
        select u.warehouse_id, u.q, sum(u.q) over (order by u.ord) as cum
        from (
          select a.warehouse_id, a.quantity as q, a.id as ord from order_line_allocations a where a.order_line_id = l.id
          union all select null::int, l.quantity, 2147483647
        ) u
      ) w
    ) part
    where ${countedOrder("h")} and ${where} and part.hi > part.lo
    group by 1, 2, 3, 4, 5, 6`;
}

/** What the running totals sum, each a column of report_daily_lines and an array of the totals. */
export const runningTotalMeasures = ["units", "orders", "gross", "discount", "returns"] as const;

/** Columns of report_variant_sales and report_product_sales, in the order `salesTotalsFacts` selects them. */
export const variantSalesColumns = sql.raw(`variant_id, days, ${runningTotalMeasures.join(", ")}`);
export const productSalesColumns = sql.raw(`product_id, days, ${runningTotalMeasures.join(", ")}`);

/**
 * The running totals (ADR 0014, 2026-11-26) from daily line rows `lines`
 * (report_daily_lines, or `lineFacts`): per variant or per product (of the query `ids`;
 * null: all), its sale days ascending and, through each of them, its units, orders, gross,
 * discounts and returns. A product's totals count the lines of its variants (as the sum of
 * its variants' totals would). Each table's `last_day` is a generated column: the last of `days`.
 */
export const salesTotalsFacts = (of: "variant" | "product", lines: SQL, ids: SQL | null) => {
  const key = sql.raw(`x.${of}_id`);
  const through = sql.raw(
    runningTotalMeasures
      .map(
        (m) =>
          `(sum(sum(x.${m})) over (partition by x.${of}_id order by x.day))::${m === "units" || m === "orders" ? "int" : "bigint"} as ${m}`,
      )
      .join(", "),
  );
  const arrays = sql.raw(runningTotalMeasures.map((m) => `array_agg(${m} order by day) as ${m}`).join(", "));
  return sql`
  select ${key} as ${sql.raw(`${of}_id`)}, array_agg(day order by day) as days, ${arrays} from (
    select ${key}, x.day, ${through}
    from ${lines} x
    where x.variant_id is not null and ${key} is not null ${ids === null ? sql`` : sql`and ${key} in (${ids})`}
    group by 1, 2) x
  group by 1`;
};

/** Columns of report_daily_line_totals, in the order `lineTotalsFacts` selects them. */
export const lineTotalsColumns = sql.raw("day, warehouse_id, units, orders, gross, discount, returns");

/** Daily line rows `lines` (alias x) that pass `where`, summed per day × warehouse. */
export const lineTotalsFacts = (lines: SQL, where: SQL) => sql`
  select x.day, x.warehouse_id, sum(x.units)::int as units, sum(x.orders)::int as orders, sum(x.gross)::bigint as gross,
    sum(x.discount)::bigint as discount, sum(x.returns)::bigint as returns
  from ${lines} x where ${where} group by 1, 2`;

/** Orders placed in [start, end). */
export const placedBetween = (start: Date, end: Date) =>
  sql`h.placed_at >= ${start.toISOString()}::timestamptz and h.placed_at < ${end.toISOString()}::timestamptz`;

/** Orders placed on these store-local days. */
export const placedOnDays = (timeZone: string, days: readonly string[]) =>
  sql`h.placed_at >= (${days.reduce((a, b) => (a < b ? a : b))}::date::timestamp at time zone ${timeZone})
    and h.placed_at < ((${days.reduce((a, b) => (a > b ? a : b))}::date + 1)::timestamp at time zone ${timeZone})
    and ${localDay("h", timeZone)} = any(${sql.raw("array[")}${sql.join(
      days.map((day) => sql`${day}::date`),
      sql`, `,
    )}${sql.raw("]")})`;

/** A customer: an account, or a guest's email lower-cased (buying_history_customer_idx). */
export const customerKey = (alias: string) => sql.raw(`coalesce(${alias}.user_id, 'guest:' || lower(${alias}.email))`);

/**
 * What the customer roll-ups take of an order (alias `h`): its customer, who and where,
 * and spent = its total − refunds. Today's live rows (customers.ts) take the same.
 */
export const customerOrderFields = sql`${customerKey("h")} as customer, h.user_id, h.customer_name, h.email,
  h.payment_method, h.delivery_zone_id as zone_id, h.delivery_zone_name as zone_name,
  coalesce(nullif(trim(h.shipping_address->>'city'), ''), '(no city)') as city,
  h.total - coalesce((select sum(p.amount) from payments p where p.history_id = h.id and p.kind = 'refund'), 0) as spent`;

/** Columns of report_customer_days, in the order `customerDayFacts` selects them. */
export const customerDayColumns = sql.raw(
  "customer, day, payment_method, zone_id, zone_name, city, user_id, name, email, orders, spent, prev_day, lead, month_lead, first_day, lifetime_orders, lifetime_spent",
);

/**
 * Customer-day rows of the customers `customers` lists (a query of keys; null: all):
 * all of their history, since a customer's first day, previous day and lifetime figures
 * depend on every order they placed. Spent = order total − refunds (`payments`).
 */
export function customerDayFacts(timeZone: string, customers: SQL | null): SQL {
  return sql`
    with o as (
      select ${customerOrderFields}, ${localDay("h", timeZone)} as day
      from buying_history h
      where ${countedOrder("h")} and ${customers === null ? sql`true` : sql`${customerKey("h")} in (${customers})`}),
    g as (
      select customer, day, payment_method, zone_id, zone_name, city, max(user_id) as user_id,
        max(customer_name) as name, max(email) as email, count(*)::int as orders, sum(spent)::bigint as spent
      from o group by 1, 2, 3, 4, 5, 6),
    d as (
      select customer, day, lag(day, 1, '-infinity'::date) over (partition by customer order by day) as prev_day
      from (select distinct customer, day from g) x)
    select g.customer, g.day, g.payment_method, g.zone_id, g.zone_name, g.city, g.user_id, g.name, g.email, g.orders, g.spent,
      d.prev_day,
      row_number() over (partition by g.customer, g.day order by g.payment_method, g.zone_id, g.zone_name, g.city) = 1 as lead,
      row_number() over (partition by g.customer, date_trunc('month', g.day)
        order by g.day, g.payment_method, g.zone_id, g.zone_name, g.city) = 1 as month_lead,
      min(g.day) over (partition by g.customer) as first_day,
      (sum(g.orders) over (partition by g.customer))::int as lifetime_orders,
      (sum(g.spent) over (partition by g.customer))::bigint as lifetime_spent
    from g join d using (customer, day)`;
}

/**
 * report_customer_spans' rows, summed from customer-day rows `c` that carry a `sign` (1, or
 * −1 to take rows away). A customer counts on their lead row; `new_week` and `new_month`:
 * of those, the ones whose first day is in the same week or month as that day.
 */
export const customerSpanColumns = sql.raw(
  "day, prev_day, customers, new_week, new_month, repeaters, lifetime_spent, orders, guest_orders, spent",
);
export const customerSpanFacts = (rows: SQL) => sql`
  select c.day, c.prev_day, coalesce(sum(c.sign) filter (where c.lead), 0)::int as customers,
    coalesce(sum(c.sign) filter (where c.lead and c.first_day >= date_trunc('week', c.day)::date), 0)::int as new_week,
    coalesce(sum(c.sign) filter (where c.lead and c.first_day >= date_trunc('month', c.day)::date), 0)::int as new_month,
    coalesce(sum(c.sign) filter (where c.lead and c.lifetime_orders > 1), 0)::int as repeaters,
    coalesce(sum(c.sign * c.lifetime_spent) filter (where c.lead), 0)::bigint as lifetime_spent,
    sum(c.sign * c.orders)::int as orders,
    coalesce(sum(c.sign * c.orders) filter (where c.user_id is null), 0)::int as guest_orders,
    sum(c.sign * c.spent)::bigint as spent
  from ${rows} c group by 1, 2`;

/** report_customer_cohorts' rows, summed from customer-day rows `c` with a `sign`, as the spans. */
export const customerCohortColumns = sql.raw("first_day, day, customers");
export const customerCohortFacts = (rows: SQL) => sql`
  select c.first_day, c.day, sum(c.sign)::int as customers from ${rows} c where c.month_lead group by 1, 2`;

/** Columns of report_customer_group_spans, in the order `customerGroupSpanFacts` selects them. */
export const customerGroupSpanColumns = sql.raw("dim, grp, day, prev_day, customers, orders, spent");

/**
 * report_customer_group_spans' rows from customer-day rows `c` with a `sign` (1, or −1 to
 * take rows away), which must hold the whole history of their customers (per sign): each
 * customer's previous day in a group is the day before, among the days they ordered in it.
 */
export const customerGroupSpanFacts = (rows: SQL) => sql`
  select dim, grp, day, prev_day, sum(sign)::int as customers, sum(sign * orders)::int as orders,
    sum(sign * spent)::bigint as spent
  from (
    select *, lag(day, 1, '-infinity'::date) over (partition by sign, customer, dim, grp order by day) as prev_day
    from (
      select c.sign, c.customer, g.dim, g.grp, c.day, sum(c.orders) as orders, sum(c.spent) as spent
      from ${rows} c
      cross join lateral (values ('city', c.city), ('zone', c.zone_name),
        ('guest', case when c.user_id is null then 'Guest' else 'Account' end)) g(dim, grp)
      group by 1, 2, 3, 4, 5) d) s
  group by 1, 2, 3, 4`;

/** Columns of report_customer_totals, in the order `customerTotalsFacts` selects them. */
export const customerTotalsColumns = sql.raw("customer, days, orders, spent");

/**
 * report_customer_totals' rows from customer-day rows `c` (whole histories): per customer,
 * the days they ordered and their orders and spent through each.
 */
export const customerTotalsFacts = (rows: SQL) => sql`
  select customer, array_agg(day order by day) as days, array_agg(orders order by day) as orders,
    array_agg(spent order by day) as spent
  from (
    select c.customer, c.day, (sum(sum(c.orders)) over (partition by c.customer order by c.day))::int as orders,
      (sum(sum(c.spent)) over (partition by c.customer order by c.day))::bigint as spent
    from ${rows} c group by 1, 2) d
  group by 1`;
