/**
 * The activity log covers every staff write (issue 37, item 6): this walks every mutating
 * operation (POST, PUT, PATCH, DELETE) under /api/admin in the shop's OpenAPI document.
 * Each needs an entry in `cases` below: a valid call (with what it needs made first) that
 * must answer 2xx and leave at least one new activity-log entry. An operation with no
 * entry fails the first test, naming it, so a new staff write cannot be forgotten here.
 *
 * `notWalkedYet` lists the operations this walk does not call yet, each with why; it may
 * only shrink. (Issue 37 item 6 is open until it is empty: those operations' logging is
 * not proven here, and some log nothing today.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { deliver, insertOrder } from "./support/orders.ts";
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

type Answer = Awaited<ReturnType<ReturnType<typeof apiAs>["get"]>>;
/**
 * One operation's call: `prepare` makes what it needs (which may log entries of its own)
 * and answers an id; `call` is the operation itself, the only thing whose entries count.
 */
interface Case {
  prepare?: () => Promise<number | string>;
  call: (id: number | string) => Promise<Answer>;
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
/** A region no tax rate has yet (one rate per region). */
let regions = 0;
const region = () => `US-W${++regions}`;
const idOf = (answer: Answer): number => {
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json<{ id: number }>().id;
};

const popup = async () => idOf(await api.post("/api/admin/popups", { title: `Walk ${stamp()}`, text: "Hello" }));
const zone = async () =>
  idOf(await api.post("/api/admin/settings/delivery-zones", { name: `Walk ${stamp()}`, fee: 500 }));
const taxRate = async () =>
  idOf(
    await api.post("/api/admin/settings/tax-rates", {
      name: `Walk ${stamp()}`,
      region: region(),
      rateBasisPoints: 625,
    }),
  );
const role = async () =>
  idOf(await api.post("/api/admin/roles", { name: `Walk ${stamp()}`, description: "", permissions: ["reports"] }));

/** Series, product types, colors, sizes and fabrics: create, update and delete alike. */
const attributes = {
  series: () => ({ name: `Walk ${stamp()}`, description: "" }),
  "product-types": () => ({ name: `Walk ${stamp()}` }),
  colors: () => ({ name: `W${stamp()}`.slice(0, 40), hex: "#123456" }),
  sizes: () => ({ name: `W${stamp()}`.slice(0, 20), sortOrder: 50 }),
  fabrics: () => ({ name: `Walk ${stamp()}`, description: "" }),
} as const;
const attributeCases = Object.fromEntries(
  Object.entries(attributes).flatMap(([path, body]): [string, Case][] => {
    const make = async () => idOf(await api.post(`/api/admin/${path}`, body()));
    return [
      [`POST /api/admin/${path}`, { call: () => api.post(`/api/admin/${path}`, body()) }],
      [
        `PATCH /api/admin/${path}/{id}`,
        { prepare: make, call: (id) => api.patch(`/api/admin/${path}/${id}`, { name: body().name }) },
      ],
      [`DELETE /api/admin/${path}/{id}`, { prepare: make, call: (id) => api.delete(`/api/admin/${path}/${id}`) }],
    ];
  }),
);

/** The category tree: a category, a sub-category under it, a sub-sub-category under that. */
const category = async () => idOf(await api.post("/api/admin/categories", { name: `Walk ${stamp()}` }));
const subCategory = async () =>
  idOf(await api.post(`/api/admin/categories/${await category()}/sub-categories`, { name: `Walk ${stamp()}` }));
const subSubCategory = async () =>
  idOf(
    await api.post(`/api/admin/sub-categories/${await subCategory()}/sub-sub-categories`, { name: `Walk ${stamp()}` }),
  );
const treeCases: Record<string, Case> = {
  "POST /api/admin/categories": { call: () => api.post("/api/admin/categories", { name: `Walk ${stamp()}` }) },
  "PATCH /api/admin/categories/{id}": {
    prepare: category,
    call: (id) => api.patch(`/api/admin/categories/${id}`, { name: `Walk ${stamp()}` }),
  },
  "DELETE /api/admin/categories/{id}": { prepare: category, call: (id) => api.delete(`/api/admin/categories/${id}`) },
  "POST /api/admin/categories/{categoryId}/sub-categories": {
    prepare: category,
    call: (id) => api.post(`/api/admin/categories/${id}/sub-categories`, { name: `Walk ${stamp()}` }),
  },
  "PATCH /api/admin/sub-categories/{id}": {
    prepare: subCategory,
    call: (id) => api.patch(`/api/admin/sub-categories/${id}`, { isDisabled: true }),
  },
  "DELETE /api/admin/sub-categories/{id}": {
    prepare: subCategory,
    call: (id) => api.delete(`/api/admin/sub-categories/${id}`),
  },
  "POST /api/admin/sub-categories/{subCategoryId}/sub-sub-categories": {
    prepare: subCategory,
    call: (id) => api.post(`/api/admin/sub-categories/${id}/sub-sub-categories`, { name: `Walk ${stamp()}` }),
  },
  "PATCH /api/admin/sub-sub-categories/{id}": {
    prepare: subSubCategory,
    call: (id) => api.patch(`/api/admin/sub-sub-categories/${id}`, { isPremium: true }),
  },
  "DELETE /api/admin/sub-sub-categories/{id}": {
    prepare: subSubCategory,
    call: (id) => api.delete(`/api/admin/sub-sub-categories/${id}`),
  },
  "PUT /api/admin/categories/order": {
    call: async () => {
      const tree = (await api.get("/api/admin/categories")).json<{ id: number }[]>();
      return api.put("/api/admin/categories/order", { categoryIds: tree.map((row) => row.id).reverse() });
    },
  },
};

/** A customer to ban, unban or give roles to. */
const person = async () => (await signUp(test.app, { name: `Walk ${stamp()}` })).id;
const banned = async () => {
  const id = await person();
  expect((await api.post(`/api/admin/users/${id}/ban`, { reason: "Walk" })).statusCode).toBe(200);
  return id;
};
const warehouse = async () =>
  idOf(await api.post("/api/admin/inventory/warehouses", { name: `Walk ${stamp()}`, code: `W${stamp()}`.slice(-10) }));
const moreCases: Record<string, Case> = {
  "POST /api/admin/users/{userId}/password-reset": {
    prepare: person,
    call: (id) => api.post(`/api/admin/users/${id}/password-reset`),
  },
  "DELETE /api/admin/users/{userId}/sessions/{sessionId}": {
    prepare: person,
    call: async (id) => {
      const { sessions } = (await api.get(`/api/admin/users/${id}`)).json<{ sessions: { id: string }[] }>();
      return api.delete(`/api/admin/users/${id}/sessions/${sessions[0]?.id}`);
    },
  },
  "POST /api/admin/users/{userId}/ban": {
    prepare: person,
    call: (id) => api.post(`/api/admin/users/${id}/ban`, { reason: "Walk" }),
  },
  "POST /api/admin/users/{userId}/unban": { prepare: banned, call: (id) => api.post(`/api/admin/users/${id}/unban`) },
  "PUT /api/admin/users/{userId}/roles": {
    prepare: person,
    call: async (id) => api.put(`/api/admin/users/${id}/roles`, { roleIds: [await role()] }),
  },
  "PUT /api/admin/settings/checkout": {
    call: async () => {
      const current = (await api.get("/api/admin/settings/checkout")).json();
      return api.put("/api/admin/settings/checkout", {
        cashOnDelivery: current.cashOnDelivery,
        manualTransfer: current.manualTransfer,
        returnWindowDays: current.returnWindowDays + 1,
        cardHoldMinutes: current.cardHoldMinutes,
      });
    },
  },
  "PUT /api/admin/promotions/new-arrivals": {
    call: async () => {
      const current = (await api.get("/api/admin/promotions/new-arrivals")).json();
      return api.put("/api/admin/promotions/new-arrivals", {
        mode: current.mode === "recent" ? "newest" : "recent",
        days: 30,
        version: current.version,
      });
    },
  },
  "POST /api/admin/inventory/warehouses": {
    call: () =>
      api.post("/api/admin/inventory/warehouses", { name: `Walk ${stamp()}`, code: `W${stamp()}`.slice(-10) }),
  },
  "PUT /api/admin/inventory/warehouses/{id}": {
    prepare: warehouse,
    call: (id) =>
      api.put(`/api/admin/inventory/warehouses/${id}`, {
        name: `Walk ${stamp()}`,
        code: `W${stamp()}`.slice(-10),
        address: "1 Walk Road",
        priority: 30,
      }),
  },
};

/** A placed order of a customer of its own (staff act on it). */
const order = async () => (await insertOrder(test.db, { userId: (await signUp(test.app, { name: "Buyer" })).id })).id;
const versionOf = async (id: number | string) =>
  (await api.get(`/api/admin/orders/${id}`)).json<{ version: number }>().version;
const orderCases: Record<string, Case> = {
  "POST /api/admin/orders/{id}/check": {
    prepare: order,
    call: async (id) => api.post(`/api/admin/orders/${id}/check`, { checked: true, version: await versionOf(id) }),
  },
  "POST /api/admin/orders/{id}/notes": {
    prepare: order,
    call: (id) => api.post(`/api/admin/orders/${id}/notes`, { message: "Walk: call the customer" }),
  },
  "POST /api/admin/orders/bulk": {
    prepare: order,
    call: (id) => api.post("/api/admin/orders/bulk", { action: "check", ids: [id] }),
  },
  "POST /api/admin/orders/{id}/status": {
    prepare: order,
    call: async (id) => api.post(`/api/admin/orders/${id}/status`, { to: "confirmed", version: await versionOf(id) }),
  },
};

/** A customer's customization request, new. */
const customRequest = async () => {
  const customer = await signUp(test.app, { name: "Maker" });
  const type = (await api.get("/api/admin/product-types")).json<{ id: number }[]>()[0];
  const created = await test.app.inject({
    method: "POST",
    url: "/api/customization-requests",
    headers: { authorization: `Bearer ${customer.token}` },
    payload: {
      productTypeId: type?.id,
      size: "M",
      color: "Indigo",
      quantity: 1,
      description: "A hoodie with a walk on the back.",
      contact: { name: "Maker", email: customer.email, phone: "+1 555 0100" },
    },
  });
  return idOf(created);
};
const requestVersion = async (id: number | string) =>
  (await api.get(`/api/admin/customization-requests/${id}`)).json<{ version: number }>().version;
const customizationCases: Record<string, Case> = {
  "POST /api/admin/customization-requests/{id}/check": {
    prepare: customRequest,
    call: async (id) =>
      api.post(`/api/admin/customization-requests/${id}/check`, { version: await requestVersion(id), isChecked: true }),
  },
  "POST /api/admin/customization-requests/{id}/quote": {
    prepare: customRequest,
    call: async (id) =>
      api.post(`/api/admin/customization-requests/${id}/quote`, {
        version: await requestVersion(id),
        price: 4500,
        deliveryTime: "2 weeks",
      }),
  },
  "POST /api/admin/customization-requests/{id}/reject": {
    prepare: customRequest,
    call: async (id) =>
      api.post(`/api/admin/customization-requests/${id}/reject`, {
        version: await requestVersion(id),
        reason: "We cannot make that.",
      }),
  },
};

/** A customer's cancellation (of a placed order) or return (of a delivered one), approved or not: its id. */
const requestVersionOf = async (id: number | string) =>
  Number((await test.pool.query("select version from order_requests where id = $1", [id])).rows[0]?.version);
const orderRequest = async (kind: "cancel" | "return", approved = false) => {
  const buyer = await signUp(test.app, { name: "Returner" });
  const placed = await insertOrder(test.db, { userId: buyer.id }, { quantity: 2 });
  if (kind === "return") await deliver(test.db, placed.id);
  const asked = await test.app.inject({
    method: "POST",
    url: `/api/my-orders/${placed.number}/requests`,
    headers: { authorization: `Bearer ${buyer.token}` },
    payload:
      kind === "cancel"
        ? { kind, reason: "I changed my mind." }
        : { kind, reason: "It is too small.", items: [{ orderLineId: placed.lineIds[0], quantity: 1 }] },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const id = Number(
    (await test.pool.query("select id from order_requests where history_id = $1", [placed.id])).rows[0]?.id,
  );
  if (approved) {
    const ok = await api.post(`/api/admin/order-requests/${id}/approve`, {
      version: await requestVersionOf(id),
      note: "Send it to 1 Walk Lane.",
    });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return id;
};
const requestCases: Record<string, Case> = {
  "POST /api/admin/order-requests/{id}/approve": {
    prepare: () => orderRequest("cancel"),
    call: async (id) =>
      api.post(`/api/admin/order-requests/${id}/approve`, { version: await requestVersionOf(id), note: "Done." }),
  },
  "POST /api/admin/order-requests/{id}/reject": {
    prepare: () => orderRequest("cancel"),
    call: async (id) =>
      api.post(`/api/admin/order-requests/${id}/reject`, {
        version: await requestVersionOf(id),
        reason: "It has already shipped.",
      }),
  },
  "POST /api/admin/order-requests/{id}/received": {
    prepare: () => orderRequest("return", true),
    call: async (id) => api.post(`/api/admin/order-requests/${id}/received`, { version: await requestVersionOf(id) }),
  },
};

/** A scheduled discount on everything, a year from now (it never touches the other cases' prices). */
const discountBody = () => ({
  title: `Walk ${stamp()}`,
  kind: "percent",
  value: 10,
  targetType: "all",
  startsAt: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
});
const discount = async () => idOf(await api.post("/api/admin/promotions/discounts", discountBody()));
const discountCases: Record<string, Case> = {
  "POST /api/admin/promotions/discounts": { call: () => api.post("/api/admin/promotions/discounts", discountBody()) },
  "PUT /api/admin/promotions/discounts/{id}": {
    prepare: discount,
    call: async (id) => {
      const all = (await api.get("/api/admin/promotions/discounts")).json<{ id: number; version: number }[]>();
      const version = all.find((row) => row.id === id)?.version;
      return api.put(`/api/admin/promotions/discounts/${id}`, { ...discountBody(), value: 15, version });
    },
  },
  "DELETE /api/admin/promotions/discounts/{id}": {
    prepare: discount,
    call: (id) => api.delete(`/api/admin/promotions/discounts/${id}`),
  },
};

const cases: Record<string, Case> = {
  ...discountCases,
  ...requestCases,
  ...customizationCases,
  ...orderCases,
  ...moreCases,
  ...treeCases,
  ...attributeCases,
  "POST /api/admin/popups": {
    call: () => api.post("/api/admin/popups", { title: `Walk ${stamp()}`, text: "Hello" }),
  },
  "PUT /api/admin/popups/{id}": {
    prepare: popup,
    call: (id) => api.put(`/api/admin/popups/${id}`, { title: `Walk ${stamp()}`, text: "Changed" }),
  },
  "POST /api/admin/popups/{id}/enabled": {
    prepare: popup,
    call: (id) => api.post(`/api/admin/popups/${id}/enabled`, { isEnabled: false }),
  },
  "DELETE /api/admin/popups/{id}": { prepare: popup, call: (id) => api.delete(`/api/admin/popups/${id}`) },
  "POST /api/admin/settings/delivery-zones": {
    call: () => api.post("/api/admin/settings/delivery-zones", { name: `Walk ${stamp()}`, fee: 500 }),
  },
  "PUT /api/admin/settings/delivery-zones/{id}": {
    prepare: zone,
    call: (id) => api.put(`/api/admin/settings/delivery-zones/${id}`, { name: `Walk ${stamp()}`, fee: 700 }),
  },
  "DELETE /api/admin/settings/delivery-zones/{id}": {
    prepare: zone,
    call: (id) => api.delete(`/api/admin/settings/delivery-zones/${id}`),
  },
  "POST /api/admin/settings/tax-rates": {
    call: () =>
      api.post("/api/admin/settings/tax-rates", { name: `Walk ${stamp()}`, region: region(), rateBasisPoints: 625 }),
  },
  "PUT /api/admin/settings/tax-rates/{id}": {
    prepare: taxRate,
    call: (id) =>
      api.put(`/api/admin/settings/tax-rates/${id}`, {
        name: `Walk ${stamp()}`,
        region: "US-TX",
        rateBasisPoints: 650,
      }),
  },
  "DELETE /api/admin/settings/tax-rates/{id}": {
    prepare: taxRate,
    call: (id) => api.delete(`/api/admin/settings/tax-rates/${id}`),
  },
  "POST /api/admin/roles": {
    call: () => api.post("/api/admin/roles", { name: `Walk ${stamp()}`, description: "", permissions: ["reports"] }),
  },
  "PATCH /api/admin/roles/{id}": {
    prepare: role,
    call: (id) =>
      api.patch(`/api/admin/roles/${id}`, {
        name: `Walk ${stamp()}`,
        description: "",
        permissions: ["reports", "orders"],
      }),
  },
  "DELETE /api/admin/roles/{id}": { prepare: role, call: (id) => api.delete(`/api/admin/roles/${id}`) },
  "PUT /api/admin/sizes/order": {
    prepare: async () => 0,
    call: async () => {
      const sizes = (await api.get("/api/admin/sizes")).json<{ id: number }[]>();
      return api.put("/api/admin/sizes/order", { sizeIds: sizes.map((size) => size.id).reverse() });
    },
  },
  "PUT /api/admin/inventory/settings": {
    call: () =>
      api.put("/api/admin/inventory/settings", { lowStockDefault: 6, onlyLeftBelow: 5, reorderCoverDays: 30 }),
  },
};

const NOT_WALKED = "not walked yet: a valid call is still to be written here; its logging is unproven";
/** Operations the walk does not call yet (issue 37 item 6, left open), and why. May only shrink. */
const notWalkedYet: Record<string, string> = Object.fromEntries(
  [
    "DELETE /api/admin/collabs/{id}/coupons/{couponId}",
    "DELETE /api/admin/promotions/coupons/{id}",
    "POST /api/admin/collabs",
    "POST /api/admin/collabs/{id}/coupons",
    "POST /api/admin/collabs/{id}/statements",
    "POST /api/admin/collabs/statements/{id}/paid",
    "POST /api/admin/drops",
    "POST /api/admin/inventory/counts",
    "POST /api/admin/inventory/counts/import",
    "POST /api/admin/inventory/stock/adjust",
    "POST /api/admin/inventory/stock/incoming",
    "POST /api/admin/inventory/transfers",
    "POST /api/admin/inventory/transfers/{id}/receive",
    "POST /api/admin/media",
    "POST /api/admin/orders/{id}/refund",
    "POST /api/admin/orders/{id}/verify-payment",
    "POST /api/admin/payments/refunds",
    "POST /api/admin/payments/refunds/{id}/settle",
    "POST /api/admin/payments/remittances",
    "POST /api/admin/payments/verifications/{id}",
    "POST /api/admin/products",
    "POST /api/admin/products/bulk",
    "POST /api/admin/products/import",
    "POST /api/admin/promotions/coupons",
    "POST /api/admin/promotions/coupons/{id}/active",
    "POST /api/admin/promotions/coupons/{id}/codes",
    "POST /api/admin/promotions/coupons/{id}/duplicate",
    "POST /api/admin/sync/sales-count",
    "PUT /api/admin/collabs/{id}",
    "PUT /api/admin/drops/{id}",
    "PUT /api/admin/inventory/thresholds",
    "PUT /api/admin/products/{id}",
    "PUT /api/admin/promotions/coupons/{id}",
  ].map((operation) => [operation, NOT_WALKED]),
);

async function mutatingAdminOperations(): Promise<string[]> {
  const answer = await test.app.inject({ url: "/api/docs/json" });
  expect(answer.statusCode).toBe(200);
  const doc = answer.json<{ paths: Record<string, Record<string, unknown>> }>();
  const operations: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/admin/")) continue;
    for (const method of Object.keys(item)) {
      if (["post", "put", "patch", "delete"].includes(method)) operations.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return operations.sort();
}

const entries = async () =>
  Number((await test.pool.query<{ n: string }>("select count(*) as n from activity_log")).rows[0]?.n ?? 0);

describe("every mutating admin operation in the OpenAPI document", () => {
  it("has a case in this walk's table (or is listed as not walked yet, with why)", async () => {
    const operations = await mutatingAdminOperations();
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations.filter((operation) => !(operation in cases) && !(operation in notWalkedYet));
    expect(
      missing,
      `Add a case to \`cases\` in apps/server/test/activity-log-coverage.test.ts for: ${missing.join(", ")}`,
    ).toEqual([]);
    const stale = [...Object.keys(cases), ...Object.keys(notWalkedYet)].filter((key) => !operations.includes(key));
    expect(stale, "entries for operations the document no longer has").toEqual([]);
    const both = Object.keys(cases).filter((key) => key in notWalkedYet);
    expect(both, "walked operations must leave the not-walked list").toEqual([]);
  });

  for (const [operation, { prepare, call }] of Object.entries(cases)) {
    it(`${operation} leaves an activity-log entry`, async () => {
      const id = prepare ? await prepare() : 0;
      const before = await entries();
      const answer = await call(id);
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(
        await entries(),
        `${operation} answered ${answer.statusCode} but left no activity-log entry`,
      ).toBeGreaterThan(before);
    });
  }
});
