-- Reports (ADR 0014, 2026-11-26, third section): the customers report's group spans (by city,
-- zone, guest flag) and per-customer running totals (top customers). customer_groups_time_zone
-- starts null: the next refresh (or the first report) builds both from report_customer_days.
CREATE TABLE "report_customer_group_spans" (
	"dim" varchar(8) NOT NULL,
	"grp" text NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_customer_group_spans_dim_day_grp_prev_day_pk" PRIMARY KEY("dim","day","grp","prev_day")
);
--> statement-breakpoint
ALTER TABLE "report_rollup_state" ADD COLUMN "customer_groups_time_zone" varchar(64);
--> statement-breakpoint
CREATE TABLE "report_customer_totals" (
	"customer" text PRIMARY KEY NOT NULL,
	"days" date[] NOT NULL,
	"orders" integer[] NOT NULL,
	"spent" bigint[] NOT NULL
);
