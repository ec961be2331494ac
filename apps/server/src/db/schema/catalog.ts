/**
 * Catalogue tables: the taxonomy (genders, categories, sub- and sub-sub-categories),
 * series, the attributes products are made of (types, colors, sizes, fabrics) and the
 * products themselves with their images and size×color variants.
 *
 * Later domains (carts, orders, inventory, coupons) reference `product_variants.id`;
 * stock lives on the variant so that one conditional UPDATE can take it atomically.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

export interface SizeChart {
  /** Measurement headings, e.g. ["Chest (cm)", "Length (cm)"]. */
  columns: string[];
  /** One row per size: its name and one value per column. */
  rows: { size: string; values: string[] }[];
}

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const genders = pgTable("genders", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 40 }).notNull().unique(),
  slug: varchar("slug", { length: 40 }).notNull().unique(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 80 }).notNull(),
    serial: integer("serial").notNull().default(0),
    filename: varchar("filename", { length: 200 }),
    isGenderVaried: boolean("is_gender_varied").notNull().default(false),
    isForMen: boolean("is_for_men").notNull().default(false),
    isForWomen: boolean("is_for_women").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("categories_name_lower_key").on(sql`lower(${t.name})`),
    index("categories_serial_idx").on(t.serial),
  ],
);

export const subCategories = pgTable(
  "sub_categories",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 80 }).notNull(),
    isDisabled: boolean("is_disabled").notNull().default(false),
    isEnablePremium: boolean("is_enable_premium").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("sub_categories_category_name_key").on(t.categoryId, t.name)],
);

export const subSubCategories = pgTable(
  "sub_sub_categories",
  {
    id: serial("id").primaryKey(),
    subCategoryId: integer("sub_category_id")
      .notNull()
      .references(() => subCategories.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 80 }).notNull(),
    isPremium: boolean("is_premium").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("sub_sub_categories_parent_name_key").on(t.subCategoryId, t.name)],
);

export const series = pgTable("series", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 80 }).notNull().unique(),
  slug: varchar("slug", { length: 100 }).notNull().unique(),
  description: text("description").notNull().default(""),
  filename: varchar("filename", { length: 200 }),
  ...timestamps,
});

export const productTypes = pgTable("product_types", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 80 }).notNull().unique(),
  slug: varchar("slug", { length: 100 }).notNull().unique(),
});

export const colors = pgTable(
  "colors",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 40 }).notNull().unique(),
    hex: varchar("hex", { length: 7 }).notNull(),
  },
  (t) => [check("colors_hex_check", sql`${t.hex} ~ '^#[0-9a-fA-F]{6}$'`)],
);

export const sizes = pgTable("sizes", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 20 }).notNull().unique(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const fabrics = pgTable("fabrics", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 80 }).notNull().unique(),
  description: text("description").notNull().default(""),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 160 }).notNull(),
    slug: varchar("slug", { length: 180 }).notNull().unique(),
    description: text("description").notNull().default(""),
    /** Minor units (cents) of the store currency. */
    price: integer("price").notNull(),
    compareAtPrice: integer("compare_at_price"),
    seriesId: integer("series_id").references(() => series.id, { onDelete: "set null" }),
    subSubCategoryId: integer("sub_sub_category_id")
      .notNull()
      .references(() => subSubCategories.id, { onDelete: "restrict" }),
    productTypeId: integer("product_type_id")
      .notNull()
      .references(() => productTypes.id, { onDelete: "restrict" }),
    fabricId: integer("fabric_id").references(() => fabrics.id, { onDelete: "set null" }),
    genderId: integer("gender_id").references(() => genders.id, { onDelete: "set null" }),
    isPublished: boolean("is_published").notNull().default(false),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** A size chart: column headings and one row of measurements per size. */
    sizeChart: jsonb("size_chart").$type<SizeChart>(),
    seoTitle: varchar("seo_title", { length: 70 }).notNull().default(""),
    seoDescription: varchar("seo_description", { length: 170 }).notNull().default(""),
    /** Units sold, recomputed from orders by "Sync sales count"; drives popularity. */
    salesCount: integer("sales_count").notNull().default(0),
    /** Optimistic-concurrency version, bumped by every staff edit. */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check("products_price_check", sql`${t.price} >= 0`),
    check("products_compare_at_check", sql`${t.compareAtPrice} IS NULL OR ${t.compareAtPrice} >= 0`),
    index("products_listing_idx")
      .on(t.subSubCategoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    index("products_newest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    index("products_popular_idx")
      .on(t.salesCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    index("products_series_idx").on(t.seriesId),
    index("products_type_idx").on(t.productTypeId),
    index("products_gender_idx").on(t.genderId),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    filename: varchar("filename", { length: 200 }).notNull(),
    alt: varchar("alt", { length: 200 }).notNull().default(""),
    position: smallint("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sizeId: integer("size_id")
      .notNull()
      .references(() => sizes.id, { onDelete: "restrict" }),
    colorId: integer("color_id")
      .notNull()
      .references(() => colors.id, { onDelete: "restrict" }),
    sku: varchar("sku", { length: 64 }).notNull().unique(),
    stock: integer("stock").notNull().default(0),
    /** What one unit cost the shop (minor units), for stock value in reports; null: not entered. */
    costPrice: integer("cost_price"),
    ...timestamps,
  },
  (t) => [
    check("product_variants_stock_check", sql`${t.stock} >= 0`),
    check("product_variants_cost_price_check", sql`${t.costPrice} is null or ${t.costPrice} >= 0`),
    uniqueIndex("product_variants_option_key").on(t.productId, t.sizeId, t.colorId),
    index("product_variants_color_idx").on(t.colorId),
  ],
);

/** Product page views per product per day (bots excluded), for Statistics / Views. */
export const productViews = pgTable(
  "product_views",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
    /** Adds to a cart (issue 17's funnel: views → cart → order), counted in memory like views. */
    cartAdds: integer("cart_adds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] }), index("product_views_day_idx").on(t.day)],
);
