/**
 * The staff activity log (issue 20): each hooked staff action writes one entry in its own
 * transaction with the changed fields before and after; only staff holding `roles` read
 * it (anonymous 401, customer 403, staff without `roles` 403); filters and CSV work; and
 * nothing secret is ever stored.
 */
import { ActivityLogPage, AdminProduct } from "@atelier/contract";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog } from "../src/db/schema/index.ts";
import { recordActivity } from "../src/modules/activity-log/index.ts";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { insertOrder } from "./support/orders.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let owner: TestUser;
let manager: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  test = await createTestApp();
  owner = await signUpStaff(test, "Owner");
  manager = await signUpStaff(test, "Manager");
  shopper = await signUp(test.app, { name: "Ada" });
});
afterAll(() => test.close());

async function logPage(query: Record<string, string> = {}) {
  const response = await apiAs(test, owner).get(`/api/admin/activity-log?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return ActivityLogPage.parse(response.json());
}

/** The newest entry for a subject (and action), asserting there is exactly one new one. */
async function latest(subjectType: string, subjectId: string | number, action?: string) {
  const page = await logPage({ subjectType, subjectId: String(subjectId), ...(action ? { action } : {}) });
  const entry = page.items[0];
  if (!entry) throw new Error(`no ${action ?? ""} entry for ${subjectType} ${subjectId}`);
  return { entry, count: page.total };
}

async function adminProduct(id: number) {
  return AdminProduct.parse((await apiAs(test, owner).get(`/api/admin/products/${id}`)).json());
}

describe("who may read it", () => {
  it("answers 401 anonymous, 403 to customers and to staff without Role Management", async () => {
    for (const url of ["/api/admin/activity-log", "/api/admin/activity-log/export"]) {
      expect((await test.app.inject({ url })).statusCode).toBe(401);
      expect((await apiAs(test, shopper).get(url)).statusCode).toBe(403);
      expect((await apiAs(test, manager).get(url)).statusCode).toBe(403);
      expect((await apiAs(test, owner).get(url)).statusCode).toBe(200);
    }
  });
});

describe("product edits", () => {
  it("records a price and stock change with only the changed fields, then publish and unpublish", async () => {
    const product = await adminProduct(1);
    const [first] = product.variants;
    if (!first) throw new Error("the demo product has no variant");
    const body = {
      ...product,
      price: product.price + 100,
      variants: product.variants.map((variant, index) =>
        index === 0 ? { ...variant, stock: variant.stock + 7 } : variant,
      ),
    };
    const saved = await apiAs(test, manager).put(`/api/admin/products/${product.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);

    const { entry, count } = await latest("product", product.id, "product.update");
    expect(count).toBe(1);
    expect(entry).toMatchObject({
      action: "product.update",
      actionLabel: "Edited a product",
      actor: { id: manager.id, name: manager.name, email: manager.email },
      subject: { type: "product", id: String(product.id), label: product.name },
    });
    const variantKey = Object.keys(entry.after ?? {}).find((key) => key.startsWith("variant "));
    const money = (amount: number) => `${product.currency} ${(amount / 100).toFixed(2)}`;
    expect(entry.before).toEqual({
      price: money(product.price),
      [variantKey ?? "?"]: { sku: first.sku, stock: first.stock },
    });
    expect(entry.after).toEqual({
      price: money(product.price + 100),
      [variantKey ?? "?"]: { sku: first.sku, stock: first.stock + 7 },
    });

    // A save that changes nothing writes nothing.
    const again = await adminProduct(product.id);
    expect((await apiAs(test, manager).put(`/api/admin/products/${product.id}`, again)).statusCode).toBe(200);
    expect((await latest("product", product.id, "product.update")).count).toBe(1);

    const state = (await adminProduct(product.id)).isPublished;
    const first1 = state ? "unpublish" : "publish";
    const second = state ? "publish" : "unpublish";
    for (const action of [first1, second]) {
      const bulk = await apiAs(test, manager).post("/api/admin/products/bulk", { action, ids: [product.id] });
      expect(bulk.statusCode, bulk.body).toBe(200);
      const published = await latest("product", product.id, `product.${action}`);
      expect(published.count).toBe(1);
      expect(published.entry.before).toEqual({ isPublished: action !== "publish" });
      expect(published.entry.after).toEqual({ isPublished: action === "publish" });
    }
  });
});

describe("orders", () => {
  it("records payment verification, a refund and a status change by staff", async () => {
    const order = await insertOrder(test.db, { userId: shopper.id });
    const staff = apiAs(test, owner);
    const version = async () => (await staff.get(`/api/admin/orders/${order.id}`)).json().version as number;

    const verified = await staff.post(`/api/admin/orders/${order.id}/verify-payment`, { version: await version() });
    expect(verified.statusCode, verified.body).toBe(200);
    const payment = await latest("order", order.id, "order.verify-payment");
    expect(payment.entry.subject.label).toBe(order.number);
    expect(payment.entry.before).toMatchObject({ paymentState: "unpaid" });
    expect(payment.entry.after).toMatchObject({ paymentState: "paid", amount: "USD 55.00", method: "cod" });

    const refunded = await staff.post(`/api/admin/orders/${order.id}/refund`, {
      amount: 1000,
      reason: "Damaged seam",
      version: await version(),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = await latest("order", order.id, "order.refund");
    // Fields only one side has read as null on the other.
    expect(refund.entry.before).toEqual({ paymentState: "paid", refunded: "USD 0.00", amount: null, reason: null });
    expect(refund.entry.after).toEqual({
      paymentState: "partially_refunded",
      refunded: "USD 10.00",
      amount: "USD 10.00",
      reason: "Damaged seam",
    });

    const status = await staff.post(`/api/admin/orders/${order.id}/status`, {
      to: "confirmed",
      version: await version(),
    });
    expect(status.statusCode, status.body).toBe(200);
    const changed = await latest("order", order.id, "order.status");
    expect(changed.entry.before).toEqual({ status: "placed" });
    expect(changed.entry.after).toEqual({ status: "confirmed" });
  });
});

describe("roles, permissions and bans", () => {
  it("records role creation, permission changes, a user's roles, ban and unban", async () => {
    const staff = apiAs(test, owner);
    const created = await staff.post("/api/admin/roles", {
      name: "Auditors",
      description: "Read the books",
      permissions: ["reports"],
    });
    expect(created.statusCode, created.body).toBe(200);
    const role = created.json() as { id: number };
    expect((await latest("role", role.id, "role.create")).entry.after).toEqual({
      name: "Auditors",
      description: "Read the books",
      permissions: ["reports"],
    });

    const updated = await staff.patch(`/api/admin/roles/${role.id}`, {
      name: "Auditors",
      description: "Read the books",
      permissions: ["reports", "orders"],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const permissionChange = await latest("role", role.id, "role.update");
    expect(permissionChange.entry.before).toEqual({ permissions: ["reports"] });
    expect(permissionChange.entry.after).toEqual({ permissions: ["orders", "reports"] });

    const person = await signUp(test.app, { name: "Bea" });
    expect((await staff.put(`/api/admin/users/${person.id}/roles`, { roleIds: [role.id] })).statusCode).toBe(200);
    const roles = await latest("user", person.id, "user.roles");
    expect(roles.entry.before).toEqual({ roles: [] });
    expect(roles.entry.after).toEqual({ roles: ["Auditors"] });
    expect(roles.entry.subject.label).toBe(`Bea <${person.email}>`);

    expect((await staff.post(`/api/admin/users/${person.id}/ban`, { reason: "Fraud" })).statusCode).toBe(200);
    const ban = await latest("user", person.id, "user.ban");
    expect(ban.entry.before).toEqual({ banned: false, banReason: null });
    expect(ban.entry.after).toEqual({ banned: true, banReason: "Fraud" });
    expect((await staff.post(`/api/admin/users/${person.id}/unban`)).statusCode).toBe(200);
    expect((await latest("user", person.id, "user.unban")).entry.after).toEqual({ banned: false, banReason: null });

    expect((await staff.put(`/api/admin/users/${person.id}/roles`, { roleIds: [] })).statusCode).toBe(200);
    expect((await staff.delete(`/api/admin/roles/${role.id}`)).statusCode).toBe(200);
    expect((await latest("role", role.id, "role.delete")).entry.before).toMatchObject({ name: "Auditors" });
  });

  it("writes nothing when the change is refused", async () => {
    const before = (await logPage()).total;
    // The Owner role keeps every permission: 422, and no entry.
    const roles = (await apiAs(test, owner).get("/api/admin/roles")).json() as { id: number; name: string }[];
    const ownerRole = roles.find((role) => role.name === "Owner");
    const refused = await apiAs(test, owner).patch(`/api/admin/roles/${ownerRole?.id}`, {
      name: "Owner",
      permissions: ["orders"],
    });
    expect(refused.statusCode).toBe(422);
    expect((await logPage()).total).toBe(before);
  });
});

describe("store settings", () => {
  it("records checkout settings, delivery zones, tax rates and the navbar order", async () => {
    const staff = apiAs(test, owner);
    const current = (await staff.get("/api/admin/settings/checkout")).json();
    const saved = await staff.put("/api/admin/settings/checkout", {
      cashOnDelivery: current.cashOnDelivery,
      manualTransfer: current.manualTransfer,
      returnWindowDays: current.returnWindowDays + 1,
      cardHoldMinutes: current.cardHoldMinutes,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await latest("settings", "checkout", "settings.checkout");
    expect(settings.entry.before).toEqual({ returnWindowDays: current.returnWindowDays });
    expect(settings.entry.after).toEqual({ returnWindowDays: current.returnWindowDays + 1 });

    const zone = (await staff.post("/api/admin/settings/delivery-zones", { name: "Islands", fee: 2500 })).json();
    expect((await latest("delivery-zone", zone.id, "delivery-zone.create")).entry.after).toMatchObject({
      name: "Islands",
      fee: 2500,
    });
    await staff.put(`/api/admin/settings/delivery-zones/${zone.id}`, { name: "Islands", fee: 3000, isActive: true });
    const zoneChange = await latest("delivery-zone", zone.id, "delivery-zone.update");
    expect(zoneChange.entry.before).toMatchObject({ fee: 2500 });
    expect(zoneChange.entry.after).toMatchObject({ fee: 3000 });
    expect((await staff.delete(`/api/admin/settings/delivery-zones/${zone.id}`)).statusCode).toBe(200);
    expect((await latest("delivery-zone", zone.id, "delivery-zone.delete")).entry.after).toBeNull();

    const rate = (
      await staff.post("/api/admin/settings/tax-rates", { name: "Texas", region: "US-TX", rateBasisPoints: 625 })
    ).json();
    expect((await latest("tax-rate", rate.id, "tax-rate.create")).entry.after).toMatchObject({ rateBasisPoints: 625 });

    const categories = (await test.app.inject({ url: "/api/admin/view-product-categories" })).json() as {
      id: number;
      name: string;
    }[];
    const reversed = [...categories].reverse();
    const ordered = await staff.put("/api/admin/categories/order", { categoryIds: reversed.map((row) => row.id) });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const navbar = await latest("settings", "navbar", "settings.navbar");
    expect(navbar.entry.before).toEqual({ order: categories.map((row) => row.name) });
    expect(navbar.entry.after).toEqual({ order: reversed.map((row) => row.name) });
  });
});

describe("filters and CSV", () => {
  it("filters by staff member, action group, subject, dates and words, newest first", async () => {
    const all = await logPage({ pageSize: "100" });
    expect(all.total).toBeGreaterThan(10);
    const times = all.items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.actors.map((actor) => actor.id).sort()).toEqual([manager.id, owner.id].sort());

    const byManager = await logPage({ actor: manager.id });
    expect(byManager.total).toBeGreaterThan(0);
    expect(byManager.items.every((entry) => entry.actor.id === manager.id)).toBe(true);

    const orders = await logPage({ action: "order" });
    expect(orders.items.map((entry) => entry.action).sort()).toEqual([
      "order.refund",
      "order.status",
      "order.verify-payment",
    ]);
    expect((await logPage({ action: "order.refund" })).total).toBe(1);

    const today = new Date().toISOString().slice(0, 10);
    expect((await logPage({ from: today, to: today })).total).toBe(all.total);
    expect((await logPage({ to: "2000-01-01" })).total).toBe(0);
    expect((await logPage({ search: "Islands" })).items.every((entry) => entry.subject.label === "Islands")).toBe(true);
    expect((await logPage({ search: "islands" })).total).toBe(3);
    expect((await logPage({ search: "%" })).total).toBe(0); // LIKE characters are literal

    const paged = await logPage({ pageSize: "2", page: "2" });
    expect(paged.items.map((entry) => entry.id)).toEqual(all.items.slice(2, 4).map((entry) => entry.id));

    const bad = await apiAs(test, owner).get("/api/admin/activity-log?from=yesterday");
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });

  it("exports the filtered entries as CSV with formulas escaped", async () => {
    await recordActivity(test.db, {
      actor: { id: owner.id, name: owner.name, email: owner.email },
      action: "product.update",
      subject: { type: "product", id: 999_999, label: '=HYPERLINK("http://evil")' },
      before: { name: "a" },
      after: { name: "b" },
    });
    const response = await apiAs(test, owner).get("/api/admin/activity-log/export?action=order");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toMatch(
      /attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const parsed = Papa.parse<Record<string, string>>(response.body, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([
      "time",
      "staff",
      "staff_email",
      "action",
      "action_label",
      "subject_type",
      "subject_id",
      "subject",
      "before",
      "after",
    ]);
    expect(parsed.data.map((row) => row.action).sort()).toEqual([
      "order.refund",
      "order.status",
      "order.verify-payment",
    ]);
    const refund = parsed.data.find((row) => row.action === "order.refund");
    expect(JSON.parse(refund?.after ?? "{}")).toMatchObject({ amount: "USD 10.00" });

    const evil = await apiAs(test, owner).get("/api/admin/activity-log/export?subjectId=999999");
    const [row] = Papa.parse<Record<string, string>>(evil.body, { header: true, skipEmptyLines: true }).data;
    expect(row?.subject?.startsWith("'=")).toBe(true);
  });
});

describe("secrets", () => {
  it("never stores passwords, tokens or card data, whatever a caller passes", async () => {
    await recordActivity(test.db, {
      actor: { id: owner.id, name: owner.name, email: owner.email },
      action: "settings.checkout",
      subject: { type: "settings", id: "secrets-probe", label: "Paid with 4242 4242 4242 4242" },
      before: { password: "violet-harbour-42", stripe: { webhookSecret: "whsec_abc123" } },
      after: {
        password: "another-one-43",
        accessToken: owner.token,
        cardNumber: "4242424242424242",
        note: `Bearer ${owner.token}`,
        stripe: { webhookSecret: "whsec_def456" },
      },
    });
    const rows = await test.db.select().from(activityLog);
    const stored = JSON.stringify(rows);
    for (const secret of [
      "violet-harbour-42",
      "another-one-43",
      owner.token,
      owner.password,
      manager.password,
      "4242424242424242",
      "4242 4242 4242 4242",
      "whsec_abc123",
      "whsec_def456",
    ]) {
      expect(stored).not.toContain(secret);
    }
    const { entry } = await latest("settings", "secrets-probe");
    expect(entry.subject.label).toBe("Paid with [redacted]");
    expect(entry.after).toMatchObject({ password: "[redacted]", cardNumber: "[redacted]", note: "[redacted]" });
  });
});
