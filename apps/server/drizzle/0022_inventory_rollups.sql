-- Reports (ADR 0014, 2026-11-26): the inventory report's roll-ups, derived from report_daily_lines.
-- inventory_time_zone starts null: the next refresh (or the first report) builds them.
CREATE TABLE "report_daily_line_totals" (
	"day" date NOT NULL,
	"warehouse_id" integer,
	"units" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_variant_sales" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"days" date[] NOT NULL,
	"units" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_rollup_state" ADD COLUMN "inventory_time_zone" varchar(64);--> statement-breakpoint
CREATE INDEX "report_daily_line_totals_day_idx" ON "report_daily_line_totals" USING btree ("day");