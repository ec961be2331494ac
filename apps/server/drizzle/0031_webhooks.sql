CREATE TABLE "webhook_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_status" integer,
	"duration_ms" integer NOT NULL,
	"response_body" text DEFAULT '' NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"duration_ms" integer,
	"request_headers" jsonb,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(500) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"events" varchar(40)[] NOT NULL,
	"secret" text NOT NULL,
	"secret_prefix" varchar(16) NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_by_id" text,
	"created_by_name" varchar(120) NOT NULL,
	"created_by_email" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" varchar(40) NOT NULL,
	"resource_type" varchar(20) NOT NULL,
	"resource_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"relayed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_webhook_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_webhook_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoint"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_event_id_webhook_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempt_delivery_idx" ON "webhook_attempt" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_endpoint_idx" ON "webhook_delivery" USING btree ("endpoint_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_delivery_event_idx" ON "webhook_delivery" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoint_enabled_idx" ON "webhook_endpoint" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "webhook_event_outbox_idx" ON "webhook_event" USING btree ("id") WHERE "webhook_event"."relayed_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_event_created_idx" ON "webhook_event" USING btree ("created_at");--> statement-breakpoint
-- The outbox's writers (issue 38 item 1, ADR 0025). An event is written in the transaction
-- that makes it, only when an enabled endpoint wants it (an empty endpoint table costs one
-- index probe), and the processes are told by the invalidation bus' channel (topic
-- "webhooks"); the relay also looks every few seconds (the Redis bus does not hear NOTIFY).
-- Order, refund and request events share the order as their resource, product and stock
-- events the product, so each is delivered in order per resource.
CREATE OR REPLACE FUNCTION webhook_wanted(p_type text) RETURNS boolean LANGUAGE sql STABLE AS $$
  select exists (select 1 from webhook_endpoint where enabled and p_type = any(events))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_emit(p_type text, p_resource text, p_id text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_data IS NULL OR NOT webhook_wanted(p_type) THEN RETURN; END IF;
  INSERT INTO webhook_event (type, resource_type, resource_id, data) VALUES (p_type, p_resource, p_id, p_data);
  PERFORM pg_notify('atelier_invalidate', '{"o":"database","t":"webhooks"}');
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_order_data(p_order integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  select jsonb_build_object(
    'id', o.id, 'number', o.number, 'status', o.status, 'paymentState', o.payment_state,
    'paymentMethod', o.payment_method, 'currency', o.currency, 'subtotal', o.subtotal,
    'discount', o.discount, 'couponCode', o.coupon_code, 'deliveryFee', o.delivery_fee, 'tax', o.tax,
    'total', o.total, 'customerId', o.user_id, 'email', o.email, 'customerName', o.customer_name,
    'phone', o.phone, 'shippingAddress', o.shipping_address, 'deliveryZone', o.delivery_zone_name,
    'courier', o.courier, 'trackingNumber', o.tracking_number, 'placedAt', o.placed_at, 'updatedAt', o.updated_at,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', l.id, 'productId', l.product_id, 'variantId', l.variant_id, 'sku', l.sku,
        'productName', l.product_name, 'size', l.size_name, 'color', l.color_name, 'quantity', l.quantity,
        'unitPrice', l.unit_price, 'totalPrice', l.total_price, 'discount', l.discount) order by l.id)
      from order_lines l where l.history_id = o.id), '[]'::jsonb))
  from buying_history o where o.id = p_order and not o.is_draft
$$;--> statement-breakpoint
-- Deferred to the commit: an order's lines are written after its row.
CREATE OR REPLACE FUNCTION webhook_order_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_status text := CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END;
  was_paid text := CASE WHEN TG_OP = 'UPDATE' THEN OLD.payment_state END;
BEGIN
  IF NEW.status = 'placed' AND coalesce(was_status, 'pending_payment') = 'pending_payment' THEN
    PERFORM webhook_emit('order.placed', 'order', NEW.id::text, webhook_order_data(NEW.id));
  END IF;
  IF NEW.payment_state = 'paid'
     AND coalesce(was_paid, 'unpaid') IN ('unpaid', 'awaiting_verification', 'failed', 'expired') THEN
    PERFORM webhook_emit('order.paid', 'order', NEW.id::text, webhook_order_data(NEW.id));
  END IF;
  IF NEW.status = 'shipped' AND was_status IS DISTINCT FROM 'shipped' THEN
    PERFORM webhook_emit('order.fulfilled', 'order', NEW.id::text, webhook_order_data(NEW.id));
  END IF;
  -- An unpaid card order that expires was never placed: nothing to tell.
  IF NEW.status = 'cancelled' AND was_status IS NOT NULL AND was_status NOT IN ('cancelled', 'pending_payment') THEN
    PERFORM webhook_emit('order.cancelled', 'order', NEW.id::text, webhook_order_data(NEW.id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER webhook_order_events AFTER INSERT OR UPDATE OF status, payment_state ON buying_history
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION webhook_order_events();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_refund_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit('refund.created', 'order', NEW.history_id::text, jsonb_build_object(
    'id', NEW.id, 'orderId', NEW.history_id,
    'orderNumber', (select number from buying_history where id = NEW.history_id),
    'amount', NEW.amount, 'currency', NEW.currency, 'method', NEW.method, 'status', NEW.status,
    'reason', NEW.reason, 'createdAt', NEW.created_at));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER webhook_refund_created AFTER INSERT ON payment_ledger
  FOR EACH ROW WHEN (NEW.event = 'refunded') EXECUTE FUNCTION webhook_refund_created();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_request_opened() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit('request.opened', 'order', NEW.history_id::text, jsonb_build_object(
    'id', NEW.id, 'kind', NEW.kind, 'orderId', NEW.history_id,
    'orderNumber', (select number from buying_history where id = NEW.history_id),
    'reason', NEW.reason, 'items', NEW.items, 'createdAt', NEW.created_at));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER webhook_request_opened AFTER INSERT ON order_requests
  FOR EACH ROW EXECUTE FUNCTION webhook_request_opened();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_product_data(p_id integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  select jsonb_build_object(
    'id', p.id, 'name', p.name, 'slug', p.slug, 'description', p.description, 'price', p.price,
    'compareAtPrice', p.compare_at_price, 'published', p.is_published, 'tags', to_jsonb(p.tags),
    'seoTitle', p.seo_title, 'seoDescription', p.seo_description, 'createdAt', p.created_at, 'updatedAt', p.updated_at,
    'variants', coalesce((
      select jsonb_agg(jsonb_build_object('id', v.id, 'sku', v.sku, 'size', s.name, 'color', c.name, 'stock', v.stock) order by v.id)
      from product_variants v join sizes s on s.id = v.size_id join colors c on c.id = v.color_id
      where v.product_id = p.id), '[]'::jsonb))
  from products p where p.id = p_id
$$;--> statement-breakpoint
-- Deferred to the commit: a product's variants are written after its row.
CREATE OR REPLACE FUNCTION webhook_product_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit(CASE WHEN TG_OP = 'INSERT' THEN 'product.created' ELSE 'product.updated' END,
    'product', NEW.id::text, webhook_product_data(NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER webhook_product_created AFTER INSERT ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION webhook_product_events();--> statement-breakpoint
-- Every staff edit bumps the version; counters (sales count) do not.
CREATE CONSTRAINT TRIGGER webhook_product_updated AFTER UPDATE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version)
  EXECUTE FUNCTION webhook_product_events();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_product_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit('product.deleted', 'product', OLD.id::text,
    jsonb_build_object('id', OLD.id, 'name', OLD.name, 'slug', OLD.slug));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER webhook_product_deleted AFTER DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION webhook_product_deleted();--> statement-breakpoint
-- A variant crossing its low-stock threshold downwards (the same threshold as the low-stock
-- page). Deferred to the commit, and judged by the stock then: setting a variant's stock runs
-- through the stock ledger, whose triggers pass the variant through in-between numbers.
-- Once per variant and transaction (its events share now() as their time).
CREATE OR REPLACE FUNCTION webhook_stock_low() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  limit_ integer;
  now_ integer;
BEGIN
  IF NOT webhook_wanted('stock.low') THEN RETURN NULL; END IF;
  SELECT stock INTO now_ FROM product_variants WHERE id = NEW.id;
  IF now_ IS NULL THEN RETURN NULL; END IF;
  limit_ := coalesce(
    (select threshold from stock_thresholds where variant_id = NEW.id),
    (select threshold from stock_thresholds where product_id = NEW.product_id),
    (select low_stock_default from inventory_settings where id = 1), 5);
  IF OLD.stock > limit_ AND now_ <= limit_ AND NOT EXISTS (
    SELECT 1 FROM webhook_event
     WHERE created_at = now() AND type = 'stock.low' AND data->>'variantId' = NEW.id::text
  ) THEN
    PERFORM webhook_emit('stock.low', 'product', NEW.product_id::text, jsonb_build_object(
      'variantId', NEW.id, 'productId', NEW.product_id, 'sku', NEW.sku,
      'productName', (select name from products where id = NEW.product_id),
      'available', now_, 'threshold', limit_));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER webhook_stock_low AFTER UPDATE OF stock ON product_variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.stock < OLD.stock) EXECUTE FUNCTION webhook_stock_low();--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_customer_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_emit('customer.created', 'customer', NEW.id, jsonb_build_object(
    'id', NEW.id, 'name', NEW.name, 'email', NEW.email, 'createdAt', NEW.created_at));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER webhook_customer_created AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION webhook_customer_created();
