-- Product search (issue 5). A custom migration (drizzle-kit generate --custom): the search
-- tables, functions and triggers are the database's own business and are not part of the
-- Drizzle schema; the app reads them with SQL (src/modules/search/repository.ts).
--
-- search_documents: one row per product (its serial id is the suggestion's `id`), holding a
-- weighted tsvector (A name; B product type, category, sub-category, sub-sub-category,
-- series; C tags; D description), the normalised name for trigram similarity, and mirrors
-- of the published flag and popularity. Triggers keep it current on every change of a
-- product or of the names it borrows, so no application code path has to remember it.
-- search_words: the distinct words of names, types, categories and series (insert-only),
-- trigram-indexed, for typo correction and "did you mean".
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint

-- unaccent() is only STABLE (it reads its dictionary by search_path); this wrapper names
-- the dictionary explicitly and is bound at creation (SQL-standard body), so it may be
-- IMMUTABLE and used in indexes.
CREATE FUNCTION search_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);
--> statement-breakpoint

-- Lower case, no accents, every run of anything but letters and digits becomes one space.
-- The app normalises a query the same way (modules/search/normalize.ts).
CREATE FUNCTION search_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(regexp_replace(lower(search_unaccent($1)), '[^[:alnum:]]+', ' ', 'g'));
--> statement-breakpoint

-- The words of a text as search sees them: the normalised words, plus each word written
-- with punctuation but no space ("T-Shirt", "Tie-Dye") joined as one ("tshirt", "tiedye"),
-- so "t-shirt", "t shirt" and "tshirt" all find it.
CREATE FUNCTION search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN search_normalize($1) || coalesce(' ' || (
    SELECT string_agg(j, ' ')
    FROM regexp_split_to_table(lower(search_unaccent($1)), '\s+') AS w
    CROSS JOIN LATERAL regexp_replace(w, '[^[:alnum:]]+', '', 'g') AS j
    WHERE j <> '' AND j <> btrim(regexp_replace(w, '[^[:alnum:]]+', ' ', 'g'))
  ), '');
--> statement-breakpoint

CREATE FUNCTION search_vector(text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN to_tsvector('simple'::regconfig, search_text($1));
--> statement-breakpoint

CREATE TABLE search_documents (
  id serial PRIMARY KEY,
  product_id integer NOT NULL UNIQUE REFERENCES products(id) ON DELETE CASCADE,
  is_published boolean NOT NULL,
  name text NOT NULL,
  -- C collation: byte order, for the exact-name lookup and "starts with".
  name_norm text COLLATE "C" NOT NULL,
  document tsvector NOT NULL,
  sales_count integer NOT NULL DEFAULT 0,
  views integer NOT NULL DEFAULT 0,
  -- Units sold, and page views at a twentieth of a sale, on a log scale.
  popularity real GENERATED ALWAYS AS (ln(1 + sales_count + views / 20.0)) STORED
);
--> statement-breakpoint
CREATE INDEX search_documents_document_idx ON search_documents USING gin (document) WHERE is_published;
--> statement-breakpoint
-- Suggestions walk the published documents most popular first and stop at the first
-- few matches (modules/search/repository.ts).
CREATE INDEX search_documents_popular_idx ON search_documents (popularity DESC, product_id DESC) WHERE is_published;
--> statement-breakpoint
CREATE INDEX search_documents_name_idx ON search_documents (name_norm) WHERE is_published;
--> statement-breakpoint
CREATE INDEX search_documents_name_trgm_idx ON search_documents USING gin (name_norm gin_trgm_ops) WHERE is_published;
--> statement-breakpoint

CREATE TABLE search_words (
  -- C collation: byte order, so the primary key's btree also answers "starts with".
  word text COLLATE "C" PRIMARY KEY
);
--> statement-breakpoint
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);
--> statement-breakpoint

-- (Re)builds the documents of these products, and adds their words to the dictionary.
CREATE FUNCTION search_documents_refresh(ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH source AS (
    SELECT p.id, p.is_published, p.name, p.tags, p.description, p.sales_count,
      concat_ws(' ', pt.name, c.name, sc.name, ssc.name, s.name) AS taxonomy
    FROM products p
    JOIN product_types pt ON pt.id = p.product_type_id
    JOIN sub_sub_categories ssc ON ssc.id = p.sub_sub_category_id
    JOIN sub_categories sc ON sc.id = ssc.sub_category_id
    JOIN categories c ON c.id = sc.category_id
    LEFT JOIN series s ON s.id = p.series_id
    WHERE p.id = ANY (ids)
  ), written AS ( -- a data-modifying WITH runs whether or not it is read
    INSERT INTO search_documents AS d (product_id, is_published, name, name_norm, document, sales_count)
    SELECT id, is_published, name, search_normalize(name),
      setweight(search_vector(name), 'A')
        || setweight(search_vector(taxonomy), 'B')
        || setweight(search_vector(array_to_string(tags, ' ')), 'C')
        || setweight(search_vector(description), 'D'),
      sales_count
    FROM source
    ON CONFLICT (product_id) DO UPDATE SET
      is_published = excluded.is_published,
      name = excluded.name,
      name_norm = excluded.name_norm,
      document = excluded.document,
      sales_count = excluded.sales_count
  )
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM source CROSS JOIN LATERAL regexp_split_to_table(search_text(name || ' ' || taxonomy), ' ') AS w
  WHERE length(w) >= 2
  ORDER BY w
  ON CONFLICT (word) DO NOTHING;
END;
$$;
--> statement-breakpoint

-- Products: new rows, and changed rows whose searchable fields or published flag changed
-- (a sales-count sync only updates the popularity mirror).
CREATE FUNCTION search_products_inserted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_documents_refresh(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION search_products_updated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_documents_refresh(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.description, n.tags, n.is_published, n.product_type_id, n.sub_sub_category_id, n.series_id)
      IS DISTINCT FROM (o.name, o.description, o.tags, o.is_published, o.product_type_id, o.sub_sub_category_id, o.series_id)
  ));
  UPDATE search_documents d SET sales_count = n.sales_count
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE d.product_id = n.id AND n.sales_count IS DISTINCT FROM o.sales_count AND d.sales_count <> n.sales_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_inserted();
--> statement-breakpoint
CREATE TRIGGER search_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_updated();
--> statement-breakpoint

-- The names a document borrows: a rename (or a move in the category tree) rebuilds the
-- documents of the products concerned.
CREATE FUNCTION search_names_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'product_types' THEN
    PERFORM search_documents_refresh(ARRAY(SELECT id FROM products WHERE product_type_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'series' THEN
    PERFORM search_documents_refresh(ARRAY(SELECT id FROM products WHERE series_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'sub_sub_categories' THEN
    PERFORM search_documents_refresh(ARRAY(SELECT id FROM products WHERE sub_sub_category_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'sub_categories' THEN
    PERFORM search_documents_refresh(ARRAY(
      SELECT p.id FROM products p JOIN sub_sub_categories ssc ON ssc.id = p.sub_sub_category_id
      WHERE ssc.sub_category_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'categories' THEN
    PERFORM search_documents_refresh(ARRAY(
      SELECT p.id FROM products p JOIN sub_sub_categories ssc ON ssc.id = p.sub_sub_category_id
      JOIN sub_categories sc ON sc.id = ssc.sub_category_id WHERE sc.category_id = NEW.id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_product_types_renamed AFTER UPDATE OF name ON product_types
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
CREATE TRIGGER search_series_renamed AFTER UPDATE OF name ON series
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
CREATE TRIGGER search_categories_renamed AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
CREATE TRIGGER search_sub_categories_changed AFTER UPDATE OF name, category_id ON sub_categories
  FOR EACH ROW WHEN ((OLD.name, OLD.category_id) IS DISTINCT FROM (NEW.name, NEW.category_id))
  EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint
CREATE TRIGGER search_sub_sub_categories_changed AFTER UPDATE OF name, sub_category_id ON sub_sub_categories
  FOR EACH ROW WHEN ((OLD.name, OLD.sub_category_id) IS DISTINCT FROM (NEW.name, NEW.sub_category_id))
  EXECUTE FUNCTION search_names_changed();
--> statement-breakpoint

-- Page views feed popularity.
CREATE FUNCTION search_views_counted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_documents SET views = views + NEW.views - CASE WHEN TG_OP = 'UPDATE' THEN OLD.views ELSE 0 END
  WHERE product_id = NEW.product_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_product_views_counted AFTER INSERT OR UPDATE OF views ON product_views
  FOR EACH ROW EXECUTE FUNCTION search_views_counted();
--> statement-breakpoint

-- Backfill: the products and views already there.
SELECT search_documents_refresh(ARRAY(SELECT id FROM products ORDER BY id));
--> statement-breakpoint
UPDATE search_documents d SET views = v.total
FROM (SELECT product_id, sum(views)::int AS total FROM product_views GROUP BY product_id) v
WHERE v.product_id = d.product_id;
