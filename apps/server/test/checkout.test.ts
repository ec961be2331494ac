/**
 * Checkout: placing an order from the shopper's cart in one transaction, with prices,
 * fees and tax recomputed on the server, stock taken, the Idempotency-Key honoured, and
 * every bad input and other people's orders refused.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, cartLines, carts, orderEvents, taxRates } from "../src/db/schema/index.ts";
import { productStatsRepository } from "../src/modules/product-stats/repository.ts";
import { signUp } from "./support/auth.ts";
import {
  address,
  addToCart,
  newGuest,
  stockedVariants,
  stockOf,
  type TestShopper,
  userShopper,
} from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let test: TestApp;
let zones: { id: number; name: string; fee: number; freeOver: number | null }[];

beforeAll(async () => {
  test = await createTestApp();
  zones = (await test.app.inject({ url: "/api/checkout/options" })).json().zones;
});
afterAll(() => test.close());

const inside = () => zones.find((zone) => zone.name === "Inside the city") ?? { id: 0, fee: 0, freeOver: null };
const outside = () => zones.find((zone) => zone.name === "Outside the city") ?? { id: 0, fee: 0, freeOver: null };

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    contact: { email: "ada@example.com", phone: "+1 212 555 0100" },
    address,
    deliveryZoneId: outside().id,
    paymentMethod: "cod",
    ...overrides,
  };
}

function place(shopper: TestShopper, body: object, key: string | null = randomUUID()) {
  return test.app.inject({
    method: "POST",
    url: "/api/checkout/orders",
    headers: { ...shopper.headers, ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body,
  });
}

describe("the checkout options", () => {
  it("offer the demo shop's two zones and its enabled payment methods, and no card without Stripe", async () => {
    const options = (await test.app.inject({ url: "/api/checkout/options" })).json();
    expect(options.zones.map((zone: { name: string }) => zone.name)).toEqual(["Inside the city", "Outside the city"]);
    expect(options.paymentMethods.map((method: { method: string }) => method.method)).toEqual([
      "cod",
      "manual_transfer",
    ]);
    expect(options.paymentMethods[1].instructions).toContain("account");
    expect(options.savedAddresses).toEqual([]);
    expect(options.contact).toBeNull();
  });
});

describe("placing an order", () => {
  it("takes a guest's cart: server prices, fee and tax, stock taken, cart emptied, timeline started", async () => {
    const [a, b] = await stockedVariants(test, 2, 5);
    if (!a || !b) throw new Error("no variants");
    const guest = await newGuest(test);
    await addToCart(test, guest, a.id, 2);
    await addToCart(test, guest, b.id, 1);

    const quote = await test.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      headers: guest.headers,
      payload: { deliveryZoneId: outside().id, destination: { country: "US", region: "NY" } },
    });
    expect(quote.statusCode).toBe(200);

    const response = await place(guest, orderBody());
    expect(response.statusCode).toBe(200);
    const { order, redirectUrl, replayed } = response.json();
    const subtotal = a.price * 2 + b.price;
    const tax = Math.floor((subtotal * 888 + 5000) / 10000);
    expect(order).toMatchObject({
      status: "placed",
      paymentMethod: "cod",
      paymentState: "unpaid",
      deliveryZoneName: "Outside the city",
      totals: { subtotal, discount: 0, deliveryFee: 1200, tax, taxRateBasisPoints: 888, total: subtotal + 1200 + tax },
    });
    expect(order.number).toMatch(/^A\d+$/);
    expect(order.lines).toHaveLength(2);
    expect(quote.json().totals).toEqual({ ...order.totals, deliveryKnown: true });
    expect(redirectUrl).toBeNull();
    expect(replayed).toBe(false);

    expect(await stockOf(test, a.id)).toBe(3);
    expect(await stockOf(test, b.id)).toBe(4);
    const left = await test.db
      .select({ id: cartLines.id })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.guestId, "guestId" in guest.owner ? guest.owner.guestId : ""));
    expect(left).toEqual([]);
    const [row] = await test.db.select().from(buyingHistory).where(eq(buyingHistory.number, order.number));
    const events = await test.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.historyId, row?.id ?? 0));
    expect(events.map((event) => [event.kind, event.toStatus, event.actorName])).toEqual([
      ["status", "placed", "Guest"],
    ]);

    const confirmation = await test.app.inject({ url: `/api/checkout/orders/${order.number}`, headers: guest.headers });
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.json().totals).toEqual(order.totals);
  });

  it("ignores anything price-like in the request", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 2);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 1);
    const response = await place(
      guest,
      orderBody({
        unitPrice: 1,
        total: 1,
        subtotal: 1,
        deliveryFee: 0,
        tax: 0,
        discount: 999_999,
        lines: [{ variantId: variant.id, quantity: 1, unitPrice: 1 }],
      }),
    );
    expect(response.statusCode).toBe(200);
    const totals = response.json().order.totals;
    expect(totals.subtotal).toBe(variant.price);
    expect(totals.discount).toBe(0);
    expect(totals.deliveryFee).toBe(1200);
    expect(response.json().order.lines[0].unitPrice).toBe(variant.price);
  });

  it("delivers free inside the city over the zone's threshold, and taxes by the most specific region", async () => {
    await test.db.insert(taxRates).values({ name: "California", region: "US-CA", rateBasisPoints: 725 });
    const [variant] = await stockedVariants(test, 1, 1000, 3);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    const quantity = Math.ceil((inside().freeOver ?? 0) / variant.price) + 1;
    await addToCart(test, guest, variant.id, quantity);
    const response = await place(
      guest,
      orderBody({ deliveryZoneId: inside().id, address: { ...address, region: "ca" } }),
    );
    expect(response.statusCode).toBe(200);
    const totals = response.json().order.totals;
    expect(totals.deliveryFee).toBe(0);
    expect(totals.taxRateBasisPoints).toBe(725);
  });

  it("saves a signed-in customer's address when asked, and offers it next time with their contact", async () => {
    const user = await signUp(test.app, { name: "Grace Buyer" });
    const shopper = userShopper(user);
    const [variant] = await stockedVariants(test, 1, 5, 4);
    if (!variant) throw new Error("no variant");
    await addToCart(test, shopper, variant.id, 1);
    expect((await place(shopper, orderBody({ saveAddress: true }))).statusCode).toBe(200);
    const options = (await test.app.inject({ url: "/api/checkout/options", headers: shopper.headers })).json();
    expect(options.contact).toEqual({ email: user.email, name: "Grace Buyer" });
    expect(options.savedAddresses).toHaveLength(1);
    expect(options.savedAddresses[0]).toMatchObject({ line1: address.line1, deliveryZoneId: outside().id });

    await addToCart(test, shopper, variant.id, 1);
    const again = await place(shopper, orderBody({ address: null, savedAddressId: options.savedAddresses[0].id }));
    expect(again.statusCode).toBe(200);
    expect(again.json().order.shippingAddress.line1).toBe(address.line1);

    // Another customer cannot use it.
    const other = userShopper(await signUp(test.app));
    await addToCart(test, other, variant.id, 1);
    const stolen = await place(other, orderBody({ address: null, savedAddressId: options.savedAddresses[0].id }));
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain(address.line1);
  });

  it("records the manual transfer's transaction id, awaiting verification, and shows the shop's instructions", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 5);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 1);
    const missing = await place(guest, orderBody({ paymentMethod: "manual_transfer" }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields.transferReference).toBeDefined();

    const response = await place(guest, orderBody({ paymentMethod: "manual_transfer", transferReference: "TX-99812" }));
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({
      status: "placed",
      paymentState: "awaiting_verification",
      transferReference: "TX-99812",
      transferInstructions: { title: "Mobile money or bank transfer" },
    });
  });
});

describe("the Idempotency-Key", () => {
  it("is required", async () => {
    const guest = await newGuest(test);
    const response = await place(guest, orderBody(), null);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("Idempotency-Key");
  });

  it("answers the same order for the same key and body, and 409 for another body", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 6);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 2);
    const key = randomUUID();
    const first = await place(guest, orderBody(), key);
    const second = await place(guest, orderBody(), key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.number).toBe(first.json().order.number);
    expect(second.json().replayed).toBe(true);
    expect(await stockOf(test, variant.id)).toBe(3);

    const other = await place(guest, orderBody({ deliveryZoneId: inside().id }), key);
    expect(other.statusCode).toBe(409);
  });

  it("gives one order when the same key is sent 10 times at once", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 7);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 1);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(guest, orderBody(), key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const numbers = new Set(answers.map((answer) => answer.json().order.number));
    expect(numbers.size).toBe(1);
    expect(answers.filter((answer) => answer.json().replayed === false)).toHaveLength(1);
    expect(await stockOf(test, variant.id)).toBe(4);
  });
});

describe("bad input", () => {
  it("refuses an empty cart with 422", async () => {
    const guest = await newGuest(test);
    const response = await place(guest, orderBody());
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe("Your cart is empty.");
  });

  it("refuses anonymous callers with 401 and a forged guest token with 401", async () => {
    expect((await place({ headers: {}, owner: { guestId: "" } }, orderBody())).statusCode).toBe(401);
    const forged = { headers: { "x-guest-token": `${randomUUID()}.forged` }, owner: { guestId: "" } };
    expect((await place(forged, orderBody())).statusCode).toBe(401);
  });

  it("names the line that is sold out or short (409) and the one no longer sold (422), taking nothing", async () => {
    const [a, b] = await stockedVariants(test, 2, 1, 8);
    if (!a || !b) throw new Error("no variants");
    const guest = await newGuest(test);
    await addToCart(test, guest, a.id, 1);
    await addToCart(test, guest, b.id, 3);
    const short = await place(guest, orderBody());
    expect(short.statusCode).toBe(409);
    expect(short.json().error.fields).toEqual({ [`lines.${b.id}`]: "only 1 left" });
    expect(await stockOf(test, a.id)).toBe(1);

    await test.db.execute(`update products set is_published = false where id = ${b.productId}`);
    const gone = await place(guest, orderBody());
    expect(gone.statusCode).toBe(422);
    // (a and b may be two sizes of the one product: whichever line comes first is named)
    expect(Object.values(gone.json().error.fields)).toEqual(["is no longer sold"]);
    await test.db.execute(`update products set is_published = true where id = ${b.productId}`);
  });

  it("answers 422 with fields for a bad email, a missing address, an unknown zone and card without Stripe", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 10);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 1);
    const badEmail = await place(guest, orderBody({ contact: { email: "nope", phone: "1" } }));
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().error.fields["contact.email"]).toBeDefined();
    const noAddress = await place(guest, orderBody({ address: null }));
    expect(noAddress.json().error.fields.address).toBe("is required");
    const zone = await place(guest, orderBody({ deliveryZoneId: 999_999 }));
    expect(zone.statusCode).toBe(422);
    expect(zone.json().error.fields.deliveryZoneId).toBe("is not offered");
    const card = await place(guest, orderBody({ paymentMethod: "card" }));
    expect(card.statusCode).toBe(422);
    expect(card.json().error.fields.paymentMethod).toBe("is not available");
    expect(await stockOf(test, variant.id)).toBe(5);
  });

  it("answers every coupon 'This coupon is not valid' until the coupon engine exists", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 11);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 1);
    const quote = await test.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      headers: guest.headers,
      payload: { couponCode: "summer10" },
    });
    expect(quote.json().coupon).toEqual({ code: "SUMMER10", valid: false, message: "This coupon is not valid" });
    expect(quote.json().totals.discount).toBe(0);
    const badShape = await test.app.inject({
      method: "POST",
      url: "/api/checkout/quote",
      headers: guest.headers,
      payload: { couponCode: "no spaces!" },
    });
    expect(badShape.statusCode).toBe(422);
    const order = await place(guest, orderBody({ couponCode: "SUMMER10" }));
    expect(order.statusCode).toBe(422);
    expect(order.json().error.fields.couponCode).toBe("This coupon is not valid");
  });
});

describe("other people's orders", () => {
  it("answer 404 to another guest or customer, revealing nothing", async () => {
    const [variant] = await stockedVariants(test, 1, 5, 12);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 1);
    const number = (await place(guest, orderBody())).json().order.number;
    for (const other of [await newGuest(test), userShopper(await signUp(test.app))]) {
      const response = await test.app.inject({ url: `/api/checkout/orders/${number}`, headers: other.headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("ada@example.com");
    }
    expect((await test.app.inject({ url: `/api/checkout/orders/${number}` })).statusCode).toBe(401);
    expect((await test.app.inject({ url: "/api/checkout/orders/DROP", headers: guest.headers })).statusCode).toBe(400);
  });
});

describe("sales counts", () => {
  it("count units of placed orders, not of cancelled ones", async () => {
    const [variant] = await stockedVariants(test, 1, 9, 13);
    if (!variant) throw new Error("no variant");
    const repo = productStatsRepository(test.db);
    const before = (await repo.unitsSold([variant.productId])).get(variant.productId) ?? 0;
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 3);
    const number = (await place(guest, orderBody())).json().order.number;
    expect((await repo.unitsSold([variant.productId])).get(variant.productId)).toBe(before + 3);
    await test.db.update(buyingHistory).set({ status: "cancelled" }).where(eq(buyingHistory.number, number));
    expect((await repo.unitsSold([variant.productId])).get(variant.productId)).toBe(before);
  });
});
