/**
 * The customer dashboard's API: profile (name, phone), the address book with one default,
 * the overview (recent orders, wishlist, open requests) for customers and guests, and
 * another customer's address answering 404.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, wishlistItems } from "../src/db/schema/index.ts";
import { bearer, signUp, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { createGuest, guestHeader, insertOrder } from "./support/orders.ts";

let test: TestApp;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  test = await createTestApp();
  ada = await signUp(test.app, { name: "Ada" });
  bob = await signUp(test.app, { name: "Bob" });
});
afterAll(() => test.close());

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, headers: object, payload?: object) =>
  test.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const home = {
  label: "Home",
  fullName: "Ada Lovelace",
  phone: "+44 20 7946 0000",
  line1: "12 St James's Square",
  city: "London",
  postalCode: "SW1Y 4JH",
  country: "gb",
};

describe("the profile", () => {
  it("shows and changes the name and phone", async () => {
    const before = await call("GET", "/api/me/profile", bearer(ada.token));
    expect(before.json()).toEqual({ name: "Ada", email: ada.email, phone: "" });
    const after = await call("PATCH", "/api/me/profile", bearer(ada.token), {
      name: "Ada L.",
      phone: "+1 (555) 010-0200",
    });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ name: "Ada L.", email: ada.email, phone: "+1 (555) 010-0200" });
  });

  it("validates (422 with fields) and needs a sign-in (401)", async () => {
    const bad = await call("PATCH", "/api/me/profile", bearer(ada.token), { name: " ", phone: "call me" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["name", "phone"]);
    expect((await call("GET", "/api/me/profile", {})).statusCode).toBe(401);
  });
});

describe("a password change", () => {
  it("ends the old session and hands back a new token, which the browser must keep", async () => {
    const dan = await signUp(test.app, { name: "Dan" });
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { ...bearer(dan.token), origin: "http://localhost:3000" },
      payload: { currentPassword: dan.password, newPassword: "amber-lantern-77", revokeOtherSessions: true },
    });
    expect(response.statusCode).toBe(200);
    const token = response.headers["set-auth-token"] ?? response.json().token;
    expect(typeof token).toBe("string");
    expect(token).not.toBe(dan.token);
    expect((await call("GET", "/api/me/profile", bearer(dan.token))).statusCode).toBe(401);
    expect((await call("GET", "/api/me/profile", bearer(String(token)))).statusCode).toBe(200);
  });
});

describe("saved addresses", () => {
  it("keep exactly one default: the first, then the one chosen, then the next when it is deleted", async () => {
    const first = (await call("POST", "/api/me/addresses", bearer(ada.token), home)).json();
    expect(first).toMatchObject({ isDefault: true, country: "GB", line2: "" });
    const second = (
      await call("POST", "/api/me/addresses", bearer(ada.token), { ...home, label: "Work", line1: "1 Work Road" })
    ).json();
    expect(second.isDefault).toBe(false);

    const chosen = await call("PUT", `/api/me/addresses/${second.id}`, bearer(ada.token), {
      ...home,
      label: "Work",
      line1: "1 Work Road",
      isDefault: true,
    });
    expect(chosen.json().isDefault).toBe(true);
    let list = (await call("GET", "/api/me/addresses", bearer(ada.token))).json();
    expect(list.map((a: { id: number; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    expect((await call("DELETE", `/api/me/addresses/${second.id}`, bearer(ada.token))).json()).toEqual({
      deleted: true,
    });
    list = (await call("GET", "/api/me/addresses", bearer(ada.token))).json();
    expect(list).toEqual([expect.objectContaining({ id: first.id, isDefault: true })]);
  });

  it("of another customer answer 404 to reading, changing and deleting, and stay as they were", async () => {
    const bobs = (await call("POST", "/api/me/addresses", bearer(bob.token), { ...home, fullName: "Bob" })).json();
    expect((await call("PUT", `/api/me/addresses/${bobs.id}`, bearer(ada.token), home)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/me/addresses/${bobs.id}`, bearer(ada.token))).statusCode).toBe(404);
    const list = (await call("GET", "/api/me/addresses", bearer(ada.token))).json();
    expect(list.map((a: { id: number }) => a.id)).not.toContain(bobs.id);
    expect((await call("GET", "/api/me/addresses", bearer(bob.token))).json()).toEqual([
      expect.objectContaining({ id: bobs.id, fullName: "Bob" }),
    ]);
  });

  it("validate what is sent (422 with fields), ids (400) and need a sign-in (401)", async () => {
    const bad = await call("POST", "/api/me/addresses", bearer(ada.token), { ...home, line1: "", country: "Britain" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["country", "line1"]);
    expect((await call("DELETE", "/api/me/addresses/abc", bearer(ada.token))).statusCode).toBe(400);
    expect((await call("POST", "/api/me/addresses", {}, home)).statusCode).toBe(401);
  });
});

describe("the overview", () => {
  it("shows a customer's recent orders, wishlist and open requests, and nothing of others", async () => {
    const carol = await signUp(test.app, { name: "Carol" });
    const order = await insertOrder(test.db, { userId: carol.id });
    await insertOrder(test.db, { userId: bob.id });
    await call("POST", `/api/my-orders/${order.number}/requests`, bearer(carol.token), {
      kind: "cancel",
      reason: "Wrong color",
    });
    const [product] = await test.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isPublished, true))
      .limit(1);
    if (!product) throw new Error("no published product");
    await test.db.insert(wishlistItems).values({ userId: carol.id, productId: product.id });

    const overview = (await call("GET", "/api/me/overview", bearer(carol.token))).json();
    expect(overview.kind).toBe("user");
    expect(overview.recentOrders.map((o: { number: string }) => o.number)).toEqual([order.number]);
    expect(overview.wishlist).toMatchObject({ count: 1, items: [expect.objectContaining({ productId: product.id })] });
    expect(overview.openRequests).toEqual([expect.objectContaining({ kind: "cancel", orderNumber: order.number })]);
  });

  it("shows a guest what a guest has, and answers 401 to nobody", async () => {
    const guest = await createGuest(test.app);
    const order = await insertOrder(test.db, { guestId: guest.id });
    const overview = (await call("GET", "/api/me/overview", guestHeader(guest.token))).json();
    expect(overview).toMatchObject({ kind: "guest", orderCount: 1, wishlist: { count: 0, items: [] } });
    expect(overview.recentOrders[0].number).toBe(order.number);
    expect((await call("GET", "/api/me/overview", {})).statusCode).toBe(401);
  });
});
