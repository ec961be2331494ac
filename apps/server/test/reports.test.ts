/**
 * Reports (issue 17) on the real PostgreSQL: every figure against sums worked out by hand
 * over a seeded set of orders (a coupon discount, a return with its refund, a partial
 * refund, two tax rates, a cancelled and an unpaid order that do not count, and an order
 * at 23:30 in the store's time zone that is the next day in UTC); the roll-up equals the
 * live computation after random order, refund, return, cancel, warehouse allocation,
 * lost-dispute and late card fee sequences (fast-check); a late
 * refund updates a past day; bad input answers 422 naming the field; CSV neutralises
 * formulas; customers and guests never reach the reports.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, orderLines, payments } from "../src/db/schema/index.ts";
import {
  customerCohortColumns,
  customerCohortFacts,
  customerDayColumns,
  customerDayFacts,
  customerGroupSpanColumns,
  customerGroupSpanFacts,
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
  productSalesColumns,
  salesTotalsFacts,
  variantSalesColumns,
} from "../src/modules/reports/facts.ts";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { newGuest, shopperApi, variantsOf } from "./support/shopping.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let support: TestUser;
let ada: TestUser;
let bea: TestUser;
let variants: { id: number; productId: number; name: string; sku: string }[];
let zones: number[];
let collab: number;
let north: number;
const TZ = "America/New_York";
const ids: Record<string, number> = {};

interface LineSpec {
  variant: number;
  unitPrice: number;
  quantity: number;
  discount?: number;
  returned?: number;
}

interface OrderSpec {
  placedAt: string;
  userId?: string;
  email?: string;
  method: "cod" | "card" | "manual_transfer";
  zone: number;
  lines: LineSpec[];
  discount?: number;
  coupon?: string;
  delivery: number;
  rate: number;
  region: string;
  status?: "placed" | "cancelled" | "pending_payment" | "delivered";
  refunds?: number[];
}

async function placeOrder(spec: OrderSpec): Promise<number> {
  const subtotal = spec.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discount = spec.discount ?? 0;
  const tax = Math.round(((subtotal - discount) * spec.rate) / 10_000);
  const total = subtotal - discount + spec.delivery + tax;
  const [country, region] = spec.region.split("-");
  const [order] = await test.db
    .insert(buyingHistory)
    .values({
      number: sql`'A' || nextval('order_number_seq')`,
      ...(spec.userId ? { userId: spec.userId } : {}),
      email: spec.email ?? `guest.${randomBytes(4).toString("hex")}@example.com`,
      phone: "+1 555 0100",
      customerName: spec.userId ? "Account Buyer" : "Guest Buyer",
      shippingAddress: {
        fullName: "Buyer",
        phone: "+1 555 0100",
        line1: "1 Main Street",
        line2: "",
        city: region === "CA" ? "Los Angeles" : "New York",
        region: region ?? "",
        postalCode: "10001",
        country: country ?? "US",
      },
      deliveryZoneId: zones[spec.zone],
      deliveryZoneName: `Zone ${spec.zone}`,
      currency: "USD",
      subtotal,
      discount,
      couponCode: spec.coupon ?? null,
      deliveryFee: spec.delivery,
      tax,
      taxRateBasisPoints: spec.rate,
      total,
      status: spec.status ?? "placed",
      paymentMethod: spec.method,
      paymentState: spec.refunds?.length ? "partially_refunded" : "paid",
      placedAt: new Date(spec.placedAt),
    })
    .returning({ id: buyingHistory.id });
  if (!order) throw new Error("no order");
  for (const line of spec.lines) {
    const variant = variants[line.variant];
    if (!variant) throw new Error("no variant");
    await test.db.insert(orderLines).values({
      historyId: order.id,
      productId: variant.productId,
      variantId: variant.id,
      productName: variant.name,
      sizeName: "M",
      colorName: "Black",
      sku: variant.sku,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      totalPrice: line.unitPrice * line.quantity,
      discount: line.discount ?? 0,
      returnedQuantity: line.returned ?? 0,
    });
  }
  await test.db
    .insert(payments)
    .values({ historyId: order.id, kind: "payment", method: spec.method, amount: total, recordedByName: "Test" });
  for (const amount of spec.refunds ?? []) {
    await test.db
      .insert(payments)
      .values({ historyId: order.id, kind: "refund", method: spec.method, amount, recordedByName: "Test" });
  }
  return order.id;
}

const report = async (path: string, query: string, user: TestUser = owner) => {
  const response = await apiAs(test, user).get(`/api/admin/reports/${path}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const totalsOf = (answer: { totals: { key: string; value: number | null }[] }) =>
  Object.fromEntries(answer.totals.map((figure) => [figure.key, figure.value]));
const rowsOf = (answer: { table: { rows: { cells: Record<string, unknown> }[] } }) =>
  answer.table.rows.map((row) => row.cells);
const JAN = "preset=custom&from=2025-01-10&to=2025-01-12";

beforeAll(async () => {
  test = await createTestApp();
  // The store's time zone (Settings → Checkout).
  await test.db.execute(sql`update store_settings set time_zone = ${TZ}`);
  owner = await signUpStaff(test, "Owner");
  support = await signUpStaff(test, "Support");
  ada = await signUp(test.app, { name: "Ada" });
  bea = await signUp(test.app, { name: "Bea" });
  const rows = await test.db.execute<{ id: number; product_id: number; name: string; sku: string }>(sql`
    select distinct on (p.id) v.id, p.id as product_id, p.name, v.sku
    from product_variants v join products p on p.id = v.product_id order by p.id, v.id limit 2`);
  variants = rows.rows.map((row) => ({ id: row.id, productId: row.product_id, name: row.name, sku: row.sku }));
  const zoneRows = await test.db.execute<{ id: number }>(sql`
    insert into delivery_zones (name, fee) values ('Report zone A', 400), ('Report zone B', 0) returning id`);
  zones = zoneRows.rows.map((row) => row.id);

  // Jan 10 (local): O1 (coupon, two lines, rate 10 % US-CA) and O2 at 23:30 local = Jan 11 04:30 UTC.
  ids.o1 = await placeOrder({
    placedAt: "2025-01-10T15:00:00Z",
    userId: ada.id,
    method: "cod",
    zone: 0,
    lines: [
      { variant: 0, unitPrice: 1000, quantity: 2, discount: 200 },
      { variant: 1, unitPrice: 3000, quantity: 1, discount: 300 },
    ],
    discount: 500,
    coupon: "SAVE10",
    delivery: 400,
    rate: 1000,
    region: "US-CA",
  });
  ids.o2 = await placeOrder({
    placedAt: "2025-01-11T04:30:00Z",
    email: "Guest.One@example.com",
    method: "card",
    zone: 1,
    lines: [{ variant: 0, unitPrice: 1000, quantity: 1 }],
    delivery: 0,
    rate: 500,
    region: "US-NY",
  });
  // Jan 11: O3, Ada again, one of two units returned and refunded 3300.
  ids.o3 = await placeOrder({
    placedAt: "2025-01-11T16:00:00Z",
    userId: ada.id,
    method: "cod",
    zone: 0,
    lines: [{ variant: 1, unitPrice: 3000, quantity: 2, returned: 1 }],
    delivery: 400,
    rate: 1000,
    region: "US-CA",
    status: "delivered",
    refunds: [3300],
  });
  // Jan 12: a cancelled and an unpaid card order (not sales), and O5 (Bea, partial refund 1000).
  await placeOrder({
    placedAt: "2025-01-12T12:00:00Z",
    userId: bea.id,
    method: "cod",
    zone: 0,
    lines: [{ variant: 0, unitPrice: 9999, quantity: 1 }],
    delivery: 0,
    rate: 1000,
    region: "US-CA",
    status: "cancelled",
  });
  await placeOrder({
    placedAt: "2025-01-12T05:30:00Z",
    email: "unpaid@example.com",
    method: "card",
    zone: 0,
    lines: [{ variant: 0, unitPrice: 7777, quantity: 1 }],
    delivery: 0,
    rate: 1000,
    region: "US-CA",
    status: "pending_payment",
  });
  ids.o5 = await placeOrder({
    placedAt: "2025-01-12T13:00:00Z",
    userId: bea.id,
    method: "manual_transfer",
    zone: 1,
    lines: [{ variant: 0, unitPrice: 1000, quantity: 3 }],
    delivery: 400,
    rate: 500,
    region: "US-NY",
    refunds: [1000],
  });
  // Feb 15: Ada once more (the January cohort's month 1).
  ids.o7 = await placeOrder({
    placedAt: "2025-02-15T15:00:00Z",
    userId: ada.id,
    method: "cod",
    zone: 0,
    lines: [{ variant: 0, unitPrice: 1000, quantity: 1 }],
    delivery: 0,
    rate: 0,
    region: "US",
  });
  // A collaborator owning the second product (its own product, not through a series).
  const [collabRow] = (
    await test.db.execute<{ id: number }>(sql`
      insert into collaborators (kind, name, slug, status) values ('artist', 'Report Artist', 'report-artist', 'live')
      returning id`)
  ).rows;
  collab = collabRow?.id as number;
  await test.db.execute(
    sql`insert into collaborator_products (collaborator_id, product_id) values (${collab}, ${variants[1]?.productId})`,
  );
  // A second warehouse: O5's three units went two from North, one from the default warehouse.
  const [northRow] = (
    await test.db.execute<{ id: number }>(sql`
      insert into warehouses (name, code, priority) values ('Report North', 'RNORTH', 50) returning id`)
  ).rows;
  north = northRow?.id as number;
  await test.db.execute(sql`
    insert into order_line_allocations (order_line_id, warehouse_id, quantity)
    select l.id, w.id, case when w.is_default then 1 else 2 end from order_lines l
    cross join warehouses w where l.history_id = ${ids.o5} and (w.is_default or w.id = ${north})
    order by w.is_default`);
  await test.app.services.reports.refresh();
});
afterAll(() => test.close());

describe("sales report", () => {
  it("adds up orders, units, gross, discounts, returns, net, delivery, tax, total and AOV by store-local day", async () => {
    const answer = await report("sales", `${JAN}&group=day`);
    expect(answer.range).toMatchObject({ from: "2025-01-10", to: "2025-01-12", timeZone: TZ });
    expect(totalsOf(answer)).toEqual({
      orders: 4,
      units: 9,
      gross: 15000,
      discounts: 500,
      returns: 3000,
      net: 11500,
      delivery: 1200,
      tax: 1250,
      total: 16950,
      aov: 3625,
    });
    // The 23:30 order belongs to Jan 10 (in UTC it is Jan 11).
    expect(rowsOf(answer)).toEqual([
      expect.objectContaining({
        period: "2025-01-10",
        orders: 2,
        units: 4,
        gross: 6000,
        discounts: 500,
        net: 5500,
        tax: 500,
        total: 6400,
      }),
      expect.objectContaining({
        period: "2025-01-11",
        orders: 1,
        units: 2,
        returns: 3000,
        net: 3000,
        tax: 600,
        total: 7000,
      }),
      expect.objectContaining({ period: "2025-01-12", orders: 1, units: 3, net: 3000, tax: 150, total: 3550 }),
    ]);
    expect(answer.chart.points.map((point: { values: { net: number } }) => point.values.net)).toEqual([
      5500, 3000, 3000,
    ]);
  });

  it("splits by product, coupon and payment method, and filters by payment method and zone", async () => {
    const byProduct = rowsOf(await report("sales", `${JAN}&view=product`));
    expect(byProduct).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: variants[0]?.name,
          units: 6,
          gross: 6000,
          discounts: 200,
          returns: 0,
          net: 5800,
        }),
        expect.objectContaining({
          name: variants[1]?.name,
          units: 3,
          gross: 9000,
          discounts: 300,
          returns: 3000,
          net: 5700,
        }),
      ]),
    );
    const byCoupon = rowsOf(await report("sales", `${JAN}&view=coupon`));
    expect(byCoupon).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "SAVE10", orders: 1, gross: 5000, discounts: 500, net: 4500 }),
        expect.objectContaining({ name: "(no coupon)", orders: 3, net: 7000 }),
      ]),
    );
    const byMethod = rowsOf(await report("sales", `${JAN}&view=payment-method`));
    expect(byMethod.find((row) => row.name === "Cash on delivery")).toMatchObject({ orders: 2, total: 12350 });
    expect(totalsOf(await report("sales", `${JAN}&paymentMethod=cod`))).toMatchObject({ orders: 2, total: 12350 });
    expect(totalsOf(await report("sales", `${JAN}&zone=${zones[1]}`))).toMatchObject({ orders: 2, total: 4600 });
  });

  it("compares with the previous period and gives deltas", async () => {
    // Jan 13-15 against Jan 10-12: nothing now, everything before.
    const answer = await report("sales", "preset=custom&from=2025-01-13&to=2025-01-15&compare=previous-period");
    const net = answer.totals.find((figure: { key: string }) => figure.key === "net");
    expect(net).toMatchObject({ value: 0, previous: 11500, delta: -1 });
    expect(answer.range).toMatchObject({ compareFrom: "2025-01-10", compareTo: "2025-01-12" });
  });

  it("groups by month", async () => {
    const answer = await report("sales", "preset=custom&from=2025-01-01&to=2025-02-28&group=month");
    expect(rowsOf(answer).map((row) => [row.period, row.orders])).toEqual([
      ["2025-01-01", 4],
      ["2025-02-01", 1],
    ]);
  });

  it("splits by collab and filters by collab: a collaborator's products only", async () => {
    // The second product's lines: O1 (1 × 3000, discount 300) and O3 (2 × 3000, one returned).
    const byCollab = rowsOf(await report("sales", `${JAN}&view=collab`));
    // (The demo collaborators may own these products too: a product counts for each of its collabs.)
    expect(byCollab).toContainEqual(
      expect.objectContaining({
        name: "Report Artist",
        units: 3,
        gross: 9000,
        discounts: 300,
        returns: 3000,
        net: 5700,
      }),
    );
    const filtered = totalsOf(await report("sales", `${JAN}&collab=${collab}`));
    // Order-level figures are not split by product: left out.
    expect(filtered).toEqual({ units: 3, gross: 9000, discounts: 300, returns: 3000, net: 5700 });
  });

  it("splits lines by the warehouses their units were allocated to, and filters by warehouse", async () => {
    const byWarehouse = rowsOf(await report("sales", `${JAN}&view=warehouse`));
    expect(byWarehouse).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Report North", units: 2, gross: 2000, net: 2000 }),
        expect.objectContaining({ name: "Main warehouse", units: 1, gross: 1000, net: 1000 }),
        expect.objectContaining({ name: "(not allocated)", units: 6, gross: 12000, discounts: 500, returns: 3000 }),
      ]),
    );
    expect(byWarehouse.reduce((sum, row) => sum + (row.gross as number), 0)).toBe(15000);
    expect(totalsOf(await report("sales", `${JAN}&warehouse=${north}`))).toMatchObject({ units: 2, gross: 2000 });
  });

  it("gives payments by method from the payment ledger: received, refunded, lost disputes", async () => {
    await test.db.execute(sql`
      insert into payment_ledger (history_id, event, status, method, amount, currency, actor_name)
      values (${ids.o2}, 'dispute_lost', 'succeeded', 'card', 1050, 'USD', 'Test')`);
    await test.app.services.reports.refresh();
    const rows = rowsOf(await report("sales", `${JAN}&view=payments`));
    expect(rows).toEqual([
      {
        name: "Cash on delivery",
        orders: 2,
        total: 12350,
        received: 12350,
        refunded: 3300,
        disputed: 0,
        net: 9050,
        fees: 0,
        afterFees: 9050,
        awaiting: 0,
      },
      {
        name: "Manual transfer",
        orders: 1,
        total: 3550,
        received: 3550,
        refunded: 1000,
        disputed: 0,
        net: 2550,
        fees: 0,
        afterFees: 2550,
        awaiting: 0,
      },
      {
        name: "Card",
        orders: 1,
        total: 1050,
        received: 1050,
        refunded: 0,
        disputed: 1050,
        net: 0,
        fees: 0,
        afterFees: 0,
        awaiting: 0,
      },
    ]);
  });

  it("counts cart adds in the funnel: page views → cart → order", async () => {
    const [variant] = await variantsOf(test, 20, 1, 5);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    const add = (quantity: number) =>
      shopperApi(test, guest).post("/api/cart/lines", { variantId: variant.id, quantity });
    expect((await add(1)).statusCode).toBe(200);
    expect((await add(2)).statusCode).toBe(200);
    expect((await add(50)).statusCode).toBe(422); // more than in stock: not an add
    // Views and cart adds are counted per UTC day; the report's days are the store's. Between
    // midnight UTC and the store's midnight UTC's day is the store's tomorrow, so the range
    // runs to whichever is later.
    const utcToday = new Date().toISOString().slice(0, 10);
    const storeToday: string = (await report("sales", "preset=7d&view=funnel")).range.to;
    const to = utcToday > storeToday ? utcToday : storeToday;
    await test.db.execute(
      sql`insert into product_views (product_id, day, views) values (${variant.productId}, ${utcToday}, 4)`,
    );
    await test.app.services.cartAdds.flush();
    const from = new Date(Date.parse(`${storeToday}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const answer = await report("sales", `preset=custom&from=${from}&to=${to}&view=funnel`);
    const row = answer.table.rows.find((candidate: { href: string }) =>
      candidate.href.endsWith(`/${variant.productId}`),
    );
    expect(row.cells).toMatchObject({ views: 4, cartAdds: 2, orders: 0, viewToCart: 0.5, cartToOrder: 0 });
    expect(totalsOf(answer).cartAdds).toBeGreaterThanOrEqual(2);
  });

  it("exports exactly the table as CSV", async () => {
    const response = await apiAs(test, owner).get(`/api/admin/reports/sales/export?${JAN}&view=coupon`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toContain("Coupon,Orders,Units,Gross sales (USD)");
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith("SAVE10,1,3,50.00,5.00"))).toBe(true);
  });
});

describe("tax report", () => {
  it("gives tax by rate and region, on sales and refunds separately, reconciling with the orders' stored tax", async () => {
    const answer = await report("tax", `${JAN}&view=rate`);
    expect(rowsOf(answer)).toEqual([
      {
        rate: 0.1,
        region: "US-CA",
        orders: 2,
        salesExclTax: 11300,
        taxOnSales: 1050,
        refunds: 3300,
        taxOnRefunds: 283,
        netTax: 767,
      },
      {
        rate: 0.05,
        region: "US-NY",
        orders: 2,
        salesExclTax: 4400,
        taxOnSales: 200,
        refunds: 1000,
        taxOnRefunds: 42,
        netTax: 158,
      },
    ]);
    const stored = await test.db.execute<{ tax: number }>(sql`
      select sum(tax)::int as tax from buying_history
      where status not in ('cancelled', 'pending_payment') and not is_draft
        and (placed_at at time zone ${TZ})::date between '2025-01-10' and '2025-01-12'`);
    expect(totalsOf(answer).taxOnSales).toBe(stored.rows[0]?.tax);
    expect(totalsOf(answer)).toMatchObject({ taxOnSales: 1250, taxOnRefunds: 325, netTax: 925 });
  });
});

describe("customers report", () => {
  it("counts new and returning customers, guests by email, and links accounts to their details", async () => {
    expect(totalsOf(await report("customers", JAN))).toMatchObject({
      customers: 3,
      new: 3,
      returning: 0,
      orders: 4,
      guestOrders: 1,
      accountOrders: 3,
    });
    // From Jan 11: Ada had ordered before (returning), Bea is new; the guest's order was Jan 10 local.
    expect(totalsOf(await report("customers", "preset=custom&from=2025-01-11&to=2025-01-12"))).toMatchObject({
      customers: 2,
      new: 1,
      returning: 1,
    });
    const top = (await report("customers", `${JAN}&view=top`)).table.rows;
    expect(top[0]).toMatchObject({
      cells: {
        kind: "Account",
        orders: 2,
        spent: 5350 + 7000 - 3300,
        lifetimeOrders: 3,
        ltv: 5350 + 7000 - 3300 + 1000,
      },
      href: `/admin/show/user-details?id=${encodeURIComponent(ada.id)}`,
    });
    expect(top.find((row: { cells: { kind: string } }) => row.cells.kind === "Guest")).toMatchObject({
      cells: { email: "Guest.One@example.com", spent: 1050 },
      href: null,
    });
  });

  it("gives first-order cohorts with repeat rates by month", async () => {
    const answer = await report("customers", "preset=custom&from=2025-01-01&to=2025-01-31&view=cohorts");
    expect(rowsOf(answer)[0]).toMatchObject({ cohort: "2025-01-01", customers: 3, m1: 1 / 3, m2: 0 });
  });
});

/**
 * The customers report's figures computed live from the orders, as the report did before
 * its roll-ups (ADR 0014, 2026-11-26): the reference the roll-ups must equal.
 */
async function liveCustomers(from: string, to: string) {
  const result = await test.db.execute<Record<string, string | number | null>>(sql`
    with all_orders as (
      select coalesce(h.user_id, 'guest:' || lower(h.email)) as customer, (h.placed_at at time zone ${TZ})::date as day,
        h.total - coalesce((select sum(p.amount) from payments p where p.history_id = h.id and p.kind = 'refund'), 0) as spent
      from buying_history h where not h.is_draft and h.status not in ('pending_payment', 'cancelled')),
    firsts as (
      select customer, min(day) as first_day, count(*) as lifetime_orders, sum(spent) as lifetime_spent
      from all_orders group by 1),
    o as (select * from all_orders join firsts using (customer) where day between ${from}::date and ${to}::date)
    select 'all' as period, count(distinct customer)::int as customers,
      count(distinct customer) filter (where first_day >= ${from}::date)::int as new, count(*)::int as orders,
      sum(spent)::bigint as spent,
      (select avg(lifetime_spent) from (select distinct customer, lifetime_spent from o) c)::float as ltv,
      (select count(*) from (select distinct customer from o where lifetime_orders > 1) c)::int as repeaters
    from o
    union all
    select date_trunc('week', day)::date::text, count(distinct customer)::int,
      count(distinct customer) filter (where first_day >= date_trunc('week', day)::date)::int, count(*)::int,
      sum(spent)::bigint, null, null
    from o group by 1`);
  return result.rows.map((row) => ({
    period: String(row.period),
    customers: Number(row.customers),
    new: Number(row.new),
    orders: Number(row.orders),
    spent: Number(row.spent),
    ltv: row.ltv === null ? null : Number(row.ltv),
    repeaters: Number(row.repeaters),
  }));
}

async function expectCustomersEqualLive(from: string, to: string) {
  await test.app.services.reports.refresh();
  const answer = await report("customers", `preset=custom&from=${from}&to=${to}&group=week`);
  const [all, ...weeks] = await liveCustomers(from, to);
  const totals = totalsOf(answer);
  expect(totals).toMatchObject({
    customers: all?.customers,
    new: all?.new,
    returning: Number(all?.customers) - Number(all?.new),
    orders: all?.orders,
    spent: all?.spent,
    ltv: all?.ltv === null || all?.ltv === undefined ? null : Math.round(all.ltv),
    repeatRate: Number(all?.customers) === 0 ? null : Number(all?.repeaters) / Number(all?.customers),
  });
  for (const week of weeks) {
    const point = answer.chart.points.find((p: { period: string }) => p.period === week.period);
    expect(point?.values, String(week.period)).toMatchObject({
      customers: week.customers,
      new: week.new,
      orders: week.orders,
      spent: week.spent,
    });
  }
  await expectGroupViewsEqualLive(from, to);
}

/**
 * The top customers (running totals), by-city, by-zone and guest views (group spans)
 * against sums and distinct customers over the live rows.
 */
async function expectGroupViewsEqualLive(from: string, to: string) {
  const top = await test.db.execute<Record<string, unknown>>(sql`
    select max(email) as email, sum(orders)::int as orders, sum(spent)::float8 as spent,
      max(lifetime_orders)::int as "lifetimeOrders", min(first_day)::text as "firstOrder", max(day)::text as "lastOrder"
    from (${customerDayFacts(TZ, null)}) c where day between ${from}::date and ${to}::date
    group by customer order by sum(spent) desc, max(email) limit 50`);
  const shownTop = rowsOf(await report("customers", `preset=custom&from=${from}&to=${to}&view=top`)).map((row) => ({
    email: row.email,
    orders: row.orders,
    spent: row.spent,
    lifetimeOrders: row.lifetimeOrders,
    firstOrder: row.firstOrder,
    lastOrder: row.lastOrder,
  }));
  expect(shownTop, `top ${from}..${to}`).toEqual(top.rows);
  const groups = {
    city: sql`city`,
    zone: sql`zone_name`,
    guest: sql`case when user_id is null then 'Guest' else 'Account' end`,
  };
  for (const [view, key] of Object.entries(groups)) {
    const live = await test.db.execute<{ name: string; customers: number; orders: number; spent: number }>(sql`
      select ${key} as name, count(distinct customer)::int as customers, sum(orders)::int as orders, sum(spent)::float8 as spent
      from (${customerDayFacts(TZ, null)}) c where day between ${from}::date and ${to}::date group by 1 order by 1`);
    const shown = rowsOf(await report("customers", `preset=custom&from=${from}&to=${to}&view=${view}`))
      .map((row) => ({ name: row.name, customers: row.customers, orders: row.orders, spent: row.spent }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(shown, `${view} ${from}..${to}`).toEqual(
      [...live.rows].sort((a, b) => String(a.name).localeCompare(String(b.name))),
    );
  }
}

describe("customers roll-ups", () => {
  // A range that starts mid-week: its first week's new customers are those whose first order
  // is on or after that Monday, even before the range.
  const ranges = [
    ["2024-12-04", "2025-02-10"],
    ["2025-01-11", "2025-01-31"],
  ] as const;

  it("equal the live figures after a late order of an old customer, a guest in another case and a late refund", async () => {
    for (const [from, to] of ranges) await expectCustomersEqualLive(from, to);
    // Ada's order long before her first: she becomes a returning customer in January.
    await placeOrder({
      placedAt: "2024-12-20T15:00:00Z",
      userId: ada.id,
      method: "cod",
      zone: 0,
      lines: [{ variant: 0, unitPrice: 900, quantity: 1 }],
      delivery: 0,
      rate: 0,
      region: "US",
    });
    for (const [from, to] of ranges) await expectCustomersEqualLive(from, to);
    // The January guest again, her email in other letters: the same customer, returning.
    const late = await placeOrder({
      placedAt: "2025-01-20T15:00:00Z",
      email: "guest.ONE@Example.com",
      method: "cod",
      zone: 1,
      lines: [{ variant: 1, unitPrice: 700, quantity: 2 }],
      delivery: 0,
      rate: 0,
      region: "US-CA",
    });
    for (const [from, to] of ranges) await expectCustomersEqualLive(from, to);
    const answer = await report("customers", "preset=custom&from=2025-01-20&to=2025-01-20");
    expect(totalsOf(answer)).toMatchObject({ customers: 1, new: 0, returning: 1 });
    // A refund of that order, weeks later: her spent and lifetime value drop on every day.
    await test.db
      .insert(payments)
      .values({ historyId: late, kind: "refund", method: "cod", amount: 400, recordedByName: "Test" });
    for (const [from, to] of ranges) await expectCustomersEqualLive(from, to);
    // Ada is now in December's cohort; January's is the guest and Bea, the guest back in month 0.
    const cohorts = rowsOf(await report("customers", "preset=custom&from=2024-12-01&to=2025-01-31&view=cohorts"));
    expect(cohorts[0]).toMatchObject({ cohort: "2024-12-01", customers: 1, m1: 1 });
    expect(cohorts[1]).toMatchObject({ cohort: "2025-01-01", customers: 2 });
  });

  it("give exactly the top fifty customers past fifty, ties at the fiftieth included", async () => {
    // 60 guests in June 2023: 40 with distinct totals, then 20 tied at the bottom (the 50th is one of them).
    for (let i = 0; i < 60; i++) {
      await placeOrder({
        placedAt: `2023-06-${10 + (i % 5)}T15:00:00Z`,
        method: "cod",
        zone: i % 2,
        lines: [{ variant: 0, unitPrice: i < 40 ? 1000 + i * 10 : 900, quantity: 1 }],
        delivery: 0,
        rate: 0,
        region: i % 3 === 0 ? "US-CA" : "US",
      });
    }
    await test.app.services.reports.refresh();
    await expectGroupViewsEqualLive("2023-06-01", "2023-06-30");
    await expectGroupViewsEqualLive("2023-06-11", "2023-06-30");
  });
});

describe("inventory report", () => {
  it("gives stock on hand and value at cost, sell-through and dead stock", async () => {
    const [first] = variants;
    if (!first) throw new Error("no variant");
    await test.db.execute(sql`update product_variants set stock = 14, cost_price = 250 where id = ${first.id}`);
    const answer = await report("inventory", `${JAN}&view=variant`);
    const row = answer.table.rows.find((candidate: { cells: { sku: string } }) => candidate.cells.sku === first.sku);
    // Sold 6 in the range (O1 2, O2 1, O5 3); 14 on hand → 6 / 20.
    expect(row.cells).toMatchObject({ onHand: 14, costValue: 3500, sold: 6, sellThrough: 0.3, daysOfCover: 7 });
    // Named as the catalogue names it now ("size / color"), with its product.
    const [names] = (
      await test.db.execute<{ label: string }>(sql`select sz.name || ' / ' || cl.name as label from product_variants pv
        join sizes sz on sz.id = pv.size_id join colors cl on cl.id = pv.color_id where pv.id = ${first.id}`)
    ).rows;
    expect(row.cells).toMatchObject({ name: first.name, variant: names?.label });
    const dead = rowsOf(await report("inventory", `preset=30d&view=dead-stock&deadDays=30`));
    expect(dead.find((cells) => cells.sku === first.sku)).toMatchObject({ variant: names?.label, onHand: 14 });
  });
});

describe("inventory by warehouse", () => {
  it("gives one warehouse's stock and sales, and its low-stock history from the stock ledger", async () => {
    const [first] = variants;
    if (!first) throw new Error("no variant");
    // In North: 10 in, 6 out (4 left: low, the store's threshold is 5), 4 out (sold out), 10 in.
    for (const quantity of [10, -6, -4, 10]) {
      await test.db.execute(sql`
        insert into stock_ledger (variant_id, warehouse_id, kind, quantity, reason, actor_name)
        values (${first.id}, ${north}, 'adjustment', ${quantity}, 'Report test', 'Test')`);
    }
    const stock = await report("inventory", `${JAN}&view=variant&warehouse=${north}`);
    const row = stock.table.rows.find((candidate: { cells: { sku: string } }) => candidate.cells.sku === first.sku);
    // 10 available in North; 2 units of O5 were taken from North in the range.
    expect(row.cells).toMatchObject({ onHand: 10, sold: 2, sellThrough: 2 / 12 });
    const low = rowsOf(await report("inventory", `preset=7d&view=low-stock&warehouse=${north}`));
    expect(low).toEqual([
      expect.objectContaining({
        sku: first.sku,
        warehouse: "Report North",
        threshold: 5,
        wentLow: 1,
        soldOut: 1,
        lowest: 0,
        now: 10,
      }),
    ]);
    // Without the filter, by the product's threshold, then by the variant's own (which wins).
    const lowIn = async () =>
      rowsOf(await report("inventory", "preset=7d&view=low-stock")).find(
        (cells) => cells.sku === first.sku && cells.warehouse === "Report North",
      );
    await test.db.execute(sql`insert into stock_thresholds (product_id, threshold)
      select product_id, 8 from product_variants where id = ${first.id}`);
    // 10 → 4 crosses 8; 4 → 0 sells out without crossing it again.
    expect(await lowIn()).toMatchObject({ threshold: 8, wentLow: 1, soldOut: 1, lowest: 0, now: 10 });
    await test.db.execute(sql`insert into stock_thresholds (variant_id, threshold) values (${first.id}, 3)`);
    // 10 → 4 stays above 3; 4 → 0 crosses it and sells out.
    expect(await lowIn()).toMatchObject({ threshold: 3, wentLow: 1, soldOut: 1, lowest: 0, now: 10 });
    await test.db.execute(sql`delete from stock_thresholds where variant_id = ${first.id}
      or product_id = (select product_id from product_variants where id = ${first.id})`);
  });
});

/**
 * The inventory report's sales against the live SQL over every order (facts.ts' lineFacts,
 * not the roll-ups): units sold per variant and per product, the total, dead stock, and
 * units and net sales per week.
 */
async function expectInventoryEqualLive(from: string, to: string) {
  await test.app.services.reports.refresh();
  const query = `preset=custom&from=${from}&to=${to}&group=week&deadDays=400`;
  const [byVariant, byProduct] = await Promise.all([
    report("inventory", `${query}&view=variant`),
    report("inventory", `${query}&view=product`),
  ]);
  const lines = sql`(${lineFacts(TZ, sql`true`)})`;
  const sold = await test.db.execute<{ sku: string; product_id: number; units: number }>(sql`
    select pv.sku, pv.product_id, sum(x.units)::int as units from ${lines} x join product_variants pv on pv.id = x.variant_id
    where x.day between ${from}::date and ${to}::date group by 1, 2`);
  const [dead] = (
    await test.db.execute<{ n: number; sold: number }>(sql`
      select (count(*) filter (where pv.stock > 0 and not exists (select 1 from ${lines} x where x.variant_id = pv.id
        and x.day >= (now() at time zone ${TZ})::date - 400)))::int as n,
        (select coalesce(sum(x.units), 0) from ${lines} x join product_variants v on v.id = x.variant_id
          where x.day between ${from}::date and ${to}::date)::int as sold
      from product_variants pv`)
  ).rows;
  expect(totalsOf(byVariant)).toMatchObject({ sold: dead?.sold, dead: dead?.n });
  // The product view's totals come from the products' running totals: the same figures.
  expect(totalsOf(byProduct)).toEqual(totalsOf(byVariant));
  const variantRows = rowsOf(byVariant);
  for (const row of sold.rows) {
    expect(variantRows.find((cells) => cells.sku === row.sku)?.sold, row.sku).toBe(row.units);
  }
  const productSold = new Map<number, number>();
  for (const row of sold.rows) productSold.set(row.product_id, (productSold.get(row.product_id) ?? 0) + row.units);
  for (const row of byProduct.table.rows as { cells: { sold: number }; href: string }[]) {
    const id = Number(row.href.split("/").at(-1));
    expect(row.cells.sold, `product ${id}`).toBe(productSold.get(id) ?? 0);
  }
  const weeks = await test.db.execute<{ period: string; units: number; net: number }>(sql`
    select date_trunc('week', x.day)::date::text as period, sum(x.units)::int as units,
      sum(x.gross - x.discount - x.returns)::int as net
    from ${lines} x where x.day between ${from}::date and ${to}::date group by 1`);
  const points = byVariant.chart.points as { period: string; values: { units: number; net: number } }[];
  for (const point of points) {
    const week = weeks.rows.find((candidate) => candidate.period === point.period);
    expect(point.values, point.period).toEqual({ units: week?.units ?? 0, net: week?.net ?? 0 });
  }
}

describe("inventory roll-ups", () => {
  const ranges = [
    ["2024-12-04", "2025-02-10"],
    ["2025-01-11", "2025-01-31"],
  ] as const;

  it("equal the live figures after a late order, a late return with its refund and a late cancellation", async () => {
    for (const [from, to] of ranges) await expectInventoryEqualLive(from, to);
    // An order weeks before the others, of a variant that sold later too.
    await placeOrder({
      placedAt: "2024-12-21T15:00:00Z",
      userId: bea.id,
      method: "cod",
      zone: 0,
      lines: [{ variant: 1, unitPrice: 800, quantity: 3 }],
      delivery: 0,
      rate: 0,
      region: "US",
    });
    for (const [from, to] of ranges) await expectInventoryEqualLive(from, to);
    // O1's first line: one unit returned and refunded weeks later (net sales drop on Jan 10).
    await test.db.execute(sql`update order_lines set returned_quantity = 1
      where id = (select min(id) from order_lines where history_id = ${ids.o1})`);
    await test.db
      .insert(payments)
      .values({ historyId: ids.o1 as number, kind: "refund", method: "cod", amount: 900, recordedByName: "Test" });
    for (const [from, to] of ranges) await expectInventoryEqualLive(from, to);
    // O2 (23:30 on Jan 10 local, Jan 11 in UTC) cancelled late: its unit no longer sold on Jan 10.
    const before = totalsOf(await report("inventory", "preset=custom&from=2025-01-10&to=2025-01-10")).sold as number;
    await test.db.execute(sql`update buying_history set status = 'cancelled' where id = ${ids.o2}`);
    for (const [from, to] of ranges) await expectInventoryEqualLive(from, to);
    expect(totalsOf(await report("inventory", "preset=custom&from=2025-01-10&to=2025-01-10")).sold).toBe(before - 1);
    // As the other tests expect them: O2 placed, O1's line not returned.
    await test.db.execute(sql`update buying_history set status = 'placed' where id = ${ids.o2}`);
    await test.db.execute(sql`update order_lines set returned_quantity = 0 where history_id = ${ids.o1}`);
    await test.app.services.reports.refresh();
  });
});

describe("roll-ups", () => {
  it("a late refund of a past day's order updates that day's roll-up", async () => {
    const before = totalsOf(await report("tax", JAN));
    await test.db
      .insert(payments)
      .values({ historyId: ids.o1 as number, kind: "refund", method: "cod", amount: 535, recordedByName: "Test" });
    await test.app.services.reports.refresh();
    const after = totalsOf(await report("tax", JAN));
    // 535 × 450 ÷ 5350 = 45.
    expect(after.refunds).toBe((before.refunds as number) + 535);
    expect(after.taxOnRefunds).toBe((before.taxOnRefunds as number) + 45);
  });

  it("a report never reads roll-ups not built for the store's time zone: it rebuilds them first", async () => {
    // As a fresh shop, or a migration asking for a rebuild, leaves them.
    await test.db.execute(sql`truncate report_daily_orders, report_daily_lines`);
    await test.db.execute(sql`update report_rollup_state set time_zone = null`);
    expect(totalsOf(await report("sales", JAN))).toMatchObject({ orders: 4, net: 11500, tax: 1250 });
  });

  it("today's figures are live, and the admin home's call gives them", async () => {
    const before = (await apiAs(test, owner).get("/api/admin/reports/today")).json();
    await placeOrder({
      placedAt: new Date().toISOString(),
      userId: bea.id,
      method: "cod",
      zone: 0,
      lines: [{ variant: 0, unitPrice: 1234, quantity: 2 }],
      delivery: 0,
      rate: 0,
      region: "US",
    });
    const after = (await apiAs(test, owner).get("/api/admin/reports/today")).json();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.netSales).toBe(before.netSales + 2468);
    const sales = totalsOf(await report("sales", "preset=today"));
    expect(sales.orders).toBe(after.orders);
    // The inventory chart's today comes from today's live lines too.
    const inventory = await report("inventory", "preset=today&group=day");
    expect(inventory.chart.points[0].values.units).toBe(sales.units);
    expect(totalsOf(inventory).sold).toBe(sales.units);
    // The customers report's today (today's orders, and each customer's days before from the
    // running totals) equals the live computation over the customers' whole histories.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
    const [live] = (
      await test.db.execute<Record<string, number>>(sql`
        select count(distinct customer)::int as customers,
          (count(distinct customer) filter (where first_day = ${today}::date))::int as new,
          (count(distinct customer) filter (where first_day < ${today}::date))::int as returning,
          sum(orders)::int as orders, sum(spent)::int as spent,
          (count(*) filter (where lead and lifetime_orders > 1))::int as repeaters
        from (${customerDayFacts(TZ, null)}) c where day = ${today}::date`)
    ).rows;
    const customers = totalsOf(await report("customers", "preset=today"));
    const { repeaters, ...counts } = live as Record<string, number>;
    expect(customers).toMatchObject({ ...counts, repeatRate: (repeaters as number) / (counts.customers as number) });
    // The customers by city, zone and guest flag: today's group spans are live too.
    await expectGroupViewsEqualLive(today, today);
    await expectGroupViewsEqualLive("2024-01-01", today);
  });

  it("equals the live computation after random order, refund, return, allocation, dispute, fee and email sequences", async () => {
    const days = ["2024-03-09", "2024-03-10", "2024-03-11"];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("order" as const),
        day: fc.integer({ min: 0, max: 2 }),
        hour: fc.integer({ min: 0, max: 23 }),
        quantity: fc.integer({ min: 1, max: 4 }),
        variant: fc.integer({ min: 0, max: 1 }),
        method: fc.constantFrom("cod" as const, "card" as const),
        rate: fc.constantFrom(0, 500, 1000),
        buyer: fc.integer({ min: 0, max: 2 }),
      }),
      // A guest order's email corrected to another customer's (the customers roll-up re-keys it).
      fc.record({
        kind: fc.constant("email" as const),
        pick: fc.nat(),
        to: fc.constantFrom("OTHER.buyer@example.com", "new.one@example.com"),
      }),
      fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), amount: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ kind: fc.constant("return" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
      // Later writes by inventory and payments: units allocated to warehouses, a lost dispute.
      fc.record({ kind: fc.constant("allocate" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("dispute" as const), pick: fc.nat(), amount: fc.integer({ min: 1, max: 500 }) }),
      // Stripe's fee read late onto a card capture (or a refund's fee given back).
      fc.record({ kind: fc.constant("fee" as const), pick: fc.nat(), fee: fc.integer({ min: 0, max: 300 }) }),
    );
    // Orders of earlier runs stay pickable: a change to an order the roll-up already holds
    // shows only if a trigger marked it.
    const placed: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const step of ops) {
          if (step.kind === "order") {
            const day = days[step.day] as string;
            placed.push(
              await placeOrder({
                placedAt: `${day}T${String(step.hour).padStart(2, "0")}:30:00Z`,
                // Two guests (one writing her email in another case) and an account.
                ...(step.buyer === 2 ? { userId: bea.id } : {}),
                email: ["random.sequence@example.com", "Random.Sequence@Example.COM", "other.buyer@example.com"][
                  step.buyer
                ] as string,
                method: step.method,
                zone: step.day % 2,
                lines: [{ variant: step.variant, unitPrice: 1500, quantity: step.quantity }],
                delivery: 200,
                rate: step.rate,
                region: "US-CA",
              }),
            );
            continue;
          }
          const id = placed[step.pick % Math.max(1, placed.length)];
          if (id === undefined) continue;
          if (step.kind === "refund") {
            await test.db
              .insert(payments)
              .values({ historyId: id, kind: "refund", method: "cod", amount: step.amount, recordedByName: "Test" });
          } else if (step.kind === "return") {
            await test.db.execute(
              sql`update order_lines set returned_quantity = least(quantity, returned_quantity + 1) where history_id = ${id}`,
            );
          } else if (step.kind === "allocate") {
            // One unit from North, the rest from the default warehouse.
            await test.db.execute(sql`
              insert into order_line_allocations (order_line_id, warehouse_id, quantity)
              select l.id, w.id, case when w.is_default then l.quantity - 1 else 1 end
              from order_lines l cross join warehouses w
              where l.history_id = ${id} and (w.id = ${north} or (w.is_default and l.quantity > 1))
                and not exists (select 1 from order_line_allocations a where a.order_line_id = l.id)
              order by w.is_default`);
          } else if (step.kind === "fee") {
            await test.db.execute(sql`
              update payment_ledger set fee = least(amount, ${step.fee}), fee_read_at = now()
              where history_id = ${id} and event in ('captured', 'refunded')`);
          } else if (step.kind === "email") {
            await test.db.execute(
              sql`update buying_history set email = ${step.to} where id = ${id} and user_id is null`,
            );
          } else if (step.kind === "dispute") {
            await test.db.execute(sql`
              insert into payment_ledger (history_id, event, status, method, amount, currency, actor_name)
              values (${id}, 'dispute_lost', 'succeeded', 'card', ${step.amount}, 'USD', 'Test')`);
          } else {
            await test.db.execute(sql`update buying_history set status = 'cancelled' where id = ${id}`);
          }
        }
        await test.app.services.reports.refresh();
        const differ = async (rollup: string, columns: ReturnType<typeof sql.raw>, facts: ReturnType<typeof sql>) => {
          const result = await test.db.execute<{ n: number }>(sql`select count(*)::int as n from (
            (select ${columns} from ${sql.raw(rollup)} except all select ${columns} from (${facts}) f)
            union all
            (select ${columns} from (${facts}) f except all select ${columns} from ${sql.raw(rollup)})) d`);
          return result.rows[0]?.n;
        };
        expect(await differ("report_daily_orders", orderFactColumns, orderFacts(TZ, sql`true`))).toBe(0);
        expect(await differ("report_daily_lines", lineFactColumns, lineFacts(TZ, sql`true`))).toBe(0);
        expect(await differ("report_customer_days", customerDayColumns, customerDayFacts(TZ, null))).toBe(0);
        const liveSpans = customerSpanFacts(sql`(select *, 1 as sign from (${customerDayFacts(TZ, null)}) f)`);
        expect(await differ("report_customer_spans", customerSpanColumns, liveSpans)).toBe(0);
        const liveCohorts = customerCohortFacts(sql`(select *, 1 as sign from (${customerDayFacts(TZ, null)}) f)`);
        expect(await differ("report_customer_cohorts", customerCohortColumns, liveCohorts)).toBe(0);
        const liveGroups = customerGroupSpanFacts(sql`(select *, 1 as sign from (${customerDayFacts(TZ, null)}) f)`);
        expect(await differ("report_customer_group_spans", customerGroupSpanColumns, liveGroups)).toBe(0);
        const liveCustomerTotals = customerTotalsFacts(sql`(${customerDayFacts(TZ, null)})`);
        expect(await differ("report_customer_totals", customerTotalsColumns, liveCustomerTotals)).toBe(0);
        const liveLines = sql`(${lineFacts(TZ, sql`true`)})`;
        const liveVariants = salesTotalsFacts("variant", liveLines, null);
        expect(await differ("report_variant_sales", variantSalesColumns, liveVariants)).toBe(0);
        const liveProducts = salesTotalsFacts("product", liveLines, null);
        expect(await differ("report_product_sales", productSalesColumns, liveProducts)).toBe(0);
        const liveTotals = lineTotalsFacts(liveLines, sql`true`);
        expect(await differ("report_daily_line_totals", lineTotalsColumns, liveTotals)).toBe(0);
      }),
      { numRuns: 12 },
    );
  });
});

describe("bad input and access", () => {
  it("answers 422 naming the field: over 5 years, an end before its start, an unknown filter value", async () => {
    const cases: [string, string][] = [
      ["preset=custom&from=2019-01-01&to=2025-01-01", "to"],
      ["preset=custom&from=2025-01-10&to=2025-01-01", "to"],
      ["preset=custom&from=2025-02-30&to=2025-03-01", "from"],
      ["paymentMethod=bitcoin", "paymentMethod"],
      ["zone=999999", "zone"],
      ["category=999999", "category"],
      ["group=hour", "group"],
      ["view=everything", "view"],
      ["preset=forever", "preset"],
    ];
    for (const [query, field] of cases) {
      const response = await apiAs(test, owner).get(`/api/admin/reports/sales?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().error.fields), query).toContain(field);
    }
    const inventory = await apiAs(test, owner).get("/api/admin/reports/inventory?paymentMethod=cod");
    expect(inventory.statusCode).toBe(422);
    expect(inventory.json().error.fields).toHaveProperty("paymentMethod");
  });

  it("neutralises spreadsheet formulas in CSV cells (=, +, -, @) and leaves numbers alone", async () => {
    const codes = ["=HYPERLINK(1)", "+SUM(A1)", "-2+3", "@SUM(1)"];
    for (const coupon of codes) {
      await placeOrder({
        placedAt: "2024-06-11T15:00:00Z",
        email: "formula@example.com",
        method: "cod",
        zone: 0,
        lines: [{ variant: 0, unitPrice: 100, quantity: 1 }],
        coupon,
        delivery: 0,
        rate: 0,
        region: "US",
      });
    }
    await test.app.services.reports.refresh();
    const response = await apiAs(test, owner).get(
      "/api/admin/reports/sales/export?preset=custom&from=2024-06-11&to=2024-06-11&view=coupon",
    );
    const lines = response.body.trim().split("\r\n");
    expect(lines).toHaveLength(codes.length + 1);
    for (const coupon of codes) expect(lines).toContain(`'${coupon},1,1,1.00,0.00,0.00,1.00,0.00,0.00,1.00,1.00,25.0%`);
    for (const line of lines) expect(line).not.toMatch(/(^|,)[=+\-@]/);
  });

  it("refuses guests, customers and staff without the reports permission", async () => {
    for (const path of ["sales", "inventory", "customers", "tax", "today", "customers/export"]) {
      expect((await test.app.inject({ url: `/api/admin/reports/${path}` })).statusCode).toBe(401);
      expect((await apiAs(test, ada).get(`/api/admin/reports/${path}`)).statusCode).toBe(403);
      expect((await apiAs(test, support).get(`/api/admin/reports/${path}`)).statusCode).toBe(403);
    }
  });
});

// Last in the file: its orders (a third product's, today's) would change the figures above.
describe("sales views from the roll-ups", () => {
  type Sums = { units: number; net: number; previousNet?: number };
  /** What summing every order line (live, no roll-up) gives over [from, to], per `key`. */
  const liveSums = async (key: ReturnType<typeof sql>, from: string, to: string, joins = sql``) => {
    const rows = await test.db.execute<{ k: string; units: number; net: string }>(sql`
      select ${key} as k, sum(x.units)::int as units, sum(x.gross - x.discount - x.returns)::bigint as net
      from (${lineFacts(TZ, sql`true`)}) x ${joins}
      where x.day between ${from}::date and ${to}::date group by 1`);
    return new Map(rows.rows.map((row) => [String(row.k), { units: row.units, net: Number(row.net) }]));
  };
  const rowSums = (row: Record<string, unknown>): Sums => ({ units: row.units as number, net: row.net as number });

  it("give what summing every line gives, with today's lines and a deleted variant's", async () => {
    const [third] = (
      await test.db.execute<{ id: number; product_id: number; name: string; sku: string }>(sql`
        select v.id, v.product_id, p.name, v.sku from product_variants v join products p on p.id = v.product_id
        where p.id not in (${variants[0]?.productId}, ${variants[1]?.productId}) order by p.id, v.id limit 1`)
    ).rows;
    if (!third) throw new Error("no third product");
    variants[2] = { id: third.id, productId: third.product_id, name: third.name, sku: third.sku };
    const order = (placedAt: string, lines: LineSpec[]) =>
      placeOrder({ placedAt, method: "cod", zone: 0, lines, delivery: 0, rate: 0, region: "US" });
    await order("2025-01-20T15:00:00Z", [{ variant: 2, unitPrice: 2500, quantity: 2, discount: 100 }]);
    await order("2025-03-02T15:00:00Z", [{ variant: 2, unitPrice: 2500, quantity: 1 }]);
    await order(new Date().toISOString(), [
      { variant: 0, unitPrice: 1000, quantity: 1 },
      { variant: 2, unitPrice: 2500, quantity: 3 },
    ]);
    await test.app.services.reports.refresh();
    // The third product's variant deleted: its lines keep their product, lose their variant.
    await test.db.execute(sql`delete from product_variants where id = ${third.id}`);
    await test.app.services.reports.refresh();

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
    const from = "2025-01-11";
    const query = `preset=custom&from=${from}&to=${today}&compare=previous-period`;
    const answer = await report("sales", `${query}&view=product`);
    const { compareFrom, compareTo } = answer.range as { compareFrom: string; compareTo: string };
    const live = await liveSums(sql`x.product_id`, from, today);
    const before = await liveSums(sql`x.product_id`, compareFrom, compareTo);
    const byProduct = new Map(
      answer.table.rows.map((row: { href: string; cells: Record<string, unknown> }) => [
        row.href.split("/").at(-1),
        { ...rowSums(row.cells), previousNet: row.cells.previousNet },
      ]),
    );
    expect(byProduct).toEqual(
      new Map([...live].map(([id, sums]) => [id, { ...sums, previousNet: before.get(id)?.net ?? 0 }])),
    );
    // The third product: its past and today's lines, the variant gone or not.
    expect(byProduct.get(String(third.product_id))).toMatchObject({ units: 6, net: 6 * 2500 - 100 });

    const byVariant = rowsOf(await report("sales", `${query}&view=variant`));
    const liveVariants = await liveSums(
      sql`coalesce(x.variant_id::text, 'deleted:' || x.product_name || ' ' || x.variant_label)`,
      from,
      today,
    );
    const beforeVariants = await liveSums(
      sql`coalesce(x.variant_id::text, 'deleted:' || x.product_name || ' ' || x.variant_label)`,
      compareFrom,
      compareTo,
    );
    // Units, net and the net in the comparison of each variant (its running totals' row and today's lines).
    const sorted = (sums: Sums[]) => sums.map((s) => `${s.units}:${s.net}:${s.previousNet}`).sort();
    const withBefore = (rows: Map<string, Sums>, earlier: Map<string, Sums>) =>
      [...rows].map(([key, sums]) => ({ ...sums, previousNet: earlier.get(key)?.net ?? 0 }));
    expect(sorted(byVariant.map((row) => ({ ...rowSums(row), previousNet: row.previousNet as number })))).toEqual(
      sorted(withBefore(liveVariants, beforeVariants)),
    );
    expect(byVariant.some((row) => (row.previousNet as number) > 0)).toBe(true);
    // A deleted variant is named as it was ordered.
    expect(byVariant).toContainEqual(expect.objectContaining({ name: `${third.name} — M / Black`, units: 6 }));
    // With a product filter: the variants of that product type only.
    const [type] = (
      await test.db.execute<{ id: number }>(
        sql`select product_type_id as id from products where id = ${variants[0]?.productId}`,
      )
    ).rows;
    const typed = rowsOf(await report("sales", `${query}&view=variant&type=${type?.id}`));
    const typeJoin = sql`left join products p on p.id = x.product_id`;
    const typeKey = sql`case when p.product_type_id = ${type?.id} then coalesce(x.variant_id::text, 'deleted:' || x.product_name || ' ' || x.variant_label) else 'other' end`;
    const liveTyped = await liveSums(typeKey, from, today, typeJoin);
    const beforeTyped = await liveSums(typeKey, compareFrom, compareTo, typeJoin);
    liveTyped.delete("other");
    expect(typed.length).toBeGreaterThan(0);
    expect(sorted(typed.map((row) => ({ ...rowSums(row), previousNet: row.previousNet as number })))).toEqual(
      sorted(withBefore(liveTyped, beforeTyped)),
    );

    const byWarehouse = rowsOf(await report("sales", `${query}&view=warehouse`));
    const liveWarehouses = await liveSums(
      sql`coalesce(w.name, '(not allocated)')`,
      from,
      today,
      sql`left join warehouses w on w.id = x.warehouse_id`,
    );
    expect(new Map(byWarehouse.map((row) => [row.name, rowSums(row)]))).toEqual(liveWarehouses);

    const byCategory = rowsOf(await report("sales", `${query}&view=category`));
    const liveCategories = await liveSums(
      sql`coalesce(c.name, '(no category: deleted product)')`,
      from,
      today,
      sql`left join products p on p.id = x.product_id left join sub_sub_categories ssc on ssc.id = p.sub_sub_category_id
        left join sub_categories sc on sc.id = ssc.sub_category_id left join categories c on c.id = sc.category_id`,
    );
    expect(new Map(byCategory.map((row) => [row.name, rowSums(row)]))).toEqual(liveCategories);

    // Top sellers: the most units first, from the same sums.
    const top = rowsOf(await report("sales", `${query}&view=top`));
    expect(top[0]?.units).toBe(Math.max(...[...live.values()].map((sums) => sums.units)));
    // Each with its product's stock now (every variant's).
    const stock = await test.db.execute<{ name: string; stock: number }>(
      sql`select p.name, sum(pv.stock)::int as stock from products p join product_variants pv on pv.product_id = p.id group by 1`,
    );
    const stockByName = new Map(stock.rows.map((row) => [row.name, row.stock]));
    for (const row of top) expect(row.stock).toBe(stockByName.get(String(row.name)) ?? 0);
  });

  it("are rebuilt before a report reads them when a previous version left their money columns empty", async () => {
    // As a previous version's writes during a rolling upgrade leave them (migration 0026's defaults).
    const query = "preset=custom&from=2025-01-10&to=2025-01-12&view=product";
    const before = rowsOf(await report("sales", query));
    expect(before.length).toBeGreaterThan(0);
    await test.db.execute(
      sql`update report_product_sales set orders = '{}', gross = '{}', discount = '{}', returns = '{}'`,
    );
    await test.db.execute(sql`update report_rollup_state set sales_totals_time_zone = null`);
    expect(rowsOf(await report("sales", query))).toEqual(before);
  });
});
