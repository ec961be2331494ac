/**
 * The daily roll-ups (ADR 0014): `refresh` recomputes the store-local days whose orders
 * changed (the hours the triggers of migration 0015 marked) from the same SQL the live
 * figures use (facts.ts); a change of the store's time zone rebuilds everything. It runs
 * as a job of the one queue (infra/jobs.ts) every minute and whenever it is sent, in one
 * process at a time (an advisory lock), so two refreshes never interleave.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  customerCohortColumns,
  customerCohortFacts,
  customerDayColumns,
  customerDayFacts,
  customerGroupSpanColumns,
  customerGroupSpanFacts,
  customerKey,
  customerSpanColumns,
  customerSpanFacts,
  customerTotalsColumns,
  customerTotalsFacts,
  lineFactColumns,
  lineFacts,
  lineTotalsColumns,
  lineTotalsFacts,
  orderFactColumns,
  orderFacts,
  placedOnDays,
  productSalesColumns,
  runningTotalMeasures,
  salesTotalsFacts,
  variantSalesColumns,
} from "./facts.ts";

export const ROLLUP_JOB = "reports.refresh-rollups";
/** Every minute: dirty days are usually a handful; an idle minute costs one DELETE. */
export const ROLLUP_CRON = "* * * * *";

export interface RefreshResult {
  rebuilt: boolean;
  days: number;
}

async function rebuildAll(tx: Tx, timeZone: string): Promise<void> {
  await tx.execute(sql`truncate report_daily_orders, report_daily_lines, report_dirty_hours`);
  await tx.execute(sql`insert into report_daily_orders (${orderFactColumns}) ${orderFacts(timeZone, sql`true`)}`);
  await tx.execute(sql`insert into report_daily_lines (${lineFactColumns}) ${lineFacts(timeZone, sql`true`)}`);
  await rebuildCustomers(tx, timeZone);
  await rebuildCustomerGroups(tx);
  await rebuildInventory(tx);
}

/** The customers' group spans and running totals alone, from report_customer_days (migration 0024 leaves them unbuilt). */
async function rebuildCustomerGroups(tx: Tx): Promise<void> {
  await tx.execute(sql`truncate report_customer_group_spans, report_customer_totals`);
  await tx.execute(sql`insert into report_customer_group_spans (${customerGroupSpanColumns})
    ${customerGroupSpanFacts(sql`(select *, 1 as sign from report_customer_days)`)}`);
  await tx.execute(sql`insert into report_customer_totals (${customerTotalsColumns})
    ${customerTotalsFacts(sql`report_customer_days`)}`);
}

/**
 * The inventory roll-ups alone (migrations 0022 and 0025 leave them unbuilt; so does a
 * previous version's rebuild).
 */
async function rebuildInventory(tx: Tx): Promise<void> {
  await tx.execute(sql`truncate report_variant_sales, report_product_sales, report_daily_line_totals`);
  await tx.execute(sql`insert into report_variant_sales (${variantSalesColumns})
    ${salesTotalsFacts("variant", sql`report_daily_lines`, null)}`);
  await tx.execute(sql`insert into report_product_sales (${productSalesColumns})
    ${salesTotalsFacts("product", sql`report_daily_lines`, null)}`);
  await tx.execute(sql`insert into report_daily_line_totals (${lineTotalsColumns})
    ${lineTotalsFacts(sql`report_daily_lines`, sql`true`)}`);
}

/**
 * The running totals (`report_variant_sales` or `report_product_sales`) of every variant or
 * product that sold on these days before the change (its row lists the day) or after it.
 */
async function refreshSalesTotals(tx: Tx, of: "variant" | "product", days: SQL): Promise<void> {
  const table = sql.raw(`report_${of}_sales`);
  const key = sql.raw(`${of}_id`);
  const columns = of === "variant" ? variantSalesColumns : productSalesColumns;
  await tx.execute(sql`
    with affected as materialized (
      select ${key} from ${table} where days && array[${days}]
      union select ${key} from report_daily_lines where day in (${days}) and variant_id is not null and ${key} is not null),
    fresh as materialized (${salesTotalsFacts(of, sql`report_daily_lines`, sql`select ${key} from affected`)}),
    gone as (
      delete from ${table} s using affected a
      where s.${key} = a.${key} and not exists (select 1 from fresh f where f.${key} = a.${key}))
    insert into ${table} (${columns}) select * from fresh
    on conflict (${key}) do update set days = excluded.days, ${sql.raw(
      runningTotalMeasures.map((m) => `${m} = excluded.${m}`).join(", "),
    )}`);
}

/** After report_daily_lines' rows of these days were recomputed: their day totals and the running totals. */
async function refreshInventory(tx: Tx, days: SQL): Promise<void> {
  await tx.execute(sql`delete from report_daily_line_totals where day in (${days})`);
  await tx.execute(sql`insert into report_daily_line_totals (${lineTotalsColumns})
    ${lineTotalsFacts(sql`report_daily_lines`, sql`x.day in (${days})`)}`);
  await refreshSalesTotals(tx, "variant", days);
  await refreshSalesTotals(tx, "product", days);
}

/** The customer roll-ups alone (migration 0021 leaves them unbuilt; so does a previous version's rebuild). */
async function rebuildCustomers(tx: Tx, timeZone: string): Promise<void> {
  await tx.execute(sql`truncate report_customer_days, report_customer_spans, report_customer_cohorts`);
  await tx.execute(sql`insert into report_customer_days (${customerDayColumns}) ${customerDayFacts(timeZone, null)}`);
  await tx.execute(sql`insert into report_customer_spans (${customerSpanColumns})
    ${customerSpanFacts(sql`(select *, 1 as sign from report_customer_days)`)}`);
  await tx.execute(sql`insert into report_customer_cohorts (${customerCohortColumns})
    ${customerCohortFacts(sql`(select *, 1 as sign from report_customer_days)`)}`);
}

const spanSums = [
  "customers",
  "new_week",
  "new_month",
  "repeaters",
  "lifetime_spent",
  "orders",
  "guest_orders",
  "spent",
];

/**
 * Recomputes every row of the customers who ordered on these days (before the change, as
 * the roll-up holds them, or after it): a customer's previous day, first day and lifetime
 * figures are properties of all their orders. The spans, group spans and cohorts take the
 * old rows away and add the new ones; the customers' running totals are rewritten.
 */
async function refreshCustomers(tx: Tx, timeZone: string, days: SQL, placed: SQL): Promise<void> {
  await tx.execute(sql`
    with affected as materialized (
      select customer from report_customer_days where day in (${days})
      union select ${customerKey("h")} from buying_history h where ${placed}),
    gone as (
      delete from report_customer_days c using affected a where c.customer = a.customer returning c.*),
    added as (
      insert into report_customer_days (${customerDayColumns})
      ${customerDayFacts(timeZone, sql`select customer from affected`)}
      returning *),
    changed as (select *, -1 as sign from gone union all select *, 1 as sign from added),
    cohorts as (
      insert into report_customer_cohorts (${customerCohortColumns}) ${customerCohortFacts(sql`changed`)}
      on conflict (first_day, day) do update set customers = report_customer_cohorts.customers + excluded.customers),
    groups as (
      insert into report_customer_group_spans (${customerGroupSpanColumns}) ${customerGroupSpanFacts(sql`changed`)}
      on conflict (dim, day, grp, prev_day) do update set customers = report_customer_group_spans.customers + excluded.customers,
        orders = report_customer_group_spans.orders + excluded.orders, spent = report_customer_group_spans.spent + excluded.spent),
    totals as (
      insert into report_customer_totals (${customerTotalsColumns}) ${customerTotalsFacts(sql`added`)}
      on conflict (customer) do update set days = excluded.days, orders = excluded.orders, spent = excluded.spent),
    no_orders as (
      delete from report_customer_totals t using affected a
      where t.customer = a.customer and not exists (select 1 from added n where n.customer = a.customer))
    insert into report_customer_spans (${customerSpanColumns}) ${customerSpanFacts(sql`changed`)}
    on conflict (day, prev_day) do update set ${sql.raw(
      spanSums.map((name) => `${name} = report_customer_spans.${name} + excluded.${name}`).join(", "),
    )}`);
  await tx.execute(sql`delete from report_customer_spans where orders = 0`);
  await tx.execute(sql`delete from report_customer_cohorts where customers = 0`);
  await tx.execute(sql`delete from report_customer_group_spans where orders = 0`);
}

/** Recomputes these store-local days in the roll-ups (and every day of their customers). */
export async function refreshDays(tx: Tx, timeZone: string, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const list = sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  );
  await tx.execute(sql`delete from report_daily_orders where day in (${list})`);
  await tx.execute(sql`delete from report_daily_lines where day in (${list})`);
  const where = placedOnDays(timeZone, days);
  await tx.execute(sql`insert into report_daily_orders (${orderFactColumns}) ${orderFacts(timeZone, where)}`);
  await tx.execute(sql`insert into report_daily_lines (${lineFactColumns}) ${lineFacts(timeZone, where)}`);
  await refreshCustomers(tx, timeZone, list, where);
  await refreshInventory(tx, list);
}

export async function refreshRollups(db: Db, timeZone: string): Promise<RefreshResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reports.rollup'))`);
    const state = await tx.execute<{
      time_zone: string | null;
      customers_time_zone: string | null;
      inventory_time_zone: string | null;
      inventory_products_time_zone: string | null;
      sales_totals_time_zone: string | null;
      customer_groups_time_zone: string | null;
    }>(
      sql`select time_zone, customers_time_zone, inventory_time_zone, inventory_products_time_zone,
        sales_totals_time_zone, customer_groups_time_zone
        from report_rollup_state where id = 1 for update`,
    );
    if (state.rows[0]?.time_zone !== timeZone) {
      await rebuildAll(tx, timeZone);
      await tx.execute(sql`
        insert into report_rollup_state (id, time_zone, customers_time_zone, inventory_time_zone,
          inventory_products_time_zone, sales_totals_time_zone, customer_groups_time_zone, refreshed_at)
        values (1, ${timeZone}, ${timeZone}, ${timeZone}, ${timeZone}, ${timeZone}, ${timeZone}, now())
        on conflict (id) do update set time_zone = excluded.time_zone,
          customers_time_zone = excluded.customers_time_zone,
          customer_groups_time_zone = excluded.customer_groups_time_zone,
          inventory_time_zone = excluded.inventory_time_zone,
          inventory_products_time_zone = excluded.inventory_products_time_zone,
          sales_totals_time_zone = excluded.sales_totals_time_zone, refreshed_at = now()`);
      return { rebuilt: true, days: 0 };
    }
    if (state.rows[0]?.customers_time_zone !== timeZone) {
      await rebuildCustomers(tx, timeZone);
      await tx.execute(sql`update report_rollup_state set customers_time_zone = ${timeZone} where id = 1`);
    }
    // After the customer-day rows: the group spans are built from them.
    if (state.rows[0]?.customer_groups_time_zone !== timeZone || state.rows[0]?.customers_time_zone !== timeZone) {
      await rebuildCustomerGroups(tx);
      await tx.execute(sql`update report_rollup_state set customer_groups_time_zone = ${timeZone} where id = 1`);
    }
    // Any of the marks: a previous version rebuilds only some of the inventory tables, or
    // leaves the money columns of 0026 empty.
    const inventory = state.rows[0];
    if (
      inventory?.inventory_time_zone !== timeZone ||
      inventory?.inventory_products_time_zone !== timeZone ||
      inventory?.sales_totals_time_zone !== timeZone
    ) {
      await rebuildInventory(tx);
      await tx.execute(sql`update report_rollup_state set inventory_time_zone = ${timeZone},
        inventory_products_time_zone = ${timeZone}, sales_totals_time_zone = ${timeZone} where id = 1`);
    }
    // An hour may straddle two local days (zones at :30 or :45 offsets): both are refreshed.
    const dirty = await tx.execute<{ day: string }>(sql`
      with taken as (delete from report_dirty_hours returning hour)
      select distinct day::text as day from (
        select (hour at time zone ${timeZone})::date as day from taken
        union select ((hour + interval '59 minutes 59.999 seconds') at time zone ${timeZone})::date from taken
      ) d order by 1`);
    const days = dirty.rows.map((row) => row.day);
    // Bounded statements: a bulk import may dirty years of days.
    for (let i = 0; i < days.length; i += 400) await refreshDays(tx, timeZone, days.slice(i, i + 400));
    await tx.execute(sql`update report_rollup_state set refreshed_at = now() where id = 1`);
    return { rebuilt: false, days: days.length };
  });
}
