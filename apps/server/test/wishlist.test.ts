/**
 * The wishlist: adding and removing published products as a guest or a customer, bad
 * input, another shopper's list, moving an item to the cart with a size and color, and
 * the guest's wishlist merging into the account at sign-in.
 */
import { CartCount, ErrorBody, Wishlist, WishlistIds } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import {
  asUser,
  newGuest,
  type ShopperHeaders,
  setPublished,
  setStock,
  shopperApi,
  variantsOf,
} from "./support/shopping.ts";

let t: TestApp;
let nextProduct = 0;
const freshVariants = (count = 2, stock = 10) => variantsOf(t, nextProduct++, count, stock);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = async (shopper: ShopperHeaders) =>
  WishlistIds.parse((await shopperApi(t, shopper).get("/api/wishlist/ids")).json()).productIds;
const heart = (shopper: ShopperHeaders, productId: unknown) =>
  shopperApi(t, shopper).post("/api/wishlist/items", { productId });

describe("the wishlist", () => {
  it("adds and removes a guest's products, newest first, as product cards", async () => {
    const guest = await newGuest(t);
    const [a] = await freshVariants(1);
    const [b] = await freshVariants(1);
    if (!a || !b) throw new Error("variants");
    expect((await heart(guest, a.productId)).statusCode).toBe(200);
    const twice = await heart(guest, a.productId);
    expect(WishlistIds.parse(twice.json()).productIds).toEqual([a.productId]);
    await t.db.execute(sql`update wishlist_items set created_at = now() - interval '1 hour'`);
    await heart(guest, b.productId);
    const list = Wishlist.parse((await shopperApi(t, guest).get("/api/wishlist")).json());
    expect(list.items.map((item) => item.productId)).toEqual([b.productId, a.productId]);
    expect(list.items[0]?.product).toMatchObject({ id: b.productId, currency: "USD" });
    const removed = await shopperApi(t, guest).delete(`/api/wishlist/items/${b.productId}`);
    expect(WishlistIds.parse(removed.json()).productIds).toEqual([a.productId]);
    const again = await shopperApi(t, guest).delete(`/api/wishlist/items/${b.productId}`);
    expect(again.statusCode).toBe(404);
  });

  it("refuses bad product ids with 422, unknown or unpublished products with 404", async () => {
    const guest = await newGuest(t);
    for (const productId of [0, -1, 1.5, "7", null]) {
      const response = await heart(guest, productId);
      expect(response.statusCode, String(productId)).toBe(422);
      expect(ErrorBody.parse(response.json()).error.fields?.productId).toBeTruthy();
    }
    expect((await heart(guest, 2_000_000_000)).statusCode).toBe(404);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    await setPublished(t, variant.productId, false);
    const unpublished = await heart(guest, variant.productId);
    expect(unpublished.statusCode).toBe(404);
    expect(ErrorBody.parse(unpublished.json()).error.message).toBe("This product is not available.");
    expect((await shopperApi(t, guest).delete("/api/wishlist/items/abc")).statusCode).toBe(400);
  });

  it("hides a product while it is unpublished and shows it again when it is back", async () => {
    const user = asUser((await signUp(t.app)).token);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    await heart(user, variant.productId);
    await setPublished(t, variant.productId, false);
    expect(await ids(user)).toEqual([]);
    expect(Wishlist.parse((await shopperApi(t, user).get("/api/wishlist")).json()).items).toEqual([]);
    await setPublished(t, variant.productId, true);
    expect(await ids(user)).toEqual([variant.productId]);
  });

  it("answers 401 without a shopper, and another shopper's items are neither seen nor removed", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/wishlist" })).statusCode).toBe(401);
    const owner = await newGuest(t);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    await heart(owner, variant.productId);
    const stranger = asUser((await signUp(t.app)).token);
    expect(await ids(stranger)).toEqual([]);
    const remove = await shopperApi(t, stranger).delete(`/api/wishlist/items/${variant.productId}`);
    expect(remove.statusCode).toBe(404);
    const move = await shopperApi(t, stranger).post(`/api/wishlist/items/${variant.productId}/move-to-cart`, {
      variantId: variant.id,
    });
    expect(move.statusCode).toBe(404);
    expect(await ids(owner)).toEqual([variant.productId]);
  });
});

describe("moving a wishlist item to the cart", () => {
  it("adds the chosen size and color and takes the product off the wishlist", async () => {
    const guest = await newGuest(t);
    const [variant] = await freshVariants(1);
    if (!variant) throw new Error("variant");
    await heart(guest, variant.productId);
    const moved = await shopperApi(t, guest).post(`/api/wishlist/items/${variant.productId}/move-to-cart`, {
      variantId: variant.id,
      quantity: 2,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(CartCount.parse(moved.json())).toEqual({ count: 2, lines: 1 });
    expect(await ids(guest)).toEqual([]);
  });

  it("refuses a variant of another product (422), a sold-out one (422) and keeps the item", async () => {
    const guest = await newGuest(t);
    const [mine] = await freshVariants(1);
    const [other] = await freshVariants(1);
    if (!mine || !other) throw new Error("variants");
    await heart(guest, mine.productId);
    const api = shopperApi(t, guest);
    const wrong = await api.post(`/api/wishlist/items/${mine.productId}/move-to-cart`, { variantId: other.id });
    expect(wrong.statusCode).toBe(422);
    expect(ErrorBody.parse(wrong.json()).error.fields?.variantId).toBeTruthy();
    await setStock(t, mine.id, 0);
    const soldOut = await api.post(`/api/wishlist/items/${mine.productId}/move-to-cart`, { variantId: mine.id });
    expect(soldOut.statusCode).toBe(422);
    const zero = await api.post(`/api/wishlist/items/${mine.productId}/move-to-cart`, {
      variantId: mine.id,
      quantity: 0,
    });
    expect(zero.statusCode).toBe(422);
    expect(await ids(guest)).toEqual([mine.productId]);
  });
});

describe("a guest's wishlist at sign-in", () => {
  it("joins the account's wishlist (the union, each product once)", async () => {
    const [a] = await freshVariants(1);
    const [b] = await freshVariants(1);
    const [c] = await freshVariants(1);
    if (!a || !b || !c) throw new Error("variants");
    const user = await signUp(t.app);
    const customer = asUser(user.token);
    await heart(customer, a.productId);
    await heart(customer, b.productId);
    const guest = await newGuest(t);
    await heart(guest, b.productId);
    await heart(guest, c.productId);
    const merge = await t.app.inject({
      method: "POST",
      url: "/api/me/merge-guest",
      headers: bearer(user.token),
      payload: { token: guest.token },
    });
    expect(merge.json()).toEqual({ merged: true });
    expect((await ids(customer)).sort((x, y) => x - y)).toEqual([a.productId, b.productId, c.productId]);
    expect(await ids(guest)).toEqual([]);
  });
});
