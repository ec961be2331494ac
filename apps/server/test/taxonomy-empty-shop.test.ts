/**
 * A shop owner builds the catalogue taxonomy of an empty shop through the admin API
 * alone: every list starts empty, and what they add is what the storefront lists.
 */
import { Taxonomy } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpStaff } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // This file's own database: the demo catalogue goes, so the shop starts empty.
  await t.db.execute(sql`truncate products, sub_sub_categories, sub_categories, categories, series,
    product_types, colors, sizes, fabrics restart identity cascade`);
});
afterAll(() => t.close());

describe("an empty shop", () => {
  it("an owner builds the whole taxonomy through the admin, and the storefront lists it", async () => {
    const owner = apiAs(t, await signUpStaff(t, "Owner"));
    for (const list of ["series", "categories", "product-types", "colors", "sizes", "fabrics"]) {
      expect((await owner.get(`/api/admin/${list}`)).json(), list).toEqual([]);
    }

    const tops = (
      await owner.post("/api/admin/categories", { name: "Tops", isGenderVaried: true, isForMen: true })
    ).json();
    const bags = (await owner.post("/api/admin/categories", { name: "Bags" })).json();
    expect([tops.serial, bags.serial]).toEqual([1, 2]);
    const tees = (await owner.post(`/api/admin/categories/${tops.id}/sub-categories`, { name: "Tees" })).json();
    await owner.post(`/api/admin/sub-categories/${tees.id}/sub-sub-categories`, { name: "Graphic tees" });
    await owner.post("/api/admin/series", { name: "First Light", description: "Our first collection." });
    await owner.post("/api/admin/product-types", { name: "T-shirt" });
    await owner.post("/api/admin/colors", { name: "Ink", hex: "#1B1B1D" });
    await owner.post("/api/admin/sizes", { name: "M", sortOrder: 2 });
    await owner.post("/api/admin/fabrics", { name: "Organic cotton" });
    expect((await owner.put("/api/admin/categories/order", { categoryIds: [bags.id, tops.id] })).statusCode).toBe(200);

    const shop = Taxonomy.parse((await t.app.inject({ url: "/api/catalog/taxonomy" })).json());
    expect(shop.categories.map((row) => [row.name, row.serial])).toEqual([
      ["Bags", 1],
      ["Tops", 2],
    ]);
    expect(shop.subCategories.map((row) => row.name)).toEqual(["Tees"]);
    expect(shop.subSubCategories.map((row) => row.name)).toEqual(["Graphic tees"]);
    const series = (await t.app.inject({ url: "/api/catalog/series" })).json();
    expect(series).toMatchObject([{ name: "First Light", slug: "first-light" }]);
    expect((await owner.get("/api/admin/product-types")).json()).toMatchObject([{ name: "T-shirt", slug: "t-shirt" }]);
    expect((await owner.get("/api/admin/colors")).json()).toMatchObject([{ name: "Ink", hex: "#1b1b1d" }]);
    expect((await owner.get("/api/admin/sizes")).json()).toMatchObject([{ name: "M", sortOrder: 2 }]);
    expect((await owner.get("/api/admin/fabrics")).json()).toMatchObject([{ name: "Organic cotton" }]);
  });
});
