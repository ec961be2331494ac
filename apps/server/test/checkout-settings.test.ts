/**
 * Checkout's store settings (permission `settings`): delivery zones, tax rates and the
 * payment methods, as staff edit them and as checkout then offers them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, eventually, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  api = apiAs(test, owner);
});
afterAll(() => test.close());

describe("delivery zones", () => {
  it("are added, edited, hidden and deleted, and checkout offers only the active ones", async () => {
    const created = await api.post("/api/admin/settings/delivery-zones", { name: "Islands", fee: 2500 });
    expect(created.statusCode).toBe(200);
    const zone = created.json();
    expect(zone).toMatchObject({ name: "Islands", fee: 2500, freeOver: null, isActive: true });

    const taken = await api.post("/api/admin/settings/delivery-zones", { name: "Islands", fee: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.name).toBeDefined();
    const negative = await api.post("/api/admin/settings/delivery-zones", { name: "Bad", fee: -1 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().error.fields.fee).toBeDefined();

    const hidden = await api.put(`/api/admin/settings/delivery-zones/${zone.id}`, {
      name: "Islands",
      fee: 3000,
      isActive: false,
    });
    expect(hidden.json()).toMatchObject({ fee: 3000, isActive: false });
    const offered = (await test.app.inject({ url: "/api/checkout/options" })).json().zones;
    expect(offered.map((z: { name: string }) => z.name)).not.toContain("Islands");

    expect((await api.delete(`/api/admin/settings/delivery-zones/${zone.id}`)).statusCode).toBe(200);
    expect((await api.delete(`/api/admin/settings/delivery-zones/${zone.id}`)).statusCode).toBe(404);
  });
});

describe("tax rates", () => {
  it("are kept one per region, in basis points", async () => {
    const list = (await api.get("/api/admin/settings/tax-rates")).json();
    expect(list.map((rate: { region: string }) => rate.region)).toContain("US");
    const created = await api.post("/api/admin/settings/tax-rates", {
      name: "Texas",
      region: "us-tx",
      rateBasisPoints: 625,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ region: "US-TX", rateBasisPoints: 625 });
    const again = await api.post("/api/admin/settings/tax-rates", { name: "Dup", region: "US-TX", rateBasisPoints: 1 });
    expect(again.statusCode).toBe(409);
    const bad = await api.post("/api/admin/settings/tax-rates", {
      name: "X",
      region: "Texas",
      rateBasisPoints: 20_000,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["rateBasisPoints", "region"]);
  });
});

describe("payment settings", () => {
  it("turn methods on and off for checkout, and say whether Stripe is configured", async () => {
    const current = (await api.get("/api/admin/settings/checkout")).json();
    expect(current.stripe).toEqual({ configured: false, webhookConfigured: false });
    const saved = await api.put("/api/admin/settings/checkout", {
      cashOnDelivery: { enabled: false },
      manualTransfer: { enabled: true, title: "bKash", instructions: "Send to 01700-000000" },
      returnWindowDays: 30,
      cardHoldMinutes: 45,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ cashOnDelivery: { enabled: false }, returnWindowDays: 30 });
    const methods = (await test.app.inject({ url: "/api/checkout/options" })).json().paymentMethods;
    expect(methods).toEqual([{ method: "manual_transfer", title: "bKash", instructions: "Send to 01700-000000" }]);

    const noInstructions = await api.put("/api/admin/settings/checkout", {
      cashOnDelivery: { enabled: true },
      manualTransfer: { enabled: true, title: "Bank", instructions: "" },
      returnWindowDays: 14,
      cardHoldMinutes: 10,
    });
    expect(noInstructions.statusCode).toBe(422);
    expect(Object.keys(noInstructions.json().error.fields).sort()).toEqual([
      "cardHoldMinutes",
      "manualTransfer.instructions",
    ]);
  });

  it("keep the store's time zone, which the storefront settings and coupon summaries use", async () => {
    const base = {
      cashOnDelivery: { enabled: true },
      manualTransfer: { enabled: true, title: "Bank", instructions: "Account 42" },
      returnWindowDays: 14,
      cardHoldMinutes: 30,
    };
    expect((await api.get("/api/admin/settings/checkout")).json().timeZone).toBe("UTC");
    const unknown = await api.put("/api/admin/settings/checkout", { ...base, timeZone: "Mars/Olympus_Mons" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields.timeZone).toMatch(/time zone/);

    const saved = await api.put("/api/admin/settings/checkout", { ...base, timeZone: "Asia/Tokyo" });
    expect(saved.json().timeZone).toBe("Asia/Tokyo");
    // Left out, the zone stays as it was.
    expect((await api.put("/api/admin/settings/checkout", base)).json().timeZone).toBe("Asia/Tokyo");
    await eventually(
      async () => (await test.app.inject({ url: "/api/storefront/settings" })).json().timeZone === "Asia/Tokyo",
      {
        what: "the storefront settings showing the new time zone",
      },
    );

    // 31 Dec 2026 20:00 UTC is already 1 Jan 2027 in Tokyo: the sentence says so.
    const coupon = await api.post("/api/admin/promotions/coupons", {
      title: "New year",
      method: "code",
      code: `TZ${Date.now().toString(36).toUpperCase()}`,
      kind: "percent",
      percentOff: 10,
      endsAt: "2026-12-31T20:00:00.000Z",
    });
    expect(coupon.statusCode).toBe(200);
    expect(coupon.json().summary).toContain("until 1 Jan 2027");
    await api.put("/api/admin/settings/checkout", { ...base, timeZone: "UTC" });
  });

  it("are closed to staff without the settings permission", async () => {
    const support = await signUpStaff(test, "Support");
    expect((await apiAs(test, support).get("/api/admin/settings/checkout")).statusCode).toBe(403);
  });
});
