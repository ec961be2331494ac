/**
 * Customers: new and returning, first-order cohorts with repeat rates by month, lifetime
 * value, top customers (linking to their details), by city and zone, guest versus account.
 *
 * A customer is an account, or a guest's email (lower-cased). "New" in a period: their
 * first order ever falls in it; "returning": they had ordered before it. Spent = order
 * total − refunds. The payment method and zone filters pick the orders in the range, never
 * the first orders.
 *
 * Read from the customer roll-ups (ADR 0014, 2026-11-26) before today and live for today:
 * report_customer_days (a row per customer × day × method × zone × city, carrying the
 * customer's first day, previous day and lifetime figures) and report_customer_spans (its
 * sums per day × previous day), which turn "distinct customers in a range" into a sum
 * when no filter is set; report_customer_group_spans does the same per city, zone and
 * guest flag for those views, and report_customer_totals (each customer's running totals)
 * finds the top customers' candidates (migration 0024).
 */
import type { ReportAnswer, ReportColumn, ReportRow } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  countedOrder,
  customerCohortFacts,
  customerDayColumns,
  customerGroupSpanFacts,
  customerOrderFields,
  customerSpanColumns,
  customerSpanFacts,
  placedOnDays,
} from "./facts.ts";
import {
  chartOf,
  column,
  type FilterChoices,
  type Frame,
  figure,
  includesToday,
  keyed,
  num,
  orderFilters,
  type Range,
  ratio,
} from "./frame.ts";

type Sums = Record<string, number | string | null>;

/**
 * Today's customer-day rows (report_customer_days' columns): today's orders live, and what
 * each of today's customers did before today from their running totals
 * (report_customer_totals: days ascending, orders and spent through each), the roll-up
 * every past day of the report reads too. The same rows as facts.ts' `customerDayFacts`
 * over the customers' whole history gives for today (reports.test.ts checks it): previous
 * day, first day, lifetime orders and spent, and the lead and month-lead rows.
 */
function todayCustomerDays(frame: Frame): SQL {
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
function customerDays(frame: Frame, range: Range, where: SQL = sql`true`): SQL {
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
const filtered = (frame: Frame) => frame.paymentMethod !== undefined || frame.zone !== undefined;

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

function customerFigures(s: Sums | undefined): CustomerFigures {
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
async function figuresOf(
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

const MONTHS_AFTER = 6;

async function cohortTable(db: Db, frame: Frame): Promise<ReportAnswer["table"]> {
  const months = Array.from({ length: MONTHS_AFTER }, (_, index) => index + 1);
  // The customers whose first day is in the range (unfiltered), counted once in each month
  // they ordered: the cohort roll-up before today, today's month leads live.
  const firstIn = sql`first_day between ${frame.range.from}::date and ${frame.range.to}::date`;
  const today = sql`(select *, 1 as sign from (${todayCustomerDays(frame)}) t where ${firstIn})`;
  const rows = await keyed(
    db,
    sql`with cells as (
        select first_day, day, customers from report_customer_cohorts where ${firstIn} and day < ${frame.today}::date
        union all ${customerCohortFacts(today)}),
      activity as materialized (
        select first_day - (date_part('day', first_day)::int - 1) as month, customers,
          (date_part('year', day)::int - date_part('year', first_day)::int) * 12
            + date_part('month', day)::int - date_part('month', first_day)::int as after
        from cells)
      select month::text as k, coalesce(sum(customers) filter (where after = 0), 0)::int as size,
        ${sql.join(
          months.map((m) => sql`coalesce(sum(customers) filter (where after = ${m}), 0)::int as ${sql.raw(`m${m}`)}`),
          sql`, `,
        )}
      from activity group by 1 order by 1`,
  );
  return {
    columns: [
      column("cohort", "First order in", "date"),
      column("customers", "Customers", "count"),
      ...months.map((m) => column(`m${m}`, `Month ${m}`, "percent")),
    ],
    rows: [...rows.entries()].map(([month, row]) => {
      const size = num(row.size);
      const cells: ReportRow["cells"] = { cohort: month, customers: size };
      // A month that has not happened yet is blank, not 0 %.
      for (const m of months) {
        const at = new Date(`${month}T00:00:00Z`);
        at.setUTCMonth(at.getUTCMonth() + m);
        cells[`m${m}`] = at.toISOString().slice(0, 10) > frame.today ? null : ratio(num(row[`m${m}`]), size);
      }
      return { cells, href: null };
    }),
  };
}

/** The range's customer-day rows, filtered. */
const inRange = (frame: Frame) => customerDays(frame, frame.range, orderFilters(frame, "c"));

/**
 * The customers who may be among the top 50 by spent in the range (unfiltered): from the
 * running totals before today (spent in [a, b] = through b − through a − 1) and today's
 * live rows, everyone whose spent reaches the 50th largest (ties included).
 */
function topCandidates(frame: Frame): SQL {
  const { from, to } = frame.range;
  // A customer has one row of running totals; today's live rows are joined in (by hash: few).
  const spent = includesToday(frame, frame.range)
    ? sql`select coalesce(p.customer, t.customer) as customer, coalesce(p.spent, 0) + coalesce(t.spent, 0) as spent
        from past p full join (select customer, sum(spent) as spent from (${todayCustomerDays(frame)}) c group by 1) t
          on t.customer = p.customer`
    : sql`select customer, spent from past`;
  return sql`with past as (
      select customer, spent[hi] - coalesce(spent[lo], 0) as spent
      from (select customer, spent, width_bucket(least(${to}::date, ${frame.today}::date - 1), days) as hi,
          width_bucket(${from}::date - 1, days) as lo
        from report_customer_totals) t
      where hi > lo),
    spent as materialized (${spent})
    select customer from spent
    where spent >= coalesce((select spent from spent order by spent desc offset 49 limit 1), (select min(spent) from spent))`;
}

async function topTable(db: Db, frame: Frame): Promise<ReportAnswer["table"]> {
  // Filtered, the payment method and zone pick rows: summed over them all.
  const rows = filtered(frame)
    ? inRange(frame)
    : customerDays(frame, frame.range, sql`c.customer in (select customer from candidates)`);
  const result = await db.execute<Record<string, string | number | null>>(
    sql`${filtered(frame) ? sql`` : sql`with candidates as materialized (${topCandidates(frame)})`}
      select customer, max(user_id) as user_id, max(name) as name, max(email) as email,
        sum(orders)::int as orders, sum(spent)::bigint as spent, max(lifetime_orders)::int as lifetime_orders,
        max(lifetime_spent)::bigint as ltv, min(first_day)::text as first_day, max(day)::text as last_day
      from ${rows} o group by 1 order by sum(spent) desc, max(email) limit 50`,
  );
  return {
    columns: [
      column("name", "Customer", "text"),
      column("email", "Email", "text"),
      column("kind", "Account", "text"),
      column("orders", "Orders", "count"),
      column("spent", "Spent", "money"),
      column("lifetimeOrders", "Lifetime orders", "count"),
      column("ltv", "Lifetime value", "money"),
      column("firstOrder", "First order", "date"),
      column("lastOrder", "Last order", "date"),
    ],
    rows: result.rows.map((row) => ({
      cells: {
        name: String(row.name),
        email: String(row.email),
        kind: row.user_id ? "Account" : "Guest",
        orders: num(row.orders),
        spent: num(row.spent),
        lifetimeOrders: num(row.lifetime_orders),
        ltv: num(row.ltv),
        firstOrder: String(row.first_day),
        lastOrder: String(row.last_day),
      },
      href: row.user_id ? `/admin/show/user-details?id=${encodeURIComponent(String(row.user_id))}` : null,
    })),
  };
}

type Dim = "city" | "zone" | "guest";

/** The customer-day rows' group of each view (what report_customer_group_spans calls `grp`). */
const groupKeys: Record<Dim, SQL> = {
  city: sql`city`,
  zone: sql`zone_name`,
  guest: sql`case when user_id is null then 'Guest' else 'Account' end`,
};

/**
 * A dimension's group spans (report_customer_group_spans' columns) of a range: the roll-up
 * before today; today's live, from today's customers' days: before today from the roll-up
 * (report_customer_days, by customer), today's live (`todayCustomerDays`). The same spans
 * as their whole histories give whenever the roll-up is current, which every past day of
 * the report assumes (reports.test.ts checks them against the whole histories).
 */
function groupSpans(frame: Frame, range: Range, dim: Dim): SQL {
  const past = sql`select dim, grp, day, prev_day, customers, orders, spent from report_customer_group_spans
    where dim = ${dim} and day between ${range.from}::date and ${range.to}::date and day < ${frame.today}::date`;
  if (!includesToday(frame, range)) return sql`(${past})`;
  const histories = sql`(select *, 1 as sign from (
    with today_days as materialized (${todayCustomerDays(frame)})
    select ${customerDayColumns} from report_customer_days c
    where c.day < ${frame.today}::date and c.customer in (select customer from today_days)
    union all select ${customerDayColumns} from today_days) t)`;
  return sql`(${past} union all select * from (${customerGroupSpanFacts(histories)}) t
    where t.dim = ${dim} and t.day = ${frame.today}::date)`;
}

async function groupTable(db: Db, frame: Frame, dim: Dim, title: string): Promise<ReportAnswer["table"]> {
  // Unfiltered: a customer counts in a group on their first day in it in the range (sums);
  // filtered, the payment method and zone pick rows, so distinct customers over them.
  const rows = await keyed(
    db,
    filtered(frame)
      ? sql`select ${groupKeys[dim]} as k, count(distinct customer)::int as customers, sum(orders)::int as orders,
          sum(spent)::bigint as spent
        from ${inRange(frame)} o group by 1 order by sum(spent) desc`
      : sql`select grp as k, coalesce(sum(customers) filter (where prev_day < ${frame.range.from}::date), 0)::int as customers,
          sum(orders)::int as orders, sum(spent)::bigint as spent
        from ${groupSpans(frame, frame.range, dim)} s group by 1 order by sum(spent) desc`,
  );
  return {
    columns: [
      column("name", title, "text"),
      column("customers", "Customers", "count"),
      column("orders", "Orders", "count"),
      column("spent", "Spent", "money"),
      column("aov", "Average order", "money"),
    ],
    rows: [...rows.entries()].map(([name, row]) => ({
      cells: {
        name,
        customers: num(row.customers),
        orders: num(row.orders),
        spent: num(row.spent),
        aov: num(row.orders) === 0 ? null : Math.round(num(row.spent) / num(row.orders)),
      },
      href: null,
    })),
  };
}

/** The view's table (none for "period": the chart's points). */
function customerTable(db: Db, frame: Frame): Promise<ReportAnswer["table"] | null> {
  if (frame.view === "cohorts") return cohortTable(db, frame);
  if (frame.view === "top") return topTable(db, frame);
  if (frame.view === "city") return groupTable(db, frame, "city", "City");
  if (frame.view === "zone") return groupTable(db, frame, "zone", "Delivery zone");
  if (frame.view === "guest") return groupTable(db, frame, "guest", "Checkout as");
  return Promise.resolve(null);
}

export async function customersReport(
  db: Db,
  frame: Frame,
  choices: FilterChoices,
  currency: string,
): Promise<Omit<ReportAnswer, "range">> {
  // The view's table runs beside the figures, each statement on its own connection.
  const [inRange, inComparison, viewTable] = await Promise.all([
    figuresOf(db, frame, frame.range),
    frame.compareRange ? figuresOf(db, frame, frame.compareRange) : Promise.resolve(null),
    customerTable(db, frame),
  ]);
  const now = inRange.totals;
  const then = inComparison?.totals ?? null;
  const current = inRange.series;
  const previous = inComparison?.series ?? null;
  const totals = [
    ...customerMetrics.map((metric) =>
      figure(
        metric.key,
        metric.label,
        metric.format,
        now[metric.key as keyof typeof now] ?? null,
        then ? (then[metric.key as keyof typeof then] ?? null) : undefined,
      ),
    ),
    figure("ltv", "Average lifetime value", "money", now.ltv, then?.ltv),
    figure("repeatRate", "Ordered more than once", "percent", now.repeatRate, then?.repeatRate),
  ];
  const chart = chartOf(frame, customerMetrics, current, previous, customerFigures);
  const table: ReportAnswer["table"] = viewTable ?? {
    columns: [column("period", "Period", "date"), ...customerMetrics],
    rows: chart.points.map((point) => ({ cells: { period: point.period, ...point.values }, href: null })),
  };
  return {
    report: "customers",
    currency,
    totals,
    chart,
    table,
    filters: choices,
    notes: [
      "A customer is an account, or a guest's email. New: their first order ever is in the period; returning: they ordered before it.",
      "Spent = order totals − refunds. Cohorts: of the customers whose first order was in a month, the share who ordered again N months later.",
    ],
  };
}

/** Customers whose first order ever is today (the admin home), from today's live rows. */
export async function newCustomersToday(db: Db, frame: Frame): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${todayCustomerDays(frame)}) c where c.lead and c.prev_day = '-infinity'`,
  );
  return result.rows[0]?.n ?? 0;
}
