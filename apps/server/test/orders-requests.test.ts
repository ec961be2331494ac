/**
 * Cancel and return requests from the customer's side: cancel before shipping, return
 * within the window after delivery, one open request per kind, photos through the media
 * pipeline, another shopper's order → 404.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { createGuest, deliver, guestHeader, insertOrder } from "./support/orders.ts";

let test: TestApp;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  test = await createTestApp();
  ada = await signUp(test.app, { name: "Ada" });
  bob = await signUp(test.app, { name: "Bob" });
});
afterAll(() => test.close());

const ask = (number: string, payload: object, headers: Record<string, string>) =>
  test.app.inject({ method: "POST", url: `/api/my-orders/${number}/requests`, headers, payload });

describe("cancel requests", () => {
  it("are taken before shipping, listed on the order and on its timeline, once while open", async () => {
    const order = await insertOrder(test.db, { userId: ada.id });
    const response = await ask(order.number, { kind: "cancel", reason: "Ordered the wrong size" }, bearer(ada.token));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.requests).toEqual([
      expect.objectContaining({ kind: "cancel", status: "open", reason: "Ordered the wrong size" }),
    ]);
    expect(body.canRequestCancel).toBe(false);
    expect(body.timeline.at(-1)).toMatchObject({ kind: "request", message: "Cancellation requested." });

    const again = await ask(order.number, { kind: "cancel", reason: "Really, please" }, bearer(ada.token));
    expect(again.statusCode).toBe(409);
  });

  it("are refused once the order has shipped (422)", async () => {
    const order = await insertOrder(test.db, { userId: ada.id }, { status: "shipped" });
    const response = await ask(order.number, { kind: "cancel", reason: "Changed my mind" }, bearer(ada.token));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(/shipped/);
  });

  it("on another customer's order answer 404 and change nothing", async () => {
    const order = await insertOrder(test.db, { userId: bob.id });
    expect((await ask(order.number, { kind: "cancel", reason: "Not mine" }, bearer(ada.token))).statusCode).toBe(404);
    const stranger = await createGuest(test.app);
    expect(
      (await ask(order.number, { kind: "cancel", reason: "Not mine" }, guestHeader(stranger.token))).statusCode,
    ).toBe(404);
    const bobs = await test.app.inject({
      method: "GET",
      url: `/api/my-orders/${order.number}`,
      headers: bearer(bob.token),
    });
    expect(bobs.json().requests).toEqual([]);
  });

  it("validate the reason (422 with fields)", async () => {
    const order = await insertOrder(test.db, { userId: ada.id });
    const response = await ask(order.number, { kind: "cancel", reason: "" }, bearer(ada.token));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toHaveProperty("reason");
  });
});

describe("return requests", () => {
  it("are taken within the return window after delivery and move the order to return requested", async () => {
    const order = await insertOrder(test.db, { userId: ada.id }, { quantity: 3 });
    await deliver(test.db, order.id, 2);
    const response = await ask(
      order.number,
      { kind: "return", reason: "Too small", items: [{ orderLineId: order.lineIds[0], quantity: 2 }] },
      bearer(ada.token),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("return_requested");
    expect(body.requests[0]).toMatchObject({ kind: "return", items: [{ orderLineId: order.lineIds[0], quantity: 2 }] });
    expect(body.timeline.at(-1)).toMatchObject({ toStatus: "return_requested", actorName: "Customer" });

    const again = await ask(
      order.number,
      { kind: "return", reason: "Too small", items: [{ orderLineId: order.lineIds[0], quantity: 1 }] },
      bearer(ada.token),
    );
    expect(again.statusCode).toBe(409);
  });

  it("are refused for an order not yet delivered, or after the window (422)", async () => {
    const undelivered = await insertOrder(test.db, { userId: ada.id }, { status: "shipped" });
    const late = await insertOrder(test.db, { userId: ada.id });
    await deliver(test.db, late.id, 15); // the demo shop's window is 14 days
    for (const order of [undelivered, late]) {
      const response = await ask(
        order.number,
        { kind: "return", reason: "Too small", items: [{ orderLineId: order.lineIds[0], quantity: 1 }] },
        bearer(ada.token),
      );
      expect(response.statusCode).toBe(422);
    }
  });

  it("refuse more units than were bought, lines of another order, and photos never uploaded", async () => {
    const order = await insertOrder(test.db, { userId: ada.id }, { quantity: 2 });
    const other = await insertOrder(test.db, { userId: ada.id });
    await deliver(test.db, order.id);
    const response = await ask(
      order.number,
      {
        kind: "return",
        reason: "Too small",
        items: [
          { orderLineId: order.lineIds[0], quantity: 3 },
          { orderLineId: other.lineIds[0], quantity: 1 },
        ],
        photos: ["never-uploaded.webp"],
      },
      bearer(ada.token),
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().error.fields).sort()).toEqual([
      "items.0.quantity",
      "items.1.orderLineId",
      "photos.0",
    ]);
    for (const quantity of [0, -1, 1.5]) {
      const bad = await ask(
        order.number,
        { kind: "return", reason: "Too small", items: [{ orderLineId: order.lineIds[0], quantity }] },
        bearer(ada.token),
      );
      expect(bad.statusCode, String(quantity)).toBe(422);
    }
  });

  it("carry photos uploaded by the customer through the media pipeline", async () => {
    const guest = await createGuest(test.app);
    const order = await insertOrder(test.db, { guestId: guest.id });
    await deliver(test.db, order.id);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0ffee" } })
      .png()
      .toBuffer();

    const anonymous = await test.app.inject({
      method: "POST",
      url: "/api/order-requests/photos",
      headers: { "content-type": "image/png" },
      payload: png,
    });
    expect(anonymous.statusCode).toBe(401);
    const notImage = await test.app.inject({
      method: "POST",
      url: "/api/order-requests/photos",
      headers: { "content-type": "image/png", ...guestHeader(guest.token) },
      payload: Buffer.from("<svg onload=alert(1)>"),
    });
    expect(notImage.statusCode).toBe(415);
    const upload = await test.app.inject({
      method: "POST",
      url: "/api/order-requests/photos",
      headers: { "content-type": "image/png", ...guestHeader(guest.token) },
      payload: png,
    });
    expect(upload.statusCode).toBe(200);
    const { filename } = upload.json();

    const response = await ask(
      order.number,
      {
        kind: "return",
        reason: "Stitching came loose",
        items: [{ orderLineId: order.lineIds[0], quantity: 1 }],
        photos: [filename],
      },
      guestHeader(guest.token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().requests[0].photos).toEqual([filename]);
  });
});
