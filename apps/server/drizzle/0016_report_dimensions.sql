ALTER TABLE "product_views" ADD COLUMN "cart_adds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily_lines" ADD COLUMN "warehouse_id" integer;--> statement-breakpoint
ALTER TABLE "report_daily_orders" ADD COLUMN "received" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily_orders" ADD COLUMN "disputed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "report_daily_lines_product_idx" ON "report_daily_lines" USING btree ("product_id","day");--> statement-breakpoint
-- Reports (issue 17, ADR 0014), by hand. The roll-ups now read refunds, money received and
-- lost disputes from the one payment ledger (migration 0013), and split lines by the
-- warehouses their units were allocated to (migration 0012): a change to either marks the
-- order's hour, like a change to its lines.
-- A ledger row with money mirrors into `payments` (whose trigger marks the hour already);
-- only the others (a lost dispute, a void) mark here. Row-level with WHEN: the mirrored rows,
-- one INSERT each from the payments trigger, do not even call the function.
CREATE FUNCTION report_mark_ledger_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_dirty_hours (hour)
    SELECT date_trunc('hour', h.placed_at) FROM buying_history h WHERE h.id = NEW.history_id
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_payment_ledger_insert AFTER INSERT ON payment_ledger
  FOR EACH ROW WHEN (NEW.payment_id IS NULL) EXECUTE FUNCTION report_mark_ledger_row();
--> statement-breakpoint
CREATE TRIGGER report_payment_ledger_update AFTER UPDATE ON payment_ledger
  REFERENCING OLD TABLE AS report_old_rows NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_children();
--> statement-breakpoint
CREATE TRIGGER report_payment_ledger_delete AFTER DELETE ON payment_ledger
  REFERENCING OLD TABLE AS report_old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_order_children();
--> statement-breakpoint
CREATE FUNCTION report_mark_allocations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_dirty_hours (hour)
      SELECT DISTINCT date_trunc('hour', h.placed_at) FROM report_new_rows r
      JOIN order_lines l ON l.id = r.order_line_id JOIN buying_history h ON h.id = l.history_id
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO report_dirty_hours (hour)
      SELECT DISTINCT date_trunc('hour', h.placed_at) FROM report_old_rows r
      JOIN order_lines l ON l.id = r.order_line_id JOIN buying_history h ON h.id = l.history_id
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_allocations_insert AFTER INSERT ON order_line_allocations
  REFERENCING NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_allocations();
--> statement-breakpoint
CREATE TRIGGER report_allocations_update AFTER UPDATE ON order_line_allocations
  REFERENCING OLD TABLE AS report_old_rows NEW TABLE AS report_new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_allocations();
--> statement-breakpoint
CREATE TRIGGER report_allocations_delete AFTER DELETE ON order_line_allocations
  REFERENCING OLD TABLE AS report_old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_mark_allocations();
--> statement-breakpoint
-- The roll-ups gained columns and a dimension: the next refresh rebuilds them all.
UPDATE report_rollup_state SET time_zone = NULL;
