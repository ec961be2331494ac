CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"label" varchar(40) DEFAULT '' NOT NULL,
	"full_name" varchar(120) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"line1" varchar(160) NOT NULL,
	"line2" varchar(160) DEFAULT '' NOT NULL,
	"city" varchar(80) NOT NULL,
	"region" varchar(80) DEFAULT '' NOT NULL,
	"postal_code" varchar(20) DEFAULT '' NOT NULL,
	"country" varchar(2) NOT NULL,
	"delivery_zone_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buying_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(20) NOT NULL,
	"user_id" text,
	"guest_id" uuid,
	"email" varchar(254) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"customer_name" varchar(120) NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"delivery_zone_id" integer,
	"delivery_zone_name" varchar(80) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"coupon_code" varchar(40),
	"delivery_fee" integer NOT NULL,
	"tax" integer NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"payment_method" varchar(20) NOT NULL,
	"payment_state" varchar(24) NOT NULL,
	"transfer_reference" varchar(80),
	"stripe_session_id" varchar(255),
	"hold_expires_at" timestamp with time zone,
	"courier" varchar(80),
	"tracking_number" varchar(80),
	"customer_note" text DEFAULT '' NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_checked" boolean DEFAULT false NOT NULL,
	"checked_date" timestamp with time zone,
	"idempotency_key" varchar(255),
	"request_hash" varchar(64),
	"version" integer DEFAULT 1 NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buying_history_number_unique" UNIQUE("number"),
	CONSTRAINT "buying_history_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "buying_history_amounts_check" CHECK ("buying_history"."subtotal" >= 0 and "buying_history"."discount" >= 0 and "buying_history"."delivery_fee" >= 0 and "buying_history"."tax" >= 0 and "buying_history"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"seen_unit_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity_check" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"guest_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_owner_check" CHECK (num_nonnulls("carts"."user_id", "carts"."guest_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"subject" varchar(160) NOT NULL,
	"message" text NOT NULL,
	"is_handled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fee" integer NOT NULL,
	"free_over" integer,
	"estimate" varchar(80) DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_name_unique" UNIQUE("name"),
	CONSTRAINT "delivery_zones_fee_check" CHECK ("delivery_zones"."fee" >= 0),
	CONSTRAINT "delivery_zones_free_over_check" CHECK ("delivery_zones"."free_over" is null or "delivery_zones"."free_over" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20),
	"message" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"actor_user_id" text,
	"actor_name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"product_name" varchar(160) NOT NULL,
	"size_name" varchar(40) NOT NULL,
	"color_name" varchar(40) NOT NULL,
	"sku" varchar(64) NOT NULL,
	"filename" varchar(200),
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_price" integer NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_returned_check" CHECK ("order_lines"."returned_quantity" between 0 and "order_lines"."quantity"),
	CONSTRAINT "order_lines_total_check" CHECK ("order_lines"."total_price" = "order_lines"."unit_price" * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"reason" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"resolution_note" text DEFAULT '' NOT NULL,
	"is_checked" boolean DEFAULT false NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"method" varchar(20) NOT NULL,
	"amount" integer NOT NULL,
	"reference" varchar(255),
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"recorded_by_name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"type" varchar(80) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"region" varchar(10) NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"applies_to_delivery" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_region_unique" UNIQUE("region"),
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"guest_id" uuid,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_owner_check" CHECK (num_nonnulls("wishlist_items"."user_id", "wishlist_items"."guest_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "country" varchar(2) DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payments" jsonb DEFAULT '{"cashOnDelivery":{"enabled":true},"manualTransfer":{"enabled":true,"title":"Mobile money or bank transfer","instructions":""}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "return_window_days" smallint DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "card_hold_minutes" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_delivery_zone_id_delivery_zones_id_fk" FOREIGN KEY ("delivery_zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_history" ADD CONSTRAINT "buying_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_history" ADD CONSTRAINT "buying_history_guest_id_guest_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guest"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buying_history" ADD CONSTRAINT "buying_history_delivery_zone_id_delivery_zones_id_fk" FOREIGN KEY ("delivery_zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_guest_id_guest_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_history_id_buying_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."buying_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_history_id_buying_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."buying_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_history_id_buying_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."buying_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_history_id_buying_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."buying_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_guest_id_guest_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_key" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "buying_history_user_idempotency_key" ON "buying_history" USING btree ("user_id","idempotency_key") WHERE "buying_history"."user_id" is not null and "buying_history"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "buying_history_guest_idempotency_key" ON "buying_history" USING btree ("guest_id","idempotency_key") WHERE "buying_history"."guest_id" is not null and "buying_history"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "buying_history_user_idx" ON "buying_history" USING btree ("user_id","placed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buying_history_guest_idx" ON "buying_history" USING btree ("guest_id","placed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buying_history_admin_idx" ON "buying_history" USING btree ("is_checked","checked_date" DESC NULLS LAST) WHERE not "buying_history"."is_draft";--> statement-breakpoint
CREATE INDEX "buying_history_status_idx" ON "buying_history" USING btree ("status");--> statement-breakpoint
CREATE INDEX "buying_history_hold_idx" ON "buying_history" USING btree ("hold_expires_at") WHERE "buying_history"."hold_expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_cart_variant_key" ON "cart_lines" USING btree ("cart_id","variant_id");--> statement-breakpoint
CREATE INDEX "cart_lines_variant_idx" ON "cart_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_key" ON "carts" USING btree ("user_id") WHERE "carts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_guest_key" ON "carts" USING btree ("guest_id") WHERE "carts"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "carts_updated_at_idx" ON "carts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_events_history_idx" ON "order_events" USING btree ("history_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_history_idx" ON "order_lines" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_requests_history_idx" ON "order_requests" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "order_requests_status_idx" ON "order_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "order_requests_one_open_key" ON "order_requests" USING btree ("history_id","kind") WHERE "order_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payments_history_idx" ON "payments" USING btree ("history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_user_product_key" ON "wishlist_items" USING btree ("user_id","product_id") WHERE "wishlist_items"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_guest_product_key" ON "wishlist_items" USING btree ("guest_id","product_id") WHERE "wishlist_items"."guest_id" is not null;