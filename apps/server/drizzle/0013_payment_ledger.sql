CREATE TABLE "courier_remittance_orders" (
	"remittance_id" integer NOT NULL,
	"history_id" integer NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" varchar(80) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reference" varchar(120) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_user_id" text,
	"actor_name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_remittances_amount_check" CHECK ("courier_remittances"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"event" varchar(24) NOT NULL,
	"status" varchar(12) DEFAULT 'succeeded' NOT NULL,
	"method" varchar(20) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"provider_reference" varchar(255),
	"reason" text DEFAULT '' NOT NULL,
	"provider_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" text,
	"actor_name" varchar(120) NOT NULL,
	"payment_id" integer,
	"remittance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ledger_amount_check" CHECK ("payment_ledger"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "courier_remittance_orders" ADD CONSTRAINT "courier_remittance_orders_remittance_id_courier_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."courier_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittance_orders" ADD CONSTRAINT "courier_remittance_orders_history_id_buying_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."buying_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittances" ADD CONSTRAINT "courier_remittances_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_history_id_buying_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."buying_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_remittance_orders_history_idx" ON "courier_remittance_orders" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "courier_remittances_courier_idx" ON "courier_remittances" USING btree ("courier");--> statement-breakpoint
CREATE INDEX "payment_ledger_history_idx" ON "payment_ledger" USING btree ("history_id","id");--> statement-breakpoint
CREATE INDEX "payment_ledger_created_idx" ON "payment_ledger" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_ledger_reference_idx" ON "payment_ledger" USING btree ("provider_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_ledger_payment_idx" ON "payment_ledger" USING btree ("payment_id");--> statement-breakpoint
-- Hand-written (issue 15): move every existing payment and refund into the ledger, without loss.
INSERT INTO "payment_ledger" ("history_id", "event", "status", "method", "amount", "currency", "provider_reference", "reason", "actor_user_id", "actor_name", "payment_id", "created_at", "updated_at")
SELECT p."history_id",
       CASE WHEN p."kind" = 'refund' THEN 'refunded'
            WHEN p."method" = 'card' THEN 'captured'
            WHEN p."method" = 'cod' THEN 'cash_collected'
            ELSE 'transfer_verified' END,
       'succeeded', p."method", p."amount", b."currency", p."reference", p."note", p."recorded_by", p."recorded_by_name", p."id", p."created_at", p."created_at"
FROM "payments" p JOIN "buying_history" b ON b."id" = p."history_id"
ORDER BY p."id";
--> statement-breakpoint
-- Orders whose state no payment row explains: an expired hold, a failure, a payment recorded without a row.
INSERT INTO "payment_ledger" ("history_id", "event", "status", "method", "amount", "currency", "reason", "actor_name", "created_at", "updated_at")
SELECT b."id",
       CASE b."payment_state" WHEN 'expired' THEN 'voided' WHEN 'failed' THEN 'failed'
            ELSE CASE b."payment_method" WHEN 'card' THEN 'captured' WHEN 'cod' THEN 'cash_collected' ELSE 'transfer_verified' END END,
       'succeeded', b."payment_method", b."total", b."currency", 'Recorded when the ledger was introduced.', 'System', b."updated_at", b."updated_at"
FROM "buying_history" b
WHERE (b."payment_state" IN ('expired', 'failed')
       OR (b."payment_state" IN ('paid', 'partially_refunded', 'refunded')
           AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."history_id" = b."id" AND p."kind" = 'payment')));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_ledger_totals(p_history_id integer)
RETURNS TABLE (paid integer, refunded integer, refund_pending integer, state varchar)
LANGUAGE sql STABLE AS $$
  WITH r AS (SELECT id, event, status, amount FROM payment_ledger WHERE history_id = p_history_id),
  s AS (
    SELECT
      coalesce(sum(amount) FILTER (WHERE event IN ('captured', 'cash_collected', 'transfer_verified') AND status = 'succeeded'), 0)::int AS paid,
      coalesce(sum(amount) FILTER (WHERE (event = 'refunded' AND status <> 'failed') OR (event = 'dispute_lost' AND status = 'succeeded')), 0)::int AS refunded,
      coalesce(sum(amount) FILTER (WHERE event = 'refunded' AND status = 'pending'), 0)::int AS refund_pending
    FROM r
  ),
  latest AS (
    SELECT CASE event WHEN 'voided' THEN 'expired' WHEN 'authorised' THEN 'unpaid' ELSE 'failed' END AS state
    FROM r WHERE event IN ('voided', 'failed', 'transfer_rejected', 'authorised') ORDER BY id DESC LIMIT 1
  )
  SELECT s.paid, s.refunded, s.refund_pending,
    (CASE WHEN s.paid > 0 AND s.refunded >= s.paid THEN 'refunded'
          WHEN s.refunded > 0 THEN 'partially_refunded'
          WHEN s.paid > 0 THEN 'paid'
          ELSE coalesce((SELECT state FROM latest),
                        CASE WHEN (SELECT payment_method FROM buying_history WHERE id = p_history_id) = 'manual_transfer'
                             THEN 'awaiting_verification' ELSE 'unpaid' END)
     END)::varchar
  FROM s
$$;
--> statement-breakpoint
-- A ledger row's money is mirrored into the older payments table (its readers keep working).
CREATE OR REPLACE FUNCTION payment_ledger_mirror() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  legacy_kind text;
BEGIN
  IF NEW.payment_id IS NULL AND NEW.amount > 0 THEN
    legacy_kind := CASE
      WHEN NEW.event IN ('captured', 'cash_collected', 'transfer_verified') AND NEW.status = 'succeeded' THEN 'payment'
      WHEN NEW.event = 'refunded' AND NEW.status <> 'failed' THEN 'refund'
    END;
    IF legacy_kind IS NOT NULL THEN
      PERFORM set_config('atelier.ledger_mirror', '1', true);
      INSERT INTO payments (history_id, kind, method, amount, reference, note, recorded_by, recorded_by_name, created_at)
      VALUES (NEW.history_id, legacy_kind, NEW.method, NEW.amount, NEW.provider_reference, NEW.reason, NEW.actor_user_id, NEW.actor_name, NEW.created_at)
      RETURNING id INTO NEW.payment_id;
      PERFORM set_config('atelier.ledger_mirror', '', true);
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_ledger_mirror BEFORE INSERT ON payment_ledger FOR EACH ROW EXECUTE FUNCTION payment_ledger_mirror();
--> statement-breakpoint
-- After every ledger write the order's payment_state is what the ledger says; a failed refund leaves the older table.
CREATE OR REPLACE FUNCTION payment_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = 'failed' AND OLD.status <> 'failed' AND OLD.payment_id IS NOT NULL THEN
    DELETE FROM payments WHERE id = OLD.payment_id;
  ELSIF TG_OP = 'UPDATE' AND NEW.payment_id IS NOT NULL AND NEW.provider_reference IS DISTINCT FROM OLD.provider_reference THEN
    UPDATE payments SET reference = NEW.provider_reference WHERE id = NEW.payment_id;
  END IF;
  UPDATE buying_history b SET payment_state = t.state
  FROM payment_ledger_totals(NEW.history_id) t
  WHERE b.id = NEW.history_id AND b.payment_state IS DISTINCT FROM t.state;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_ledger_apply AFTER INSERT OR UPDATE OF status, amount, event, provider_reference ON payment_ledger FOR EACH ROW EXECUTE FUNCTION payment_ledger_apply();
--> statement-breakpoint
-- A payments row written directly (older code, tests) becomes a ledger event too.
CREATE OR REPLACE FUNCTION payments_to_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('atelier.ledger_mirror', true), '') <> '1' THEN
    INSERT INTO payment_ledger (history_id, event, status, method, amount, currency, provider_reference, reason, actor_user_id, actor_name, payment_id, created_at, updated_at)
    SELECT NEW.history_id,
           CASE WHEN NEW.kind = 'refund' THEN 'refunded'
                WHEN NEW.method = 'card' THEN 'captured'
                WHEN NEW.method = 'cod' THEN 'cash_collected'
                ELSE 'transfer_verified' END,
           'succeeded', NEW.method, NEW.amount, b.currency, NEW.reference, NEW.note, NEW.recorded_by, NEW.recorded_by_name, NEW.id, NEW.created_at, NEW.created_at
    FROM buying_history b WHERE b.id = NEW.history_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_to_ledger AFTER INSERT ON payments FOR EACH ROW EXECUTE FUNCTION payments_to_ledger();
