-- Reports (ADR 0014, 2026-11-26, fourth section): running totals per product for the inventory
-- report's product table and totals, and each variant's last sale day (generated from its days).
-- inventory_products_time_zone starts null: the next refresh (or the first report) rebuilds the
-- inventory roll-ups.
CREATE TABLE "report_product_sales" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"days" date[] NOT NULL,
	"units" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_rollup_state" ADD COLUMN "inventory_products_time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "last_day" date GENERATED ALWAYS AS (days[cardinality(days)]) STORED;