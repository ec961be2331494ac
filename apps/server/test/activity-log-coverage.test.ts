/**
 * The activity log covers every staff write (issue 37, item 6): this walks every mutating
 * operation (POST, PUT, PATCH, DELETE) under /api/admin in the shop's OpenAPI document.
 * Each needs an entry in `cases` below: a valid call (with what it needs made first) that
 * must answer 2xx and leave at least one new activity-log entry. An operation with no
 * entry fails the first test, naming it, so a new staff write cannot be forgotten here.
 *
 * Every one is walked: the table may not leave one out (issue 37 item 6).
 */
import { generateSync } from "otplib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff, type TestUser, tokenOf } from "./support/auth.ts";
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
  /** Puts back what the call changed when the other cases depend on it (after the count). */
  undo?: (id: number | string) => Promise<void>;
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
const apiTokenBody = () => ({
  name: `Walk ${stamp()}`,
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  permissions: ["reports"],
});
const webhookBody = () => ({
  url: `https://hooks-${stamp()}.atelier.invalid/events`,
  events: ["order.placed", "product.updated"],
});
const makeWebhook = async () => {
  const made = await api.post("/api/admin/webhooks", webhookBody());
  expect(made.statusCode, made.body).toBe(200);
  return made.json<{ endpoint: { id: number } }>().endpoint.id;
};
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
    // The role is made first: its own creation is logged, and only the assignment may count.
    prepare: async () => `${await person()}/${await role()}`,
    call: (ids) => {
      const [id, roleId] = String(ids).split("/");
      return api.put(`/api/admin/users/${id}/roles`, { roleIds: [Number(roleId)] });
    },
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

/** A code coupon (10% off), its id. */
const couponBody = () => ({
  title: `Walk ${stamp()}`,
  method: "code",
  code: `WALK${stamp()}`,
  kind: "percent",
  percentOff: 10,
});
const coupon = async () => idOf(await api.post("/api/admin/promotions/coupons", couponBody()));
const couponOf = async (id: number | string) =>
  (await api.get(`/api/admin/promotions/coupons/${id}`)).json<{
    version: number;
    code: string;
    isActive: boolean;
  }>();
const couponCases: Record<string, Case> = {
  "POST /api/admin/promotions/coupons": { call: () => api.post("/api/admin/promotions/coupons", couponBody()) },
  "PUT /api/admin/promotions/coupons/{id}": {
    prepare: coupon,
    call: async (id) => {
      const { version, code } = await couponOf(id);
      return api.put(`/api/admin/promotions/coupons/${id}`, { ...couponBody(), code, percentOff: 20, version });
    },
  },
  "POST /api/admin/promotions/coupons/{id}/active": {
    prepare: coupon,
    call: async (id) => {
      const { version, isActive } = await couponOf(id);
      return api.post(`/api/admin/promotions/coupons/${id}/active`, { isActive: !isActive, version });
    },
  },
  "POST /api/admin/promotions/coupons/{id}/codes": {
    prepare: coupon,
    call: (id) =>
      api.post(`/api/admin/promotions/coupons/${id}/codes`, { count: 2, prefix: "walk-", length: 8, usageLimit: 1 }),
  },
  "POST /api/admin/promotions/coupons/{id}/duplicate": {
    prepare: coupon,
    call: (id) => api.post(`/api/admin/promotions/coupons/${id}/duplicate`),
  },
  "DELETE /api/admin/promotions/coupons/{id}": {
    prepare: coupon,
    call: (id) => api.delete(`/api/admin/promotions/coupons/${id}`),
  },
};

/** A valid product: the first category chain, two sizes × one color, SKUs of its own. */
const productBody = async () => {
  const options = (await api.get("/api/admin/products/options")).json<{
    categories: { id: number; subCategories: { id: number; subSubCategories: { id: number }[] }[] }[];
    sizes: { id: number }[];
    colors: { id: number }[];
    productTypes: { id: number }[];
  }>();
  const category = options.categories.find((c) => c.subCategories.some((sub) => sub.subSubCategories.length > 0));
  const sub = category?.subCategories.find((candidate) => candidate.subSubCategories.length > 0);
  const sku = `WALK-${stamp()}`;
  return {
    name: `Walk Tee ${stamp()}`,
    description: "A tee for the walk.",
    price: 2500,
    categoryId: category?.id,
    subCategoryId: sub?.id,
    subSubCategoryId: sub?.subSubCategories[0]?.id,
    productTypeId: options.productTypes[0]?.id,
    tags: [],
    variants: options.sizes.slice(0, 2).map((size, index) => ({
      sizeId: size.id,
      colorId: options.colors[0]?.id,
      sku: `${sku}-${index}`,
      stock: 0,
    })),
  };
};
const product = async () => idOf(await api.post("/api/admin/products", await productBody()));
const productOf = async (id: number | string) =>
  (await api.get(`/api/admin/products/${id}`)).json<{
    name: string;
    version: number;
    variants: { id: number; sku: string }[];
  }>();
/** A live artist at 10% since 2020, with no products. */
const collabBody = () => {
  const name = `Walk ${stamp()}`;
  return {
    kind: "artist",
    name,
    slug: `walk-${stamp()}`,
    bio: "Walks.",
    socialLinks: [],
    country: "PT",
    status: "live",
    productIds: [],
    rateKind: "percent",
    ratePercent: 10,
    rateStartsAt: "2020-01-01T00:00:00Z",
  };
};
const collab = async () => idOf(await api.post("/api/admin/collabs", collabBody()));
/** A collaborator with a referral coupon linked: "collabId/couponId". */
const linkedCoupon = async () => {
  const [id, couponId] = [await collab(), await coupon()];
  const linked = await api.post(`/api/admin/collabs/${id}/coupons`, { couponId });
  expect(linked.statusCode, linked.body).toBe(200);
  return `${id}/${couponId}`;
};
const statementPeriod = { periodStart: "2020-01-01T00:00:00Z", periodEnd: "2020-02-01T00:00:00Z" };
const statement = async () => idOf(await api.post(`/api/admin/collabs/${await collab()}/statements`, statementPeriod));
/** A drop of a new product of its own (a product is in one drop at most), a year away. */
const dropBody = (productId: number) => ({
  title: `Walk ${stamp()}`,
  productIds: [productId],
  launchAt: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
});
const collabCases: Record<string, Case> = {
  "POST /api/admin/collabs": { call: () => api.post("/api/admin/collabs", collabBody()) },
  "PUT /api/admin/collabs/{id}": {
    prepare: collab,
    call: async (id) => {
      const { version, slug } = (await api.get(`/api/admin/collabs/${id}`)).json<{ version: number; slug: string }>();
      return api.put(`/api/admin/collabs/${id}`, { ...collabBody(), slug, version });
    },
  },
  "POST /api/admin/collabs/{id}/coupons": {
    // The coupon is made first: its own creation is logged, and only the link may count.
    prepare: async () => `${await collab()}/${await coupon()}`,
    call: (ids) => {
      const [id, couponId] = String(ids).split("/");
      return api.post(`/api/admin/collabs/${id}/coupons`, { couponId: Number(couponId) });
    },
  },
  "DELETE /api/admin/collabs/{id}/coupons/{couponId}": {
    prepare: linkedCoupon,
    call: (ids) => api.delete(`/api/admin/collabs/${ids}`.replace(/\/(\d+)$/, "/coupons/$1")),
  },
  "POST /api/admin/collabs/{id}/statements": {
    prepare: collab,
    call: (id) => api.post(`/api/admin/collabs/${id}/statements`, statementPeriod),
  },
  "POST /api/admin/collabs/statements/{id}/paid": {
    prepare: statement,
    call: (id) => api.post(`/api/admin/collabs/statements/${id}/paid`, { reference: "WALK-1" }),
  },
  "POST /api/admin/drops": { prepare: product, call: (id) => api.post("/api/admin/drops", dropBody(Number(id))) },
  "PUT /api/admin/drops/{id}": {
    prepare: async () => idOf(await api.post("/api/admin/drops", dropBody(await product()))),
    call: async (id) => {
      const { productIds } = (await api.get(`/api/admin/drops/${id}`)).json<{ productIds: number[] }>();
      return api.put(`/api/admin/drops/${id}`, { ...dropBody(productIds[0] ?? 0), perCustomerLimit: 2 });
    },
  },
};

const productCases: Record<string, Case> = {
  "POST /api/admin/products": { call: async () => api.post("/api/admin/products", await productBody()) },
  "PUT /api/admin/products/{id}": {
    prepare: product,
    call: async (id) => {
      const current = await productOf(id);
      const body = await productBody();
      return api.put(`/api/admin/products/${id}`, {
        ...body,
        variants: current.variants.map((variant, index) => ({ ...body.variants[index], sku: variant.sku })),
        version: current.version,
      });
    },
  },
  "POST /api/admin/products/bulk": {
    prepare: product,
    call: (id) => api.post("/api/admin/products/bulk", { action: "publish", ids: [id] }),
  },
  "POST /api/admin/products/import": {
    prepare: product,
    call: async (id) => {
      const { name } = await productOf(id);
      const exported = (await api.get(`/api/admin/products/export?search=${encodeURIComponent(name)}`)).body;
      return api.post("/api/admin/products/import", { csv: exported.replace(/"25\.00"/g, '"21.00"') });
    },
  },
  "POST /api/admin/sync/sales-count": {
    call: () => api.post("/api/admin/sync/sales-count", { afterId: null, batchSize: 1 }),
  },
  "POST /api/admin/media": {
    call: async () =>
      test.app.inject({
        method: "POST",
        url: "/api/admin/media",
        headers: { "content-type": "image/png", authorization: `Bearer ${owner.token}` },
        payload: await sharp({
          create: { width: 40, height: 30, channels: 3, background: { r: ++regions % 256, g: 90, b: 40 } },
        })
          .png()
          .toBuffer(),
      }),
  },
};

/** A new product's first variant with 5 units in a warehouse of its own: "variantId/warehouseId/sku". */
const stocked = async () => {
  const { variants } = await productOf(await product());
  const [variant, where] = [variants[0], await warehouse()];
  const received = await api.post("/api/admin/inventory/stock/adjust", {
    variantId: variant?.id,
    warehouseId: where,
    change: 5,
    reason: "received",
  });
  expect(received.statusCode, received.body).toBe(200);
  return `${variant?.id}/${where}/${variant?.sku}`;
};
const parts = (id: number | string) => {
  const [variantId, warehouseId, sku] = String(id).split("/");
  return { variantId: Number(variantId), warehouseId: Number(warehouseId), sku: sku ?? "" };
};
const transfer = async () => {
  const { variantId, warehouseId } = parts(await stocked());
  return idOf(
    await api.post("/api/admin/inventory/transfers", {
      variantId,
      fromWarehouseId: warehouseId,
      toWarehouseId: await warehouse(),
      quantity: 2,
    }),
  );
};
const inventoryCases: Record<string, Case> = {
  "POST /api/admin/inventory/stock/adjust": {
    prepare: stocked,
    call: (id) => {
      const { variantId, warehouseId } = parts(id);
      return api.post("/api/admin/inventory/stock/adjust", { variantId, warehouseId, change: -1, reason: "damaged" });
    },
  },
  "POST /api/admin/inventory/stock/incoming": {
    prepare: stocked,
    call: (id) => {
      const { variantId, warehouseId } = parts(id);
      return api.post("/api/admin/inventory/stock/incoming", {
        variantId,
        warehouseId,
        incoming: 4,
        expectedOn: "2030-01-01",
      });
    },
  },
  "POST /api/admin/inventory/transfers": {
    // The destination is made first: its own creation is logged, and only the transfer may count.
    prepare: async () => `${await stocked()}/${await warehouse()}`,
    call: (ids) => {
      const { variantId, warehouseId } = parts(ids);
      return api.post("/api/admin/inventory/transfers", {
        variantId,
        fromWarehouseId: warehouseId,
        toWarehouseId: Number(String(ids).split("/")[3]),
        quantity: 1,
      });
    },
  },
  "POST /api/admin/inventory/transfers/{id}/receive": {
    prepare: transfer,
    call: (id) => api.post(`/api/admin/inventory/transfers/${id}/receive`),
  },
  "POST /api/admin/inventory/counts": {
    prepare: stocked,
    call: (id) => {
      const { warehouseId, sku } = parts(id);
      return api.post("/api/admin/inventory/counts", { warehouseId, lines: [{ sku, counted: 7 }] });
    },
  },
  "POST /api/admin/inventory/counts/import": {
    prepare: stocked,
    call: (id) => {
      const { warehouseId, sku } = parts(id);
      return api.post("/api/admin/inventory/counts/import", {
        warehouseId,
        csv: `sku,counted\n${sku},3\n`,
        dryRun: false,
      });
    },
  },
  "PUT /api/admin/inventory/thresholds": {
    prepare: stocked,
    call: (id) => api.put("/api/admin/inventory/thresholds", { variantId: parts(id).variantId, threshold: 2 }),
  },
};

/** A cash-on-delivery order staff have verified as paid. */
const paidOrder = async () => {
  const id = await order();
  const verified = await api.post(`/api/admin/orders/${id}/verify-payment`, { version: await versionOf(id) });
  expect(verified.statusCode, verified.body).toBe(200);
  return id;
};
/** A refund of a paid order with no reference yet: it waits in the manual queue. */
const pendingRefund = async () => {
  const id = await paidOrder();
  const refunded = await api.post("/api/admin/payments/refunds", {
    orderId: id,
    version: await versionOf(id),
    amount: 1000,
    reason: "Walk",
  });
  expect(refunded.statusCode, refunded.body).toBe(200);
  return refunded.json<{ refundId: number }>().refundId;
};
const courier = `Walk courier ${stamp()}`;
const paymentCases: Record<string, Case> = {
  "POST /api/admin/orders/{id}/verify-payment": {
    prepare: order,
    call: async (id) => api.post(`/api/admin/orders/${id}/verify-payment`, { version: await versionOf(id) }),
  },
  "POST /api/admin/orders/{id}/refund": {
    prepare: paidOrder,
    call: async (id) =>
      api.post(`/api/admin/orders/${id}/refund`, { amount: 1000, reason: "Walk", version: await versionOf(id) }),
  },
  "POST /api/admin/payments/refunds": {
    prepare: paidOrder,
    call: async (id) =>
      api.post("/api/admin/payments/refunds", {
        orderId: id,
        version: await versionOf(id),
        amount: 1000,
        reason: "Walk",
      }),
  },
  "POST /api/admin/payments/refunds/{id}/settle": {
    prepare: pendingRefund,
    call: (id) =>
      api.post(`/api/admin/payments/refunds/${id}/settle`, { outcome: "succeeded", reference: "WALK-CASH-1" }),
  },
  "POST /api/admin/payments/verifications/{id}": {
    prepare: async () => {
      const id = await order();
      await test.pool.query(
        "update buying_history set payment_method = 'manual_transfer', payment_state = 'awaiting_verification', transfer_reference = 'WALK-1' where id = $1",
        [id],
      );
      return id;
    },
    call: async (id) =>
      api.post(`/api/admin/payments/verifications/${id}`, {
        version: await versionOf(id),
        decision: "verify",
        note: "Seen in the bank",
      }),
  },
  "POST /api/admin/payments/remittances": {
    prepare: async () => {
      const id = await order();
      await test.pool.query(
        "update buying_history set payment_method = 'cod', status = 'delivered', courier = $2 where id = $1",
        [id, courier],
      );
      return id;
    },
    call: async (id) => {
      const total = Number(
        (await test.pool.query("select total from buying_history where id = $1", [id])).rows[0]?.total,
      );
      return api.post("/api/admin/payments/remittances", { courier, orderIds: [id], amount: total, reference: "Walk" });
    },
  },
};

/**
 * The Owner's rule "staff need a second factor": only an Owner signed in with one may turn
 * it on, so a second Owner turns TOTP on (a real code from otplib) and signs in with it;
 * the rule is turned off again after the count, or every later case's Owner would be refused.
 */
const origin = { origin: "http://localhost:3000" };
const securityCases: Record<string, Case> = {
  "PUT /api/admin/security-settings": {
    prepare: async () => {
      const second = await signUpStaff(test, "Owner");
      const enable = await test.app.inject({
        method: "POST",
        url: "/api/auth/two-factor/enable",
        headers: { ...bearer(second.token), ...origin },
        payload: { password: second.password },
      });
      expect(enable.statusCode, enable.body).toBe(200);
      const secret = new URL(enable.json<{ totpURI: string }>().totpURI).searchParams.get("secret") ?? "";
      const verified = await test.app.inject({
        method: "POST",
        url: "/api/auth/two-factor/verify-totp",
        headers: { ...bearer(second.token), ...origin },
        payload: { code: generateSync({ secret }) },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      return tokenOf(verified);
    },
    call: (token) =>
      apiAs(test, { token: String(token) }).put("/api/admin/security-settings", { requireStaffSecondFactor: true }),
    undo: async (token) => {
      const off = await apiAs(test, { token: String(token) }).put("/api/admin/security-settings", {
        requireStaffSecondFactor: false,
      });
      expect(off.statusCode, off.body).toBe(200);
    },
  },
};

const cases: Record<string, Case> = {
  ...securityCases,
  ...paymentCases,
  ...inventoryCases,
  ...productCases,
  ...collabCases,
  ...couponCases,
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
  // Admin API tokens (issue 38 item 2): making one and revoking it.
  "POST /api/admin/api-tokens": { call: () => api.post("/api/admin/api-tokens", apiTokenBody()) },
  "POST /api/admin/api-tokens/{id}/revoke": {
    prepare: async () => {
      const made = await api.post("/api/admin/api-tokens", apiTokenBody());
      expect(made.statusCode, made.body).toBe(200);
      return made.json<{ token: { id: number } }>().token.id;
    },
    call: (id) => api.post(`/api/admin/api-tokens/${id}/revoke`),
  },
  // Outbound webhooks (issue 38 item 1): an address that does not resolve here is accepted.
  "POST /api/admin/webhooks": { call: () => api.post("/api/admin/webhooks", webhookBody()) },
  "PATCH /api/admin/webhooks/{id}": {
    prepare: makeWebhook,
    call: (id) => api.patch(`/api/admin/webhooks/${id}`, { description: "Changed" }),
  },
  "DELETE /api/admin/webhooks/{id}": { prepare: makeWebhook, call: (id) => api.delete(`/api/admin/webhooks/${id}`) },
  "POST /api/admin/webhooks/{id}/rotate-secret": {
    prepare: makeWebhook,
    call: (id) => api.post(`/api/admin/webhooks/${id}/rotate-secret`, { overlapHours: 1 }),
  },
  "POST /api/admin/webhooks/{id}/test": {
    prepare: makeWebhook,
    call: (id) => api.post(`/api/admin/webhooks/${id}/test`),
  },
  "POST /api/admin/webhook-deliveries/{id}/redeliver": {
    prepare: async () => {
      const sent = await api.post(`/api/admin/webhooks/${await makeWebhook()}/test`);
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json<{ id: number }>().id;
    },
    call: (id) => api.post(`/api/admin/webhook-deliveries/${id}/redeliver`),
  },
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
  it("has a case in this walk's table", async () => {
    const operations = await mutatingAdminOperations();
    expect(operations.length).toBeGreaterThan(50);
    const missing = operations.filter((operation) => !(operation in cases));
    expect(
      missing,
      `Add a case to \`cases\` in apps/server/test/activity-log-coverage.test.ts for: ${missing.join(", ")}`,
    ).toEqual([]);
    const stale = Object.keys(cases).filter((key) => !operations.includes(key));
    expect(stale, "entries for operations the document no longer has").toEqual([]);
  });

  for (const [operation, { prepare, call, undo }] of Object.entries(cases)) {
    it(`${operation} leaves an activity-log entry`, async () => {
      const id = prepare ? await prepare() : 0;
      const before = await entries();
      const answer = await call(id);
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(
        await entries(),
        `${operation} answered ${answer.statusCode} but left no activity-log entry`,
      ).toBeGreaterThan(before);
      await undo?.(id);
    });
  }
});
