CREATE TABLE "popups" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_filename" varchar(200),
	"image_alt" varchar(200) DEFAULT '' NOT NULL,
	"button_label" varchar(40) DEFAULT '' NOT NULL,
	"button_href" varchar(500) DEFAULT '' NOT NULL,
	"coupon_code" varchar(64),
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"audience" varchar(20) DEFAULT 'everyone' NOT NULL,
	"placement" varchar(20) DEFAULT 'home' NOT NULL,
	"category_id" integer,
	"frequency" varchar(20) DEFAULT 'session' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popups_schedule_order" CHECK ("popups"."ends_at" is null or "popups"."starts_at" is null or "popups"."ends_at" > "popups"."starts_at"),
	CONSTRAINT "popups_audience" CHECK ("popups"."audience" in ('everyone', 'guests', 'signed-in', 'first-visit')),
	CONSTRAINT "popups_placement" CHECK ("popups"."placement" in ('home', 'all', 'category')),
	CONSTRAINT "popups_frequency" CHECK ("popups"."frequency" in ('session', 'day', 'once'))
);
--> statement-breakpoint
ALTER TABLE "popups" ADD CONSTRAINT "popups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popups_enabled_idx" ON "popups" USING btree ("is_enabled","starts_at");