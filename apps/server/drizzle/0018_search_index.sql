-- The in-memory search index (issue 18, ADR 0016). Every app process keeps the published
-- search documents in memory and answers suggestions from there; it needs to learn, after
-- any write by any path (the app, another process, plain SQL), which documents changed.
--
-- changed_xid: the transaction that last changed a document (inserted it, or changed its
-- published flag, name, words, popularity mirrors, or first image). A process catches up
-- by reading the documents whose changed_xid is at or above the oldest transaction that
-- was still running at its previous read (pg_snapshot_xmin), so a transaction that
-- commits late is never missed. search_removed keeps the products whose document was
-- deleted, the same way. A statement that changes documents sends one NOTIFY on the
-- invalidation bus' channel (topic "search"), so every process catches up at once.
ALTER TABLE search_documents ADD COLUMN changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
--> statement-breakpoint
CREATE INDEX search_documents_changed_idx ON search_documents (changed_xid);
--> statement-breakpoint
CREATE TABLE search_removed (
  product_id integer NOT NULL,
  removed_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  removed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX search_removed_xid_idx ON search_removed (removed_xid);
--> statement-breakpoint

CREATE FUNCTION search_documents_stamp() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_documents_stamped BEFORE UPDATE ON search_documents
  FOR EACH ROW WHEN ((OLD.is_published, OLD.name, OLD.name_norm, OLD.document, OLD.sales_count, OLD.views)
    IS DISTINCT FROM (NEW.is_published, NEW.name, NEW.name_norm, NEW.document, NEW.sales_count, NEW.views))
  EXECUTE FUNCTION search_documents_stamp();
--> statement-breakpoint

CREATE FUNCTION search_documents_deleted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_removed (product_id) SELECT product_id FROM old_rows;
  PERFORM pg_notify('atelier_invalidate', '{"o":"postgres","t":"search"}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_documents_delete AFTER DELETE ON search_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_deleted();
--> statement-breakpoint

-- One NOTIFY per statement that really changed documents (PostgreSQL folds identical
-- notifications of one transaction into one, delivered at commit).
CREATE FUNCTION search_documents_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE changed_xid = pg_current_xact_id()) THEN
    PERFORM pg_notify('atelier_invalidate', '{"o":"postgres","t":"search"}');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_documents_insert AFTER INSERT ON search_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER search_documents_update AFTER UPDATE ON search_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
--> statement-breakpoint

-- A suggestion shows the product's first image: a change of its images changes the document.
CREATE FUNCTION search_images_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE search_documents SET changed_xid = pg_current_xact_id()
    WHERE product_id IN (SELECT product_id FROM new_rows) AND changed_xid <> pg_current_xact_id();
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE search_documents SET changed_xid = pg_current_xact_id()
    WHERE product_id IN (SELECT product_id FROM old_rows) AND changed_xid <> pg_current_xact_id();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_images_insert AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_images_changed();
--> statement-breakpoint
CREATE TRIGGER search_images_update AFTER UPDATE ON product_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_images_changed();
--> statement-breakpoint
CREATE TRIGGER search_images_delete AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_images_changed();
