/**
 * Inventory (issue 14) on the real PostgreSQL: checkout allocates from the delivery zone's
 * warehouses by priority and never oversells over two warehouses; the ledger always sums
 * to the level (a fast-check property over random orders, cancellations, returns,
 * transfers and adjustments); an unpaid card order reserves, its expiry or cancellation
 * puts back and its payment confirms; staff calls refuse what would lose a unit; the
 * storefront's availability per zone and its cached copies follow the stock; the daily
 * low-stock digest reaches staff with `inventory` over SMTP; the demo seed balances; and
 * the migration from the single stock number keeps every unit.
 */

import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/migrate.ts";
import { buyingHistory, orderLineAllocations, orderLines, warehouses } from "../src/db/schema/index.ts";
import { seedDemoInventory } from "../src/modules/inventory/demo.ts";
import { LOW_STOCK_DIGEST_JOB } from "../src/modules/inventory/digest.ts";
import { signUpStaff, type TestUser } from "./support/auth.ts";
import { address, addToCart, newGuest, stockedVariants } from "./support/checkout-shopping.ts";
import { createTestApp, createTestDatabase, eventually, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";
import { type StripeFixture, startStripeFixture } from "./support/stripe-fixture.ts";

const WEBHOOK_SECRET = "whsec_inventory_card_holds";

let test: TestApp;
let stripe: StripeFixture;
let keeper: TestUser;
let zones: { id: number; name: string }[];
let main: number;
let second: number;

async function levels(db: Db, variantId: number) {
  const result = await db.execute<{ warehouse_id: number; on_hand: number; reserved: number }>(
    sql`select warehouse_id, on_hand, reserved from stock_levels where variant_id = ${variantId} order by warehouse_id`,
  );
  return Object.fromEntries(
    result.rows.map((row) => [row.warehouse_id, { onHand: row.on_hand, reserved: row.reserved }]),
  );
}

async function variantStock(db: Db, variantId: number): Promise<number> {
  const result = await db.execute<{ stock: number }>(sql`select stock from product_variants where id = ${variantId}`);
  return result.rows[0]?.stock ?? -1;
}

/**
 * Every level equals its ledger's sum (a level with no rows yet, made by setting its
 * incoming quantity, sums to zero); every variant's stock equals its available units.
 */
async function ledgerMismatches(db: Db): Promise<unknown[]> {
  const levelsOff = await db.execute(sql`
    select l.variant_id, l.warehouse_id, l.on_hand, l.reserved, g.on_hand as ledger_on_hand, g.reserved as ledger_reserved
    from stock_levels l
    full join (select variant_id, warehouse_id, sum(quantity)::int as on_hand, sum(reserved_change)::int as reserved
               from stock_ledger group by 1, 2) g using (variant_id, warehouse_id)
    where coalesce(l.on_hand, 0) <> coalesce(g.on_hand, 0) or coalesce(l.reserved, 0) <> coalesce(g.reserved, 0)
      or l.on_hand < 0 or l.reserved < 0 or l.reserved > l.on_hand`);
  const variantsOff = await db.execute(sql`
    select v.id, v.stock, variant_available(v.id) as available from product_variants v
    where v.stock <> variant_available(v.id)`);
  return [...levelsOff.rows, ...variantsOff.rows];
}

async function checkout(
  shopper: Awaited<ReturnType<typeof newGuest>>,
  zoneId: number,
  paymentMethod: "cod" | "card" = "cod",
) {
  return test.app.inject({
    method: "POST",
    url: "/api/checkout/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: {
      contact: { email: "stock@example.com", phone: "+1 555 0100" },
      address,
      deliveryZoneId: zoneId,
      paymentMethod,
    },
  });
}

beforeAll(async () => {
  // Card orders (holds) need Stripe: a fixture on loopback answers its Checkout Sessions.
  stripe = await startStripeFixture();
  test = await createTestApp(
    {
      STRIPE_SECRET_KEY: "sk_test_atelier_inventory",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    { poolMax: 25 },
  );
  keeper = await signUpStaff(test, "Inventory");
  zones = (await test.app.inject({ url: "/api/checkout/options" })).json().zones;
  const list = (await apiAs(test, keeper).get("/api/admin/inventory/warehouses")).json();
  main = list.warehouses.find((w: { isDefault: boolean }) => w.isDefault).id;
  const created = await apiAs(test, keeper).post("/api/admin/inventory/warehouses", {
    name: "East depot",
    code: "east",
    address: "2 Dock Road",
    priority: 20,
  });
  expect(created.statusCode).toBe(200);
  expect(created.json()).toMatchObject({ code: "EAST", isDefault: false, isActive: true, shipsToAllZones: true });
  second = created.json().id;
});
afterAll(async () => {
  await test?.close();
  await stripe?.close();
});

/**
 * Opens the pool's connections before a race: on a busy machine opening 25 at once can
 * pass the app's 800 ms connect timeout, which would fail requests for a reason that is
 * not the one under test. Retries until they are open.
 */
async function warmPool() {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => test.pool.query("select pg_sleep(0.2)")));
    if (results.every((result) => result.status === "fulfilled")) return;
  }
}

/** Gives a variant exactly these units per warehouse (through the staff adjust call). */
async function setLevels(variantId: number, units: Record<number, number>) {
  await test.db.execute(sql`update product_variants set stock = 0 where id = ${variantId}`);
  for (const [warehouseId, quantity] of Object.entries(units)) {
    if (quantity === 0) continue;
    const answer = await apiAs(test, keeper).post("/api/admin/inventory/stock/adjust", {
      variantId,
      warehouseId: Number(warehouseId),
      change: quantity,
      reason: "received",
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

describe("checkout allocation", () => {
  it("sells exactly the last 10 units spread over two warehouses to 10 of 50 concurrent shoppers", async () => {
    const [variant] = await stockedVariants(test, 1, 0, 3);
    if (!variant) throw new Error("no variant");
    await setLevels(variant.id, { [main]: 4, [second]: 6 });
    expect(await variantStock(test.db, variant.id)).toBe(10);
    const zoneId = zones[0]?.id as number;
    const shoppers = [];
    for (let i = 0; i < 50; i += 1) shoppers.push(await newGuest(test));
    for (const shopper of shoppers) await addToCart(test, shopper, variant.id, 1);
    await warmPool();

    const answers = await Promise.all(shoppers.map((shopper) => checkout(shopper, zoneId)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await levels(test.db, variant.id)).toEqual({
      [main]: { onHand: 0, reserved: 0 },
      [second]: { onHand: 0, reserved: 0 },
    });
    expect(await variantStock(test.db, variant.id)).toBe(0);
    const allocated = await test.db
      .select({ warehouseId: orderLineAllocations.warehouseId, quantity: orderLineAllocations.quantity })
      .from(orderLineAllocations)
      .innerJoin(orderLines, eq(orderLines.id, orderLineAllocations.orderLineId))
      .where(eq(orderLines.variantId, variant.id));
    const byWarehouse = (id: number) =>
      allocated.filter((row) => row.warehouseId === id).reduce((sum, row) => sum + row.quantity, 0);
    expect(byWarehouse(main)).toBe(4);
    expect(byWarehouse(second)).toBe(6);
    expect(await ledgerMismatches(test.db)).toEqual([]);
    expect(test.pool.totalCount).toBeGreaterThan(10);
  });

  it("splits a line across warehouses by priority, only from those that ship to the zone", async () => {
    const [variant] = await stockedVariants(test, 1, 0, 4);
    if (!variant) throw new Error("no variant");
    const [zoneA, zoneB] = zones;
    if (!zoneA || !zoneB) throw new Error("the demo shop needs two delivery zones");
    // East ships only to zone B; Main (priority 10) comes before East (priority 20).
    const east = await apiAs(test, keeper).put(`/api/admin/inventory/warehouses/${second}`, {
      name: "East depot",
      code: "EAST",
      address: "2 Dock Road",
      priority: 20,
      shipsToAllZones: false,
      zoneIds: [zoneB.id],
    });
    expect(east.statusCode, east.body).toBe(200);
    await setLevels(variant.id, { [main]: 2, [second]: 5 });

    const far = await newGuest(test);
    await addToCart(test, far, variant.id, 3);
    const refused = await checkout(far, zoneA.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual({ [`lines.${variant.id}`]: "only 2 left" });

    const near = await newGuest(test);
    await addToCart(test, near, variant.id, 3);
    const placed = await checkout(near, zoneB.id);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await levels(test.db, variant.id)).toEqual({
      [main]: { onHand: 0, reserved: 0 },
      [second]: { onHand: 4, reserved: 0 },
    });

    // The staff order page shows what ships from where.
    const manager = await signUpStaff(test, "Manager");
    const number = placed.json().order.number;
    const orders = (await apiAs(test, manager).get(`/api/admin/orders?q=${number}`)).json();
    const order = await apiAs(test, manager).get(`/api/admin/orders/${orders.items[0].id}`);
    expect(order.json().lines[0].shipsFrom).toEqual([
      { warehouse: "Main warehouse", code: "MAIN", quantity: 2 },
      { warehouse: "East depot", code: "EAST", quantity: 1 },
    ]);

    // Cancelling puts each unit back where it came from.
    const cancel = await apiAs(test, manager).post(`/api/admin/orders/${orders.items[0].id}/status`, {
      to: "cancelled",
      version: order.json().version,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await levels(test.db, variant.id)).toEqual({
      [main]: { onHand: 2, reserved: 0 },
      [second]: { onHand: 5, reserved: 0 },
    });
    await apiAs(test, keeper).put(`/api/admin/inventory/warehouses/${second}`, {
      name: "East depot",
      code: "EAST",
      priority: 20,
      shipsToAllZones: true,
    });
  });
});

describe("staff stock calls", () => {
  it("refuse a transfer of more than is available with 409 naming the variant, and move units out then in", async () => {
    const [variant] = await stockedVariants(test, 1, 0, 5);
    if (!variant) throw new Error("no variant");
    await setLevels(variant.id, { [main]: 3 });
    const api = apiAs(test, keeper);
    const tooMany = await api.post("/api/admin/inventory/transfers", {
      variantId: variant.id,
      fromWarehouseId: main,
      toWarehouseId: second,
      quantity: 4,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toContain(variant.name);
    expect(tooMany.json().error.message).toContain("only 3 available");

    const sent = await api.post("/api/admin/inventory/transfers", {
      variantId: variant.id,
      fromWarehouseId: main,
      toWarehouseId: second,
      quantity: 2,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe("in_transit");
    // In transit: out of Main, not yet in East, not for sale.
    expect(await variantStock(test.db, variant.id)).toBe(1);
    const received = await api.post(`/api/admin/inventory/transfers/${sent.json().id}/receive`);
    expect(received.json().status).toBe("received");
    expect(await levels(test.db, variant.id)).toEqual({
      [main]: { onHand: 1, reserved: 0 },
      [second]: { onHand: 2, reserved: 0 },
    });
    expect((await api.post(`/api/admin/inventory/transfers/${sent.json().id}/receive`)).statusCode).toBe(409);

    const history = (await api.get(`/api/admin/inventory/variants/${variant.id}/history`)).json();
    expect(
      history.entries.slice(0, 3).map((entry: { kind: string; quantity: number }) => [entry.kind, entry.quantity]),
    ).toEqual([
      ["transfer", 2],
      ["transfer", -2],
      ["adjustment", 3],
    ]);
    expect(history.series.at(-1)).toMatchObject({ onHand: 3, available: 3 });
  });

  it("never lose one of two concurrent adjustments, and refuse a stale version", async () => {
    const [variant] = await stockedVariants(test, 1, 0, 6);
    if (!variant) throw new Error("no variant");
    await setLevels(variant.id, { [main]: 1 });
    const api = apiAs(test, keeper);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.post("/api/admin/inventory/stock/adjust", {
          variantId: variant.id,
          warehouseId: main,
          change: 5,
          reason: "received",
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect((await levels(test.db, variant.id))[main]).toEqual({ onHand: 41, reserved: 0 });
    const stale = await api.post("/api/admin/inventory/stock/adjust", {
      variantId: variant.id,
      warehouseId: main,
      change: -1,
      reason: "damaged",
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.fields).toEqual({ version: "is stale" });
    const tooMuch = await api.post("/api/admin/inventory/stock/adjust", {
      variantId: variant.id,
      warehouseId: main,
      change: -42,
      reason: "lost",
    });
    expect(tooMuch.statusCode).toBe(409);
    expect((await levels(test.db, variant.id))[main]).toEqual({ onHand: 41, reserved: 0 });
  });

  it("report a CSV count line by line and post nothing while any line is wrong", async () => {
    const rows = await stockedVariants(test, 2, 0, 7);
    const [a, b] = rows;
    if (!a || !b) throw new Error("no variants");
    await setLevels(a.id, { [main]: 5 });
    const skus = await test.db.execute<{ id: number; sku: string }>(
      sql`select id, sku from product_variants where id in (${a.id}, ${b.id}) order by id`,
    );
    const [skuA, skuB] = skus.rows.map((row) => row.sku);
    const api = apiAs(test, keeper);
    const bad = await api.post("/api/admin/inventory/counts/import", {
      warehouseId: main,
      csv: `sku,counted\n${skuA},7\n${skuB},-1\nNO-SUCH-SKU,3\n${skuA},2.5\n`,
      dryRun: false,
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().posted).toBe(false);
    expect(bad.json().lines.map((line: { line: number; error: string | null }) => [line.line, line.error])).toEqual([
      [2, null],
      [3, "A count cannot be negative (-1)."],
      [4, 'Unknown SKU "NO-SUCH-SKU".'],
      [5, "A count is a whole number (2.5)."],
    ]);
    expect((await levels(test.db, a.id))[main]).toEqual({ onHand: 5, reserved: 0 });

    const dry = await api.post("/api/admin/inventory/counts/import", {
      warehouseId: main,
      csv: `sku,counted\n${skuA},7\n${skuB},2\n`,
      dryRun: true,
    });
    expect(dry.json()).toMatchObject({ posted: false, errors: 0 });
    expect(dry.json().lines.map((line: { difference: number }) => line.difference)).toEqual([2, 2]);
    expect((await levels(test.db, a.id))[main]).toEqual({ onHand: 5, reserved: 0 });

    const real = await api.post("/api/admin/inventory/counts/import", {
      warehouseId: main,
      csv: `sku,counted\n${skuA},7\n${skuB},2\n`,
      dryRun: false,
    });
    expect(real.json()).toMatchObject({ posted: true, errors: 0 });
    expect((await levels(test.db, a.id))[main]).toEqual({ onHand: 7, reserved: 0 });
    expect((await levels(test.db, b.id))[main]).toEqual({ onHand: 2, reserved: 0 });
  });

  it("refuse deactivating a warehouse that holds stock, saying what to do, and keep one default", async () => {
    const api = apiAs(test, keeper);
    const refused = await api.put(`/api/admin/inventory/warehouses/${second}`, {
      name: "East depot",
      code: "EAST",
      priority: 20,
      isActive: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/still holds \d+ units.*Transfer its stock/);
    const noDefault = await api.put(`/api/admin/inventory/warehouses/${main}`, {
      name: "Main warehouse",
      code: "MAIN",
      priority: 10,
      isDefault: false,
    });
    expect(noDefault.statusCode).toBe(422);
    const empty = await api.post("/api/admin/inventory/warehouses", { name: "Pop-up store", code: "POP" });
    const off = await api.put(`/api/admin/inventory/warehouses/${empty.json().id}`, {
      name: "Pop-up store",
      code: "POP",
      isActive: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().isActive).toBe(false);
    const customer = await newGuest(test);
    const forbidden = await test.app.inject({ url: "/api/admin/inventory/stock", headers: customer.headers });
    expect([401, 403]).toContain(forbidden.statusCode);
  });

  it("lists stock per warehouse with filters, and exports it as CSV", async () => {
    const api = apiAs(test, keeper);
    const page = (await api.get("/api/admin/inventory/stock?state=out&pageSize=5&sort=sku")).json();
    expect(page.items.length).toBeGreaterThan(0);
    expect(
      page.items.every((row: { available: number; state: string }) => row.available === 0 && row.state === "out"),
    ).toBe(true);
    expect(page.warehouses.map((w: { code: string }) => w.code)).toContain("EAST");
    const inEast = (await api.get(`/api/admin/inventory/stock?warehouseId=${second}&pageSize=100`)).json();
    expect(
      inEast.items.every((row: { levels: { warehouseId: number }[] }) =>
        row.levels.every((l) => l.warehouseId === second),
      ),
    ).toBe(true);
    const csv = await api.get("/api/admin/inventory/stock/export?state=out");
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toContain("sku,product,size,color,on_hand,reserved,available");
  });

  it("pages every sort consistently: two pages of five are the first ten, the total counts the whole filter", async () => {
    const api = apiAs(test, keeper);
    const exported = (await api.get("/api/admin/inventory/stock/export")).body.trim().split("\r\n").length - 1;
    for (const sort of ["name", "sku", "available-asc", "available-desc", "on-hand-desc"]) {
      const ids = async (page: number, pageSize: number) => {
        const answer = (
          await api.get(`/api/admin/inventory/stock?sort=${sort}&page=${page}&pageSize=${pageSize}`)
        ).json();
        expect(answer.total).toBe(exported);
        return answer.items as { variantId: number; onHand: number }[];
      };
      const ten = await ids(1, 10);
      expect(ten).toHaveLength(10);
      expect([...(await ids(1, 5)), ...(await ids(2, 5))].map((row) => row.variantId)).toEqual(
        ten.map((row) => row.variantId),
      );
      if (sort === "on-hand-desc") {
        expect(ten.map((row) => row.onHand)).toEqual([...ten.map((row) => row.onHand)].sort((a, b) => b - a));
      }
    }
    const beyond = (await api.get("/api/admin/inventory/stock?page=100000&pageSize=100")).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(exported);
  });
});

/** Stripe's signed checkout.session.completed for an order: the webhook the shop verifies. */
async function payByCard(number: string) {
  const [row] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.number, number));
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: row?.stripeSessionId,
        object: "checkout.session",
        client_reference_id: number,
        metadata: { orderNumber: number },
        payment_status: "paid",
        amount_total: row?.total,
        payment_intent: `pi_${randomUUID().replaceAll("-", "").slice(0, 16)}`,
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return test.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

/** Staff cancel an order from its page (the version it loaded). */
async function staffCancel(number: string) {
  const manager = await signUpStaff(test, "Manager");
  const api = apiAs(test, manager);
  const found = (await api.get(`/api/admin/orders?q=${number}`)).json();
  const id = found.items[0].id;
  const order = (await api.get(`/api/admin/orders/${id}`)).json();
  return api.post(`/api/admin/orders/${id}/status`, { to: "cancelled", version: order.version });
}

describe("card holds", () => {
  it("reserve an unpaid card order's units across warehouses, and its payment turns them into units sold", async () => {
    const [variant] = await stockedVariants(test, 1, 0, 30);
    if (!variant) throw new Error("no variant");
    await setLevels(variant.id, { [main]: 1, [second]: 4 });
    const shopper = await newGuest(test);
    await addToCart(test, shopper, variant.id, 3);
    const placed = await checkout(shopper, zones[0]?.id as number, "card");
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.status).toBe("pending_payment");
    // Held, not gone: on hand stays, reserved rises, what shoppers can have drops.
    expect(await levels(test.db, variant.id)).toEqual({
      [main]: { onHand: 1, reserved: 1 },
      [second]: { onHand: 4, reserved: 2 },
    });
    expect(await variantStock(test.db, variant.id)).toBe(2);

    const paid = await payByCard(placed.json().order.number);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().outcome).toBe("applied");
    expect(await levels(test.db, variant.id)).toEqual({
      [main]: { onHand: 0, reserved: 0 },
      [second]: { onHand: 2, reserved: 0 },
    });
    expect(await variantStock(test.db, variant.id)).toBe(2);
    const history = (await apiAs(test, keeper).get(`/api/admin/inventory/variants/${variant.id}/history`)).json();
    expect(
      history.entries
        .slice(0, 4)
        .map((entry: { kind: string; quantity: number; reservedChange: number }) => [
          entry.kind,
          entry.quantity,
          entry.reservedChange,
        ]),
    ).toEqual([
      ["order", -2, -2],
      ["order", -1, -1],
      ["hold", 0, 2],
      ["hold", 0, 1],
    ]);
    expect(await ledgerMismatches(test.db)).toEqual([]);
  });

  it("put held units back when the hold expires, or when staff cancel the unpaid order", async () => {
    const [variant] = await stockedVariants(test, 1, 0, 31);
    if (!variant) throw new Error("no variant");
    await setLevels(variant.id, { [main]: 3 });
    const zoneId = zones[0]?.id as number;

    const late = await newGuest(test);
    await addToCart(test, late, variant.id, 2);
    const expiring = await checkout(late, zoneId, "card");
    expect(expiring.statusCode, expiring.body).toBe(200);
    expect((await levels(test.db, variant.id))[main]).toEqual({ onHand: 3, reserved: 2 });
    await test.db
      .update(buyingHistory)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(buyingHistory.number, expiring.json().order.number));
    expect(await test.app.services.checkout.cards.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect((await levels(test.db, variant.id))[main]).toEqual({ onHand: 3, reserved: 0 });
    expect(await variantStock(test.db, variant.id)).toBe(3);

    const undecided = await newGuest(test);
    await addToCart(test, undecided, variant.id, 3);
    const held = await checkout(undecided, zoneId, "card");
    expect(held.statusCode, held.body).toBe(200);
    expect(await variantStock(test.db, variant.id)).toBe(0);
    const cancelled = await staffCancel(held.json().order.number);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await levels(test.db, variant.id))[main]).toEqual({ onHand: 3, reserved: 0 });
    expect(await variantStock(test.db, variant.id)).toBe(3);
    expect(await ledgerMismatches(test.db)).toEqual([]);
  });
});

describe("the storefront", () => {
  it("gives each variant's units for a zone from the warehouses shipping there, and every warehouse's without one", async () => {
    const [variant, hidden] = await stockedVariants(test, 2, 0, 40);
    if (!variant || !hidden) throw new Error("no variants");
    await setLevels(variant.id, { [main]: 2, [second]: 5 });
    const [zoneA, zoneB] = zones;
    if (!zoneA || !zoneB) throw new Error("the demo shop needs two delivery zones");
    const api = apiAs(test, keeper);
    // Shoppers are told counts only at or under the "Only N left" limit (issue 37): 10 here,
    // so every figure below is told.
    await api.put("/api/admin/inventory/settings", { lowStockDefault: 5, onlyLeftBelow: 10, reorderCoverDays: 30 });
    const east = { name: "East depot", code: "EAST", address: "2 Dock Road", priority: 20 };
    await api.put(`/api/admin/inventory/warehouses/${second}`, {
      ...east,
      shipsToAllZones: false,
      zoneIds: [zoneB.id],
    });
    try {
      const ask = (query: string) =>
        test.app.inject({ url: `/api/products/${variant.productId}/availability${query}` });
      const units = (answer: Awaited<ReturnType<typeof ask>>) =>
        answer.json().variants.find((row: { variantId: number }) => row.variantId === variant.id)?.onlyLeft;
      const all = await ask("");
      expect(all.statusCode, all.body).toBe(200);
      expect(all.headers["cache-control"]).toBe("no-store");
      expect(all.json().zoneId).toBeNull();
      expect(units(all)).toBe(7);
      const a = await ask(`?zoneId=${zoneA.id}`);
      expect([a.json().zoneId, units(a)]).toEqual([zoneA.id, 2]);
      const b = await ask(`?zoneId=${zoneB.id}`);
      expect([b.json().zoneId, units(b)]).toEqual([zoneB.id, 7]);
      const unknown = await ask("?zoneId=999999");
      expect([unknown.json().zoneId, units(unknown)]).toEqual([null, 7]);
      const bad = await ask("?zoneId=abc");
      expect(bad.statusCode, bad.body).toBe(400);
      expect(Object.keys(bad.json().error.fields ?? {})).toEqual(["zoneId"]);

      await test.db.execute(sql`update products set is_published = false where id = ${hidden.productId}`);
      const unpublished = await test.app.inject({ url: `/api/products/${hidden.productId}/availability` });
      expect(unpublished.statusCode).toBe(404);
    } finally {
      await test.db.execute(sql`update products set is_published = true where id = ${hidden.productId}`);
      await api.put(`/api/admin/inventory/warehouses/${second}`, { ...east, shipsToAllZones: true });
      await api.put("/api/admin/inventory/settings", { lowStockDefault: 5, onlyLeftBelow: 5, reorderCoverDays: 30 });
    }
  });

  it("takes 'Only N left' from the store settings, and drops cached copies when a hold or a cancellation changes the stock shown", async () => {
    const api = apiAs(test, keeper);
    const saved = await api.put("/api/admin/inventory/settings", {
      lowStockDefault: 5,
      onlyLeftBelow: 8,
      reorderCoverDays: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await eventually(
      async () => (await test.app.inject({ url: "/api/storefront/settings" })).json().onlyLeftBelow === 8,
      { what: "the store settings showing the new limit", timeoutMs: 10_000 },
    );

    const [variant] = await stockedVariants(test, 1, 0, 42);
    if (!variant) throw new Error("no variant");
    await setLevels(variant.id, { [main]: 6 });
    const shown = async () =>
      (await test.app.inject({ url: `/api/products/${variant.productId}` }))
        .json()
        .variants.find((row: { id: number }) => row.id === variant.id)?.onlyLeft;
    expect(await shown()).toBe(6);
    // The answer is cached: a unit posted behind the app's back is not seen …
    await test.db.execute(
      sql`insert into stock_ledger (variant_id, warehouse_id, kind, quantity, reason) values (${variant.id}, ${main}, 'adjustment', 1, 'test')`,
    );
    expect(await shown()).toBe(6);
    // … until a card order holds units (7 → 5, under the limit of 8): the copies go at once.
    const shopper = await newGuest(test);
    await addToCart(test, shopper, variant.id, 2);
    const held = await checkout(shopper, zones[0]?.id as number, "card");
    expect(held.statusCode, held.body).toBe(200);
    expect(await shown()).toBe(5);
    // Staff cancel it: the units are back on sale, and on the pages.
    const cancelled = await staffCancel(held.json().order.number);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await eventually(async () => (await shown()) === 7, { what: "the product answer showing 7", timeoutMs: 5_000 });

    await api.put("/api/admin/inventory/settings", { lowStockDefault: 5, onlyLeftBelow: 5, reorderCoverDays: 30 });
  });
});

describe("the low-stock digest", () => {
  it("mails the variants running low to staff with the inventory permission, through the job queue and SMTP", async () => {
    const low = (await apiAs(test, keeper).get("/api/admin/inventory/low-stock?pageSize=1")).json();
    const first = low.items[0];
    expect(low.total).toBeGreaterThan(0);
    const support = await signUpStaff(test, "Support");

    await test.app.services.jobs.send(LOW_STOCK_DIGEST_JOB, {});
    const mail = await test.mail.waitFor(
      (candidate) => candidate.to.includes(keeper.email) && candidate.subject.endsWith("running low"),
      20_000,
    );
    expect(mail.subject).toMatch(new RegExp(`: ${low.total} variants? (is|are) running low$`));
    expect(mail.text).toContain(`${first.sku}): ${first.available} available, threshold ${first.threshold}`);
    expect(mail.text).toContain("http://localhost:3000/admin/inventory/low-stock");
    expect(mail.html).toContain("<table");
    await eventually(async () => (await test.app.services.jobs.pending("mail.send")) === 0, {
      what: "every mail sent",
      timeoutMs: 20_000,
    });
    expect(
      test.mail.messages.some(
        (candidate) => candidate.to.includes(support.email) && /running low/.test(candidate.subject),
      ),
    ).toBe(false);
  });
});

describe("the demo seed", () => {
  it("adds a second warehouse holding stock, with history, losing no unit but the two on the way", async () => {
    const database = await createTestDatabase();
    const { db, pool } = createDb(database.url, { max: 2 });
    try {
      const before = await db.execute<{ total: number }>(sql`select sum(stock)::int as total from product_variants`);
      expect(await seedDemoInventory(db)).toBe(true);
      expect(await seedDemoInventory(db)).toBe(false);
      const stock = await db.execute<{ code: string; on_hand: number }>(sql`
        select w.code, coalesce(sum(l.on_hand), 0)::int as on_hand from warehouses w
        left join stock_levels l on l.warehouse_id = w.id group by w.code order by w.code`);
      expect(stock.rows.map((r) => r.code)).toEqual(["EAST", "MAIN"]);
      expect(stock.rows.every((r) => r.on_hand > 0)).toBe(true);
      const transfers = await db.execute<{ status: string; n: number; units: number }>(sql`
        select status, count(*)::int as n, sum(quantity)::int as units from stock_transfers group by status order by status`);
      expect(transfers.rows[0]).toMatchObject({ status: "in_transit", n: 2, units: 4 });
      expect(transfers.rows[1]?.status).toBe("received");
      const kinds = await db.execute<{ kind: string }>(sql`select distinct kind from stock_ledger order by kind`);
      expect(kinds.rows.map((r) => r.kind)).toEqual(expect.arrayContaining(["adjustment", "transfer"]));
      const incoming = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from stock_levels where incoming > 0 and incoming_expected_on > current_date`,
      );
      expect(incoming.rows[0]?.n).toBe(4);
      const after = await db.execute<{ total: number }>(sql`select sum(stock)::int as total from product_variants`);
      // Deliveries came in (+12 for every third variant); only the two transfers on the way are not for sale.
      expect(after.rows[0]?.total).toBeGreaterThan((before.rows[0]?.total ?? 0) - 4);
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});

describe("the ledger", () => {
  it("always sums to the level after random orders, cancellations, returns, transfers and adjustments", async () => {
    const rows = await stockedVariants(test, 3, 0, 10);
    const variants = rows.map((row) => row.id);
    const warehouseIds = [main, second];
    const zoneId = zones[0]?.id as number;
    const api = apiAs(test, keeper);
    const op = fc.oneof(
      fc.record({ kind: fc.constant("order" as const), variant: fc.nat(2), quantity: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat(20) }),
      fc.record({ kind: fc.constant("return" as const), pick: fc.nat(20), quantity: fc.integer({ min: 1, max: 3 }) }),
      fc.record({
        kind: fc.constant("transfer" as const),
        variant: fc.nat(2),
        from: fc.nat(1),
        quantity: fc.integer({ min: 1, max: 6 }),
      }),
      fc.record({
        kind: fc.constant("adjust" as const),
        variant: fc.nat(2),
        warehouse: fc.nat(1),
        change: fc.integer({ min: -5, max: 8 }).filter((n) => n !== 0),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 10 }), async (ops) => {
        const orders: { id: number; cancelled: boolean }[] = [];
        for (const step of ops) {
          if (step.kind === "order") {
            const shopper = await newGuest(test);
            await addToCart(test, shopper, variants[step.variant] as number, step.quantity);
            const answer = await checkout(shopper, zoneId);
            expect([200, 409]).toContain(answer.statusCode);
            if (answer.statusCode === 200) {
              const [order] = await test.db
                .execute<{ id: number }>(
                  sql`select id from buying_history where number = ${answer.json().order.number}`,
                )
                .then((result) => result.rows);
              if (order) orders.push({ id: order.id, cancelled: false });
            }
          } else if (step.kind === "cancel" || step.kind === "return") {
            const order = orders[step.pick % Math.max(1, orders.length)];
            if (!order || order.cancelled) continue;
            await test.db.transaction(async (tx) => {
              if (step.kind === "cancel") {
                await test.app.services.refunds.restock(order.id, "all", tx);
              } else {
                const [line] = await tx
                  .select({ id: orderLines.id, quantity: orderLines.quantity })
                  .from(orderLines)
                  .where(eq(orderLines.historyId, order.id));
                if (line) {
                  await test.app.services.refunds.restock(
                    order.id,
                    [{ orderLineId: line.id, quantity: Math.min(line.quantity, step.quantity) }],
                    tx,
                    { warehouseId: second },
                  );
                }
              }
            });
            order.cancelled = true;
          } else if (step.kind === "transfer") {
            const from = warehouseIds[step.from] as number;
            const to = warehouseIds[1 - step.from] as number;
            const sent = await api.post("/api/admin/inventory/transfers", {
              variantId: variants[step.variant],
              fromWarehouseId: from,
              toWarehouseId: to,
              quantity: step.quantity,
            });
            expect([200, 409]).toContain(sent.statusCode);
            if (sent.statusCode === 200) await api.post(`/api/admin/inventory/transfers/${sent.json().id}/receive`);
          } else {
            const answer = await api.post("/api/admin/inventory/stock/adjust", {
              variantId: variants[step.variant],
              warehouseId: warehouseIds[step.warehouse],
              change: step.change,
              reason: "correction",
            });
            expect([200, 409]).toContain(answer.statusCode);
          }
        }
        expect(await ledgerMismatches(test.db)).toEqual([]);
      }),
      { numRuns: 8 },
    );
  });

  it("cannot be changed except by appending, and levels cannot be written directly", async () => {
    await expect(test.db.execute(sql`update stock_levels set on_hand = on_hand + 1`)).rejects.toThrow();
    await expect(test.db.execute(sql`update stock_ledger set quantity = quantity + 1`)).rejects.toThrow();
    await expect(test.db.execute(sql`delete from stock_ledger`)).rejects.toThrow();
    // A level that would go below zero aborts the row.
    const [variant] = await stockedVariants(test, 1, 0, 20);
    await expect(
      test.db.execute(
        sql`insert into stock_ledger (variant_id, warehouse_id, kind, quantity) values (${variant?.id}, ${main}, 'adjustment', -1)`,
      ),
    ).rejects.toThrow();
    expect(await ledgerMismatches(test.db)).toEqual([]);
  });
});

describe("migration 0012 from the single stock number", () => {
  it("moves every unit into the default warehouse as an opening ledger row", async () => {
    const database = await createTestDatabase();
    const { db, pool } = createDb(database.url, { max: 2 });
    const before = mkdtempSync(path.join(tmpdir(), "atelier-migrations-"));
    try {
      // A fresh database on the migrations before 0012 …
      await db.execute(sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`);
      cpSync(migrationsFolder, before, { recursive: true });
      const journalPath = path.join(before, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8"));
      const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === "0012_inventory");
      journal.entries = journal.entries.slice(0, cut);
      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(db, { migrationsFolder: before });
      // … with a catalogue holding stock the old way.
      await db.execute(sql`
        with c as (insert into categories (name) values ('Tops') returning id),
        sc as (insert into sub_categories (category_id, name) select id, 'Shirts' from c returning id),
        ss as (insert into sub_sub_categories (sub_category_id, name) select id, 'Tees' from sc returning id),
        pt as (insert into product_types (name, slug) values ('Tee', 'tee') returning id),
        p as (insert into products (name, slug, price, sub_sub_category_id, product_type_id)
              select 'Old tee', 'old-tee', 1000, ss.id, pt.id from ss, pt returning id),
        sz as (insert into sizes (name) values ('S'), ('M'), ('L') returning id),
        co as (insert into colors (name, hex) values ('Red', '#ff0000') returning id)
        insert into product_variants (product_id, size_id, color_id, sku, stock)
        select p.id, sz.id, co.id, 'OLD-' || sz.id, (sz.id * 7) % 10 from p, sz, co`);
      const old = await db.execute<{ id: number; stock: number }>(
        sql`select id, stock from product_variants order by id`,
      );
      const total = old.rows.reduce((sum, row) => sum + row.stock, 0);
      expect(total).toBeGreaterThan(0);

      await migrate(db, { migrationsFolder });

      const [home] = await db.select().from(warehouses);
      expect(home).toMatchObject({ code: "MAIN", isDefault: true, isActive: true });
      for (const row of old.rows) {
        expect(await variantStock(db, row.id)).toBe(row.stock);
        const level = await levels(db, row.id);
        expect(level[home?.id as number]?.onHand ?? 0).toBe(row.stock);
      }
      const ledger = await db.execute<{ units: number; rows: number }>(
        sql`select sum(quantity)::int as units, count(*)::int as rows from stock_ledger where kind = 'import'`,
      );
      expect(ledger.rows[0]).toEqual({ units: total, rows: old.rows.filter((row) => row.stock > 0).length });
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await pool.end();
      await database.drop();
    }
  });
});
