CREATE TABLE "customization_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"guest_id" uuid,
	"contact_name" varchar(120) NOT NULL,
	"contact_email" varchar(254) NOT NULL,
	"contact_phone" varchar(32) DEFAULT '' NOT NULL,
	"product_id" integer,
	"product_type_id" integer,
	"size" varchar(40) DEFAULT '' NOT NULL,
	"color" varchar(40) DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"description" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" varchar(12) DEFAULT 'new' NOT NULL,
	"is_checked" boolean DEFAULT false NOT NULL,
	"checked_date" timestamp with time zone,
	"quote_price" integer,
	"quote_delivery_time" varchar(120),
	"quote_note" text DEFAULT '' NOT NULL,
	"rejection_reason" text,
	"resulting_order_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customization_requests_owner_check" CHECK (num_nonnulls("customization_requests"."user_id", "customization_requests"."guest_id") = 1),
	CONSTRAINT "customization_requests_quantity_check" CHECK ("customization_requests"."quantity" > 0),
	CONSTRAINT "customization_requests_quote_check" CHECK ("customization_requests"."quote_price" is null or "customization_requests"."quote_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "customization_requests" ADD CONSTRAINT "customization_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customization_requests" ADD CONSTRAINT "customization_requests_guest_id_guest_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customization_requests" ADD CONSTRAINT "customization_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customization_requests" ADD CONSTRAINT "customization_requests_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customization_requests" ADD CONSTRAINT "customization_requests_resulting_order_id_buying_history_id_fk" FOREIGN KEY ("resulting_order_id") REFERENCES "public"."buying_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customization_requests_admin_idx" ON "customization_requests" USING btree ("is_checked","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customization_requests_user_idx" ON "customization_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customization_requests_guest_idx" ON "customization_requests" USING btree ("guest_id");