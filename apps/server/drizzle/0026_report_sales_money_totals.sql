-- Reports (ADR 0014, fifth 2026-11-26 section): the running totals also carry orders, gross,
-- discounts and returns, and the day totals orders, for the sales report's product-based and
-- warehouse views. Expand only: the new columns have defaults (a previous version's writes
-- still succeed), and sales_totals_time_zone starts null, so the next refresh (or the first
-- report) of this version rebuilds the three tables with every column. Rows up to 8 KB are
-- stored uncompressed and inline (toast_tuple_target, for rows written from now on): a
-- compressed row is decompressed at each array subscript, which cost the sales report's
-- product view 0.22 s of its 0.26 s at a million order lines.
ALTER TABLE "report_variant_sales" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "report_product_sales" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "report_daily_line_totals" ADD COLUMN "orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_product_sales" ADD COLUMN "orders" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_product_sales" ADD COLUMN "gross" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_product_sales" ADD COLUMN "discount" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_product_sales" ADD COLUMN "returns" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_rollup_state" ADD COLUMN "sales_totals_time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "orders" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "gross" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "discount" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_variant_sales" ADD COLUMN "returns" bigint[] DEFAULT '{}' NOT NULL;
