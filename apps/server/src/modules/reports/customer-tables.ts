/** The customers report's tables: cohorts by first month, top customers, and customers by city, zone or guest checkout. */
import type { ReportAnswer, ReportRow } from "@atelier/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerDays, filtered, todayCustomerDays } from "./customer-figures.ts";
import { customerCohortFacts, customerDayColumns, customerGroupSpanFacts } from "./facts.ts";
import { column, type Frame, includesToday, keyed, num, orderFilters, type Range, ratio } from "./frame.ts";

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
export const inRange = (frame: Frame) => customerDays(frame, frame.range, orderFilters(frame, "c"));

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
export function customerTable(db: Db, frame: Frame): Promise<ReportAnswer["table"] | null> {
  if (frame.view === "cohorts") return cohortTable(db, frame);
  if (frame.view === "top") return topTable(db, frame);
  if (frame.view === "city") return groupTable(db, frame, "city", "City");
  if (frame.view === "zone") return groupTable(db, frame, "zone", "Delivery zone");
  if (frame.view === "guest") return groupTable(db, frame, "guest", "Checkout as");
  return Promise.resolve(null);
}
