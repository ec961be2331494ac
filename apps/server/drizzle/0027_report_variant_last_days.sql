-- Reports (ADR 0014, sixth 2026-11-26 section): dead stock over every variant (the inventory
-- report's totals) as an index-only scan of (variant, last day, the day before it) instead
-- of a read of every variant's running-totals row (its six arrays). Expand only: a generated
-- column (a previous version never writes it) and an index.
ALTER TABLE "report_variant_sales" ADD COLUMN "previous_day" date GENERATED ALWAYS AS (days[cardinality(days) - 1]) STORED;--> statement-breakpoint
CREATE INDEX "report_variant_sales_last_days_idx" ON "report_variant_sales" USING btree ("variant_id","last_day","previous_day");