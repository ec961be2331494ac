/**
 * The expand/contract rule on the real migrations: none may break the previous version
 * of the app (still running during a rolling upgrade) unless it says why it is safe with
 * a `-- contract:` comment. See docs/operations.md, "Upgrades".
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./migrate.ts";
import { breakingStatements, contractReason, migrationProblems } from "./migration-policy.ts";

describe("the expand/contract rule", () => {
  it("holds for every migration in apps/server/drizzle", () => {
    const files = readdirSync(migrationsFolder).filter((file) => file.endsWith(".sql"));
    expect(files.length).toBeGreaterThan(0);
    const problems = files.flatMap((file) =>
      migrationProblems(file, readFileSync(path.join(migrationsFolder, file), "utf8")),
    );
    expect(problems).toEqual([]);
  });

  it.each([
    ['ALTER TABLE "products" DROP COLUMN "seo_title";', "drops a column"],
    ['DROP TABLE "wishlist_items" CASCADE;', "drops a table"],
    ['ALTER TABLE "products" RENAME COLUMN "name" TO "title";', "renames"],
    ['ALTER TABLE "carts" RENAME TO "baskets";', "renames"],
    ['ALTER TABLE "products" ALTER COLUMN "price" SET DATA TYPE bigint;', "changes a column's type"],
    ["alter table products alter column price type numeric;", "changes a column's type"],
    ["ALTER TYPE \"public\".\"order_status\" RENAME VALUE 'placed' TO 'new';", "renames"],
    ['ALTER TABLE "orders" ALTER COLUMN "phone" SET NOT NULL;', "makes a column required"],
    ['ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL;', "adds a required column without a default"],
    ["TRUNCATE carts;", "empties a table"],
  ])("flags %s", (sql, why) => {
    expect(breakingStatements(sql).map((found) => found.why)).toContain(why);
    expect(migrationProblems("0042_x.sql", sql).length).toBeGreaterThan(0);
  });

  it.each([
    'CREATE TABLE "pop_ups" ("id" serial PRIMARY KEY NOT NULL, "title" text NOT NULL);',
    'ALTER TABLE "products" ADD COLUMN "subtitle" text;',
    'ALTER TABLE "products" ADD COLUMN "rank" integer DEFAULT 0 NOT NULL;',
    'ALTER TYPE "public"."order_status" ADD VALUE \'on_hold\';',
    'CREATE INDEX "products_rank_idx" ON "products" ("rank");',
    'ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("order_id") REFERENCES "buying_history"("id");',
    "-- we no longer DROP COLUMN here\nSELECT 1;",
    "CREATE TRIGGER search_series_renamed AFTER UPDATE OF name ON series FOR EACH ROW EXECUTE FUNCTION f();",
  ])("lets an expand step through: %s", (sql) => {
    expect(breakingStatements(sql)).toEqual([]);
  });

  it("accepts a contract migration that says why the old shape is no longer needed", () => {
    const sql =
      "-- contract: products.legacy_code unused since 0.4 (expand in 0011, reads moved in 0.4); 0.3 is no longer run\n" +
      'ALTER TABLE "products" DROP COLUMN "legacy_code";';
    expect(contractReason(sql)).toMatch(/^products.legacy_code unused/);
    expect(migrationProblems("0012_contract.sql", sql)).toEqual([]);
    expect(migrationProblems("0012_contract.sql", sql.replace("-- contract: ", "-- "))).not.toEqual([]);
    expect(migrationProblems("0012_contract.sql", sql.replace(/-- contract: .*\n/, "-- contract:\n"))).not.toEqual([]);
  });
});
