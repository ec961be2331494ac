import { Category, ErrorBody, Gender, ProductPage, SubCategory, SubSubCategory, Taxonomy } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { categories, products } from "../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "GET", url, headers });
}

describe("the spec's catalogue calls", () => {
  it("GET /api/admin/view-product-categories lists categories with the spec's fields, by serial", async () => {
    const response = await get("/api/admin/view-product-categories");
    expect(response.statusCode).toBe(200);
    const list = z.array(Category.strict()).parse(response.json());
    expect(list.length).toBeGreaterThan(3);
    expect(list.map((c) => c.serial)).toEqual([...list.map((c) => c.serial)].sort((a, b) => a - b));
    expect(list.some((c) => c.name === "Customize")).toBe(true);
    expect(list.some((c) => c.isGenderVaried && c.isForMen)).toBe(true);
  });

  it("GET /api/admin/view-genders lists Men and Women", async () => {
    const response = await get("/api/admin/view-genders");
    expect(response.statusCode).toBe(200);
    expect(
      z
        .array(Gender)
        .parse(response.json())
        .map((g) => g.name),
    ).toEqual(["Men", "Women"]);
  });

  it("GET /api/admin/view-product-sub-category/{categoryId} lists that category's sub-categories", async () => {
    const [category] = await t.db.select().from(categories).limit(1);
    const response = await get(`/api/admin/view-product-sub-category/${category?.id}`);
    expect(response.statusCode).toBe(200);
    const list = z.array(SubCategory.strict()).parse(response.json());
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((sub) => sub.categoryId === category?.id)).toBe(true);
  });

  it("GET /api/admin/view-product-sub-sub-category/{subCategoryId} lists id, name and isPremium", async () => {
    const taxonomy = Taxonomy.parse((await get("/api/catalog/taxonomy")).json());
    const premium = taxonomy.subCategories.find((sub) => sub.isEnablePremium);
    expect(premium).toBeDefined();
    const response = await get(`/api/admin/view-product-sub-sub-category/${premium?.id}`);
    expect(response.statusCode).toBe(200);
    const list = z.array(SubSubCategory.strict()).parse(response.json());
    expect(list.some((item) => item.isPremium)).toBe(true);
    expect(list.some((item) => !item.isPremium)).toBe(true);
  });

  it.each([
    ["/api/admin/view-product-sub-category/abc"],
    ["/api/admin/view-product-sub-category/-1"],
    ["/api/admin/view-product-sub-category/1.5"],
    ["/api/admin/view-product-sub-category/99999999999"],
    ["/api/admin/view-product-sub-sub-category/x1"],
  ])("answers 400 with a message for the malformed id in %s", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body.error.code).toBe("bad_request");
    expect(body.error.message).toMatch(/categoryId|subCategoryId/);
  });

  it.each([["/api/admin/view-product-sub-category/999999"], ["/api/admin/view-product-sub-sub-category/999999"]])(
    "answers 404 for the unknown id in %s",
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(ErrorBody.parse(response.json()).error).toMatchObject({
        code: "not_found",
        message: expect.stringContaining("999999"),
      });
    },
  );
});

describe("GET /api/admin/getimage/{filename}", () => {
  async function someImage(): Promise<string> {
    const taxonomy = Taxonomy.parse((await get("/api/catalog/taxonomy")).json());
    const filename = taxonomy.categories.find((c) => c.filename)?.filename;
    if (!filename) throw new Error("the seed has no category image");
    return filename;
  }

  it("serves a stored image with a year-long immutable cache and an ETag", async () => {
    const filename = await someImage();
    const response = await get(`/api/admin/getimage/${filename}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.subarray(8, 12).toString("ascii")).toBe("WEBP");
    const etag = String(response.headers.etag);
    const again = await get(`/api/admin/getimage/${filename}`, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
  });

  it("serves a smaller stored width when asked with ?w=", async () => {
    const filename = await someImage();
    const full = await get(`/api/admin/getimage/${filename}`);
    const small = await get(`/api/admin/getimage/${filename}?w=240`);
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(full.rawPayload.length);
  });

  it("answers 404 for an unknown file", async () => {
    const response = await get("/api/admin/getimage/doesnotexist.webp");
    expect(response.statusCode).toBe(404);
    expect(ErrorBody.parse(response.json()).error.code).toBe("not_found");
  });

  it.each([["..%2F..%2F..%2Fetc%2Fpasswd"], ["..%2Fpostgres.json"], ["a%2Fb.webp"], ["..webp"], ["%2Fetc%2Fpasswd"]])(
    "refuses the path-like filename %s and never reads outside the image store",
    async (name) => {
      const response = await get(`/api/admin/getimage/${name}`);
      expect(response.statusCode).toBe(400);
      expect(ErrorBody.parse(response.json()).error.message).toBe("Invalid image name.");
    },
  );

  it("refuses a filename with a NUL byte (x.webp%00.png) at the edge, naming the parameter", async () => {
    // The edge's one rule for NUL bytes (http/edge.ts) answers before the image store's own check.
    const response = await get("/api/admin/getimage/x.webp%00.png");
    expect(response.statusCode).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body.error.code).toBe("bad_request");
    expect(body.error.fields).toEqual({ filename: "must not contain a NUL byte" });
  });
});

describe("storefront catalogue reads", () => {
  it("lists only published products of a sub-sub-category, newest first, 24 a page", async () => {
    const [row] = await t.db
      .execute<{ id: number; n: number }>(
        sql`select sub_sub_category_id as id, count(*)::int as n from products where is_published group by 1 order by 2 desc limit 1`,
      )
      .then((r) => r.rows);
    const response = await get(`/api/products?subSubCategoryId=${row?.id}&pageSize=24`);
    expect(response.statusCode).toBe(200);
    const page = ProductPage.parse(response.json());
    expect(page.total).toBe(row?.n);
    expect(page.items.length).toBe(Math.min(24, row?.n ?? 0));
    const times = page.items.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("never lists an unpublished product", async () => {
    const [hidden] = await t.db
      .update(products)
      .set({ isPublished: false })
      .where(sql`${products.id} = (select min(id) from products)`)
      .returning();
    t.app.services.catalog.invalidate();
    const response = await get(`/api/products?subSubCategoryId=${hidden?.subSubCategoryId}&pageSize=60`);
    expect(ProductPage.parse(response.json()).items.map((p) => p.id)).not.toContain(hidden?.id);
  });

  it("shows a catalogue write after the cache is invalidated", async () => {
    const before = z.array(Category).parse((await get("/api/admin/view-product-categories")).json());
    await t.db.insert(categories).values({ name: "Gift Cards", serial: 999 });
    const cached = z.array(Category).parse((await get("/api/admin/view-product-categories")).json());
    expect(cached.length).toBe(before.length);
    t.app.services.catalog.invalidate();
    const fresh = z.array(Category).parse((await get("/api/admin/view-product-categories")).json());
    expect(fresh.at(-1)?.name).toBe("Gift Cards");
  });

  it("answers 304 to a conditional request for an unchanged list", async () => {
    const first = await get("/api/catalog/taxonomy");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect((await get("/api/catalog/taxonomy", { "if-none-match": etag })).statusCode).toBe(304);
  });

  it.each([["%00"], ["men%27--"], ["M%C3%A9n"]])("rejects the gender %s with a clear message", async (gender) => {
    const response = await get(`/api/products?gender=${gender}`);
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.fields).toHaveProperty("gender");
  });

  it("lists a gender's products together with unisex ones", async () => {
    const response = await get("/api/products?gender=men&pageSize=60");
    expect(response.statusCode).toBe(200);
    const ids = ProductPage.parse(response.json()).items.map((p) => p.id);
    const rows = await t.db.execute<{ slug: string | null }>(
      sql`select g.slug from products p left join genders g on g.id = p.gender_id where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.every((row) => row.slug === null || row.slug === "men")).toBe(true);
  });

  it("rejects a page size above 60 with a clear message", async () => {
    const response = await get("/api/products?pageSize=500");
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).error.fields).toHaveProperty("pageSize");
  });
});

describe("the API's edges", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const response = await get("/api/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(ErrorBody.parse(response.json()).error.code).toBe("not_found");
  });

  it("reports liveness and readiness", async () => {
    expect((await get("/healthz")).json()).toEqual({ status: "ok" });
    expect((await get("/readyz")).json()).toEqual({ status: "ok" });
  });

  it("publishes an OpenAPI document generated from the contract", async () => {
    const response = await get("/api/docs/json");
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/admin/view-product-categories",
        "/api/admin/view-genders",
        "/api/admin/view-product-sub-category/{categoryId}",
        "/api/admin/view-product-sub-sub-category/{subCategoryId}",
        "/api/admin/getimage/{filename}",
        "/api/products",
        "/api/admin/checkIfAdmin",
        "/api/me",
        "/api/guests",
        "/api/admin/roles",
        "/api/admin/users/{userId}",
      ]),
    );
    // better-auth's own endpoints are described in the document's text, not as routes.
    expect(Object.keys(doc.paths).filter((path) => path.startsWith("/api/auth"))).toEqual([]);
    const roles = doc.paths["/api/admin/roles"] as { get: { security: unknown[]; description: string } };
    expect(roles.get.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(roles.get.description).toContain('"roles" permission');
  });

  it("sends security headers", async () => {
    const response = await get("/api/admin/view-genders");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(response.headers["content-security-policy"])).toContain("default-src 'none'");
  });
});

describe("search engines", () => {
  it("get a sitemap of the storefront's pages with absolute URLs", async () => {
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    const taxonomy = Taxonomy.parse((await get("/api/catalog/taxonomy")).json());
    const disabled = taxonomy.subCategories.find((sub) => sub.isDisabled);
    const hidden = taxonomy.subSubCategories.find((item) => item.subCategoryId === disabled?.id);
    const shown = taxonomy.subSubCategories.find((item) => item.subCategoryId !== disabled?.id);
    expect(response.body).toContain("<loc>http://localhost:3000/</loc>");
    expect(response.body).toContain(`<loc>http://localhost:3000/products/${shown?.id}</loc>`);
    expect(response.body).toContain("<loc>http://localhost:3000/categories/Men</loc>");
    // Product pages too (this check was a browser test, catalog.spec.ts, that only read the file).
    expect(response.body).toMatch(/<loc>http:\/\/localhost:3000\/products\/details\/\d+<\/loc>/);
    if (hidden) expect(response.body).not.toContain(`/products/${hidden.id}<`);
  });

  it("get a robots.txt that keeps them out of the admin and account pages and points at the sitemap", async () => {
    const response = await get("/robots.txt");
    for (const path of [
      "/admin",
      "/api/",
      "/dashboard",
      "/my-orders",
      "/MyCart",
      "/WishList",
      "/login",
      "/reset-password",
    ]) {
      expect(response.body).toContain(`Disallow: ${path}\n`);
    }
    expect(response.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
