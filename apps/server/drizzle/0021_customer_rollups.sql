-- Reports (ADR 0014, 2026-11-26): the customers report's roll-ups. customers_time_zone starts null:
-- the next refresh (or the first report) builds them.
CREATE TABLE "report_customer_cohorts" (
	"first_day" date NOT NULL,
	"day" date NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_customer_cohorts_first_day_day_pk" PRIMARY KEY("first_day","day")
);
--> statement-breakpoint
CREATE TABLE "report_customer_days" (
	"customer" text NOT NULL,
	"day" date NOT NULL,
	"payment_method" varchar(20) NOT NULL,
	"zone_id" integer,
	"zone_name" varchar(80) NOT NULL,
	"city" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"prev_day" date NOT NULL,
	"lead" boolean NOT NULL,
	"month_lead" boolean NOT NULL,
	"first_day" date NOT NULL,
	"lifetime_orders" integer DEFAULT 0 NOT NULL,
	"lifetime_spent" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_customer_spans" (
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"new_week" integer DEFAULT 0 NOT NULL,
	"new_month" integer DEFAULT 0 NOT NULL,
	"repeaters" integer DEFAULT 0 NOT NULL,
	"lifetime_spent" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"guest_orders" integer DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_customer_spans_day_prev_day_pk" PRIMARY KEY("day","prev_day")
);
--> statement-breakpoint
ALTER TABLE "report_rollup_state" ADD COLUMN "customers_time_zone" varchar(64);--> statement-breakpoint
CREATE INDEX "report_customer_days_day_idx" ON "report_customer_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_customer_days_customer_idx" ON "report_customer_days" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "buying_history_customer_idx" ON "buying_history" USING btree (coalesce("user_id", 'guest:' || lower("email")));