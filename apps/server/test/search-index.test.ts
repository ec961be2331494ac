/**
 * The in-memory suggestion index (issue 18 item 3, ADR 0016) against the PostgreSQL engine
 * it replaces, and how it stays current:
 * - on a random sample of queries built from the shop's own words (whole words, phrases,
 *   half-typed words, typos, nonsense) it answers exactly what PostgreSQL answers;
 * - its trigram similarity is pg_trgm's;
 * - a product edit, unpublish, publish and rename made through the app is in the very next
 *   suggestion of the same process, and reaches a second app process on the same database
 *   through LISTEN/NOTIFY (the triggers of migration 0018), also for a plain SQL write.
 * search.test.ts runs its whole suite against the index too.
 */
import { AdminProduct, type ProductBody, ProductFormOptions, SearchSuggestion } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { normalizeQuery } from "../src/modules/search/normalize.ts";
import { similarityOf, trigrams } from "../src/modules/search/trigram.ts";
import { signUpStaff } from "./support/auth.ts";
import { createTestApps, eventually, type TestApp, type TestApps } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let shop: TestApps;
let one: TestApp;
let two: TestApp;
let api: ReturnType<typeof apiAs>;
let options: ProductFormOptions;
let counter = 0;

beforeAll(async () => {
  shop = await createTestApps(2, { SEARCH_RATE_LIMIT: "100000" });
  [one, two] = shop.apps as [TestApp, TestApp];
  api = apiAs(one, await signUpStaff(one, "Owner"));
  options = ProductFormOptions.parse((await api.get("/api/admin/products/options")).json());
});
afterAll(() => shop.close());

const Suggestions = z.array(SearchSuggestion);

async function suggest(test: TestApp, q: string) {
  const response = await test.app.inject({ url: `/api/admin/search-bar-products?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, response.body).toBe(200);
  return Suggestions.parse(response.json());
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

function bodyOf(overrides: Partial<ProductBody>): ProductBody {
  counter += 1;
  const [size] = options.sizes;
  const [color] = options.colors;
  return {
    name: `Index Product ${counter}`,
    description: "Plain.",
    price: 3000,
    compareAtPrice: null,
    ...leaf(),
    productTypeId: options.productTypes[0]?.id ?? 0,
    tags: [],
    variants: [{ sizeId: size?.id ?? 0, colorId: color?.id ?? 0, sku: `IDX-${counter}`, stock: 2 }],
    isPublished: true,
    ...overrides,
  } as ProductBody;
}

async function create(overrides: Partial<ProductBody> = {}) {
  const body = bodyOf(overrides);
  const response = await api.post("/api/admin/products", body);
  expect(response.statusCode, response.body).toBe(200);
  return { product: AdminProduct.parse(response.json()), body };
}

/** A small deterministic PRNG (mulberry32), so a failure names a query that fails again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("answers as the PostgreSQL engine does", () => {
  it("on a random sample of queries made from the shop's words", async () => {
    // A few products the demo catalogue lacks: accents, hyphens, other scripts, a duplicate name.
    await create({ name: "Crème Brûlée Tie-Dye T-Shirt", tags: ["pastel"] });
    await create({ name: "Худи Полночь" });
    await create({ name: "Hoodie" });
    await create({ name: "Hoodie" });
    await create({ name: "Hidden Hoodie", isPublished: false });
    await one.app.services.search.refresh();

    const { rows } = await one.db.execute<{ name: string }>(sql`select name from products where is_published`);
    const words = [...new Set(rows.flatMap((row) => normalizeQuery(row.name).tokens))].filter((w) => w.length >= 2);
    const next = random(18);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
    const typo = (word: string) => {
      const at = 1 + Math.floor(next() * Math.max(1, word.length - 2));
      return next() < 0.5
        ? word.slice(0, at) + word.slice(at + 1)
        : word.slice(0, at) + "aeiou"[at % 5] + word.slice(at + 1);
    };
    const queries = new Set<string>([
      "hoo",
      "hodie",
      "tshrt",
      "t-shirt",
      "creme brulee",
      "худи",
      "zzqxv",
      "hoodie",
      "a",
    ]);
    while (queries.size < 160) {
      const word = pick(words);
      const kind = Math.floor(next() * 6);
      if (kind === 0) queries.add(word);
      if (kind === 1) queries.add(word.slice(0, 1 + Math.floor(next() * word.length)));
      if (kind === 2) queries.add(`${word} ${pick(words)}`);
      if (kind === 3) queries.add(`${pick(words)} ${word.slice(0, 2 + Math.floor(next() * word.length))}`);
      if (kind === 4 && word.length >= 4) queries.add(typo(word));
      if (kind === 5) queries.add(pick(rows).name);
    }
    const differences: string[] = [];
    for (const q of queries) {
      const fromIndex = await one.app.services.search.suggestions(q);
      const fromDatabase = await one.app.services.search.databaseSuggestions(q, { fresh: true });
      if (JSON.stringify(fromIndex) !== JSON.stringify(fromDatabase)) {
        differences.push(
          `${q}: index ${JSON.stringify(fromIndex.map((s) => s.productId))}, database ${JSON.stringify(fromDatabase.map((s) => s.productId))}`,
        );
      }
    }
    expect(differences).toEqual([]);
    // The sample finds things: the comparison is not of empty lists.
    expect([...queries].filter((q) => q.length > 2).length).toBeGreaterThan(100);
  });

  it("measures trigram similarity as pg_trgm does", async () => {
    const pairs = [
      ["hodie", "hoodie"],
      ["tshrt", "tshirt"],
      ["jaket", "jacket"],
      ["a", "abc"],
      ["midnight hoodie", "midnite hoody"],
      ["crème", "creme"],
      ["x", "y"],
      ["hoodie hoodie", "hoodie"],
    ];
    const { rows } = await one.db.execute<{ a: string; b: string; s: number }>(sql`
      select p.a, p.b, similarity(p.a, p.b) as s
      from jsonb_to_recordset(${JSON.stringify(pairs.map(([a, b]) => ({ a, b })))}::jsonb) as p(a text, b text)`);
    for (const row of rows) {
      const a = trigrams(row.a, true);
      const b = trigrams(row.b, true);
      const shared = a.filter((gram) => b.includes(gram)).length;
      expect(similarityOf(shared, a.length, b.length), `${row.a} / ${row.b}`).toBe(Math.fround(Number(row.s)));
    }
  });
});

describe("reports itself", () => {
  it("names its documents, memory and build time on /metrics", async () => {
    const response = await one.app.inject({ url: "/metrics" });
    expect(response.statusCode).toBe(200);
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(response.body)?.[1]);
    expect(value("atelier_search_index_documents")).toBeGreaterThan(0);
    expect(value("atelier_search_index_bytes")).toBeGreaterThan(0);
    expect(value("atelier_search_index_build_seconds")).toBeGreaterThanOrEqual(0);
  });
});

describe("stays current", () => {
  it("shows an edit, an unpublish, a publish and a rename on the next request of the same process", async () => {
    const { product, body } = await create({ name: "Quillon Satchel" });
    expect((await suggest(one, "quillon")).map((s) => s.productId)).toEqual([product.id]);

    const renamed = await api.put(`/api/admin/products/${product.id}`, {
      ...body,
      name: "Quillon Messenger",
      version: product.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await suggest(one, "quillon")).map((s) => s.name)).toEqual(["Quillon Messenger"]);
    expect((await suggest(one, "quillon messenger"))[0]?.productId).toBe(product.id);

    await api.post("/api/admin/products/bulk", { action: "unpublish", ids: [product.id] });
    expect(await suggest(one, "quillon")).toEqual([]);
    await api.post("/api/admin/products/bulk", { action: "publish", ids: [product.id] });
    expect((await suggest(one, "quillon")).map((s) => s.productId)).toEqual([product.id]);
  });

  it("reaches another process through NOTIFY, for app writes and plain SQL", async () => {
    const { product } = await create({ name: "Zarzuela Poncho" });
    await eventually(async () => (await suggest(two, "zarzuela")).some((s) => s.productId === product.id), {
      timeoutMs: 5_000,
      what: "the other process to index the new product",
    });

    await api.post("/api/admin/products/bulk", { action: "unpublish", ids: [product.id] });
    await eventually(async () => (await suggest(two, "zarzuela")).length === 0, {
      timeoutMs: 5_000,
      what: "the other process to drop the unpublished product",
    });

    await one.db.execute(
      sql`update products set name = 'Fandango Poncho', is_published = true where id = ${product.id}`,
    );
    for (const test of [one, two]) {
      await eventually(async () => (await suggest(test, "fandango")).some((s) => s.productId === product.id), {
        timeoutMs: 5_000,
        what: "a plain SQL rename to reach the index",
      });
    }
    expect(await suggest(two, "zarzuela")).toEqual([]);
  });
});
