CREATE TABLE "collab_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"collaborator_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"currency" varchar(3) NOT NULL,
	"units" integer NOT NULL,
	"net_sales" integer NOT NULL,
	"due" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"paid_by_name" varchar(120),
	"paid_reference" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collab_statements_period_check" CHECK ("collab_statements"."period_end" > "collab_statements"."period_start")
);
--> statement-breakpoint
CREATE TABLE "collaborator_coupons" (
	"collaborator_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	CONSTRAINT "collaborator_coupons_collaborator_id_coupon_id_pk" PRIMARY KEY("collaborator_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "collaborator_products" (
	"collaborator_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "collaborator_products_collaborator_id_product_id_pk" PRIMARY KEY("collaborator_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "collaborators" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(80) NOT NULL,
	"portrait" varchar(200),
	"banner" varchar(200),
	"bio" text DEFAULT '' NOT NULL,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"country" varchar(2),
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"series_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"rate_kind" varchar(8) DEFAULT 'percent' NOT NULL,
	"rate_basis_points" integer,
	"rate_amount" integer,
	"rate_starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborators_kind_check" CHECK ("collaborators"."kind" in ('artist', 'influencer')),
	CONSTRAINT "collaborators_status_check" CHECK ("collaborators"."status" in ('draft', 'live', 'ended')),
	CONSTRAINT "collaborators_rate_check" CHECK (("collaborators"."rate_kind" = 'percent' and "collaborators"."rate_basis_points" between 0 and 10000) or ("collaborators"."rate_kind" = 'fixed' and "collaborators"."rate_amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "drop_products" (
	"drop_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "drop_products_drop_id_product_id_pk" PRIMARY KEY("drop_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "drops" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"collaborator_id" integer,
	"launch_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"before_launch" varchar(12) DEFAULT 'coming_soon' NOT NULL,
	"per_customer_limit" integer,
	"launch_mailed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drops_window_check" CHECK ("drops"."ends_at" is null or "drops"."ends_at" > "drops"."launch_at"),
	CONSTRAINT "drops_limit_check" CHECK ("drops"."per_customer_limit" is null or "drops"."per_customer_limit" >= 1),
	CONSTRAINT "drops_before_launch_check" CHECK ("drops"."before_launch" in ('hidden', 'coming_soon'))
);
--> statement-breakpoint
CREATE TABLE "notify_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"drop_id" integer,
	"variant_id" integer,
	"token" varchar(64) NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_subscriptions_target_check" CHECK (("notify_subscriptions"."drop_id" is null) <> ("notify_subscriptions"."variant_id" is null))
);
--> statement-breakpoint
ALTER TABLE "collab_statements" ADD CONSTRAINT "collab_statements_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_statements" ADD CONSTRAINT "collab_statements_paid_by_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_coupons" ADD CONSTRAINT "collaborator_coupons_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_coupons" ADD CONSTRAINT "collaborator_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_products" ADD CONSTRAINT "collaborator_products_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_products" ADD CONSTRAINT "collaborator_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_products" ADD CONSTRAINT "drop_products_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_products" ADD CONSTRAINT "drop_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_subscriptions" ADD CONSTRAINT "notify_subscriptions_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_subscriptions" ADD CONSTRAINT "notify_subscriptions_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collab_statements_collaborator_idx" ON "collab_statements" USING btree ("collaborator_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "collaborator_coupons_coupon_key" ON "collaborator_coupons" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "collaborator_products_product_idx" ON "collaborator_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collaborators_slug_key" ON "collaborators" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "collaborators_live_idx" ON "collaborators" USING btree ("kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "drop_products_product_key" ON "drop_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "drops_launch_idx" ON "drops" USING btree ("launch_at") WHERE "drops"."launch_mailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_subscriptions_drop_key" ON "notify_subscriptions" USING btree ("drop_id","email") WHERE "notify_subscriptions"."drop_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_subscriptions_variant_key" ON "notify_subscriptions" USING btree ("variant_id","email") WHERE "notify_subscriptions"."variant_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_subscriptions_token_key" ON "notify_subscriptions" USING btree ("token");
--> statement-breakpoint
-- A collaborator's products: its own ones and every product of its series (read by the
-- catalogue's collaborator filter, the collab pages and the statements).
CREATE VIEW "collaborator_product_ids" AS
  SELECT "collaborator_id", "product_id" FROM "collaborator_products"
  UNION
  SELECT c."id", p."id" FROM "collaborators" c JOIN "products" p ON p."series_id" = ANY (c."series_ids");
