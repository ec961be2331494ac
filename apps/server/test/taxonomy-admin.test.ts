/**
 * Staff build the catalogue taxonomy through the admin API: series, categories with sub-
 * and sub-sub-categories, product types, colors, sizes, fabrics and the navigation order.
 * Duplicate names answer 409 naming the field, broken rules 422, rows still in use 409
 * saying what uses them, and the storefront sees every change at once.
 */
import {
  AdminCategory,
  AdminColor,
  AdminFabric,
  AdminProductType,
  AdminSeries,
  AdminSize,
  Category,
  Taxonomy,
  taxonomyAdminEndpoints,
} from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { bearer, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let t: TestApp;
let owner: ReturnType<typeof apiAs>;
let ownerToken: string;
let inventory: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  const ownerUser = await signUpStaff(t, "Owner");
  ownerToken = ownerUser.token;
  owner = apiAs(t, ownerUser);
  inventory = await signUpStaff(t, "Inventory");
});
afterAll(() => t.close());

const tree = async () => z.array(AdminCategory).parse((await owner.get("/api/admin/categories")).json());
const storefront = async () => Taxonomy.parse((await t.app.inject({ url: "/api/catalog/taxonomy" })).json());
const error = (response: { json: () => unknown }) =>
  z
    .object({
      error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
    })
    .parse(response.json()).error;

describe("categories", () => {
  it("an owner adds a category, a sub-category and a sub-sub-category, and the storefront lists them at once", async () => {
    await storefront(); // fills the response cache, which the writes must clear
    const created = await owner.post("/api/admin/categories", { name: "Outerwear", filename: null });
    expect(created.statusCode, created.body).toBe(200);
    const category = AdminCategory.parse(created.json());
    const before = await tree();
    expect(category.serial).toBe(Math.max(...before.map((row) => row.serial)));
    expect(before.at(-1)?.id).toBe(category.id);

    const sub = await owner.post(`/api/admin/categories/${category.id}/sub-categories`, { name: "Jackets" });
    expect(sub.statusCode, sub.body).toBe(200);
    const subId = z.object({ id: z.number() }).parse(sub.json()).id;
    const leaf = await owner.post(`/api/admin/sub-categories/${subId}/sub-sub-categories`, {
      name: "Rain jackets",
      isPremium: true,
    });
    expect(leaf.statusCode, leaf.body).toBe(200);

    const shop = await storefront();
    expect(shop.categories.find((row) => row.id === category.id)?.name).toBe("Outerwear");
    expect(shop.subCategories.find((row) => row.id === subId)).toMatchObject({ name: "Jackets", isDisabled: false });
    expect(shop.subSubCategories.find((row) => row.subCategoryId === subId)).toMatchObject({
      name: "Rain jackets",
      isPremium: true,
    });

    const disabled = await owner.patch(`/api/admin/sub-categories/${subId}`, { isDisabled: true });
    expect(disabled.json()).toMatchObject({ name: "Jackets", isDisabled: true });
    expect((await storefront()).subCategories.find((row) => row.id === subId)?.isDisabled).toBe(true);
  });

  it("refuses a second category of the same name, ignoring case, naming the field", async () => {
    const response = await owner.post("/api/admin/categories", { name: "TOPWEAR" });
    expect(response.statusCode).toBe(409);
    expect(error(response)).toMatchObject({ fields: { name: "is already used by another category" } });
    const sibling = (await tree()).find((row) => row.subCategories.length > 1);
    const [first, second] = sibling?.subCategories ?? [];
    const renamed = await owner.patch(`/api/admin/sub-categories/${second?.id}`, { name: first?.name.toUpperCase() });
    expect(renamed.statusCode).toBe(409);
    expect(error(renamed).fields).toEqual({ name: "is already used by another sub-category" });
  });

  it("asks which genders a gender-varied category is for", async () => {
    const response = await owner.post("/api/admin/categories", { name: "Swimwear", isGenderVaried: true });
    expect(response.statusCode).toBe(422);
    expect(error(response).fields).toHaveProperty("isForMen");
    const ok = await owner.post("/api/admin/categories", { name: "Swimwear", isGenderVaried: true, isForWomen: true });
    expect(ok.json()).toMatchObject({ isGenderVaried: true, isForMen: false, isForWomen: true });
    const plain = await owner.patch(`/api/admin/categories/${ok.json().id}`, { isGenderVaried: false });
    expect(plain.json()).toMatchObject({ isGenderVaried: false, isForWomen: false });
  });

  it("refuses invalid values with the field that is wrong", async () => {
    const response = await owner.post("/api/admin/categories", { name: "  ", isForMen: "yes" });
    expect(response.statusCode).toBe(422);
    expect(error(response).code).toBe("validation_failed");
    expect(error(response).fields).toMatchObject({ name: "is required", isForMen: expect.any(String) });
  });

  it("does not delete a category, sub-category or sub-sub-category that still holds products", async () => {
    const used = (await tree()).find((row) => row.productCount > 0);
    const sub = used?.subCategories.find((row) => row.productCount > 0);
    const leaf = sub?.subSubCategories.find((row) => row.productCount > 0);
    for (const [url, count, kind] of [
      [`/api/admin/categories/${used?.id}`, used?.productCount, "category"],
      [`/api/admin/sub-categories/${sub?.id}`, sub?.productCount, "sub-category"],
      [`/api/admin/sub-sub-categories/${leaf?.id}`, leaf?.productCount, "sub-sub-category"],
    ] as const) {
      const response = await owner.delete(url);
      expect(response.statusCode, url).toBe(409);
      expect(error(response).message).toContain(`${count} product${count === 1 ? "" : "s"} use`);
      expect(error(response).message).toContain(`this ${kind}`);
    }
  });

  it("deletes from the leaves up: a category with sub-categories waits for them", async () => {
    const category = AdminCategory.parse((await owner.post("/api/admin/categories", { name: "Archive" })).json());
    const sub = z
      .object({ id: z.number() })
      .parse((await owner.post(`/api/admin/categories/${category.id}/sub-categories`, { name: "Old" })).json());
    const refused = await owner.delete(`/api/admin/categories/${category.id}`);
    expect(refused.statusCode).toBe(409);
    expect(error(refused).message).toBe("This category still has 1 sub-category. Delete it first.");
    expect((await owner.delete(`/api/admin/sub-categories/${sub.id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/admin/categories/${category.id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/admin/categories/${category.id}`)).statusCode).toBe(404);
    expect((await storefront()).categories.some((row) => row.id === category.id)).toBe(false);
  });
});

describe("the navbar order", () => {
  const publicList = async () =>
    z.array(Category).parse((await t.app.inject({ url: "/api/admin/view-product-categories" })).json());

  it("saving a new order renumbers the serials and the storefront follows at once", async () => {
    const ids = (await publicList()).map((row) => row.id);
    const reversed = [...ids].reverse();
    const response = await owner.put("/api/admin/categories/order", { categoryIds: reversed });
    expect(response.statusCode, response.body).toBe(200);
    const after = await publicList();
    expect(after.map((row) => row.id)).toEqual(reversed);
    expect(after.map((row) => row.serial)).toEqual(reversed.map((_, index) => index + 1));
  });

  it("must list every category exactly once", async () => {
    const ids = (await publicList()).map((row) => row.id);
    for (const categoryIds of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 999_999]]) {
      const response = await owner.put("/api/admin/categories/order", { categoryIds });
      expect(response.statusCode).toBe(422);
      expect(error(response).fields).toEqual({ categoryIds: "must list every category exactly once" });
    }
  });

  it("needs the Settings permission", async () => {
    const ids = (await publicList()).map((row) => row.id);
    const response = await apiAs(t, inventory).put("/api/admin/categories/order", { categoryIds: ids });
    expect(response.statusCode).toBe(403);
  });
});

describe("series", () => {
  it("gets a unique slug from its name, and its name must be unique", async () => {
    const first = AdminSeries.parse((await owner.post("/api/admin/series", { name: "Été Noir!" })).json());
    expect(first).toMatchObject({ slug: "ete-noir", productCount: 0, description: "", filename: null });
    const second = AdminSeries.parse((await owner.post("/api/admin/series", { name: "Ete noir?" })).json());
    expect(second.slug).toBe("ete-noir-2");
    const duplicate = await owner.post("/api/admin/series", { name: "été noir!" });
    expect(duplicate.statusCode).toBe(409);
    expect(error(duplicate).fields).toEqual({ name: "is already used by another series" });
    const edited = await owner.patch(`/api/admin/series/${second.id}`, { name: "Midnight", description: "Dark." });
    expect(edited.json()).toMatchObject({ name: "Midnight", slug: "midnight", description: "Dark." });
    expect((await owner.delete(`/api/admin/series/${second.id}`)).statusCode).toBe(200);
    const names = (await t.app.inject({ url: "/api/catalog/series" })).json().map((row: { name: string }) => row.name);
    expect(names).toContain("Été Noir!");
    expect(names).not.toContain("Midnight");
  });

  it("is not deleted while products belong to it", async () => {
    const used = z
      .array(AdminSeries)
      .parse((await owner.get("/api/admin/series")).json())
      .find((row) => row.productCount > 0);
    const response = await owner.delete(`/api/admin/series/${used?.id}`);
    expect(response.statusCode).toBe(409);
    expect(error(response).message).toBe(
      `${used?.productCount} products use this series. Move them to another series first.`,
    );
  });
});

describe("attributes", () => {
  it("colors take a #rrggbb swatch, unique names, and stay while variants use them", async () => {
    const bad = await owner.post("/api/admin/colors", { name: "Moss", hex: "green" });
    expect(bad.statusCode).toBe(422);
    expect(error(bad).fields).toEqual({ hex: "must be a colour like #1f6feb" });
    const moss = AdminColor.parse((await owner.post("/api/admin/colors", { name: "Moss", hex: "#4A5D23" })).json());
    expect(moss.hex).toBe("#4a5d23");
    expect((await owner.post("/api/admin/colors", { name: "moss", hex: "#000000" })).statusCode).toBe(409);
    const used = z
      .array(AdminColor)
      .parse((await owner.get("/api/admin/colors")).json())
      .find((row) => row.productCount > 0);
    const refused = await owner.delete(`/api/admin/colors/${used?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(error(refused).message).toContain("use this color");
    expect((await owner.delete(`/api/admin/colors/${moss.id}`)).statusCode).toBe(200);
  });

  it("sizes keep an order that staff can rearrange", async () => {
    const xxs = AdminSize.parse((await owner.post("/api/admin/sizes", { name: "XXS", sortOrder: 0 })).json());
    const sizes = z.array(AdminSize).parse((await owner.get("/api/admin/sizes")).json());
    const reordered = [...sizes.filter((row) => row.id !== xxs.id).map((row) => row.id), xxs.id];
    const response = await owner.put("/api/admin/sizes/order", { sizeIds: reordered });
    expect(
      z
        .array(AdminSize)
        .parse(response.json())
        .map((row) => row.id),
    ).toEqual(reordered);
    expect((await owner.put("/api/admin/sizes/order", { sizeIds: reordered.slice(1) })).statusCode).toBe(422);
    expect((await owner.patch(`/api/admin/sizes/${xxs.id}`, { sortOrder: -1 })).statusCode).toBe(422);
  });

  it("fabrics and product types are not deleted while products use them", async () => {
    for (const [url, Row, kind] of [
      ["/api/admin/fabrics", AdminFabric, "fabric"],
      ["/api/admin/product-types", AdminProductType, "product type"],
    ] as const) {
      const used = z
        .array(Row)
        .parse((await owner.get(url)).json())
        .find((row) => row.productCount > 0);
      const refused = await owner.delete(`${url}/${used?.id}`);
      expect(refused.statusCode, url).toBe(409);
      expect(error(refused).message).toContain(`use this ${kind}`);
      const fresh = await owner.post(url, { name: `Spare ${kind}` });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect((await owner.post(url, { name: `SPARE ${kind}` })).statusCode).toBe(409);
      expect((await owner.delete(`${url}/${fresh.json().id}`)).statusCode).toBe(200);
    }
  });
});

describe("editing and deleting below a category", () => {
  it("a sub-sub-category is renamed, flagged premium and deleted; missing rows answer 404", async () => {
    const sub = (await tree()).flatMap((category) => category.subCategories)[0];
    const leaf = z
      .object({ id: z.number() })
      .parse((await owner.post(`/api/admin/sub-categories/${sub?.id}/sub-sub-categories`, { name: "Capes" })).json());
    const renamed = await owner.patch(`/api/admin/sub-sub-categories/${leaf.id}`, { name: "Ponchos", isPremium: true });
    expect(renamed.json()).toMatchObject({ name: "Ponchos", isPremium: true, productCount: 0 });
    expect((await owner.patch(`/api/admin/sub-sub-categories/${leaf.id}`, {})).json()).toMatchObject({
      name: "Ponchos",
    });
    expect((await owner.delete(`/api/admin/sub-sub-categories/${leaf.id}`)).statusCode).toBe(200);
    for (const [method, url] of [
      ["PATCH", `/api/admin/sub-sub-categories/${leaf.id}`],
      ["DELETE", `/api/admin/sub-sub-categories/${leaf.id}`],
      ["POST", `/api/admin/sub-categories/${leaf.id}/sub-sub-categories`],
      ["POST", "/api/admin/categories/999999/sub-categories"],
      ["PATCH", "/api/admin/series/999999"],
      ["DELETE", "/api/admin/colors/999999"],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(ownerToken),
        ...(method === "DELETE" ? {} : { payload: { name: "Anything" } }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe("permissions", () => {
  /** Any value fits every parameter: the access hook runs before params are validated. */
  const call = (token: string, endpoint: { method: string; path: string }) =>
    t.app.inject({
      method: endpoint.method as "GET",
      url: `/api${endpoint.path.replace(/:[A-Za-z]+/g, "1")}`,
      headers: bearer(token),
      ...(endpoint.method === "GET" ? {} : { payload: {} }),
    });

  it("every endpoint needs its menu group's permission: Support has none of them, Inventory all but Settings", async () => {
    const support = await signUpStaff(t, "Support");
    for (const endpoint of Object.values(taxonomyAdminEndpoints)) {
      const name = `${endpoint.method} ${endpoint.path}`;
      expect((await call(support.token, endpoint)).statusCode, `${name} as Support`).toBe(403);
      const asInventory = (await call(inventory.token, endpoint)).statusCode;
      const permission = typeof endpoint.access === "object" ? endpoint.access.permission : undefined;
      expect(["series", "categories", "productTypes", "attributes", "settings"], name).toContain(permission);
      if (permission === "settings") expect(asInventory, `${name} as Inventory`).toBe(403);
      else expect(asInventory, `${name} as Inventory`).not.toBe(403);
    }
  });

  it("the OpenAPI document describes every taxonomy endpoint", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, unknown> };
    for (const endpoint of Object.values(taxonomyAdminEndpoints)) {
      const path = `/api${endpoint.path.replace(/:([A-Za-z]+)/g, "{$1}")}`;
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  it("an Inventory clerk manages the catalogue groups; a Support agent is refused each of them", async () => {
    const support = apiAs(t, await signUpStaff(t, "Support"));
    const clerk = apiAs(t, inventory);
    for (const url of ["series", "categories", "product-types", "colors", "sizes", "fabrics"]) {
      expect((await clerk.get(`/api/admin/${url}`)).statusCode, url).toBe(200);
      expect((await support.get(`/api/admin/${url}`)).statusCode, url).toBe(403);
      expect((await support.post(`/api/admin/${url}`, { name: "Nope" })).statusCode, url).toBe(403);
    }
  });
});
