/**
 * Staff manage products: create and edit with variants, images and SEO; the checks that
 * keep bad input out (409 naming a taken slug or SKU, 422 beside the fields, 409 for a
 * save on an old version); publishing and deleting in bulk; the all-products table's
 * filters; CSV export and import with a dry run; and who may do it (products permission).
 */
import {
  AdminProduct,
  AdminProductRow,
  ImportReport,
  type ProductBody,
  ProductFormOptions,
  pageOf,
  UploadedImage,
} from "@atelier/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let t: TestApp;
let staff: TestUser;
let api: ReturnType<typeof apiAs>;
let options: ProductFormOptions;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t, "Inventory");
  api = apiAs(t, staff);
  options = ProductFormOptions.parse((await api.get("/api/admin/products/options")).json());
});
afterAll(() => t.close());

const Page = pageOf(AdminProductRow);
let counter = 0;

/** A valid product body: the first category chain, two sizes × two colors, unique SKUs. */
function productBody(overrides: Partial<ProductBody> = {}): ProductBody {
  counter += 1;
  const category = options.categories.find((c) => c.subCategories.some((s) => s.subSubCategories.length > 0));
  const sub = category?.subCategories.find((s) => s.subSubCategories.length > 0);
  const leaf = sub?.subSubCategories[0];
  if (!category || !sub || !leaf) throw new Error("the demo catalogue has no category chain");
  const [s1, s2] = options.sizes;
  const [c1, c2] = options.colors;
  if (!s1 || !s2 || !c1 || !c2) throw new Error("the demo catalogue needs two sizes and two colors");
  const variants = [s1, s2].flatMap((size) =>
    [c1, c2].map((color) => ({
      sizeId: size.id,
      colorId: color.id,
      sku: `T${counter}-${size.id}-${color.id}`,
      stock: 3,
    })),
  );
  return {
    name: `Harbour Hoodie ${counter}`,
    description: "Brushed **cotton**.",
    price: 4950,
    compareAtPrice: 5900,
    categoryId: category.id,
    subCategoryId: sub.id,
    subSubCategoryId: leaf.id,
    productTypeId: options.productTypes[0]?.id ?? 0,
    tags: ["winter"],
    variants,
    seoTitle: "Harbour Hoodie",
    ...overrides,
  };
}

async function create(overrides: Partial<ProductBody> = {}) {
  const response = await api.post("/api/admin/products", productBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return AdminProduct.parse(response.json());
}

async function uploadImage(): Promise<string> {
  counter += 1;
  const body = await sharp({
    create: { width: 300, height: 400, channels: 3, background: { r: counter, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/media",
    headers: { "content-type": "image/png", ...bearer(staff.token) },
    payload: body,
  });
  return UploadedImage.parse(response.json()).filename;
}

describe("creating a product", () => {
  it("saves it unpublished with its variants, images in order and a slug made from the name", async () => {
    const [main, second] = [await uploadImage(), await uploadImage()];
    const product = await create({
      name: "Salt & Pepper Tee",
      images: [
        { filename: main, alt: "Front" },
        { filename: second, alt: "Back" },
      ],
      sizeChart: { columns: ["Chest (cm)"], rows: [{ size: "M", values: ["100"] }] },
    });
    expect(product).toMatchObject({ slug: "salt-and-pepper-tee", isPublished: false, version: 1, price: 4950 });
    expect(product.variants).toHaveLength(4);
    expect(product.images.map((image) => [image.filename, image.alt])).toEqual([
      [main, "Front"],
      [second, "Back"],
    ]);
    expect(product.images[0]?.width).toBe(300);
    expect(product.sizeChart?.rows[0]?.values).toEqual(["100"]);

    const again = await create({ name: "Salt & Pepper Tee" });
    expect(again.slug).toBe("salt-and-pepper-tee-2");
  });

  it("refuses a slug or a SKU another product has, with 409 naming the field", async () => {
    const first = await create();
    const slugTaken = await api.post("/api/admin/products", productBody({ slug: first.slug }));
    expect(slugTaken.statusCode).toBe(409);
    expect(slugTaken.json().error.fields).toEqual({ slug: "is used by another product" });

    const body = productBody();
    const variants = body.variants.map((variant, index) =>
      index === 1 ? { ...variant, sku: first.variants[0]?.sku ?? "" } : variant,
    );
    const skuTaken = await api.post("/api/admin/products", { ...body, variants });
    expect(skuTaken.statusCode).toBe(409);
    expect(skuTaken.json().error.fields).toEqual({ "variants.1.sku": "is used by another product" });
  });

  it("refuses a price below zero and a variant without a size or color with 422 beside the fields", async () => {
    const body = productBody();
    const [first, ...rest] = body.variants;
    const response = await api.post("/api/admin/products", {
      ...body,
      price: -1,
      variants: [{ ...first, sizeId: null, colorId: undefined }, ...rest],
    });
    expect(response.statusCode).toBe(422);
    const fields = response.json().error.fields;
    expect(fields.price).toBe("must be zero or more");
    expect(fields["variants.0.sizeId"]).toBe("choose a size");
    expect(fields["variants.0.colorId"]).toBe("choose a color");
  });

  it("refuses a sub-sub-category of another category, and an image nobody uploaded, with 422", async () => {
    const other = options.categories
      .flatMap((category) =>
        category.subCategories.flatMap((sub) => sub.subSubCategories.map((leaf) => ({ category, leaf }))),
      )
      .find(({ category }) => category.id !== productBody().categoryId);
    const response = await api.post(
      "/api/admin/products",
      productBody({ subSubCategoryId: other?.leaf.id ?? 0, images: [{ filename: "nope.webp", alt: "" }] }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({
      subSubCategoryId: "belongs to another category or sub-category",
      "images.0.filename": "is not an uploaded image",
    });
  });

  it("refuses two variants of the same size and color, and a compare-at price below the price", async () => {
    const body = productBody({ compareAtPrice: 100 });
    const [first, second] = body.variants;
    const response = await api.post("/api/admin/products", {
      ...body,
      variants: [first, { ...second, sizeId: first?.sizeId, colorId: first?.colorId }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toMatchObject({
      compareAtPrice: "must be empty or at least the price",
      "variants.1.colorId": "repeats a size and color",
    });
  });
});

describe("editing a product", () => {
  it("keeps the ids of unchanged size×color variants and bumps the version", async () => {
    const product = await create();
    const kept = product.variants.slice(0, 3);
    const body = productBody({
      name: "Renamed",
      slug: product.slug,
      variants: kept.map((variant) => ({ ...variant, stock: 9 })),
    });
    const response = await api.put(`/api/admin/products/${product.id}`, { ...body, version: product.version });
    expect(response.statusCode, response.body).toBe(200);
    const saved = AdminProduct.parse(response.json());
    expect(saved.version).toBe(product.version + 1);
    expect(saved.variants.map((variant) => [variant.id, variant.stock])).toEqual(
      kept.map((variant) => [variant.id, 9]),
    );
  });

  it("refuses the later of two edits made on the same version with 409", async () => {
    const product = await create();
    const body = { ...productBody({ slug: product.slug, variants: product.variants }), version: product.version };
    expect((await api.put(`/api/admin/products/${product.id}`, { ...body, name: "First save" })).statusCode).toBe(200);
    const late = await api.put(`/api/admin/products/${product.id}`, { ...body, name: "Second save" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe("This product was changed by someone else. Reload to see their changes.");
    const stored = AdminProduct.parse((await api.get(`/api/admin/products/${product.id}`)).json());
    expect(stored.name).toBe("First save");
  });

  it("answers 404 for a product that does not exist", async () => {
    expect((await api.get("/api/admin/products/999999")).statusCode).toBe(404);
  });
});

describe("the all-products table and bulk actions", () => {
  it("shows unpublished products to staff, publishes them in bulk and the storefront sees them", async () => {
    const product = await create({ name: "Lantern Cap" });
    const unpublished = Page.parse((await api.get("/api/admin/products?published=false&search=Lantern")).json());
    expect(unpublished.items.map((row) => row.id)).toContain(product.id);
    expect(unpublished.items[0]).toMatchObject({ skuCount: 4, stockTotal: 12, isPublished: false });

    const publish = await api.post("/api/admin/products/bulk", { action: "publish", ids: [product.id] });
    expect(publish.json()).toEqual({ affected: 1 });
    const published = Page.parse((await api.get("/api/admin/products?published=true&search=Lantern")).json());
    expect(published.items.map((row) => row.id)).toEqual([product.id]);
    const storefront = await t.app.inject({
      url: `/api/products?subSubCategoryId=${product.subSubCategoryId}&pageSize=60`,
    });
    expect(storefront.json().items.map((card: { id: number }) => card.id)).toContain(product.id);
  });

  it("filters by stock and sorts by price", async () => {
    const product = await create({
      name: "Sold Out Scarf",
      variants: productBody().variants.map((v) => ({ ...v, stock: 0 })),
    });
    const out = Page.parse((await api.get("/api/admin/products?stock=out&pageSize=100")).json());
    expect(out.items.map((row) => row.id)).toContain(product.id);
    expect(out.items.every((row) => row.stockTotal === 0)).toBe(true);
    const cheap = Page.parse((await api.get("/api/admin/products?sort=price-asc&pageSize=100")).json());
    const prices = cheap.items.map((row) => row.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("deletes products in bulk", async () => {
    const product = await create();
    expect((await api.post("/api/admin/products/bulk", { action: "delete", ids: [product.id] })).json()).toEqual({
      affected: 1,
    });
    expect((await api.get(`/api/admin/products/${product.id}`)).statusCode).toBe(404);
  });
});

describe("CSV export and import", () => {
  it("exports one row per variant as text/csv", async () => {
    const product = await create({ name: "Export Me Tee" });
    const response = await api.get("/api/admin/products/export?search=Export%20Me");
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toContain('"slug","name"');
    expect(lines).toHaveLength(1 + product.variants.length);
    expect(lines[1]).toContain('"49.50"');
  });

  it("reports row errors in a dry run and writes nothing, then imports a good file in one go", async () => {
    const product = await create({ name: "Import Base Tee" });
    const exported = (await api.get("/api/admin/products/export?search=Import%20Base")).body;
    const edited = exported.replace(/"49\.50"/g, '"39.00"');
    const newRow = edited
      .split("\r\n")[1]
      ?.replace(`"${product.slug}"`, '""')
      .replace('"Import Base Tee"', '"Imported Tee"')
      .replace(/"T\d+-/, '"NEW-');
    const broken = `${edited}\r\n${newRow?.replace('"39.00"', '"-2"')}`;

    const dry = await api.post("/api/admin/products/import?dryRun=true", { csv: broken });
    expect(dry.statusCode).toBe(200);
    const report = ImportReport.parse(dry.json());
    expect(report).toMatchObject({ rows: 5, creates: 1, updates: 1, written: false });
    expect(report.errors).toEqual([
      { row: 6, field: "price", message: "must be an amount of zero or more, like 12.50" },
    ]);
    expect((await api.post("/api/admin/products/import", { csv: broken })).statusCode).toBe(422);
    expect(AdminProduct.parse((await api.get(`/api/admin/products/${product.id}`)).json()).price).toBe(4950);

    const good = await api.post("/api/admin/products/import", { csv: `${edited}\r\n${newRow}` });
    expect(ImportReport.parse(good.json())).toMatchObject({ creates: 1, updates: 1, errors: [], written: true });
    const updated = AdminProduct.parse((await api.get(`/api/admin/products/${product.id}`)).json());
    expect(updated).toMatchObject({ price: 3900, version: product.version + 1 });
    expect(updated.variants.map((variant) => variant.id)).toEqual(product.variants.map((variant) => variant.id));
    const created = Page.parse((await api.get("/api/admin/products?search=Imported%20Tee")).json());
    expect(created.items).toHaveLength(1);
  });

  it("takes a CSV larger than Fastify's default 1 MB body limit, as the contract allows", async () => {
    const row = `,Bulk Tee in heavyweight organic cotton jersey,10,Nowhere,X,Y,${options.productTypes[0]?.name},M,${options.colors[0]?.name},,1`;
    const rows = Array.from({ length: 20_000 }, () => row);
    const csv = [
      "slug,name,price,category,sub_category,sub_sub_category,product_type,size,color,sku,stock",
      ...rows,
    ].join("\n");
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const response = await api.post("/api/admin/products/import?dryRun=true", { csv });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(ImportReport.parse(response.json()).rows).toBe(20_000);
  });

  it("names unknown categories, sizes and SKUs taken by other products in the report", async () => {
    const other = await create();
    const csv = [
      "slug,name,price,category,sub_category,sub_sub_category,product_type,size,color,sku,stock",
      `,Odd,10,Nowhere,X,Y,${options.productTypes[0]?.name},XXXL-nope,${options.colors[0]?.name},${other.variants[0]?.sku},1`,
    ].join("\n");
    const report = ImportReport.parse((await api.post("/api/admin/products/import?dryRun=true", { csv })).json());
    expect(report.errors).toEqual([
      { row: 2, field: "category", message: '"Nowhere" does not exist' },
      { row: 2, field: "size", message: '"XXXL-nope" does not exist' },
      { row: 2, field: "sku", message: "is used by a product not in this file" },
    ]);
  });
});

describe("who may manage products", () => {
  it("lets Inventory and Manager staff in, and keeps Support staff and customers out", async () => {
    const manager = apiAs(t, await signUpStaff(t, "Manager"));
    expect((await manager.get("/api/admin/products")).statusCode).toBe(200);
    const support = apiAs(t, await signUpStaff(t, "Support"));
    const customer = apiAs(t, await signUp(t.app));
    for (const caller of [support, customer]) {
      expect((await caller.get("/api/admin/products")).statusCode).toBe(403);
      expect((await caller.get("/api/admin/products/options")).statusCode).toBe(403);
      expect((await caller.get("/api/admin/products/1")).statusCode).toBe(403);
      expect((await caller.post("/api/admin/products", productBody())).statusCode).toBe(403);
      expect((await caller.put("/api/admin/products/1", { ...productBody(), version: 1 })).statusCode).toBe(403);
      expect((await caller.post("/api/admin/products/bulk", { action: "delete", ids: [1] })).statusCode).toBe(403);
      expect((await caller.get("/api/admin/products/export")).statusCode).toBe(403);
      expect((await caller.post("/api/admin/products/import?dryRun=true", { csv: "a" })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: "/api/admin/products" })).statusCode).toBe(401);
  });
});
