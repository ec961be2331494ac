/**
 * The customer's side of orders: my orders (drafts hidden), one order with its public
 * timeline, the guest's signed link, status changes with their version and mails, and
 * another shopper's order answering 404.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyingHistory, orderEvents } from "../src/db/schema/index.ts";
import { bearer, signUp, type TestUser } from "./support/auth.ts";
import { address, addToCart, newGuest, stockedVariants } from "./support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { linkIn } from "./support/mail-server.ts";
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

const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: "GET", url, headers });

describe("my orders", () => {
  it("lists the caller's own orders, newest first, without drafts", async () => {
    const first = await insertOrder(test.db, { userId: ada.id });
    const second = await insertOrder(test.db, { userId: ada.id }, { quantity: 3 });
    await insertOrder(test.db, { userId: ada.id }, { isDraft: true });
    await insertOrder(test.db, { userId: bob.id });

    const response = await get("/api/my-orders", bearer(ada.token));
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.items.map((order: { number: string }) => order.number)).toEqual([second.number, first.number]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ status: "placed", itemCount: 3, total: 8000, currency: "USD" });
  });

  it("answers 401 to a caller with neither a session nor a guest token, and to a forged guest token", async () => {
    expect((await get("/api/my-orders")).statusCode).toBe(401);
    expect((await get("/api/my-orders", guestHeader("00000000-0000-0000-0000-000000000000.forged"))).statusCode).toBe(
      401,
    );
  });

  it("shows one order with lines, totals, payment state and only the public timeline", async () => {
    const order = await insertOrder(test.db, { userId: ada.id });
    await test.db.insert(orderEvents).values({
      historyId: order.id,
      kind: "note",
      message: "Staff only: customer sounded unsure",
      isPublic: false,
      actorName: "Staff",
    });
    const response = await get(`/api/my-orders/${order.number}`, bearer(ada.token));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      number: order.number,
      status: "placed",
      paymentMethod: "cod",
      paymentState: "unpaid",
      subtotal: 5000,
      deliveryFee: 500,
      total: 5500,
      canRequestCancel: true,
      canRequestReturn: false,
    });
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0]).toMatchObject({ quantity: 2, unitPrice: 2500, totalPrice: 5000 });
    expect(body.timeline.map((event: { message: string }) => event.message)).toEqual(["Order placed."]);
  });

  it("answers 404 for another customer's order, a draft, and an unknown number, all alike", async () => {
    const bobs = await insertOrder(test.db, { userId: bob.id });
    const draft = await insertOrder(test.db, { userId: ada.id }, { isDraft: true });
    const answers = await Promise.all([
      get(`/api/my-orders/${bobs.number}`, bearer(ada.token)),
      get(`/api/my-orders/${draft.number}`, bearer(ada.token)),
      get("/api/my-orders/A99999999", bearer(ada.token)),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        error: { code: "not_found", message: "No such order.", requestId: answer.headers["x-request-id"] },
      });
    }
    expect((await get("/api/my-orders/not-a-number", bearer(ada.token))).statusCode).toBe(400);
  });
});

describe("a guest's orders", () => {
  it("placed through checkout mail a confirmation whose signed link opens the order", async () => {
    const guest = await newGuest(test);
    const [variant] = await stockedVariants(test, 1, 5);
    if (!variant) throw new Error("no variant");
    await addToCart(test, guest, variant.id, 2);
    const zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[0].id;
    const email = "checkout.guest@example.com";
    const placed = await test.app.inject({
      method: "POST",
      url: "/api/checkout/orders",
      headers: { ...guest.headers, "idempotency-key": "orders-test-1" },
      payload: { contact: { email, phone: "+1 555 0100" }, address, deliveryZoneId: zoneId, paymentMethod: "cod" },
    });
    expect(placed.statusCode).toBe(200);
    const mail = await test.mail.waitFor((message) => message.to.includes(email));
    expect(mail.text).toContain(`2 × ${variant.name}`);
    const link = new URL(linkIn(mail));
    const opened = await get(`/api/my-orders${link.pathname.slice("/my-orders".length)}${link.search}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ status: "placed", paymentMethod: "cod", email });
    expect(opened.json().lines[0]).toMatchObject({ quantity: 2, productName: variant.name });
    // That mail was built from what checkout wrote (no read back, issue 18); the order read
    // back (as for a card order paid later) makes the very same mail.
    const number: string = placed.json().order.number;
    const [row] = await test.db
      .select({ id: buyingHistory.id })
      .from(buyingHistory)
      .where(eq(buyingHistory.number, number));
    if (!row) throw new Error("no order row");
    test.app.services.orders.sendConfirmation(row.id);
    const reread = await test.mail.waitFor((message) => message.to.includes(email) && message !== mail);
    expect({ subject: reread.subject, text: reread.text, html: reread.html }).toEqual({
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  });

  it("are reached with the guest token and with the signed link from the confirmation mail", async () => {
    const guest = await createGuest(test.app);
    const email = "guest.buyer@example.com";
    const order = await insertOrder(test.db, { guestId: guest.id }, { email });

    const list = await get("/api/my-orders", guestHeader(guest.token));
    expect(list.json().items.map((item: { number: string }) => item.number)).toEqual([order.number]);

    test.app.services.orders.sendConfirmation(order.id);
    const mail = await test.mail.waitFor((message) => message.to.includes(email));
    expect(mail.subject).toContain(order.number);
    expect(mail.text).toContain("Cash on delivery".toLowerCase());
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe(`/my-orders/${order.number}`);
    const token = link.searchParams.get("token") ?? "";
    expect(token).not.toBe("");

    // The link alone opens the order, in any browser.
    const byLink = await get(`/api/my-orders/${order.number}?token=${encodeURIComponent(token)}`);
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json().number).toBe(order.number);

    // Tampered, foreign or missing tokens reveal nothing.
    const other = await insertOrder(test.db, { guestId: (await createGuest(test.app)).id });
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    for (const url of [
      `/api/my-orders/${order.number}?token=${tampered}`,
      `/api/my-orders/${order.number}?token=x`,
      `/api/my-orders/${other.number}?token=${encodeURIComponent(token)}`,
      `/api/my-orders/${order.number}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // Another guest's token does not reach it either.
    const stranger = await createGuest(test.app);
    expect((await get(`/api/my-orders/${order.number}`, guestHeader(stranger.token))).statusCode).toBe(404);
  });

  it("move into the account at sign-in, and the signed-out browser no longer lists them", async () => {
    const guest = await createGuest(test.app);
    const order = await insertOrder(test.db, { guestId: guest.id });
    const carol = await signUp(test.app, { name: "Carol" });
    const merge = await test.app.inject({
      method: "POST",
      url: "/api/me/merge-guest",
      headers: bearer(carol.token),
      payload: { token: guest.token },
    });
    expect(merge.json()).toEqual({ merged: true });
    const mine = await get("/api/my-orders", bearer(carol.token));
    expect(mine.json().items.map((item: { number: string }) => item.number)).toEqual([order.number]);
    expect((await get("/api/my-orders", guestHeader(guest.token))).json().items).toEqual([]);
  });
});

describe("status changes", () => {
  const staff = { userId: null, name: "Test Staff" };

  it("record who and when on the timeline, bump the version and mail the customer", async () => {
    const email = "status.watcher@example.com";
    const order = await insertOrder(test.db, { userId: ada.id }, { email });
    const orders = test.app.services.orders;
    const confirmed = await orders.transition({ orderId: order.id, to: "confirmed", actor: staff, expectedVersion: 1 });
    expect(confirmed).toMatchObject({ status: "confirmed", version: 2 });
    await orders.transition({ orderId: order.id, to: "packed", actor: staff });
    await orders.transition({
      orderId: order.id,
      to: "shipped",
      actor: staff,
      courier: "DHL",
      trackingNumber: "JD014600006281",
    });
    const mail = await test.mail.waitFor((message) => message.to.includes(email) && /shipped/.test(message.subject));
    expect(mail.text).toContain("JD014600006281");
    expect(linkIn(mail)).toBe(`http://localhost:3000/my-orders/${order.number}`);

    const body = (await get(`/api/my-orders/${order.number}`, bearer(ada.token))).json();
    expect(body).toMatchObject({ status: "shipped", courier: "DHL", trackingNumber: "JD014600006281" });
    expect(body.timeline.map((event: { toStatus: string }) => event.toStatus)).toEqual([
      "placed",
      "confirmed",
      "packed",
      "shipped",
    ]);
    expect(body.timeline[1]).toMatchObject({ actorName: "Test Staff", fromStatus: "placed" });
  });

  it("refuse a stale version (409), a step the machine forbids (409) and shipping without tracking (422)", async () => {
    const order = await insertOrder(test.db, { userId: ada.id });
    const orders = test.app.services.orders;
    await orders.transition({ orderId: order.id, to: "confirmed", actor: staff, expectedVersion: 1 });
    await expect(
      orders.transition({ orderId: order.id, to: "packed", actor: staff, expectedVersion: 1 }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining("changed") });
    await expect(orders.transition({ orderId: order.id, to: "delivered", actor: staff })).rejects.toMatchObject({
      status: 409,
    });
    await orders.transition({ orderId: order.id, to: "packed", actor: staff });
    await expect(orders.transition({ orderId: order.id, to: "shipped", actor: staff })).rejects.toMatchObject({
      status: 422,
      fields: { courier: expect.any(String), trackingNumber: expect.any(String) },
    });
    const events = await test.db.select().from(orderEvents).where(eq(orderEvents.historyId, order.id));
    expect(events.map((event) => event.toStatus)).toEqual(["placed", "confirmed", "packed"]);
  });
});
