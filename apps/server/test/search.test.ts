/**
 * Product search: the spec's suggestion calls (search-bar-products, search-products) and
 * the results page. Ranking (an exact name first), prefixes, typos, case/accents/
 * punctuation, bad input, unpublished products, the database keeping documents current
 * (publish, unpublish, renames), the results page's filters/sorts/pages, did-you-mean and
 * popular products, the rate limit, and a failing engine answering nothing (logged).
 */

import { Writable } from "node:stream";
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
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { signUpStaff } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

const logged: { level: number; msg: string; url?: string; err?: { message: string } }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) logged.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let options: ProductFormOptions;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({ SEARCH_RATE_LIMIT: "100000" }, { logger: pino({ level: "error" }, logStream) });
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
    // Names with a word starting "hoo" rank above products that match only by category.
    expect(found[0]?.name).toMatch(/\bhoo/i);
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
    await api.post("/api/admin/products/bulk", { action: "delete", ids: [product.id] });
    expect(await suggest("vantablack")).toEqual([]);
  });

  it("follows a rename made by any path, even plain SQL", async () => {
    const product = await create({ name: "Gossamer Scarf" });
    expect((await suggest("gossamer")).map((s) => s.productId)).toEqual([product.id]);
    await t.db.execute(sql`update products set name = 'Cobweb Scarf' where id = ${product.id}`);
    // Timing: the suggestion index hears of a write no app path announced through the database's NOTIFY.
    await t.app.services.search.refresh();
    expect((await suggest("cobweb")).map((s) => s.productId)).toEqual([product.id]);
    expect(await suggest("gossamer")).toEqual([]);
  });

  it("finds products by their category's new name after a rename", async () => {
    const category = (await api.post("/api/admin/categories", { name: "Quokkawear", filename: null })).json();
    const sub = (await api.post(`/api/admin/categories/${category.id}/sub-categories`, { name: "Quokka Tops" })).json();
    const subSub = (
      await api.post(`/api/admin/sub-categories/${sub.id}/sub-sub-categories`, { name: "Quokka Knits" })
    ).json();
    const product = await create({
      name: "Plain Knit",
      categoryId: category.id,
      subCategoryId: sub.id,
      subSubCategoryId: subSub.id,
    });
    expect((await suggest("quokkawear")).map((s) => s.productId)).toEqual([product.id]);
    const renamed = await api.patch(`/api/admin/categories/${category.id}`, { name: "Wombatwear" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await suggest("wombatwear")).map((s) => s.productId)).toEqual([product.id]);
    expect(await suggest("quokkawear")).toEqual([]);
    // The sub-sub-category's name is still searchable.
    expect((await suggest("quokka knits")).map((s) => s.productId)).toEqual([product.id]);
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

  it("filters, sorts and pages like a product list", async () => {
    for (let n = 1; n <= 5; n++) await create({ name: `Glacier Parka ${n}`, price: 1000 * n });
    const all = await results("search=glacier%20parka&sort=price-asc&pageSize=2");
    expect(all.total).toBe(5);
    expect(all.pageCount).toBe(3);
    expect(all.items.map((item) => item.price)).toEqual([1000, 2000]);
    const second = await results("search=glacier%20parka&sort=price-asc&pageSize=2&page=2");
    expect(second.items.map((item) => item.price)).toEqual([3000, 4000]);
    const desc = await results("search=glacier%20parka&sort=price-desc&pageSize=2");
    expect(desc.items.map((item) => item.price)).toEqual([5000, 4000]);
    const cheap = await results("search=glacier%20parka&priceMax=2500");
    expect(cheap.items.map((item) => item.price).sort()).toEqual([1000, 2000]);
    expect(cheap.facets.price).toEqual({ min: 1000, max: 5000 });
    const newest = await results("search=glacier&sort=newest&pageSize=1");
    expect(newest.items[0]?.name).toBe("Glacier Parka 5");
    const bad = await t.app.inject({ method: "GET", url: "/api/search?search=x&sort=cheapest" });
    expect(bad.statusCode).toBe(400);
  });

  it("ranks an exact name first on the results page too", async () => {
    const exact = await create({ name: "Glacier" });
    const answer = await results("search=glacier");
    expect(answer.items[0]?.id).toBe(exact.id);
  });

  it("offers did-you-mean and popular products when nothing matches", async () => {
    const answer = await results("search=hodie%20zzqxv");
    expect(answer.total).toBe(0);
    expect(answer.didYouMean).toBe("hoodie");
    expect(answer.popular.length).toBeGreaterThan(0);
    expect(answer.popular.length).toBeLessThanOrEqual(8);
    const empty = await results("search=%20%20");
    expect(empty).toMatchObject({ total: 0, items: [] });
    expect(empty.popular.length).toBeGreaterThan(0);
  });
});

describe("the OpenAPI document", () => {
  it("lists the search calls as public, with their query parameters", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, { get: { security?: unknown[]; parameters?: { name: string }[] } }>;
    };
    for (const path of ["/api/admin/search-bar-products", "/api/admin/search-products", "/api/search"]) {
      expect(doc.paths[path]?.get.security, path).toEqual([]);
    }
    expect(doc.paths["/api/admin/search-bar-products"]?.get.parameters?.map((p) => p.name)).toEqual(["q"]);
    expect(doc.paths["/api/search"]?.get.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["search", "sort", "page", "priceMax"]),
    );
  });
});

describe("failures and floods", () => {
  it("logs and answers nothing when the engine fails", async () => {
    expect((await suggest("hoodie")).length).toBeGreaterThan(0);
    logged.length = 0;
    await t.db.execute(sql`alter table search_documents rename to search_documents_away`);
    // Timing: the suggestion index notices at its next check (within a second) rather than at once.
    await t.app.services.search.refresh();
    try {
      expect(await suggest("hoodie")).toEqual([]);
      expect(await suggest("hoodie", "search-products")).toEqual([]);
      const answer = await results("search=hoodie");
      expect(answer).toMatchObject({ total: 0, items: [], didYouMean: null });
    } finally {
      await t.db.execute(sql`alter table search_documents_away rename to search_documents`);
    }
    const failures = logged.filter((line) => line.msg.startsWith("search failed"));
    expect(failures).toHaveLength(3);
    expect(failures[0]?.err?.message).toMatch(/search_documents/);
    expect((await suggest("hoodie")).length).toBeGreaterThan(0);
  });

  it("rate-limits one address (429 with Retry-After), not others", async () => {
    const limited = await createTestApp({ SEARCH_RATE_LIMIT: "3" });
    try {
      const from = (remoteAddress: string) =>
        limited.app.inject({ method: "GET", url: "/api/admin/search-bar-products?q=hoodie", remoteAddress });
      for (let n = 0; n < 3; n++) expect((await from("203.0.113.7")).statusCode).toBe(200);
      const flooded = await from("203.0.113.7");
      expect(flooded.statusCode).toBe(429);
      expect(Number(flooded.headers["retry-after"])).toBeGreaterThan(0);
      expect(flooded.json()).toMatchObject({ error: { code: "rate_limited" } });
      expect((await from("203.0.113.8")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
