import type { AdminDashboard } from "@atelier/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products, productVariants, series } from "../src/db/schema/index.ts";
import { signUp, signUpStaff } from "./support/auth.ts";
import { TEST_PRODUCTS } from "./support/global-setup.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const countOf = async (table: typeof categories | typeof series) =>
  (await test.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe("the admin home", () => {
  it("counts the seeded catalogue and the people, and follows changes", async () => {
    const owner = await signUpStaff(test, "Owner");
    const customer = await signUp(test.app, { name: "Nia Newcomer" });
    const [product] = await test.db.select({ id: products.id }).from(products).limit(1);
    const [variant] = await test.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`${productVariants.stock} > 0`)
      .limit(1);
    if (!product || !variant) throw new Error("the seed has no products");
    const before = (await apiAs(test, owner).get("/api/admin/dashboard")).json<AdminDashboard>();

    expect(before.counts).toMatchObject({
      products: TEST_PRODUCTS,
      categories: await countOf(categories),
      series: await countOf(series),
      customers: 1,
      staff: 1,
      signUps7d: 2,
    });
    expect(before.counts.publishedProducts + before.counts.unpublishedProducts).toBe(TEST_PRODUCTS);
    expect(before.signUps).toHaveLength(14);
    expect(before.signUps.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 2 });

    await test.db
      .update(products)
      .set({ isPublished: false, updatedAt: new Date() })
      .where(eq(products.id, product.id));
    await test.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant.id));
    const after = (await apiAs(test, owner).get("/api/admin/dashboard")).json<AdminDashboard>();
    expect(after.counts.publishedProducts).toBe(before.counts.publishedProducts - 1);
    expect(after.counts.unpublishedProducts).toBe(before.counts.unpublishedProducts + 1);
    expect(after.counts.outOfStockVariants).toBe(before.counts.outOfStockVariants + 1);

    const times = after.recent.map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(after.recent.map((item) => item.kind)).toEqual(expect.arrayContaining(["sign-up", "product-updated"]));
    expect(after.recent).toContainEqual(
      expect.objectContaining({
        kind: "sign-up",
        title: "Nia Newcomer",
        href: `/admin/show/user-details?id=${customer.id}`,
      }),
    );
    expect(after.recent.filter((item) => item.kind === "product-updated").every((item) => item.href === null)).toBe(
      true,
    );
  });

  it("opens for any staff member, linking to user pages only for those who manage users", async () => {
    const stocker = await signUpStaff(test, "Inventory");
    const answer = await apiAs(test, stocker).get("/api/admin/dashboard");
    expect(answer.statusCode).toBe(200);
    const signUps = answer.json<AdminDashboard>().recent.filter((item) => item.kind === "sign-up");
    expect(signUps.length).toBeGreaterThan(0);
    for (const item of signUps) {
      expect(item.href).toBeNull();
      expect(item.detail).not.toContain("@");
    }
    const customer = await signUp(test.app);
    expect((await apiAs(test, customer).get("/api/admin/dashboard")).statusCode).toBe(403);
  });
});
