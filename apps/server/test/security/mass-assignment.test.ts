/**
 * Mass assignment: fields a caller may not set — ids, owners, roles and admin flags,
 * prices and totals, payment and order states, counters, versions — sent as extras in
 * the bodies of the create and update calls are ignored, never stored. A walk over every
 * contract body schema checks that none accepts unknown keys (zod strips them), and the
 * focused cases check the database after the real calls, including better-auth's own.
 */
import { randomUUID } from "node:crypto";
import * as contract from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bearer, signUp, signUpStaff, type TestUser } from "../support/auth.ts";
import { address, addToCart, newGuest, stockedVariants } from "../support/checkout-shopping.ts";
import { createTestApp, type TestApp } from "../support/index.ts";

let test: TestApp;
let admin: TestUser;
let victim: TestUser;

beforeAll(async () => {
  test = await createTestApp();
  admin = await signUpStaff(test, "Owner");
  victim = await signUp(test.app, { name: "Victim" });
});
afterAll(() => test.close());

const extras = {
  id: "attacker-chosen-id",
  userId: "someone-else",
  role: "Owner",
  roles: ["Owner"],
  isAdmin: true,
  permissions: ["roles", "settings"],
  emailVerified: true,
  banned: false,
  price: 1,
  unitPrice: 1,
  total: 1,
  subtotal: 1,
  status: "delivered",
  paymentState: "paid",
  isChecked: true,
  salesCount: 99_999,
  version: 999,
  createdAt: "2000-01-01T00:00:00Z",
};

async function query<T extends Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await test.pool.query<T>(sql, values)).rows;
}

async function isStaff(token: string): Promise<boolean> {
  const answer = await test.app.inject({ url: "/api/admin/checkIfAdmin", headers: bearer(token) });
  return answer.statusCode === 200 && answer.json().isAdmin === true;
}

type Schema = { _zod?: { def: Record<string, unknown> } };

/** Paths of object schemas inside `schema` that keep unknown keys (a catchall that is not `never`). */
function looseObjects(schema: Schema, where: string, seen = new Set<unknown>()): string[] {
  const def = schema?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const found: string[] = [];
  const visit = (child: unknown, path: string) => found.push(...looseObjects(child as Schema, path, seen));
  if (def.type === "object") {
    const catchall = def.catchall as Schema | undefined;
    if (catchall && catchall._zod?.def.type !== "never") found.push(where);
    for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) visit(child, `${where}.${key}`);
  }
  for (const key of ["innerType", "in", "out", "element", "left", "right", "valueType"]) {
    if (def[key]) visit(def[key], where);
  }
  for (const option of (def.options as unknown[] | undefined) ?? []) visit(option, where);
  return found;
}

describe("unknown fields", () => {
  it("are dropped by every contract body schema: none keeps unknown keys", () => {
    const bodies = Object.entries(contract)
      .filter(([name]) => name.endsWith("Endpoints"))
      .flatMap(([, endpoints]) =>
        Object.values(endpoints as Record<string, { method: string; path: string; body?: unknown }>),
      )
      .filter((endpoint) => endpoint.body);
    expect(bodies.length).toBeGreaterThan(30);
    // The walk sees a loose object wherever it hides (not a vacuous check).
    const probe = z.object({ list: z.array(z.looseObject({ a: z.string() })).optional() }).transform((value) => value);
    expect(looseObjects(probe as unknown as Schema, "probe")).toEqual(["probe.list"]);
    const loose = bodies.flatMap((endpoint) =>
      looseObjects(endpoint.body as Schema, `${endpoint.method} ${endpoint.path}`),
    );
    expect(loose).toEqual([]);
  });

  it("do not make a sign-up staff, verified or someone else", async () => {
    const user = await signUp(test.app, { extra: extras });
    expect(user.id).not.toBe(extras.id);
    const [row] = await query<{ email_verified: boolean }>(`select email_verified from "user" where id = $1`, [
      user.id,
    ]);
    expect(row?.email_verified).toBe(false);
    expect(await isStaff(user.token)).toBe(false);
    expect(await query("select 1 from user_role where user_id = $1", [user.id])).toEqual([]);
  });

  it("do not change a user's email, verification or roles through better-auth's update-user", async () => {
    const user = await signUp(test.app);
    const answer = await test.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: bearer(user.token),
      payload: { name: "Renamed", email: "taken-over@example.com", ...extras },
    });
    expect([200, 400]).toContain(answer.statusCode);
    const [row] = await query<{ email: string; email_verified: boolean }>(
      `select email, email_verified from "user" where id = $1`,
      [user.id],
    );
    expect(row).toEqual({ email: user.email, email_verified: false });
    expect(await isStaff(user.token)).toBe(false);
  });

  it("do not reach another account or a role through the profile", async () => {
    const user = await signUp(test.app);
    const answer = await test.app.inject({
      method: "PATCH",
      url: "/api/me/profile",
      headers: bearer(user.token),
      payload: { name: "New Name", phone: "+1 212 555 0199", email: "other@example.com", ...extras, userId: victim.id },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await query<{ id: string; name: string; email: string }>(
      `select id, name, email from "user" where id in ($1, $2) order by name`,
      [user.id, victim.id],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: user.id, name: "New Name", email: user.email },
        { id: victim.id, name: "Victim", email: victim.email },
      ]),
    );
    expect(await isStaff(user.token)).toBe(false);
  });

  it("do not set a cart line's price or put it in another cart", async () => {
    const [variant] = await stockedVariants(test, 1, 20);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    const answer = await test.app.inject({
      method: "POST",
      url: "/api/cart/lines",
      headers: guest.headers,
      payload: { variantId: variant.id, quantity: 1, seenUnitPrice: 1, cartId: 1, ...extras, userId: victim.id },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const lines = await query<{ seen_unit_price: number; guest_id: string | null; user_id: string | null }>(
      `select l.seen_unit_price, c.guest_id, c.user_id from cart_lines l join carts c on c.id = l.cart_id
       where l.variant_id = $1`,
      [variant.id],
    );
    expect(lines).toEqual([
      {
        seen_unit_price: variant.price,
        guest_id: "guestId" in guest.owner ? guest.owner.guestId : null,
        user_id: null,
      },
    ]);
  });

  it("do not set an order's amounts, state, payment or owner at checkout", async () => {
    const [variant] = await stockedVariants(test, 1, 20, 3);
    if (!variant) throw new Error("no variant");
    const guest = await newGuest(test);
    await addToCart(test, guest, variant.id, 2);
    const zoneId = (await test.app.inject({ url: "/api/checkout/options" })).json().zones[0].id;
    const answer = await test.app.inject({
      method: "POST",
      url: "/api/checkout/orders",
      headers: { ...guest.headers, "idempotency-key": randomUUID() },
      payload: {
        contact: { email: "mass@example.com", phone: "+1 555 0100" },
        address,
        deliveryZoneId: zoneId,
        paymentMethod: "cod",
        ...extras,
        discount: 1_000_000,
        deliveryFee: 0,
        lines: [{ variantId: variant.id, quantity: 1, unitPrice: 1 }],
        userId: victim.id,
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [order] = await query<{
      user_id: string | null;
      subtotal: number;
      discount: number;
      total: number;
      status: string;
      payment_state: string;
      is_checked: boolean;
    }>(
      `select user_id, subtotal, discount, total, status, payment_state, is_checked from buying_history
       where email = 'mass@example.com'`,
    );
    expect(order?.user_id).toBeNull();
    expect(order?.subtotal).toBe(variant.price * 2);
    expect(order?.discount).toBe(0);
    expect(order?.total).toBeGreaterThanOrEqual(variant.price * 2);
    expect(order?.status).not.toBe("delivered");
    expect(order?.payment_state).not.toBe("paid");
    expect(order?.is_checked).toBe(false);
  });

  it("do not set a product's id, counters, version or dates through the product form", async () => {
    const [{ id } = { id: 0 }] = await query<{ id: number }>("select id from products order by id limit 1");
    const [before] = await query("select id, sales_count, version, created_at from products where id = $1", [id]);
    const product = (await test.app.inject({ url: `/api/admin/products/${id}`, headers: bearer(admin.token) })).json();
    const answer = await test.app.inject({
      method: "PUT",
      url: `/api/admin/products/${id}`,
      headers: bearer(admin.token),
      payload: { ...product, ...extras, price: product.price, version: product.version, id: id + 1 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [after] = await query("select id, sales_count, version, created_at from products where id = $1", [id]);
    expect(after).toEqual({ ...before, version: (before?.version as number) + 1 });
  });

  it("do not renumber or re-key a category, and do not widen a role or a user's roles", async () => {
    const [category] = await query<{ id: number; serial: number }>(
      "select id, serial from categories order by id limit 1",
    );
    if (!category) throw new Error("no category");
    const renamed = await test.app.inject({
      method: "PATCH",
      url: `/api/admin/categories/${category.id}`,
      headers: bearer(admin.token),
      payload: { name: "Renamed Category", ...extras, serial: 999, id: category.id + 1 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await query("select id, serial, name from categories where id = $1", [category.id])).toEqual([
      { ...category, name: "Renamed Category" },
    ]);

    const role = await test.app.inject({
      method: "POST",
      url: "/api/admin/roles",
      headers: bearer(admin.token),
      payload: { ...extras, name: "Packers", description: "", permissions: ["orders"], isOwner: true },
    });
    expect(role.statusCode, role.body).toBe(200);
    const roleId = role.json().id as number;
    expect(
      (await query<{ permission: string }>("select permission from role_permission where role_id = $1", [roleId])).map(
        (row) => row.permission,
      ),
    ).toEqual(["orders"]);

    const given = await test.app.inject({
      method: "PUT",
      url: `/api/admin/users/${victim.id}/roles`,
      headers: bearer(admin.token),
      payload: { roleIds: [roleId], ...extras },
    });
    expect(given.statusCode, given.body).toBe(200);
    const held = await query<{ name: string }>(
      "select r.name from user_role ur join role r on r.id = ur.role_id where ur.user_id = $1",
      [victim.id],
    );
    expect(held).toEqual([{ name: "Packers" }]);
  });
});
