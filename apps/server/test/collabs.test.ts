/**
 * Collabs and drops (issue 16), through the real API on a real PostgreSQL with the real
 * SMTP test server: collaborator rules (slug 409, rate 422, drafts invisible), the drop
 * guard (launch, 20 concurrent orders of one customer for a limit of 2 → exactly 2 units),
 * "Notify me" (double opt-in, launch mails read from SMTP), back-in-stock mails after a
 * restock through the stock ledger, referral attribution (and the coupons staff with only
 * `promotions` may link), statements against hand-computed sums with a partial refund
 * carried over, the admin's product picker, and the collab pages in the full-page cache
 * (a collaborator edit, a status change, a drop saved, its launch and its end show on the
 * next request).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff, type TestUser, uniqueEmail } from "./support/auth.ts";
import { address, addToCart, newGuest, stockedVariants, type TestShopper } from "./support/checkout-shopping.ts";
import { createTestApp, eventually, jobsDone, type TestApp } from "./support/index.ts";
import { setPrice } from "./support/shopping.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let staff: ReturnType<typeof apiAs>;
let zoneId: number;

beforeAll(async () => {
  test = await createTestApp({}, { poolMax: 25 });
  owner = await signUpStaff(test, "Owner");
  staff = apiAs(test, owner);
  zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[0].id;
});
afterAll(() => test.close());

const order = (shopper: TestShopper, email: string, couponCode: string | null = null) =>
  test.app.inject({
    method: "POST",
    url: "/api/checkout/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: {
      contact: { email, phone: "+1 555 0100" },
      address,
      deliveryZoneId: zoneId,
      paymentMethod: "cod",
      couponCode,
    },
  });

/** One variant (100 in stock) of each of `count` different published products. */
async function variantsOfProducts(count: number, offset: number) {
  const rows = await test.db.execute<{ id: number; productId: number }>(sql`
    select * from (select distinct on (p.id) v.id, p.id as "productId" from product_variants v
      join products p on p.id = v.product_id where p.is_published order by p.id, v.id) x
    order by x."productId" offset ${offset} limit ${count}`);
  for (const row of rows.rows) await test.db.execute(sql`update product_variants set stock = 100 where id = ${row.id}`);
  return rows.rows;
}

const collaborator = (overrides: Record<string, unknown> = {}) => ({
  kind: "artist",
  name: "Mira Sol",
  slug: `mira-${randomUUID().slice(0, 8)}`,
  bio: "Painter of **loud** skies. <script>alert(1)</script>",
  socialLinks: [{ label: "Instagram", url: "https://instagram.com/mira" }],
  country: "PT",
  status: "live",
  productIds: [],
  rateKind: "percent",
  ratePercent: 10,
  rateStartsAt: "2020-01-01T00:00:00Z",
  ...overrides,
});

describe("collaborators", () => {
  it("refuses a taken slug (409) and a rate outside 0-100% (422), and hides drafts from shoppers", async () => {
    const first = await staff.post("/api/admin/collabs", collaborator({ slug: "clash-test" }));
    expect(first.statusCode).toBe(200);
    const clash = await staff.post("/api/admin/collabs", collaborator({ slug: "clash-test", name: "Other" }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toEqual({ slug: "is already taken" });
    for (const ratePercent of [100.5, -1]) {
      const bad = await staff.post("/api/admin/collabs", collaborator({ ratePercent }));
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().error.fields)).toContain("ratePercent");
    }
    // Coupons may target a collaborator: the coupon form's choices list them by name.
    const choices = (await staff.get("/api/admin/promotions/targets")).json() as { collabs: { name: string }[] };
    expect(choices.collabs.map((choice) => choice.name)).toContain(first.json().name);
    const draft = await staff.post("/api/admin/collabs", collaborator({ status: "draft", slug: "hidden-draft" }));
    expect(draft.statusCode).toBe(200);
    expect((await test.app.inject({ url: "/api/collabs/artist/hidden-draft" })).statusCode).toBe(404);
    const live = (await test.app.inject({ url: "/api/collabs?kind=artist" })).json() as { slug: string }[];
    expect(live.map((card) => card.slug)).toContain("clash-test");
    expect(live.map((card) => card.slug)).not.toContain("hidden-draft");
    // The page of a live one carries the bio as written (the storefront escapes it when rendering).
    const page = await test.app.inject({ url: "/api/collabs/artist/clash-test" });
    expect(page.statusCode).toBe(200);
    expect(page.json().shortBio).toBe("Painter of loud skies. alert(1)");
    expect(page.json().bio).toBe("Painter of **loud** skies. <script>alert(1)</script>");
    // A customer cannot read the admin list nor statements.
    const customer = await signUp(test.app, { email: uniqueEmail(), name: "Cus Tomer" });
    const refused = await test.app.inject({ url: "/api/admin/collabs", headers: bearer(customer.token) });
    expect(refused.statusCode).toBe(403);
  });

  it("lists a collaborator's products through the catalogue filter", async () => {
    const variants = await stockedVariants(test, 2, 10, 40);
    const ids = [...new Set(variants.map((variant) => variant.productId))];
    const created = await staff.post("/api/admin/collabs", collaborator({ productIds: ids }));
    expect(created.statusCode).toBe(200);
    expect(created.json().productCount).toBe(ids.length);
    const list = await test.app.inject({ url: `/api/products?collaboratorId=${created.json().id}` });
    expect(list.statusCode).toBe(200);
    expect((list.json().items as { id: number }[]).map((item) => item.id).sort()).toEqual([...ids].sort());
    const info = await test.app.inject({ url: `/api/collabs/product/${ids[0]}` });
    expect(info.json().collaborators.map((entry: { slug: string }) => entry.slug)).toContain(created.json().slug);
  });
});

describe("drops", () => {
  it("sells exactly 2 units to one customer placing 20 orders at once for a limit of 2", async () => {
    const [variant] = await stockedVariants(test, 1, 1000, 10);
    if (!variant) throw new Error("no variant");
    const drop = await staff.post("/api/admin/drops", {
      title: "Limited tee",
      productIds: [variant.productId],
      launchAt: new Date(Date.now() - 60_000).toISOString(),
      perCustomerLimit: 2,
    });
    expect(drop.statusCode).toBe(200);
    // A launch time in the past is not a silent start.
    expect(drop.json().warning).toMatch(/in the past/);
    expect(drop.json().state).toBe("open");

    const email = uniqueEmail("collector");
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newGuest(test)));
    for (const shopper of shoppers) await addToCart(test, shopper, variant.id, 1);
    const answers = await Promise.all(
      shoppers.map((shopper, index) => order(shopper, index % 2 ? email : email.toUpperCase())),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(18);
    const units = await test.db.execute<{ n: number }>(sql`
      select coalesce(sum(l.quantity), 0)::int as n from order_lines l join buying_history o on o.id = l.history_id
      where l.product_id = ${variant.productId} and lower(o.email) = ${email}`);
    expect(units.rows[0]?.n).toBe(2);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().error.message).toMatch(/limited to 2 per customer/);
  });

  it("refuses an order before the launch and after the end", async () => {
    const [early, late] = await variantsOfProducts(2, 20);
    if (!early || !late || early.productId === late.productId) throw new Error("need two products");
    const upcoming = await staff.post("/api/admin/drops", {
      title: "Soon",
      productIds: [early.productId],
      launchAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(upcoming.json().warning).toBeNull();
    expect(upcoming.json().state).toBe("upcoming");
    const shopper = await newGuest(test);
    await addToCart(test, shopper, early.id, 1);
    const before = await order(shopper, uniqueEmail());
    expect(before.statusCode).toBe(409);
    expect(Object.values(before.json().error.fields)).toEqual(["is not on sale yet"]);

    const closed = await staff.post("/api/admin/drops", {
      title: "Gone",
      productIds: [late.productId],
      launchAt: new Date(Date.now() - 7_200_000).toISOString(),
      endsAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(closed.json().state).toBe("closed");
    const other = await newGuest(test);
    await addToCart(test, other, late.id, 1);
    const after = await order(other, uniqueEmail());
    expect(after.statusCode).toBe(409);
    expect(Object.values(after.json().error.fields)).toEqual(["the drop has closed"]);
  });
});

describe("hidden drops and drafts", () => {
  it("leaves a hidden drop's products out of lists, search and suggestions until the launch, and drafts out of the sitemap", async () => {
    const [variant] = await variantsOfProducts(1, 38);
    if (!variant) throw new Error("no product");
    const { rows } = await test.db.execute<{ name: string }>(
      sql`select name from products where id = ${variant.productId}`,
    );
    const name = rows[0]?.name ?? "";
    const found = async () => {
      const q = encodeURIComponent(name);
      const [suggested, results] = await Promise.all([
        test.app.inject({ url: `/api/admin/search-bar-products?q=${q}` }),
        test.app.inject({ url: `/api/search?search=${q}` }),
      ]);
      return {
        suggested: (suggested.json() as { productId: number }[]).some((entry) => entry.productId === variant.productId),
        listed: (results.json().items as { id: number }[]).some((item) => item.id === variant.productId),
      };
    };
    expect(await found()).toEqual({ suggested: true, listed: true });
    const drop = await staff.post("/api/admin/drops", {
      title: "Under wraps",
      productIds: [variant.productId],
      launchAt: new Date(Date.now() + 3_600_000).toISOString(),
      beforeLaunch: "hidden",
    });
    expect(drop.statusCode).toBe(200);
    expect(await found()).toEqual({ suggested: false, listed: false });
    // Its page still answers (a shared link shows the countdown).
    expect((await test.app.inject({ url: `/api/products/${variant.productId}` })).statusCode).toBe(200);

    const live = await staff.post("/api/admin/collabs", collaborator({ slug: `mapped-${randomUUID().slice(0, 6)}` }));
    const draft = await staff.post(
      "/api/admin/collabs",
      collaborator({ status: "draft", slug: `unmapped-${randomUUID().slice(0, 6)}` }),
    );
    const sitemap = (await test.app.inject({ url: "/sitemap.xml" })).body;
    expect(sitemap).toContain(`/collabs/artist/${live.json().slug}</loc>`);
    expect(sitemap).toContain("/collabs/influencer</loc>");
    expect(sitemap).not.toContain(draft.json().slug);
  });
});

describe("notify me", () => {
  it("confirms by mail, answers alike for a repeat, refuses a malformed email, and mails at launch", async () => {
    const [variant] = await stockedVariants(test, 1, 100, 30);
    if (!variant) throw new Error("no variant");
    const drop = await staff.post("/api/admin/drops", {
      title: `Night sky drop ${randomUUID().slice(0, 6)}`,
      productIds: [variant.productId],
      launchAt: new Date(Date.now() + 4_000).toISOString(),
    });
    expect(drop.statusCode).toBe(200);
    const dropId = drop.json().id as number;

    const bad = await test.app.inject({
      method: "POST",
      url: "/api/collabs/notify",
      payload: { email: "not-an-email", dropId },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(["email"]);

    const email = uniqueEmail("fan");
    const ask = () => test.app.inject({ method: "POST", url: "/api/collabs/notify", payload: { email, dropId } });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    const second = await ask();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const confirmation = await test.mail.waitFor((mail) => mail.to.includes(email) && /Confirm/.test(mail.subject));
    const token = /token=([0-9a-f]{64})/.exec(confirmation.text)?.[1];
    expect(token).toBeDefined();
    // An unconfirmed address gets nothing at launch; this one confirms.
    const unconfirmed = uniqueEmail("lurker");
    await test.app.inject({ method: "POST", url: "/api/collabs/notify", payload: { email: unconfirmed, dropId } });
    const confirmed = await test.app.inject({
      method: "POST",
      url: "/api/collabs/notify/confirm",
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);

    const launch = await test.mail.waitFor(
      (mail) => mail.to.includes(email) && mail.subject.endsWith("is live now"),
      30_000,
    );
    expect(launch.text).toContain(`/products/details/${variant.productId}`);
    expect(
      test.mail.messages.some((mail) => mail.to.includes(unconfirmed) && mail.subject.endsWith("is live now")),
    ).toBe(false);
    const mailed = await staff.get(`/api/admin/drops/${dropId}`);
    expect(mailed.json().launchMailedAt).not.toBeNull();
    expect(mailed.json().subscribers).toBe(1);
  });
});

describe("back in stock", () => {
  it("mails confirmed subscribers of a sold-out variant once, through the job queue, when the stock ledger restocks it", async () => {
    const [variant] = await variantsOfProducts(1, 30);
    if (!variant) throw new Error("no variant");
    const ask = (email: string) =>
      test.app.inject({ method: "POST", url: "/api/collabs/notify", payload: { email, variantId: variant.id } });
    // In stock: nothing to wait for.
    const inStock = await ask(uniqueEmail("early"));
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().error.fields).toEqual({ variantId: "is in stock" });

    await test.db.execute(sql`update product_variants set stock = 0 where id = ${variant.id}`);
    const malformed = await test.app.inject({
      method: "POST",
      url: "/api/collabs/notify",
      payload: { email: "fan@", variantId: variant.id },
    });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().error.fields)).toEqual(["email"]);
    const email = uniqueEmail("restock");
    const lurker = uniqueEmail("restock-lurker");
    const first = await ask(email);
    expect(first.statusCode).toBe(200);
    expect((await ask(lurker)).json()).toEqual(first.json());
    const confirmation = await test.mail.waitFor((mail) => mail.to.includes(email) && /Confirm/.test(mail.subject));
    const token = /token=([0-9a-f]{64})/.exec(confirmation.text)?.[1];
    const confirmed = await test.app.inject({ method: "POST", url: "/api/collabs/notify/confirm", payload: { token } });
    expect(confirmed.statusCode).toBe(200);

    // Staff receive stock into the default warehouse (modules/inventory, the stock ledger).
    const { rows } = await test.db.execute<{ id: number }>(sql`select id from warehouses where is_default`);
    const adjust = (change: number) =>
      staff.post("/api/admin/inventory/stock/adjust", {
        variantId: variant.id,
        warehouseId: rows[0]?.id,
        change,
        reason: "received",
        note: "Restock",
      });
    const received = await adjust(4);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().variantStock).toBe(4);
    // Well before the minute's sweep: the write queued the check.
    const mail = await test.mail.waitFor(
      (message) => message.to.includes(email) && message.subject.endsWith("is back in stock"),
      20_000,
    );
    expect(mail.text).toContain(`/products/details/${variant.productId}`);
    // Another restock mails no one twice; the unconfirmed address never hears.
    expect((await adjust(2)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await jobsDone(test, "collabs.back-in-stock");
    await jobsDone(test, "mail.send");
    const backMails = test.mail.messages.filter((message) => message.subject.endsWith("is back in stock"));
    expect(backMails.filter((message) => message.to.includes(email))).toHaveLength(1);
    expect(backMails.some((message) => message.to.includes(lurker))).toBe(false);
  });
});

describe("referral codes and statements", () => {
  it("attributes a referral order to the influencer", async () => {
    const created = await staff.post("/api/admin/promotions/coupons", {
      title: "Luz 10",
      method: "code",
      code: `LUZ${randomUUID().slice(0, 4).toUpperCase()}`,
      kind: "percent",
      percentOff: 10,
    });
    expect(created.statusCode).toBe(200);
    const code = created.json().code as string;
    const influencer = await staff.post(
      "/api/admin/collabs",
      collaborator({ kind: "influencer", name: "Luz", rateKind: "fixed", ratePercent: null, rateAmount: 150 }),
    );
    const influencerId = influencer.json().id as number;
    const linked = await staff.post(`/api/admin/collabs/${influencerId}/coupons`, { couponId: created.json().id });
    expect(linked.json().coupons.map((coupon: { code: string }) => coupon.code)).toEqual([code]);

    const [variant] = await stockedVariants(test, 1, 100, 50);
    if (!variant) throw new Error("no variant");
    const shopper = await newGuest(test);
    await addToCart(test, shopper, variant.id, 3);
    const placed = await order(shopper, uniqueEmail(), code.toLowerCase());
    expect(placed.statusCode).toBe(200);
    const number = placed.json().order.number as string;
    await test.db.execute(sql`update buying_history set placed_at = '2025-03-10T12:00:00Z' where number = ${number}`);

    const statement = await staff.post(`/api/admin/collabs/${influencerId}/statements`, {
      periodStart: "2025-03-01T00:00:00Z",
      periodEnd: "2025-04-01T00:00:00Z",
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.json().lines.map((line: { orderNumber: string }) => line.orderNumber)).toEqual([number]);
    expect(statement.json().units).toBe(3);
    // Fixed 1.50 per unit.
    expect(statement.json().due).toBe(450);
  });

  it("computes a statement with a partial refund, and carries a later refund over to the next one", async () => {
    const [own, other] = await variantsOfProducts(2, 55);
    if (!own || !other || own.productId === other.productId) throw new Error("need two products");
    await setPrice(test, own.productId, 2000);
    await setPrice(test, other.productId, 1500);
    const artist = await staff.post(
      "/api/admin/collabs",
      collaborator({ productIds: [own.productId], ratePercent: 12.5 }),
    );
    const artistId = artist.json().id as number;

    const first = await newGuest(test);
    await addToCart(test, first, own.id, 2);
    await addToCart(test, first, other.id, 1);
    const one = (await order(first, uniqueEmail())).json().order.number as string;
    const second = await newGuest(test);
    await addToCart(test, second, own.id, 3);
    const two = (await order(second, uniqueEmail())).json().order.number as string;
    const rows = await test.db.execute<{ id: number; number: string; total: number }>(sql`
      update buying_history set placed_at = '2024-01-10T10:00:00Z' where number in (${one}, ${two})
      returning id, number, total`);
    const byNumber = new Map(rows.rows.map((row) => [row.number, row]));
    const o1 = byNumber.get(one);
    const o2 = byNumber.get(two);
    if (!o1 || !o2) throw new Error("orders missing");
    // Paid in full, then 10.00 refunded on the second order within the period.
    await test.db.execute(sql`insert into payments (history_id, kind, method, amount, recorded_by_name, created_at) values
      (${o1.id}, 'payment', 'cod', ${o1.total}, 'Test', '2024-01-11T00:00:00Z'),
      (${o2.id}, 'payment', 'cod', ${o2.total}, 'Test', '2024-01-11T00:00:00Z'),
      (${o2.id}, 'refund', 'cod', 1000, 'Test', '2024-01-20T00:00:00Z')`);

    const january = await staff.post(`/api/admin/collabs/${artistId}/statements`, {
      periodStart: "2024-01-01T00:00:00Z",
      periodEnd: "2024-02-01T00:00:00Z",
    });
    expect(january.statusCode).toBe(200);
    // Hand-computed: sales 2 × 20.00 and 3 × 20.00 (no discounts); the refund takes off the
    // share of the collaborator's lines in order 2's total; 12.5% of each.
    const refundNet = Math.round((1000 * 6000) / o2.total);
    const refundDue = Math.round((750 * 1000) / o2.total);
    expect(january.json().units).toBe(5);
    expect(january.json().netSales).toBe(4000 + 6000 - refundNet);
    expect(january.json().due).toBe(500 + 750 - refundDue);
    expect(january.json().lines.map((line: { kind: string }) => line.kind)).toEqual(["sale", "sale", "refund"]);

    const overlapping = await staff.post(`/api/admin/collabs/${artistId}/statements`, {
      periodStart: "2024-01-15T00:00:00Z",
      periodEnd: "2024-02-15T00:00:00Z",
    });
    expect(overlapping.statusCode).toBe(409);
    const future = await staff.post(`/api/admin/collabs/${artistId}/statements`, {
      periodStart: "2024-02-01T00:00:00Z",
      periodEnd: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(422);

    const marked = await staff.post(`/api/admin/collabs/statements/${january.json().id}/paid`, {
      reference: "WIRE-42",
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().paidReference).toBe("WIRE-42");
    expect(marked.json().paidByName).toBe(owner.name);
    expect(
      (await staff.post(`/api/admin/collabs/statements/${january.json().id}/paid`, { reference: "X" })).statusCode,
    ).toBe(409);

    // A refund after the paid statement lands in February's.
    await test.db.execute(sql`insert into payments (history_id, kind, method, amount, recorded_by_name, created_at)
      values (${o1.id}, 'refund', 'cod', 500, 'Test', '2024-02-05T00:00:00Z')`);
    const february = await staff.post(`/api/admin/collabs/${artistId}/statements`, {
      periodStart: "2024-02-01T00:00:00Z",
      periodEnd: "2024-03-01T00:00:00Z",
    });
    expect(february.json().units).toBe(0);
    expect(february.json().netSales).toBe(-Math.round((500 * 4000) / o1.total));
    expect(february.json().due).toBe(-Math.round((500 * 500) / o1.total));

    const csv = await staff.get(`/api/admin/collabs/statements/${january.json().id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\r\n")[0]).toBe("order,date,kind,units,currency,net,due");
    expect(csv.body.split("\r\n")).toHaveLength(4);
    // The carried-over refund is a negative amount, written as a number, not as text.
    const carried = await staff.get(`/api/admin/collabs/statements/${february.json().id}/csv`);
    expect(carried.body).toMatch(/,refund,0,USD,-\d+\.\d\d,-\d+\.\d\d/);
  });
});

describe("the admin's pickers", () => {
  it("lets staff with only `promotions` list code coupons and link one, while the coupon list stays theirs who hold `coupons`", async () => {
    const role = await staff.post("/api/admin/roles", {
      name: `CollabManager${randomUUID().slice(0, 6)}`,
      description: "Runs collaborations",
      permissions: ["promotions"],
    });
    expect(role.statusCode, role.body).toBe(200);
    const manager = apiAs(test, await signUpStaff(test, role.json().name));
    const code = `REF${randomUUID().slice(0, 6).toUpperCase()}`;
    const coupon = await staff.post("/api/admin/promotions/coupons", {
      title: "Referral for Noa",
      method: "code",
      code,
      kind: "percent",
      percentOff: 5,
    });
    expect(coupon.statusCode, coupon.body).toBe(200);
    const automatic = await staff.post("/api/admin/promotions/coupons", {
      title: "Everyone 1%",
      method: "automatic",
      kind: "percent",
      percentOff: 1,
      isActive: false,
    });
    expect(automatic.statusCode, automatic.body).toBe(200);

    expect((await manager.get("/api/admin/promotions/coupons")).statusCode).toBe(403);
    const options = await manager.get(`/api/admin/collabs/coupon-options?q=${code.toLowerCase()}`);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual([
      {
        id: coupon.json().id,
        title: "Referral for Noa",
        code,
        isActive: true,
        collaboratorId: null,
        collaboratorName: null,
      },
    ]);
    const noa = await manager.post("/api/admin/collabs", collaborator({ kind: "influencer", name: "Noa" }));
    expect(noa.statusCode).toBe(200);
    const linked = await manager.post(`/api/admin/collabs/${noa.json().id}/coupons`, { couponId: coupon.json().id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().coupons.map((entry: { code: string }) => entry.code)).toEqual([code]);
    const after = (await manager.get(`/api/admin/collabs/coupon-options?q=${code}`)).json();
    expect(after[0].collaboratorName).toBe("Noa");
    // An automatic discount is no referral code.
    const refused = await manager.post(`/api/admin/collabs/${noa.json().id}/coupons`, {
      couponId: automatic.json().id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ couponId: "is an automatic discount" });
    // Shoppers get nothing.
    const customer = await signUp(test.app, { email: uniqueEmail(), name: "Nosy Shopper" });
    const nosy = await test.app.inject({ url: "/api/admin/collabs/coupon-options", headers: bearer(customer.token) });
    expect(nosy.statusCode).toBe(403);
  });

  it("finds products by name or SKU, names chosen ids, and lists a collaborator's products with its series'", async () => {
    const { rows } = await test.db.execute<{ id: number; name: string; sku: string; series_id: number }>(sql`
      select p.id, p.name, v.sku, p.series_id from products p join product_variants v on v.product_id = p.id
      where p.series_id is not null order by p.id desc, v.id desc limit 1`);
    const row = rows[0];
    if (!row) throw new Error("no product in a series");
    const bySku = await staff.get(`/api/admin/collabs/product-options?q=${encodeURIComponent(row.sku.toLowerCase())}`);
    expect(bySku.statusCode).toBe(200);
    expect(bySku.json()[0]).toMatchObject({ id: row.id, name: row.name, sku: row.sku });
    const [other] = await variantsOfProducts(1, 32);
    if (!other) throw new Error("no product");
    const named = await staff.get(`/api/admin/collabs/product-options?ids=${row.id},${other.productId}`);
    expect(
      named
        .json()
        .map((entry: { id: number }) => entry.id)
        .sort(),
    ).toEqual([row.id, other.productId].sort());
    expect((await staff.get("/api/admin/collabs/product-options?ids=1,x")).statusCode).toBe(400);

    const made = await staff.post(
      "/api/admin/collabs",
      collaborator({ productIds: [other.productId], seriesIds: [row.series_id], status: "draft" }),
    );
    const inSeries = await test.db.execute<{ n: number }>(
      sql`select count(*)::int as n from products where series_id = ${row.series_id} and id <> ${other.productId}`,
    );
    const all = await staff.get(`/api/admin/collabs/product-options?collaboratorId=${made.json().id}`);
    const ids = all.json().map((entry: { id: number }) => entry.id);
    expect(ids).toContain(other.productId);
    expect(ids).toContain(row.id);
    expect(ids).toHaveLength((inSeries.rows[0]?.n ?? 0) + 1);
  });
});

describe("collab pages in the full-page cache", () => {
  const page = (url: string) => test.app.inject({ url });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("shows a collaborator edit and a status change on the next request, in its page, the list and every page's collab row", async () => {
    const [variant] = await variantsOfProducts(1, 34);
    if (!variant) throw new Error("no product");
    const made = await staff.post(
      "/api/admin/collabs",
      collaborator({ name: "Aaron Pike", productIds: [variant.productId], bio: "Cuts **linocuts**." }),
    );
    const { id, slug, version } = made.json() as { id: number; slug: string; version: number };
    const url = `/collabs/artist/${slug}`;
    const first = await page(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Aaron Pike");
    expect((await page(url)).headers["x-page-cache"]).toBe("hit");
    expect((await page("/collabs/artist")).body).toContain("Aaron Pike");
    // The desktop bar's collab row is in the server's HTML of every storefront page.
    const home = await page("/");
    expect(home.body).toMatch(/data-testid="live-collab-link"[^>]*>Aaron Pike</);
    expect((await page("/")).headers["x-page-cache"]).toBe("hit");
    expect((await page("/collabs/artist")).headers["x-page-cache"]).toBe("hit");

    // A bio and name edit (no product change: the catalogue's cached answers stay).
    const renamed = await staff.put(`/api/admin/collabs/${id}`, {
      ...collaborator({ name: "Aaron Pike-Hale", slug, productIds: [variant.productId], bio: "Cuts **woodcuts**." }),
      version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const edited = await page(url);
    expect(edited.headers["x-page-cache"]).toBe("miss");
    expect(edited.body).toContain("<strong>woodcuts</strong>");
    expect(edited.body).toContain("Aaron Pike-Hale");
    expect((await page("/")).body).toMatch(/data-testid="live-collab-link"[^>]*>Aaron Pike-Hale</);
    expect((await page("/collabs/artist")).body).toContain("Aaron Pike-Hale");

    // Back to draft: gone for shoppers everywhere at once.
    const drafted = await staff.put(`/api/admin/collabs/${id}`, {
      ...collaborator({ name: "Aaron Pike-Hale", slug, productIds: [variant.productId], status: "draft" }),
      version: renamed.json().version,
    });
    expect(drafted.statusCode).toBe(200);
    expect((await page(url)).statusCode).toBe(404);
    expect((await page("/collabs/artist")).body).not.toContain("Aaron Pike-Hale");
    expect((await page("/")).body).not.toContain("Aaron Pike-Hale");
    expect((await page(`/products/details/${variant.productId}`)).body).not.toContain("In collaboration with");
  });

  it("shows a drop once saved, and renders its pages anew at the second it launches and at the second it ends", async () => {
    const [variant] = await variantsOfProducts(1, 36);
    if (!variant) throw new Error("no product");
    const made = await staff.post(
      "/api/admin/collabs",
      collaborator({ name: "Tova Brann", productIds: [variant.productId] }),
    );
    const url = `/collabs/artist/${made.json().slug}`;
    const productUrl = `/products/details/${variant.productId}`;
    expect((await page(url)).body).not.toContain("Night market");
    expect((await page(url)).headers["x-page-cache"]).toBe("hit");

    const launchAt = Date.now() + 4_000;
    const endsAt = launchAt + 6_000;
    const drop = await staff.post("/api/admin/drops", {
      title: "Night market",
      collaboratorId: made.json().id,
      productIds: [variant.productId],
      launchAt: new Date(launchAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      perCustomerLimit: 3,
    });
    expect(drop.statusCode).toBe(200);
    // Saved: on the next request of the collab page and the product page.
    const upcoming = await page(url);
    expect(upcoming.headers["x-page-cache"]).toBe("miss");
    expect(upcoming.body).toContain("Night market");
    expect(upcoming.body).toContain('data-testid="countdown"');
    const product = await page(productUrl);
    expect(product.body).toContain("Coming soon: <!-- -->Night market");
    expect((await page(productUrl)).headers["x-page-cache"]).toBe("hit");

    // Launched: on sale in the product page's own HTML; the countdown leaves the collab page.
    await sleep(launchAt - Date.now() + 300);
    const open = await page(productUrl);
    expect(open.headers["x-page-cache"]).toBe("miss");
    expect(open.body).not.toContain("Coming soon:");
    // React separates adjacent text nodes with `<!-- -->` in its markup.
    expect(open.body.replaceAll("<!-- -->", "")).toContain("Limited drop: at most 3 per customer.");
    const launched = await page(url);
    expect(launched.body).not.toContain('data-testid="countdown"');

    // Ended: nothing is published at the end (no job, no write): the page expires by itself.
    // The launch job (its mails, and the catalogue purge it publishes) is done by then.
    await eventually(async () => (await staff.get(`/api/admin/drops/${drop.json().id}`)).json().launchMailedAt, {
      what: "the launch job",
    });
    await page(productUrl);
    expect((await page(productUrl)).headers["x-page-cache"]).toBe("hit");
    expect(Date.now()).toBeLessThan(endsAt);
    await sleep(endsAt - Date.now() + 300);
    const closed = await page(productUrl);
    expect(closed.headers["x-page-cache"]).toBe("miss");
    expect(closed.body).toContain("has closed.");
  });
});
