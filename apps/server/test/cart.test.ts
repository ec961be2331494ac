/**
 * The cart: adding, changing and removing lines as a guest or a customer; bad quantities
 * and variants; another shopper's lines; prices and stock re-read on every read; the
 * estimate from priceOrder(); save for later; and the guest's cart merging at sign-in.
 */
import { Cart, CartCount, ErrorBody } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import {
  asUser,
  newGuest,
  type ShopperHeaders,
  setPrice,
  setPublished,
  setStock,
  shopperApi,
  variantsOf,
} from "./support/shopping.ts";
import { apiAs } from "./support/staff-api.ts";

let t: TestApp;
let nextProduct = 0;
/** A product of its own for each test, so tests never share stock or prices. */
const freshVariants = (count = 2, stock = 10) => variantsOf(t, nextProduct++, count, stock);

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`insert into delivery_zones (name, fee, free_over, estimate, sort_order) values
    ('Inside the city', 500, 20000, '1-2 business days', 0),
    ('Outside the city', 1200, null, '3-5 business days', 1)
    on conflict (name) do update set fee = excluded.fee, free_over = excluded.free_over,
      estimate = excluded.estimate, sort_order = excluded.sort_order`);
  // The demo seed has its own zones and US rate (checkout); this file's numbers win.
  await t.db.execute(sql`insert into tax_rates (name, region, rate_basis_points) values ('Sales tax', 'US', 825)
    on conflict (region) do update set rate_basis_points = excluded.rate_basis_points`);
});
afterAll(() => t.close());

async function cartOf(shopper: ShopperHeaders, query = ""): Promise<Cart> {
  const response = await shopperApi(t, shopper).get(`/api/cart${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return Cart.parse(response.json());
}

async function add(shopper: ShopperHeaders, variantId: number, quantity: number) {
  return shopperApi(t, shopper).post("/api/cart/lines", { variantId, quantity });
}

function errorOf(response: { json: () => unknown }) {
  return ErrorBody.parse(response.json()).error;
}

describe("adding to the cart", () => {
  it("adds a guest's two sizes as two lines and the same size again to its line", async () => {
    const guest = await newGuest(t);
    const [small, large] = await freshVariants();
    if (!small || !large) throw new Error("variants");
    expect((await add(guest, small.id, 1)).statusCode).toBe(200);
    expect((await add(guest, large.id, 2)).statusCode).toBe(200);
    const response = await add(guest, small.id, 2);
    const cart = Cart.parse(response.json());
    expect(cart.lines.map((line) => [line.variantId, line.quantity])).toEqual([
      [small.id, 3],
      [large.id, 2],
    ]);
    expect(cart.count).toBe(5);
    const count = CartCount.parse((await shopperApi(t, guest).get("/api/cart/count")).json());
    expect(count).toEqual({ count: 5, lines: 2 });
  });

  it("keeps a signed-in customer's cart on the account", async () => {
    const user = await signUp(t.app);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    expect((await add(asUser(user.token), variant.id, 1)).statusCode).toBe(200);
    const cart = await cartOf(asUser(user.token));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ productId: variant.productId, unitPrice: variant.price, quantity: 1 });
  });

  it("answers 401 to a caller with neither a session nor a genuine guest token", async () => {
    const [variant] = await freshVariants(1);
    for (const headers of [{}, { "x-guest-token": "00000000-0000-0000-0000-000000000000.forged" }]) {
      const response = await t.app.inject({ method: "GET", url: "/api/cart", headers });
      expect(response.statusCode).toBe(401);
      const write = await t.app.inject({
        method: "POST",
        url: "/api/cart/lines",
        headers,
        payload: { variantId: variant?.id, quantity: 1 },
      });
      expect(write.statusCode).toBe(401);
    }
  });
});

describe("bad quantities and variants", () => {
  it("refuses quantity 0, negative, fractional, text and missing with 422 and a message", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    for (const quantity of [0, -1, 1.5, "2", null, 1000]) {
      const response = await shopperApi(t, guest).post("/api/cart/lines", { variantId: variant?.id, quantity });
      expect(response.statusCode, String(quantity)).toBe(422);
      const error = errorOf(response);
      expect(error.code).toBe("validation_failed");
      expect(error.fields?.quantity).toBeTruthy();
    }
    const missing = await shopperApi(t, guest).post("/api/cart/lines", { variantId: variant?.id });
    expect(missing.statusCode).toBe(422);
    expect((await cartOf(guest)).lines).toHaveLength(0);
  });

  it("refuses more than the stock, counting what the cart holds already", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1, 3);
    if (!variant) throw new Error("variant");
    const tooMany = await add(guest, variant.id, 4);
    expect(tooMany.statusCode).toBe(422);
    expect(errorOf(tooMany).message).toBe("Only 3 left in this size and color.");
    expect((await add(guest, variant.id, 2)).statusCode).toBe(200);
    const again = await add(guest, variant.id, 2);
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toMatch(/Only 3 left.*2 are in your cart already/);
    await setStock(t, variant.id, 0);
    const soldOut = await add(guest, variant.id, 1);
    expect(soldOut.statusCode).toBe(422);
    expect(errorOf(soldOut).message).toBe("This size and color is sold out.");
    expect((await cartOf(guest)).lines[0]?.quantity).toBe(2);
  });

  it("lets only one of two adds at once take the last units (the cart is locked while it changes)", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1, 3);
    await add(guest, variant?.id ?? 0, 1); // the cart exists, so both adds race on its row
    const answers = await Promise.all([add(guest, variant?.id ?? 0, 2), add(guest, variant?.id ?? 0, 2)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    expect((await cartOf(guest)).lines[0]?.quantity).toBe(3);
  });

  it("answers 404 for a variant that does not exist or whose product is unpublished", async () => {
    const guest = await newGuest(t);
    const missing = await add(guest, 2_000_000_000, 1);
    expect(missing.statusCode).toBe(404);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    await setPublished(t, variant.productId, false);
    const unpublished = await add(guest, variant.id, 1);
    expect(unpublished.statusCode).toBe(404);
    expect(errorOf(unpublished).message).toBe("This product is not available.");
  });

  it("checks a changed quantity against the stock and the same rules", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1, 4);
    const cart = Cart.parse((await add(guest, variant?.id ?? 0, 1)).json());
    const lineId = cart.lines[0]?.id;
    const api = shopperApi(t, guest);
    for (const quantity of [0, -2, 2.5]) {
      expect((await api.patch(`/api/cart/lines/${lineId}`, { quantity })).statusCode).toBe(422);
    }
    const over = await api.patch(`/api/cart/lines/${lineId}`, { quantity: 5 });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over).fields?.quantity).toBe("Only 4 left in this size and color.");
    const ok = await api.patch(`/api/cart/lines/${lineId}`, { quantity: 4 });
    expect(Cart.parse(ok.json()).lines[0]?.quantity).toBe(4);
    expect((await api.patch("/api/cart/lines/abc", { quantity: 1 })).statusCode).toBe(400);
  });
});

describe("another shopper's cart", () => {
  it("answers 404 to reading, changing, removing or saving another shopper's line, and changes nothing", async () => {
    const owner = await newGuest(t);
    const [variant] = await freshVariants(1);
    const lineId = Cart.parse((await add(owner, variant?.id ?? 0, 2)).json()).lines[0]?.id;
    const strangers = [await newGuest(t), asUser((await signUp(t.app)).token)];
    for (const stranger of strangers) {
      const api = shopperApi(t, stranger);
      const attempts = [
        await api.patch(`/api/cart/lines/${lineId}`, { quantity: 1 }),
        await api.delete(`/api/cart/lines/${lineId}`),
        await api.post(`/api/cart/lines/${lineId}/save-for-later`),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(404);
        expect(errorOf(response).message).toBe("This line is not in your cart.");
      }
      expect((await cartOf(stranger)).lines).toHaveLength(0);
    }
    expect((await cartOf(owner)).lines[0]).toMatchObject({ id: lineId, quantity: 2 });
    expect((await shopperApi(t, owner).get("/api/wishlist/ids")).json()).toEqual({ productIds: [] });
  });
});

describe("prices and stock re-read on every read", () => {
  it("shows a price change until the shopper accepts it, and totals use the price now", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    await add(guest, variant.id, 2);
    await setPrice(t, variant.productId, variant.price + 250);
    const changed = await cartOf(guest);
    expect(changed.lines[0]).toMatchObject({
      unitPrice: variant.price + 250,
      seenUnitPrice: variant.price,
      priceChanged: true,
      lineTotal: (variant.price + 250) * 2,
    });
    expect(changed.notices.priceChanges).toBe(1);
    expect(changed.readyForCheckout).toBe(false);
    expect(changed.totals.subtotal).toBe((variant.price + 250) * 2);

    const accepted = Cart.parse((await shopperApi(t, guest).post("/api/cart/acknowledge-prices")).json());
    expect(accepted.lines[0]).toMatchObject({ seenUnitPrice: variant.price + 250, priceChanged: false });
    expect(accepted.readyForCheckout).toBe(true);
  });

  it("shows low, sold-out and no-longer-sold lines and leaves what cannot be had out of the totals", async () => {
    const guest = await newGuest(t);
    const [a, b] = await freshVariants(2, 10);
    const [c] = await freshVariants(1, 10);
    if (!a || !b || !c) throw new Error("variants");
    await add(guest, a.id, 3);
    await add(guest, b.id, 1);
    await add(guest, c.id, 1);
    await setStock(t, a.id, 2); // asks 3, only 2 left
    await setStock(t, b.id, 0);
    await setPublished(t, c.productId, false);
    const cart = await cartOf(guest);
    const byVariant = new Map(cart.lines.map((line) => [line.variantId, line]));
    expect(byVariant.get(a.id)).toMatchObject({ stockState: "low", onlyLeft: 2, overStock: true, orderable: false });
    expect(byVariant.get(b.id)).toMatchObject({ stockState: "sold_out", onlyLeft: null, orderable: false });
    expect(byVariant.get(c.id)).toMatchObject({ stockState: "unavailable", onlyLeft: null, orderable: false });
    expect(cart.notices).toEqual({ priceChanges: 0, soldOut: 1, unavailable: 1, overStock: 1 });
    expect(cart.totals.subtotal).toBe(a.price * 2);
    expect(cart.readyForCheckout).toBe(false);
    // A line of a product no longer sold can only be removed.
    const api = shopperApi(t, guest);
    const lineC = byVariant.get(c.id)?.id;
    expect((await api.patch(`/api/cart/lines/${lineC}`, { quantity: 1 })).statusCode).toBe(422);
    expect((await api.delete(`/api/cart/lines/${lineC}`)).statusCode).toBe(200);
  });

  it("estimates delivery with the cheapest zone or the chosen one, tax from the store country, by priceOrder", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    const empty = await cartOf(guest);
    expect(empty.totals).toMatchObject({ subtotal: 0, deliveryFee: 0, tax: 0, total: 0 });
    await setPrice(t, variant.productId, 4000);
    await add(guest, variant.id, 2);
    const cheapest = await cartOf(guest);
    const [inside, outside] = cheapest.delivery.zones;
    expect(cheapest.delivery.zoneId).toBe(inside?.id);
    expect(cheapest.tax).toEqual({ name: "Sales tax", region: "US", rateBasisPoints: 825 });
    // 8000 + 500 delivery + 8.25 % of 8000 (660) = 9160
    expect(cheapest.totals).toEqual({
      subtotal: 8000,
      discount: 0,
      deliveryFee: 500,
      deliveryKnown: true,
      tax: 660,
      taxRateBasisPoints: 825,
      total: 9160,
    });
    const chosen = await cartOf(guest, `?zoneId=${outside?.id}`);
    expect(chosen.delivery.zoneId).toBe(outside?.id);
    expect(chosen.totals.deliveryFee).toBe(1200);
    expect(chosen.totals.total).toBe(8000 + 1200 + 660);
    // Free inside the city from 200.00.
    await setPrice(t, variant.productId, 10000);
    const free = await cartOf(guest);
    expect(free.totals.deliveryFee).toBe(0);
    expect((await shopperApi(t, guest).get("/api/cart?zoneId=x")).statusCode).toBe(400);
  });
});

describe("zones and tax rate kept in memory (cart-delivery.ts)", () => {
  it("a zone or tax rate staff edit shows on the next cart answer", async () => {
    const staff = apiAs(t, await signUpStaff(t, "Owner"));
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    await setPrice(t, variant.productId, 4000);
    expect((await add(guest, variant.id, 1)).statusCode).toBe(200);
    const before = await cartOf(guest); // kept now: the zones and the rate are not read again
    expect(before.tax?.rateBasisPoints).toBe(825);
    type Rate = { id: number; name: string; region: string; rateBasisPoints: number; appliesToDelivery: boolean };
    const rates = (await staff.get("/api/admin/settings/tax-rates")).json<Rate[]>();
    const found = rates.find((rate) => rate.region === "US");
    if (!found) throw new Error("no US rate");
    const { id: _id, ...us } = found;
    const zone = (await staff.post("/api/admin/settings/delivery-zones", { name: "Pick-up point", fee: 0 })).json<{
      id: number;
    }>();
    try {
      // The add's own answer already shows the new zone (the cheapest, so chosen).
      const added = Cart.parse((await add(guest, variant.id, 1)).json());
      expect(added.delivery.zoneId).toBe(zone.id);
      expect(added.totals.deliveryFee).toBe(0);
      const edited = await staff.put(`/api/admin/settings/tax-rates/${found.id}`, { ...us, rateBasisPoints: 900 });
      expect(edited.statusCode, edited.body).toBe(200);
      const taxed = await cartOf(guest);
      expect(taxed.tax?.rateBasisPoints).toBe(900);
      expect(taxed.totals.tax).toBe(720); // 9 % of 8000
    } finally {
      await staff.delete(`/api/admin/settings/delivery-zones/${zone.id}`);
      await staff.put(`/api/admin/settings/tax-rates/${found.id}`, us);
    }
    const after = await cartOf(guest);
    expect(after.delivery.zones.map((z) => z.id)).not.toContain(zone.id);
    expect(after.tax?.rateBasisPoints).toBe(825);
  });
});

describe("removing and saving for later", () => {
  it("removes a line, and a removed line is gone (404 the second time)", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    const lineId = Cart.parse((await add(guest, variant?.id ?? 0, 1)).json()).lines[0]?.id;
    const api = shopperApi(t, guest);
    expect(Cart.parse((await api.delete(`/api/cart/lines/${lineId}`)).json()).lines).toHaveLength(0);
    expect((await api.delete(`/api/cart/lines/${lineId}`)).statusCode).toBe(404);
  });

  it("moves a saved line's product to the wishlist", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    const lineId = Cart.parse((await add(guest, variant?.id ?? 0, 1)).json()).lines[0]?.id;
    const api = shopperApi(t, guest);
    const after = Cart.parse((await api.post(`/api/cart/lines/${lineId}/save-for-later`)).json());
    expect(after.lines).toHaveLength(0);
    expect((await api.get("/api/wishlist/ids")).json()).toEqual({ productIds: [variant?.productId] });
  });

  it("touches the cart's updated_at on every change", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    const lineId = Cart.parse((await add(guest, variant?.id ?? 0, 1)).json()).lines[0]?.id;
    const stamp = async () =>
      (await t.db.execute<{ at: string }>(sql`select updated_at::text as at from carts where guest_id = ${guest.id}`))
        .rows[0]?.at;
    await t.db.execute(sql`update carts set updated_at = now() - interval '1 day' where guest_id = ${guest.id}`);
    const before = await stamp();
    await shopperApi(t, guest).patch(`/api/cart/lines/${lineId}`, { quantity: 2 });
    expect(await stamp()).not.toBe(before);
  });
});

describe("the cart service for checkout", () => {
  it("reads a shopper's cart and empties it inside the caller's transaction", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    await add(guest, variant?.id ?? 0, 2);
    const cart = t.app.services.cart;
    expect((await cart.view({ guestId: guest.id }, undefined)).count).toBe(2);
    await t.db.transaction((tx) => cart.clear({ guestId: guest.id }, tx));
    expect((await cartOf(guest)).lines).toHaveLength(0);
  });
});

describe("a guest's cart at sign-in", () => {
  it("becomes the account's cart, or merges into it with quantities capped at the stock", async () => {
    const [shared, onlyGuest] = await freshVariants(2, 5);
    const [onlyUser] = await freshVariants(1, 5);
    if (!shared || !onlyGuest || !onlyUser) throw new Error("variants");
    const user = await signUp(t.app);
    const customer = asUser(user.token);
    await add(customer, shared.id, 3);
    await add(customer, onlyUser.id, 1);

    const guest = await newGuest(t);
    await add(guest, shared.id, 4);
    await add(guest, onlyGuest.id, 2);
    const merge = await t.app.inject({
      method: "POST",
      url: "/api/me/merge-guest",
      headers: bearer(user.token),
      payload: { token: guest.token },
    });
    expect(merge.json()).toEqual({ merged: true });

    const cart = await cartOf(customer);
    const quantities = Object.fromEntries(cart.lines.map((line) => [line.variantId, line.quantity]));
    expect(quantities).toEqual({ [shared.id]: 5, [onlyUser.id]: 1, [onlyGuest.id]: 2 });
    // The guest's cart is gone; the same browser starts empty after a logout.
    expect((await cartOf(guest)).lines).toHaveLength(0);

    // A customer with no cart of their own takes over the guest's cart as it is.
    const second = await signUp(t.app);
    const guest2 = await newGuest(t);
    await add(guest2, onlyGuest.id, 1);
    await t.app.inject({
      method: "POST",
      url: "/api/me/merge-guest",
      headers: bearer(second.token),
      payload: { token: guest2.token },
    });
    expect((await cartOf(asUser(second.token))).lines.map((line) => line.variantId)).toEqual([onlyGuest.id]);
  });

  it("merges nothing for a forged token", async () => {
    const user = await signUp(t.app);
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    await add(guest, variant?.id ?? 0, 1);
    const forged = `${guest.id}.${"x".repeat(43)}`;
    const merge = await t.app.inject({
      method: "POST",
      url: "/api/me/merge-guest",
      headers: bearer(user.token),
      payload: { token: forged },
    });
    expect(merge.json()).toEqual({ merged: false });
    expect((await cartOf(asUser(user.token))).lines).toHaveLength(0);
    expect((await cartOf(guest)).lines).toHaveLength(1);
  });
});
