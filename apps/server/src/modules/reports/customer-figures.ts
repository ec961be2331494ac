/** The customers report's figures: customers' days and spans (today live, earlier days from report_customer_totals), new and returning, and their sums. */
import type { ReportColumn } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  countedOrder,
  customerDayColumns,
  customerOrderFields,
  customerSpanColumns,
  customerSpanFacts,
  placedOnDays,
} from "./facts.ts";
import { column, type Frame, includesToday, keyed, num, orderFilters, type Range, ratio } from "./frame.ts";

type Sums = Record<string, number | string | null>;

/**
 * Today's customer-day rows (report_customer_days' columns): today's orders live, and what
 * each of today's customers did before today from their running totals
 * (report_customer_totals: days ascending, orders and spent through each), the roll-up
 * every past day of the report reads too. The same rows as facts.ts' `customerDayFacts`
 * over the customers' whole history gives for today (reports.test.ts checks it): previous
 * day, first day, lifetime orders and spent, and the lead and month-lead rows.
 */
export function todayCustomerDays(frame: Frame): SQL {
  const today = sql`${frame.today}::date`;
  return sql`select ${customerDayColumns} from (
    with o as (
      select ${customerOrderFields} from buying_history h
      where ${countedOrder("h")} and ${placedOnDays(frame.timeZone, [frame.today])}),
    g as (
      select customer, payment_method, zone_id, zone_name, city, max(user_id) as user_id,
        max(customer_name) as name, max(email) as email, count(*)::int as orders, sum(spent)::bigint as spent
      from o group by 1, 2, 3, 4, 5),
    before as (
      select c.customer, c.orders, c.spent, t.days, t.orders as orders_through, t.spent as spent_through,
        width_bucket(${today} - 1, t.days) as last
      from (select customer, sum(orders) as orders, sum(spent) as spent from g group by 1) c
      left join report_customer_totals t on t.customer = c.customer),
    r as (
      select g.*, coalesce(b.days[b.last], '-infinity'::date) as prev_day,
        row_number() over (partition by g.customer order by g.payment_method, g.zone_id, g.zone_name, g.city) = 1 as lead,
        coalesce(case when b.last > 0 then b.days[1] end, ${today}) as first_day,
        (coalesce(b.orders_through[b.last], 0) + b.orders)::int as lifetime_orders,
        (coalesce(b.spent_through[b.last], 0) + b.spent)::bigint as lifetime_spent
      from g join before b using (customer))
    select r.*, ${today} as day, r.lead and r.prev_day < date_trunc('month', ${today})::date as month_lead from r
  ) t`;
}

/**
 * Customer-day rows (report_customer_days' columns) of a range that pass `where`: the
 * roll-up before today, live for today.
 */
export function customerDays(frame: Frame, range: Range, where: SQL = sql`true`): SQL {
  const past = sql`select ${customerDayColumns} from report_customer_days c
    where c.day between ${range.from}::date and ${range.to}::date and c.day < ${frame.today}::date and ${where}`;
  if (!includesToday(frame, range)) return sql`(${past})`;
  return sql`(${past} union all select * from (${todayCustomerDays(frame)}) c where ${where})`;
}

/** The spans (report_customer_spans' columns) of a range: the roll-up before today, live for today. */
function customerSpans(frame: Frame, range: Range): SQL {
  const past = sql`select ${customerSpanColumns} from report_customer_spans
    where day between ${range.from}::date and ${range.to}::date and day < ${frame.today}::date`;
  if (!includesToday(frame, range)) return sql`(${past})`;
  return sql`(${past} union all ${customerSpanFacts(sql`(select *, 1 as sign from (${todayCustomerDays(frame)}) t)`)})`;
}

/** The payment method and zone filters pick the orders in the range (never the first orders). */
export const filtered = (frame: Frame) => frame.paymentMethod !== undefined || frame.zone !== undefined;

export const customerMetrics: ReportColumn[] = [
  column("customers", "Customers", "count"),
  column("new", "New customers", "count"),
  column("returning", "Returning customers", "count"),
  column("orders", "Orders", "count"),
  column("guestOrders", "Guest orders", "count"),
  column("accountOrders", "Account orders", "count"),
  column("spent", "Spent", "money"),
];

/** A period's figures from customer-day rows (filtered: distinct counts over the rows). */
const periodSums = (period: SQL) => sql`count(distinct customer)::int as customers,
  count(distinct customer) filter (where first_day >= ${period})::int as new,
  count(distinct customer) filter (where first_day < ${period})::int as returning,
  sum(orders)::int as orders, coalesce(sum(orders) filter (where user_id is null), 0)::int as guest_orders,
  coalesce(sum(orders) filter (where user_id is not null), 0)::int as account_orders, sum(spent)::bigint as spent`;

/**
 * A period's figures from spans (unfiltered: sums). A customer counts on their first day
 * in the period, the day whose previous day is before `start` (the period's first day in
 * the range); `fresh` counts the new ones among them.
 */
const spanSums = (start: SQL, fresh: SQL) => sql`
  coalesce(sum(customers) filter (where prev_day < ${start}), 0)::int as customers,
  coalesce(sum(${fresh}) filter (where prev_day < ${start}), 0)::int as new,
  coalesce(sum(customers - ${fresh}) filter (where prev_day < ${start}), 0)::int as returning,
  sum(orders)::int as orders, sum(guest_orders)::int as guest_orders,
  sum(orders - guest_orders)::int as account_orders, sum(spent)::bigint as spent`;

interface CustomerFigures {
  [key: string]: number;
  customers: number;
  new: number;
  returning: number;
  orders: number;
  guestOrders: number;
  accountOrders: number;
  spent: number;
}

export function customerFigures(s: Sums | undefined): CustomerFigures {
  return {
    customers: num(s?.customers),
    new: num(s?.new),
    returning: num(s?.returning),
    orders: num(s?.orders),
    guestOrders: num(s?.guest_orders),
    accountOrders: num(s?.account_orders),
    spent: num(s?.spent),
  };
}

function totalsFrom(row: Sums | undefined) {
  const figures = customerFigures(row);
  return {
    ...figures,
    ltv: row?.ltv === null || row?.ltv === undefined ? null : Math.round(num(row.ltv)),
    repeatRate: ratio(num(row?.repeaters), figures.customers),
  };
}

/**
 * A range's totals and its periods' figures (the chart). Unfiltered, one statement reads
 * the range's spans once (today's computed once) and sums them both ways: the totals as
 * row `all`, a period's customers counted on their first day in it (`start`: the period's
 * first day in the range, computed once per span). Filtered, distinct customers over the
 * customer-day rows.
 */
export async function figuresOf(
  db: Db,
  frame: Frame,
  range: Range,
): Promise<{ totals: ReturnType<typeof totalsFrom>; series: Map<string, Sums> }> {
  const from = sql`${range.from}::date`;
  if (filtered(frame)) {
    const period = sql`date_trunc(${frame.group}, day)::date`;
    // Whoever counts in the range is new if their first day is in it: then it has no previous day.
    const [totals, series] = await Promise.all([
      keyed(
        db,
        sql`with o as materialized ${customerDays(frame, range, orderFilters(frame, "c"))}
          select 'all' as k, ${periodSums(from)},
            (select avg(lifetime_spent) from (select distinct customer, lifetime_spent from o) c)::float as ltv,
            (select count(*) from (select distinct customer, lifetime_orders from o) c where lifetime_orders > 1)::int as repeaters
          from o`,
      ),
      keyed(
        db,
        sql`select ${period}::text as k, ${periodSums(period)}
          from ${customerDays(frame, range, orderFilters(frame, "c"))} o group by 1`,
      ),
    ]);
    return { totals: totalsFrom(totals.get("all")), series };
  }
  // New in a period: first day on or after the period's start (which may be before the range's).
  const fresh = {
    day: sql`case when prev_day = '-infinity' then customers else 0 end`,
    week: sql`new_week`,
    month: sql`new_month`,
  }[frame.group];
  const rows = await keyed(
    db,
    sql`with s as materialized (
        select s.*, p.period, greatest(p.period, ${from}) as start
        from ${customerSpans(frame, range)} s
        cross join lateral (select date_trunc(${frame.group}, s.day::timestamp)::date as period) p)
      select 'all' as k, ${spanSums(from, sql`case when prev_day = '-infinity' then customers else 0 end`)},
        (sum(lifetime_spent) filter (where prev_day < ${from}) / nullif(sum(customers) filter (where prev_day < ${from}), 0))::float as ltv,
        coalesce(sum(repeaters) filter (where prev_day < ${from}), 0)::int as repeaters
      from s
      union all
      select period::text, ${spanSums(sql`start`, fresh)}, null, null from s group by period`,
  );
  const totals = totalsFrom(rows.get("all"));
  rows.delete("all");
  return { totals, series: rows };
}
