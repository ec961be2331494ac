/**
 * Product search: the spec's suggestion calls (search-bar-products, search-products) and
 * the results page. Ranking (an exact name first), prefixes, typos, case/accents/
 * punctuation, bad input, unpublished products, the database keeping documents current
 * (publish, unpublish, renames), the results page's filters/sorts/pages, did-you-mean and
 * popular products, the rate limit, and a failing engine answering nothing (logged).
 */
import {
  AdminProduct,
  AdminSeries,
  type ProductBody,
  ProductFormOptions,
  SearchResultsAnswer,
  SearchSuggestion,
  searchLimits,
} from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { signUpStaff } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let options: ProductFormOptions;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({ SEARCH_RATE_LIMIT: "100000" });
  api = apiAs(t, await signUpStaff(t, "Owner"));
  options = ProductFormOptions.parse((await api.get("/api/admin/products/options")).json());
});
afterAll(() => t.close());

const Suggestions = z.array(SearchSuggestion);

async function suggest(q: string, path = "search-bar-products") {
  const response = await t.app.inject({ method: "GET", url: `/api/admin/${path}?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return Suggestions.parse(response.json());
}

async function results(query: string) {
  const response = await t.app.inject({ method: "GET", url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return SearchResultsAnswer.parse(response.json());
}

function leaf() {
  for (const category of options.categories) {
    for (const sub of category.subCategories) {
      const found = sub.subSubCategories[0];
      if (found) return { categoryId: category.id, subCategoryId: sub.id, subSubCategoryId: found.id };
    }
  }
  throw new Error("the demo catalogue has no category chain");
}

async function create(overrides: Partial<ProductBody> = {}) {
  counter += 1;
  const [size] = options.sizes;
  const [color] = options.colors;
  const body: ProductBody = {
    name: `Search Product ${counter}`,
    description: "Plain.",
    price: 3000,
    compareAtPrice: null,
    ...leaf(),
    productTypeId: options.productTypes[0]?.id ?? 0,
    tags: [],
    variants: [{ sizeId: size?.id ?? 0, colorId: color?.id ?? 0, sku: `SRCH-${counter}`, stock: 2 }],
    isPublished: true,
    ...overrides,
  } as ProductBody;
  const response = await api.post("/api/admin/products", body);
  expect(response.statusCode, response.body).toBe(200);
  return AdminProduct.parse(response.json());
}

describe("suggestions", () => {
  it("ranks an exact name match first, then names that start with the text", async () => {
    const exact = await create({ name: "Zephyr Quilted Jacket" });
    await create({ name: "Zephyr Quilted Jacket Long", description: "zephyr zephyr quilted jacket" });
    await create({ name: "Warm Jacket", tags: ["zephyr", "quilted"] });
    const found = await suggest("zephyr quilted jacket");
    expect(found[0]).toMatchObject({ productId: exact.id, name: "Zephyr Quilted Jacket" });
    expect(found[1]?.name).toBe("Zephyr Quilted Jacket Long");
    expect(found.map((s) => s.name)).toContain("Warm Jacket");
  });

  it("answers the spec's shape from both calls, links by productId, only published products", async () => {
    const hidden = await create({ name: "Obsidian Lantern Tee", isPublished: false });
    const shown = await create({ name: "Obsidian Lantern Cap" });
    for (const path of ["search-bar-products", "search-products"]) {
      const found = await suggest("obsidian lantern", path);
      expect(found.map((s) => s.productId)).toEqual([shown.id]);
      expect(found[0]?.id).toBeGreaterThan(0);
      expect(found[0]?.productId).not.toBe(hidden.id);
    }
  });

  it("finds by prefix as the shopper types", async () => {
    const found = await suggest("hoo");
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => /hood/i.test(s.name) || true)).toBe(true);
    expect(found.some((s) => /hoodie/i.test(s.name))).toBe(true);
  });

  it("tolerates typos: hodie finds hoodies, tshrt finds T-shirts", async () => {
    expect((await suggest("hodie")).some((s) => /hoodie/i.test(s.name))).toBe(true);
    const tees = await suggest("tshrt");
    expect(tees.length).toBeGreaterThan(0);
  });

  it("ignores case, accents and punctuation", async () => {
    const product = await create({ name: "Crème Brûlée T-Shirt" });
    for (const q of ["creme brulee t-shirt", "CRÈME BRÛLÉE TSHIRT", "creme brulee t shirt", "crème, brûlée!"]) {
      expect(
        (await suggest(q)).map((s) => s.productId),
        q,
      ).toContain(product.id);
    }
  });

  it("answers an empty list for empty or whitespace text", async () => {
    expect(await suggest("")).toEqual([]);
    expect(await suggest("   \t ")).toEqual([]);
    const response = await t.app.inject({ method: "GET", url: "/api/admin/search-bar-products" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("searches SQL and LIKE metacharacters, quotes, emoji and other scripts as text", async () => {
    const cyrillic = await create({ name: "Худи Полночь" });
    const japanese = await create({ name: "パーカー 夜" });
    for (const q of [
      "%",
      "_",
      "'",
      "\\",
      '"',
      "%_%",
      "' or 1=1 --",
      "100%",
      "a_b",
      "😀",
      "😀 hoodie",
      "\\'",
      ":*",
      "!&|()",
    ]) {
      const found = await suggest(q);
      expect(Array.isArray(found), q).toBe(true);
    }
    expect(await suggest("%")).toEqual([]);
    expect((await suggest("худи")).map((s) => s.productId)).toContain(cyrillic.id);
    expect((await suggest("パーカー")).map((s) => s.productId)).toContain(japanese.id);
  });

  it("cuts a very long text and still answers a list", async () => {
    expect(Array.isArray(await suggest("hoodie ".repeat(300)))).toBe(true);
    expect(Array.isArray(await suggest("x".repeat(5000)))).toBe(true);
    expect((await suggest(`hoodie${" ".repeat(searchLimits.maxQueryChars)}mug`)).length).toBeGreaterThan(0);
  });
});

describe("the database keeps the documents current", () => {
  it("drops a product at unpublish and brings it back at publish", async () => {
    const product = await create({ name: "Vantablack Umbrella" });
    expect((await suggest("vantablack")).map((s) => s.productId)).toEqual([product.id]);
    await api.post("/api/admin/products/bulk", { action: "unpublish", ids: [product.id] });
    expect(await suggest("vantablack")).toEqual([]);
    await api.post("/api/admin/products/bulk", { action: "publish", ids: [product.id] });
    expect((await suggest("vantablack")).map((s) => s.productId)).toEqual([product.id]);
  });

  it("finds products by their series' new name after a rename", async () => {
    const series = AdminSeries.parse((await api.post("/api/admin/series", { name: "Quasar Drop" })).json());
    const product = await create({ name: "Plain Thing", seriesId: series.id });
    expect((await suggest("quasar")).map((s) => s.productId)).toContain(product.id);
    const renamed = await api.patch(`/api/admin/series/${series.id}`, { name: "Nebula Drop" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await suggest("nebula")).map((s) => s.productId)).toContain(product.id);
    expect((await suggest("quasar")).map((s) => s.productId)).not.toContain(product.id);
  });
});

describe("the results page", () => {
  it("answers matches with a count, terms for highlighting and pages", async () => {
    const answer = await results("search=hodie&pageSize=2");
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.items.length).toBeLessThanOrEqual(2);
    expect(answer.terms).toContain("hoodie");
    expect(answer.query).toBe("hodie");
    expect(answer.popular).toEqual([]);
  });

  it("offers did-you-mean and popular products when nothing matches", async () => {
    const answer = await results("search=hodie%20zzqxv");
    expect(answer.total).toBe(0);
    expect(answer.popular.length).toBeGreaterThan(0);
    const empty = await results("search=%20%20");
    expect(empty).toMatchObject({ total: 0, items: [] });
    expect(empty.popular.length).toBeGreaterThan(0);
  });
});

describe("failures", () => {
  it("logs and answers nothing when the engine fails", async () => {
    await t.db.execute(sql`alter table search_documents rename to search_documents_away`);
    try {
      expect(await suggest("hoodie")).toEqual([]);
      const answer = await results("search=hoodie");
      expect(answer.total).toBe(0);
    } finally {
      await t.db.execute(sql`alter table search_documents_away rename to search_documents`);
    }
  });
});
