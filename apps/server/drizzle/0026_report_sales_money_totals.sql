-- Reports (ADR 0014, fifth 2026-11-26 section): the running totals also carry orders, gross,
-- discounts and returns, and the day totals orders, for the sales report's product-based and
-- warehouse views. The rows are emptied here and inventory_products_time_zone set to null:
-- the next refresh (or the first report) rebuilds the three tables with every column. Rows up
-- to 8 KB are stored uncompressed and inline (toast_tuple_target): a compressed row is
-- decompressed at each array subscript, which cost the sales report's product view 0.22 s of
-- its 0.26 s at a million order lines.
TRUNCATE "report_variant_sales", "report_product_sales", "report_daily_line_totals";--> statement-breakpoint
ALTER TABLE "report_variant_sales" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "report_product_sales" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "report_daily_line_totals" ADD COLUMN "orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_product_sales" ADD COLUMN "orders" integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_product_sales" ADD COLUMN "gross" bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_product_sales" ADD COLUMN "discount" bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_product_sales" ADD COLUMN "returns" bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "orders" integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "gross" bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "discount" bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "returns" bigint[] NOT NULL;--> statement-breakpoint
UPDATE "report_rollup_state" SET "inventory_products_time_zone" = NULL;
