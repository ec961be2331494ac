CREATE TABLE "report_daily_lines" (
	"day" date NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"payment_method" varchar(20) NOT NULL,
	"zone_id" integer,
	"product_name" varchar(160) NOT NULL,
	"variant_label" varchar(90) NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"returned_units" integer DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_orders" (
	"day" date NOT NULL,
	"payment_method" varchar(20) NOT NULL,
	"zone_id" integer,
	"zone_name" varchar(80) NOT NULL,
	"coupon_code" varchar(64),
	"tax_rate_bp" integer NOT NULL,
	"region" varchar(100) NOT NULL,
	"is_guest" boolean NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"returned_units" integer DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL,
	"delivery" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"refund_tax" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_dirty_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rollup_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" varchar(64),
	"refreshed_at" timestamp with time zone,
	CONSTRAINT "report_rollup_state_singleton" CHECK ("report_rollup_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "cost_price" integer;--> statement-breakpoint
CREATE INDEX "report_daily_lines_day_idx" ON "report_daily_lines" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_daily_lines_variant_idx" ON "report_daily_lines" USING btree ("variant_id","day");--> statement-breakpoint
CREATE INDEX "report_daily_orders_day_idx" ON "report_daily_orders" USING btree ("day");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_cost_price_check" CHECK ("product_variants"."cost_price" is null or "product_variants"."cost_price" >= 0);--> statement-breakpoint
-- Reports (ADR 0014): every change to an order, its lines or its payments marks the hour
-- the order was placed in, so the refresh job recomputes that day's roll-up. Statement-level
-- triggers with transition tables: a bulk insert of a million lines costs one INSERT of the
-- distinct hours, not a million.
CREATE FUNCTION report_mark_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_dirty_hours (hour)
      SELECT DISTINCT date_trunc('hour', placed_at) FROM report_new_rows ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO report_dirty_hours (hour)
      SELECT DISTINCT date_trunc('hour', placed_at) FROM report_old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_mark_order_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_dirty_hours (hour)
      SELECT DISTINCT date_trunc('hour', h.placed_at) FROM report_new_rows r JOIN buying_history h ON h.id = r.history_id
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO report_dirty_hours (hour)
      SELECT DISTINCT date_trunc('hour', h.placed_at) FROM report_old_rows r JOIN buying_history h ON h.id = r.history_id
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_orders_insert AFTER INSERT ON buying_history
  REFERENCING NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_orders();
--> statement-breakpoint
CREATE TRIGGER report_orders_update AFTER UPDATE ON buying_history
  REFERENCING OLD TABLE AS report_old_rows NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_orders();
--> statement-breakpoint
CREATE TRIGGER report_orders_delete AFTER DELETE ON buying_history
  REFERENCING OLD TABLE AS report_old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_orders();
--> statement-breakpoint
CREATE TRIGGER report_lines_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER report_lines_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS report_old_rows NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER report_lines_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS report_old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER report_payments_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER report_payments_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS report_old_rows NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER report_payments_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS report_old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_children();
