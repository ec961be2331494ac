-- contract: the one changed type widens buying_history.coupon_code from varchar(40) to varchar(64); a running previous version writes and reads codes of at most 40 characters, which the wider column keeps as they are
CREATE TABLE "coupon_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"usage_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"code_id" integer,
	"code" varchar(64),
	"order_id" integer NOT NULL,
	"user_id" text,
	"email" varchar(254) NOT NULL,
	"amount" integer NOT NULL,
	"free_delivery" boolean DEFAULT false NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_amount_check" CHECK ("coupon_redemptions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"method" varchar(10) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"percent_off" smallint,
	"amount_off" integer,
	"buy_quantity" smallint,
	"get_quantity" smallint,
	"get_percent_off" smallint,
	"applies_to" varchar(8) DEFAULT 'order' NOT NULL,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_subtotal" integer,
	"min_quantity" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"eligibility" varchar(12) DEFAULT 'everyone' NOT NULL,
	"customer_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"combines_with_order" boolean DEFAULT false NOT NULL,
	"combines_with_product" boolean DEFAULT false NOT NULL,
	"combines_with_delivery" boolean DEFAULT true NOT NULL,
	"release_on_refund" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_percent_check" CHECK ("coupons"."percent_off" is null or "coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_get_percent_check" CHECK ("coupons"."get_percent_off" is null or "coupons"."get_percent_off" between 1 and 100),
	CONSTRAINT "coupons_amount_check" CHECK ("coupons"."amount_off" is null or "coupons"."amount_off" >= 0),
	CONSTRAINT "coupons_min_check" CHECK (coalesce("coupons"."min_subtotal", 0) >= 0 and coalesce("coupons"."min_quantity", 1) >= 1),
	CONSTRAINT "coupons_window_check" CHECK ("coupons"."starts_at" is null or "coupons"."ends_at" is null or "coupons"."ends_at" > "coupons"."starts_at"),
	CONSTRAINT "coupons_limits_check" CHECK (coalesce("coupons"."usage_limit", 1) >= 1 and coalesce("coupons"."per_customer_limit", 1) >= 1)
);
--> statement-breakpoint
CREATE TABLE "new_arrival_items" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_arrivals_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" varchar(10) DEFAULT 'newest' NOT NULL,
	"days" integer DEFAULT 30 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "new_arrivals_settings_one_row" CHECK ("new_arrivals_settings"."id" = 1),
	CONSTRAINT "new_arrivals_settings_days_check" CHECK ("new_arrivals_settings"."days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "scheduled_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"value" integer NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_discounts_value_check" CHECK ("scheduled_discounts"."value" > 0 and ("scheduled_discounts"."kind" <> 'percent' or "scheduled_discounts"."value" <= 100)),
	CONSTRAINT "scheduled_discounts_window_check" CHECK ("scheduled_discounts"."ends_at" is null or "scheduled_discounts"."ends_at" > "scheduled_discounts"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "buying_history" ALTER COLUMN "coupon_code" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_code_id_coupon_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."coupon_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_buying_history_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."buying_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_arrival_items" ADD CONSTRAINT "new_arrival_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_discounts" ADD CONSTRAINT "scheduled_discounts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code_key" ON "coupon_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "coupon_codes_coupon_idx" ON "coupon_codes" USING btree ("coupon_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_one_primary_key" ON "coupon_codes" USING btree ("coupon_id") WHERE "coupon_codes"."is_primary";--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_redemptions_code_idx" ON "coupon_redemptions" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_email_idx" ON "coupon_redemptions" USING btree ("coupon_id","email");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupons_automatic_idx" ON "coupons" USING btree ("method") WHERE "coupons"."is_active";--> statement-breakpoint
CREATE INDEX "new_arrival_items_position_idx" ON "new_arrival_items" USING btree ("position");--> statement-breakpoint
CREATE INDEX "scheduled_discounts_window_idx" ON "scheduled_discounts" USING btree ("starts_at","ends_at") WHERE "scheduled_discounts"."is_active";--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_check" CHECK ("order_lines"."discount" between 0 and "order_lines"."total_price");--> statement-breakpoint
-- A product's price now: its price less the best active scheduled discount that targets it
-- (the product, its series, its product type, or its category at any level), never below
-- zero. STABLE: now() is the transaction's clock, so one statement sees one price.
CREATE FUNCTION sale_price(p products) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  select coalesce(min(greatest(0, p.price - case
           when d.kind = 'percent' then (p.price::bigint * d.value + 50) / 100
           else d.value end))::integer, p.price)
  from scheduled_discounts d
  where d.is_active and d.starts_at <= now() and (d.ends_at is null or d.ends_at > now())
    and (d.target_type = 'all'
      or (d.target_type = 'product' and p.id = any(d.target_ids))
      or (d.target_type = 'series' and p.series_id = any(d.target_ids))
      or (d.target_type = 'productType' and p.product_type_id = any(d.target_ids))
      or (d.target_type = 'subSubCategory' and p.sub_sub_category_id = any(d.target_ids))
      or (d.target_type = 'subCategory' and exists (select 1 from sub_sub_categories s
            where s.id = p.sub_sub_category_id and s.sub_category_id = any(d.target_ids)))
      or (d.target_type = 'category' and exists (select 1 from sub_sub_categories s
            join sub_categories c on c.id = s.sub_category_id
            where s.id = p.sub_sub_category_id and c.category_id = any(d.target_ids))))
$$;
