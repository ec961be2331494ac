ALTER TABLE "payment_ledger" ADD COLUMN "fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD COLUMN "fee_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_daily_orders" ADD COLUMN "fees" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_ledger_fee_unread_idx" ON "payment_ledger" USING btree ("created_at") WHERE "payment_ledger"."fee_read_at" is null and "payment_ledger"."method" = 'card' and "payment_ledger"."event" in ('captured', 'refunded');--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_fee_check" CHECK ("payment_ledger"."fee" >= 0);--> statement-breakpoint
-- Card fees (ADR 0012, addendum of 2026-11-25), by hand. Existing rows keep everything and
-- get fee 0, unread: the fee job reads the recent Stripe ones (the last 30 days), and reading
-- Payments → Payouts fills the ones Stripe paid out. The roll-ups gained a column: the next
-- refresh rebuilds them all.
UPDATE report_rollup_state SET time_zone = NULL;
