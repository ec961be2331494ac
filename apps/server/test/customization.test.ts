/**
 * Customization requests end to end through the API: a shopper (account or guest) asks,
 * staff see the spec's list (unchecked first, then id descending; staff only, its email
 * and id grant nothing), check, quote or reject (versioned, mailed), the shopper accepts
 * and pays the quote through checkout as one order line, another shopper gets 404.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customizationRequests, productTypes } from "../src/db/schema/index.ts";
import { uncheckedCustomizationCount } from "../src/modules/customization/badge.ts";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { address } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { createGuest, guestHeader } from "./support/orders.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let ada: TestUser;
let bob: TestUser;
let staff: TestUser;
let typeId: number;

beforeAll(async () => {
  test = await createTestApp();
  ada = await signUp(test.app, { name: "Ada" });
  bob = await signUp(test.app, { name: "Bob" });
  staff = await signUpStaff(test, "Manager");
  const [type] = await test.db.select({ id: productTypes.id }).from(productTypes).limit(1);
  if (!type) throw new Error("the seeded catalogue has no product type");
  typeId = type.id;
});
afterAll(() => test.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  productTypeId: typeId,
  size: "M",
  color: "Indigo",
  quantity: 2,
  description: "A hoodie with our band's logo embroidered on the back.",
  contact: { name: "Ada Lovelace", email: "ada.custom@example.com", phone: "+1 555 0100" },
  ...overrides,
});

const create = (headers: Record<string, string>, payload: object = body()) =>
  test.app.inject({ method: "POST", url: "/api/customization-requests", headers, payload });

async function created(headers: Record<string, string> = bearer(ada.token), payload?: object) {
  const response = await create(headers, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number; version: number; status: string }>();
}

const admin = () => apiAs(test, staff);

describe("submitting a request", () => {
  it("stores it as new and unchecked and lists it for its owner only", async () => {
    const request = await created();
    expect(request).toMatchObject({ status: "new", isChecked: false, quantity: 2, contactName: "Ada Lovelace" });
    const mine = (await apiAs(test, ada).get("/api/customization-requests")).json<{ id: number }[]>();
    expect(mine.map((r) => r.id)).toContain(request.id);
    const bobs = (await apiAs(test, bob).get("/api/customization-requests")).json<{ id: number }[]>();
    expect(bobs.map((r) => r.id)).not.toContain(request.id);
    expect((await apiAs(test, bob).get(`/api/customization-requests/${request.id}`)).statusCode).toBe(404);
  });

  it("takes guests by their guest token; nobody else gets a list", async () => {
    const guest = await createGuest(test.app);
    const request = await created(guestHeader(guest.token));
    const [row] = await test.db
      .select({ guestId: customizationRequests.guestId })
      .from(customizationRequests)
      .where(eq(customizationRequests.id, request.id));
    expect(row?.guestId).toBe(guest.id);
    expect((await test.app.inject({ url: "/api/customization-requests" })).statusCode).toBe(401);
  });

  it("refuses bad input with 422 and fields", async () => {
    const bad = await create(
      bearer(ada.token),
      body({ productTypeId: null, quantity: 0, description: "short", contact: { name: "", email: "x" } }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(["quantity", "description", "contact.name", "contact.email", "productTypeId"]),
    );
    const unknownType = await create(bearer(ada.token), body({ productTypeId: 999999 }));
    expect(unknownType.statusCode).toBe(422);
  });
});

describe("the spec's get-all-customization-requests", () => {
  it("answers id and isChecked, unchecked first then id descending", async () => {
    const first = await created();
    const second = await created();
    const third = await created();
    await admin().post(`/api/admin/customization-requests/${second.id}/check`, {
      version: second.version,
      isChecked: true,
    });
    const response = await admin().get("/api/admin/get-all-customization-requests?email=x@example.com&id=1");
    expect(response.statusCode).toBe(200);
    const list = response.json<{ id: number; isChecked: boolean }[]>();
    for (const item of list) {
      expect(item).toEqual(expect.objectContaining({ id: expect.any(Number), isChecked: expect.any(Boolean) }));
    }
    const firstChecked = list.findIndex((item) => item.isChecked);
    expect(list.slice(0, firstChecked).every((item) => !item.isChecked)).toBe(true);
    expect(list.slice(firstChecked).every((item) => item.isChecked)).toBe(true);
    const unchecked = list.filter((item) => !item.isChecked).map((item) => item.id);
    expect(unchecked).toEqual([...unchecked].sort((a, b) => b - a));
    expect(unchecked.indexOf(third.id)).toBeLessThan(unchecked.indexOf(first.id));
    expect(list.find((item) => item.id === second.id)?.isChecked).toBe(true);
  });

  it("is staff only: the email parameter grants nothing", async () => {
    const url = `/api/admin/get-all-customization-requests?email=${encodeURIComponent(staff.email)}&id=1`;
    expect((await test.app.inject({ url })).statusCode).toBe(401);
    expect((await apiAs(test, ada).get(url)).statusCode).toBe(403);
    const inventory = await signUpStaff(test, "Inventory");
    expect((await apiAs(test, inventory).get(url)).statusCode).toBe(403);
  });

  it("feeds the badge count of unchecked requests", async () => {
    const before = await uncheckedCustomizationCount(test.db);
    const request = await created();
    expect(await uncheckedCustomizationCount(test.db)).toBe(before + 1);
    await admin().post(`/api/admin/customization-requests/${request.id}/check`, {
      version: request.version,
      isChecked: true,
    });
    expect(await uncheckedCustomizationCount(test.db)).toBe(before);
  });
});

describe("staff handling", () => {
  it("checks and unchecks (checkedDate set and cleared), a stale version is 409", async () => {
    const request = await created();
    const checked = await admin().post(`/api/admin/customization-requests/${request.id}/check`, {
      version: request.version,
      isChecked: true,
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ isChecked: true, checkedDate: expect.any(String) });
    const stale = await admin().post(`/api/admin/customization-requests/${request.id}/check`, {
      version: request.version,
      isChecked: false,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/changed since you opened it/);
    const undone = await admin().post(`/api/admin/customization-requests/${request.id}/check`, {
      version: checked.json().version,
      isChecked: false,
    });
    expect(undone.json()).toMatchObject({ isChecked: false, checkedDate: null });
  });

  it("two staff acting on the same version at once: one wins, the other is told it changed", async () => {
    const request = await created();
    const [a, b] = await Promise.all([
      admin().post(`/api/admin/customization-requests/${request.id}/quote`, {
        version: request.version,
        price: 4500,
        deliveryTime: "2 weeks",
      }),
      admin().post(`/api/admin/customization-requests/${request.id}/reject`, {
        version: request.version,
        reason: "We cannot embroider that.",
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it("quotes (mailed to the shopper) and rejects with a reason (mailed); bad input is 422", async () => {
    const request = await created();
    const bad = await admin().post(`/api/admin/customization-requests/${request.id}/quote`, {
      version: request.version,
      price: 0,
      deliveryTime: "",
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(["price", "deliveryTime"]));

    const quoted = await admin().post(`/api/admin/customization-requests/${request.id}/quote`, {
      version: request.version,
      price: 4500,
      deliveryTime: "2-3 weeks",
      note: "Embroidery included.",
    });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json()).toMatchObject({ status: "quoted", quotePrice: 4500, quoteDeliveryTime: "2-3 weeks" });
    const mail = await test.mail.waitFor(
      (m) => m.to.includes("ada.custom@example.com") && m.subject.includes(`#${request.id}: a quote`),
    );
    expect(mail.text).toContain("2-3 weeks");
    expect(mail.text).toContain(`/customization/${request.id}`);

    const other = await created();
    const rejected = await admin().post(`/api/admin/customization-requests/${other.id}/reject`, {
      version: other.version,
      reason: "We do not make that type.",
    });
    expect(rejected.json()).toMatchObject({ status: "rejected", rejectionReason: "We do not make that type." });
    await test.mail.waitFor((m) => m.text.includes("We do not make that type."));
    const again = await admin().post(`/api/admin/customization-requests/${other.id}/quote`, {
      version: rejected.json().version,
      price: 100,
      deliveryTime: "1 week",
    });
    expect(again.statusCode).toBe(409);
    expect((await admin().get("/api/admin/customization-requests/999999")).statusCode).toBe(404);
  });
});

describe("accepting and paying a quote", () => {
  it("turns an accepted quote into an order with one line at the quoted price, paid through checkout", async () => {
    const request = await created();
    const early = await apiAs(test, ada).post(`/api/customization-requests/${request.id}/accept`, {
      version: request.version,
    });
    expect(early.statusCode).toBe(409);

    const quoted = (
      await admin().post(`/api/admin/customization-requests/${request.id}/quote`, {
        version: request.version,
        price: 4500,
        deliveryTime: "2 weeks",
      })
    ).json();
    expect(
      (await apiAs(test, bob).post(`/api/customization-requests/${request.id}/accept`, { version: quoted.version }))
        .statusCode,
    ).toBe(404);
    const accepted = await apiAs(test, ada).post(`/api/customization-requests/${request.id}/accept`, {
      version: quoted.version,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe("accepted");

    const zones = (await test.app.inject({ url: "/api/checkout/options" })).json().zones as { id: number }[];
    const place = (headers: Record<string, string>) =>
      test.app.inject({
        method: "POST",
        url: "/api/checkout/orders",
        headers: { ...headers, "idempotency-key": randomUUID() },
        payload: {
          contact: { email: "ada.custom@example.com", phone: "+1 555 0100" },
          address,
          deliveryZoneId: zones[0]?.id,
          paymentMethod: "cod",
          customizationRequestId: request.id,
        },
      });
    expect((await place(bearer(bob.token))).statusCode).toBe(404);
    const placed = await place(bearer(ada.token));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    expect(order.lines).toEqual([
      expect.objectContaining({ unitPrice: 4500, quantity: 2, totalPrice: 9000, sizeName: "M", colorName: "Indigo" }),
    ]);
    expect(order.totals.subtotal).toBe(9000);

    const after = (await apiAs(test, ada).get(`/api/customization-requests/${request.id}`)).json();
    expect(after).toMatchObject({ status: "ordered", orderNumber: order.number });
    expect((await place(bearer(ada.token))).statusCode).toBe(409);
  });

  it("lets the shopper withdraw a request before it is ordered", async () => {
    const request = await created();
    const cancelled = await apiAs(test, ada).post(`/api/customization-requests/${request.id}/cancel`, {
      version: request.version,
    });
    expect(cancelled.json().status).toBe("cancelled");
  });
});
