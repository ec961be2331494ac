CREATE TABLE "inventory_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_stock_default" integer DEFAULT 5 NOT NULL,
	"only_left_below" integer DEFAULT 5 NOT NULL,
	"reorder_cover_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_settings_singleton" CHECK ("inventory_settings"."id" = 1),
	CONSTRAINT "inventory_settings_values_check" CHECK ("inventory_settings"."low_stock_default" >= 0 and "inventory_settings"."only_left_below" >= 0 and "inventory_settings"."reorder_cover_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_line_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"restocked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_line_allocations_quantity_check" CHECK ("order_line_allocations"."quantity" > 0),
	CONSTRAINT "order_line_allocations_restocked_check" CHECK ("order_line_allocations"."restocked" between 0 and "order_line_allocations"."quantity")
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"quantity" integer NOT NULL,
	"reserved_change" integer DEFAULT 0 NOT NULL,
	"on_hand_after" integer DEFAULT 0 NOT NULL,
	"reserved_after" integer DEFAULT 0 NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"actor_id" text,
	"actor_name" varchar(120) DEFAULT 'System' NOT NULL,
	"order_id" integer,
	"transfer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_kind_check" CHECK ("stock_ledger"."kind" in ('order','refund','return','adjustment','transfer','import','count','hold')),
	CONSTRAINT "stock_ledger_change_check" CHECK ("stock_ledger"."quantity" <> 0 or "stock_ledger"."reserved_change" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"variant_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"incoming" integer DEFAULT 0 NOT NULL,
	"incoming_expected_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_variant_id_warehouse_id_pk" PRIMARY KEY("variant_id","warehouse_id"),
	CONSTRAINT "stock_levels_on_hand_check" CHECK ("stock_levels"."on_hand" >= 0),
	CONSTRAINT "stock_levels_reserved_check" CHECK ("stock_levels"."reserved" >= 0 and "stock_levels"."reserved" <= "stock_levels"."on_hand"),
	CONSTRAINT "stock_levels_incoming_check" CHECK ("stock_levels"."incoming" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_thresholds" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer,
	"product_id" integer,
	"threshold" integer NOT NULL,
	CONSTRAINT "stock_thresholds_one_target_check" CHECK (num_nonnulls("stock_thresholds"."variant_id", "stock_thresholds"."product_id") = 1),
	CONSTRAINT "stock_thresholds_threshold_check" CHECK ("stock_thresholds"."threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"from_warehouse_id" integer NOT NULL,
	"to_warehouse_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"status" varchar(20) DEFAULT 'in_transit' NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"created_by_name" varchar(120) DEFAULT 'System' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "stock_transfers_quantity_check" CHECK ("stock_transfers"."quantity" > 0),
	CONSTRAINT "stock_transfers_distinct_check" CHECK ("stock_transfers"."from_warehouse_id" <> "stock_transfers"."to_warehouse_id"),
	CONSTRAINT "stock_transfers_status_check" CHECK ("stock_transfers"."status" in ('in_transit','received'))
);
--> statement-breakpoint
CREATE TABLE "warehouse_zones" (
	"warehouse_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	CONSTRAINT "warehouse_zones_warehouse_id_zone_id_pk" PRIMARY KEY("warehouse_id","zone_id")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"code" varchar(20) NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"priority" smallint DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"ships_to_all_zones" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_default_active_check" CHECK (not "warehouses"."is_default" or "warehouses"."is_active")
);
--> statement-breakpoint
ALTER TABLE "order_line_allocations" ADD CONSTRAINT "order_line_allocations_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_allocations" ADD CONSTRAINT "order_line_allocations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_order_id_buying_history_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."buying_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_thresholds" ADD CONSTRAINT "stock_thresholds_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_thresholds" ADD CONSTRAINT "stock_thresholds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_warehouse_id_warehouses_id_fk" FOREIGN KEY ("from_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_warehouse_id_warehouses_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_zones" ADD CONSTRAINT "warehouse_zones_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_zones" ADD CONSTRAINT "warehouse_zones_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_line_allocations_line_idx" ON "order_line_allocations" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_level_idx" ON "stock_ledger" USING btree ("variant_id","warehouse_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_created_idx" ON "stock_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stock_ledger_order_idx" ON "stock_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_levels_warehouse_idx" ON "stock_levels" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_thresholds_variant_key" ON "stock_thresholds" USING btree ("variant_id") WHERE "stock_thresholds"."variant_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_thresholds_product_key" ON "stock_thresholds" USING btree ("product_id") WHERE "stock_thresholds"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_transfers_status_idx" ON "stock_transfers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "warehouse_zones_zone_idx" ON "warehouse_zones" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_key" ON "warehouses" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_key" ON "warehouses" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_one_default_key" ON "warehouses" USING btree ("is_default") WHERE "warehouses"."is_default";--> statement-breakpoint
-- Inventory (issue 14), by hand: the ledger is the only way stock changes.
--
-- 1. A row inserted into stock_ledger applies itself to its stock_levels row (created on
--    first use) and records the level after it; the level's CHECKs refuse going below
--    zero or reserving more than is on hand, which aborts the insert.
-- 2. stock_levels refuses any other change of on_hand/reserved, and stock_ledger refuses
--    updates and deletes (except the cascade when a variant is deleted): a level always
--    equals the sum of its ledger rows.
-- 3. product_variants.stock, which the storefront, search, cart and older code read, is
--    kept equal to the available units (on_hand - reserved) over active warehouses.
-- 4. A direct write of product_variants.stock (the product editor, the product CSV import,
--    older code) is turned into ledger rows: more goes into the default warehouse, less is
--    taken from the default warehouse first, then by priority.
-- pg_trigger_depth() tells the triggers' own writes (depth > 1) from a statement's.
CREATE FUNCTION stock_ledger_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  level stock_levels;
BEGIN
  INSERT INTO stock_levels (variant_id, warehouse_id) VALUES (NEW.variant_id, NEW.warehouse_id)
    ON CONFLICT DO NOTHING;
  UPDATE stock_levels
     SET on_hand = on_hand + NEW.quantity, reserved = reserved + NEW.reserved_change,
         version = version + 1, updated_at = now()
   WHERE variant_id = NEW.variant_id AND warehouse_id = NEW.warehouse_id
  RETURNING * INTO level;
  NEW.on_hand_after := level.on_hand;
  NEW.reserved_after := level.reserved;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_ledger_apply BEFORE INSERT ON stock_ledger
  FOR EACH ROW EXECUTE FUNCTION stock_ledger_apply();
--> statement-breakpoint
CREATE FUNCTION stock_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM product_variants WHERE id = OLD.variant_id) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.variant_id, NEW.warehouse_id, NEW.kind, NEW.quantity, NEW.reserved_change,
      NEW.on_hand_after, NEW.reserved_after, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.variant_id, OLD.warehouse_id, OLD.kind, OLD.quantity, OLD.reserved_change,
      OLD.on_hand_after, OLD.reserved_after, OLD.created_at) THEN
    RETURN NEW; -- an order or user deleted: the ON DELETE SET NULL of order_id/actor_id
  END IF;
  RAISE EXCEPTION 'the stock ledger is append-only: post a correcting row instead'
    USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_ledger_append_only BEFORE UPDATE OR DELETE ON stock_ledger
  FOR EACH ROW EXECUTE FUNCTION stock_ledger_append_only();
--> statement-breakpoint
CREATE FUNCTION stock_levels_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN COALESCE(NEW, OLD);
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM product_variants WHERE id = OLD.variant_id) THEN RETURN OLD; END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.on_hand = 0 AND NEW.reserved = 0 THEN RETURN NEW; END IF;
  ELSIF NEW.on_hand = OLD.on_hand AND NEW.reserved = OLD.reserved AND NEW.version = OLD.version THEN
    RETURN NEW; -- incoming quantity and date are staff's to set
  END IF;
  RAISE EXCEPTION 'stock levels change only through the stock ledger (insert into stock_ledger)'
    USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_levels_guard BEFORE INSERT OR UPDATE OR DELETE ON stock_levels
  FOR EACH ROW EXECUTE FUNCTION stock_levels_guard();
--> statement-breakpoint
CREATE FUNCTION variant_available(v integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(l.on_hand - l.reserved), 0)::integer
  FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id AND w.is_active
  WHERE l.variant_id = v
$$;
--> statement-breakpoint
CREATE FUNCTION stock_levels_sync_variant() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v integer := COALESCE(NEW.variant_id, OLD.variant_id);
  available integer := variant_available(v);
BEGIN
  UPDATE product_variants SET stock = available, updated_at = now()
   WHERE id = v AND stock IS DISTINCT FROM available;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_levels_sync_variant AFTER INSERT OR UPDATE OR DELETE ON stock_levels
  FOR EACH ROW EXECUTE FUNCTION stock_levels_sync_variant();
--> statement-breakpoint
CREATE FUNCTION warehouses_sync_variants() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_variants p SET stock = variant_available(p.id), updated_at = now()
   WHERE p.id IN (SELECT variant_id FROM stock_levels WHERE warehouse_id = NEW.id)
     AND p.stock IS DISTINCT FROM variant_available(p.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER warehouses_sync_variants AFTER UPDATE OF is_active ON warehouses
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active) EXECUTE FUNCTION warehouses_sync_variants();
--> statement-breakpoint
CREATE FUNCTION product_variants_stock_to_ledger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  change integer;
  home integer;
  level record;
  take integer;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  change := NEW.stock - variant_available(NEW.id);
  IF change = 0 THEN RETURN NULL; END IF;
  IF change > 0 THEN
    SELECT id INTO home FROM warehouses WHERE is_default;
    IF home IS NULL THEN
      RAISE EXCEPTION 'no default warehouse to put stock in' USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO stock_ledger (variant_id, warehouse_id, kind, quantity, reason, actor_name)
      VALUES (NEW.id, home, 'adjustment', change,
              CASE WHEN TG_OP = 'INSERT' THEN 'Initial stock of a new variant' ELSE 'Stock set on the product' END,
              'Product editor');
  ELSE
    FOR level IN
      SELECT l.warehouse_id, l.on_hand - l.reserved AS available
        FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id AND w.is_active
       WHERE l.variant_id = NEW.id AND l.on_hand > l.reserved
       ORDER BY w.is_default DESC, w.priority, w.id
         FOR UPDATE OF l
    LOOP
      EXIT WHEN change = 0;
      take := LEAST(level.available, -change);
      INSERT INTO stock_ledger (variant_id, warehouse_id, kind, quantity, reason, actor_name)
        VALUES (NEW.id, level.warehouse_id, 'adjustment', -take, 'Stock set on the product', 'Product editor');
      change := change + take;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_to_ledger AFTER INSERT OR UPDATE OF stock ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_stock_to_ledger();
--> statement-breakpoint
-- The single stock number moves into a default warehouse, every unit an opening ledger row.
INSERT INTO warehouses (name, code, priority, is_default) VALUES ('Main warehouse', 'MAIN', 10, true);
--> statement-breakpoint
INSERT INTO inventory_settings (id) VALUES (1);
--> statement-breakpoint
INSERT INTO stock_ledger (variant_id, warehouse_id, kind, quantity, reason, actor_name)
  SELECT v.id, w.id, 'import', v.stock, 'Opening balance: the stock before warehouses', 'Migration 0012'
    FROM product_variants v CROSS JOIN warehouses w
   WHERE w.is_default AND v.stock > 0
   ORDER BY v.id;
