/** The sales report's tables: a dimension's 500 rows with the most net sales, top and bottom sellers, the funnel and payments. */
import type { ReportAnswer, ReportRow } from "@atelier/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  column,
  dailyOrders,
  delta,
  type Frame,
  hasProductFilter,
  keyed,
  lineFilters,
  num,
  orderFilters,
  paymentMethodLabel,
  productFilters,
  ratio,
  TABLE_ROW_LIMIT,
} from "./frame.ts";
import {
  type Dimension,
  dimensionRows,
  dimensions,
  productLines,
  ranking,
  totalsServe,
  variantTotalsTable,
} from "./sales-dimensions.ts";
import { type Sums, salesFigures, salesMetrics } from "./sales-figures.ts";

/**
 * A table's first `limit` rows and, when there were more (`total` in all), the note that
 * says so: a variant table of a large catalogue would otherwise send the browser 100,000 rows.
 */
export function limitRows<Row>(
  rows: Row[],
  limit: number,
  noun: string,
  total = rows.length,
): { rows: Row[]; note: string | null } {
  if (total <= limit) return { rows: rows.slice(0, limit), note: null };
  return {
    rows: rows.slice(0, limit),
    note: `The table shows the ${limit.toLocaleString("en-US")} ${noun} with the most net sales of ${total.toLocaleString("en-US")}; a category, series or type filter or a shorter range narrows it (the totals and the chart count them all).`,
  };
}

const netOf = (alias: string) => sql.raw(`(${alias}.gross - ${alias}.discount - ${alias}.returns)`);

/**
 * A dimension's table: its rows ranked by net sales in SQL, so only the first
 * TABLE_ROW_LIMIT (and any tied with the last of them) leave the database, each with its
 * net in the comparison, the number of rows and their net in all (the shares' base).
 */
export async function dimensionTable(
  db: Db,
  frame: Frame,
  name: string,
): Promise<{ table: ReportAnswer["table"]; note: string | null }> {
  const dimension = dimensions[name] as Dimension;
  const byLines = dimension.source === "lines" || hasProductFilter(frame);
  const previous = frame.compareRange !== null;
  let current: Map<string, Sums>;
  if (dimension.totals === "variant" && totalsServe(frame, "variant")) {
    current = await keyed(db, variantTotalsTable(frame, dimension.shownLabel ?? sql`r.label_text`));
  } else {
    const grouped = dimensionRows(frame, dimension);
    current =
      grouped === null
        ? new Map<string, Sums>()
        : await keyed(
            db,
            sql`with joined as (select c.*, ${netOf("c")} as net from (${grouped}) c), ${ranking}
          select r.*, ${dimension.shownLabel ?? sql`r.label_text`} as name_text
          from (select sh.*, e.all_rows, e.all_net from shown sh cross join everything e) r`,
          );
  }
  const first = current.values().next().value;
  const totalNet = num(first?.all_net);
  const columns = [
    column("name", dimension.title, "text"),
    ...salesMetrics.filter((metric) => !byLines || salesFigures(undefined, true)[metric.key] !== null),
    column("share", "Share of net", "percent"),
    ...(previous ? [column("previousNet", "Net (previous)", "money"), column("change", "Change", "percent")] : []),
  ];
  const rows = [...current.entries()]
    .map(([key, row]) => {
      const figures = salesFigures(row, byLines);
      const before = previous ? num(row.previous_net) : null;
      const label = String(row.name_text ?? key);
      return {
        cells: {
          ...figures,
          name: dimension.source === "orders" && name === "payment-method" ? paymentMethodLabel(label) : label,
          share: ratio(figures.net, totalNet),
          ...(previous ? { previousNet: before, change: delta(figures.net, before) } : {}),
        },
        href: dimension.href?.(key) ?? null,
      } satisfies ReportRow;
    })
    .sort((a, b) => num(b.cells.net) - num(a.cells.net) || String(a.cells.name).localeCompare(String(b.cells.name)));
  const shown = limitRows(rows, TABLE_ROW_LIMIT, dimension.plural, num(first?.all_rows));
  return { table: { columns, rows: shown.rows }, note: shown.note };
}

/** Top sellers by units; bottom sellers: published products by units, those with none first. */
async function sellersTable(db: Db, frame: Frame, order: "top" | "bottom"): Promise<ReportAnswer["table"]> {
  const sold = sql`select x.product_id, sum(x.units)::int as units, sum(x.gross - x.discount - x.returns)::bigint as net,
      sum(x.orders)::int as orders
    from ${productLines(frame, frame.range, "product")} x where ${lineFilters(frame)} group by 1`;
  const result = await db.execute<{
    id: number;
    name: string;
    units: number;
    net: string;
    orders: number;
    stock: number;
  }>(
    // Stock only for the 25 shown (summing every variant's was most of the statement).
    sql`select t.*, coalesce((select sum(pv.stock) from product_variants pv where pv.product_id = t.id), 0)::int as stock
      from (
        select p.id, p.name, coalesce(s.units, 0)::int as units, coalesce(s.net, 0)::bigint as net,
          coalesce(s.orders, 0)::int as orders
        from products p
        left join (${sold}) s on s.product_id = p.id
        left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
        left join sub_categories sc on sc.id = ssc.sub_category_id
        where ${productFilters(frame)} and ${order === "top" ? sql`s.units > 0` : sql`p.is_published`}
        order by ${order === "top" ? sql`units desc, net desc` : sql`units asc, net asc`}, p.name limit 25) t
      order by ${order === "top" ? sql`t.units desc, t.net desc` : sql`t.units asc, t.net asc`}, t.name`,
  );
  return {
    columns: [
      column("name", "Product", "text"),
      column("units", "Units", "count"),
      column("orders", "Orders", "count"),
      column("net", "Net sales", "money"),
      column("stock", "In stock", "count"),
    ],
    rows: result.rows.map((row) => ({
      cells: { name: row.name, units: row.units, orders: row.orders, net: Number(row.net), stock: row.stock },
      href: `/admin/edit/edit-product/${row.id}`,
    })),
  };
}

/**
 * Product page views → cart adds → orders with the product → units. Views and cart adds
 * are counted per UTC day in memory and written every few seconds (product_views);
 * orders come from the roll-ups. The totals are over every product, not only the rows shown.
 */
async function funnelTable(db: Db, frame: Frame) {
  const result = await db.execute<{
    id: number;
    name: string;
    views: number;
    cart_adds: number;
    orders: number;
    units: number;
    all_views: number;
    all_cart_adds: number;
    all_orders: number;
  }>(
    sql`with seen as (
        select product_id, sum(views)::int as views, sum(cart_adds)::int as cart_adds from product_views
        where day between ${frame.range.from}::date and ${frame.range.to}::date group by 1),
      sold as (
        select x.product_id, sum(x.orders)::int as orders, sum(x.units)::int as units
        from ${productLines(frame, frame.range, "product")} x where ${lineFilters(frame)} group by 1)
      select p.id, p.name, coalesce(v.views, 0)::int as views, coalesce(v.cart_adds, 0)::int as cart_adds,
        coalesce(s.orders, 0)::int as orders, coalesce(s.units, 0)::int as units,
        (sum(coalesce(v.views, 0)) over ())::int as all_views, (sum(coalesce(v.cart_adds, 0)) over ())::int as all_cart_adds,
        (sum(coalesce(s.orders, 0)) over ())::int as all_orders
      from products p left join seen v on v.product_id = p.id left join sold s on s.product_id = p.id
      left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
      left join sub_categories sc on sc.id = ssc.sub_category_id
      where (v.views > 0 or v.cart_adds > 0 or s.orders > 0) and ${productFilters(frame)}
      order by views desc, cart_adds desc, orders desc, p.name limit 100`,
  );
  const first = result.rows[0];
  const totals = {
    views: first?.all_views ?? 0,
    cartAdds: first?.all_cart_adds ?? 0,
    orders: first?.all_orders ?? 0,
  };
  return {
    totals,
    table: {
      columns: [
        column("name", "Product", "text"),
        column("views", "Page views", "count"),
        column("cartAdds", "Cart adds", "count"),
        column("orders", "Orders with it", "count"),
        column("units", "Units", "count"),
        column("viewToCart", "Views → cart", "percent"),
        column("cartToOrder", "Cart → order", "percent"),
        column("conversion", "Views → order", "percent"),
      ],
      rows: result.rows.map((row) => ({
        cells: {
          name: row.name,
          views: row.views,
          cartAdds: row.cart_adds,
          orders: row.orders,
          units: row.units,
          viewToCart: ratio(row.cart_adds, row.views),
          cartToOrder: ratio(row.orders, row.cart_adds),
          conversion: ratio(row.orders, row.views),
        },
        href: `/admin/edit/edit-product/${row.id}`,
      })),
    },
  };
}

/**
 * Payments from the one payment ledger, by method, on their orders' days: received
 * (captured, cash collected, transfer verified), refunded (pending or succeeded), lost
 * to disputes, net received, the payment provider's fees (less fees refunds gave back),
 * net after fees, and what the orders' totals still await.
 */
async function paymentsTable(db: Db, frame: Frame): Promise<ReportAnswer["table"]> {
  const rows = await keyed(
    db,
    sql`select o.payment_method as k, sum(o.orders)::int as orders, sum(o.total)::bigint as total,
        sum(o.received)::bigint as received, sum(o.refunded)::bigint as refunded, sum(o.disputed)::bigint as disputed,
        sum(o.fees)::bigint as fees
      from ${dailyOrders(frame, frame.range)} o where ${orderFilters(frame)} group by 1 order by sum(o.total) desc`,
  );
  return {
    columns: [
      column("name", "Payment method", "text"),
      column("orders", "Orders", "count"),
      column("total", "Order totals", "money"),
      column("received", "Received", "money"),
      column("refunded", "Refunded", "money"),
      column("disputed", "Disputes lost", "money"),
      column("net", "Net received", "money"),
      column("fees", "Fees", "money"),
      column("afterFees", "Net after fees", "money"),
      column("awaiting", "Not yet received", "money"),
    ],
    rows: [...rows.entries()].map(([method, row]) => {
      const received = num(row.received);
      const net = received - num(row.refunded) - num(row.disputed);
      return {
        cells: {
          name: paymentMethodLabel(method),
          orders: num(row.orders),
          total: num(row.total),
          received,
          refunded: num(row.refunded),
          disputed: num(row.disputed),
          net,
          fees: num(row.fees),
          afterFees: net - num(row.fees),
          awaiting: Math.max(0, num(row.total) - received),
        },
        href: null,
      };
    }),
  };
}

/**
 * The sales report's table for its view (none for "period": the chart's points), with the
 * notes it adds and, for the funnel, its totals.
 */
export async function salesTable(
  db: Db,
  frame: Frame,
  byLines: boolean,
): Promise<{
  table: ReportAnswer["table"] | null;
  notes: string[];
  funnel?: Awaited<ReturnType<typeof funnelTable>>["totals"];
}> {
  if (frame.view === "period") return { table: null, notes: [] };
  if (frame.view === "top" || frame.view === "bottom") {
    return { table: await sellersTable(db, frame, frame.view), notes: [] };
  }
  if (frame.view === "funnel") {
    const funnel = await funnelTable(db, frame);
    return {
      table: funnel.table,
      funnel: funnel.totals,
      notes: [
        "Page views and cart adds are counted per UTC day (a cart add: a size and color put in a cart, from the product page or the wishlist); orders are on their store-local day.",
      ],
    };
  }
  if (frame.view === "payments") {
    const notes = [
      "Payments come from the payment ledger, on their orders' days. Fees are Stripe's, read from its balance transactions onto the ledger after each card payment (less what refunds gave back); a fee Stripe reports late updates its order's day.",
    ];
    if (byLines) notes.push("Payments are order-level: clear the product and warehouse filters to see them.");
    return { table: byLines ? { columns: [], rows: [] } : await paymentsTable(db, frame), notes };
  }
  const dimension = await dimensionTable(db, frame, frame.view);
  const notes = dimension.note ? [dimension.note] : [];
  if (byLines && dimensions[frame.view]?.source === "orders") {
    notes.push(
      "Coupon, payment method and zone rows are order-level: clear the product and warehouse filters to see them.",
    );
  }
  return { table: dimension.table, notes };
}
