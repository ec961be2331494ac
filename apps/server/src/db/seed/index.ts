/**
 * The demo catalogue: `seedIfEmpty` fills an empty shop at start-up (main.ts) and
 * `seedDemo` is what `npm run seed` runs (cli.ts).
 *
 * Artwork is rendered first, outside the transaction (it is files plus media_files
 * rows); all catalogue rows are then written in one transaction with multi-row INSERTs,
 * so a failed seed leaves the database as it was. The same seed gives the same rows.
 */

import { availableParallelism } from "node:os";
import { type AnyColumn, getTableName, type SQL, sql, type Table } from "drizzle-orm";
import { seedRenderCache } from "../../modules/media/render-cache.ts";
import { localMediaDir, type MediaStorage } from "../../modules/media/storage.ts";
import { MediaStore } from "../../modules/media/store.ts";
import type { Db } from "../client.ts";
import {
  categories,
  colors,
  deliveryZones,
  fabrics,
  genders,
  productImages,
  products,
  productTypes,
  productVariants,
  series,
  sizes,
  storeSettings,
  subCategories,
  subSubCategories,
  taxRates,
} from "../schema/index.ts";
import { seedCollabs } from "./collabs.ts";
import {
  categoryDefs,
  colorDefs,
  DEFAULT_PRODUCTS,
  DEFAULT_SEED,
  deliveryZoneDefs,
  fabricDefs,
  genderDefs,
  MAX_PRODUCTS,
  productTypeDefs,
  seriesDefs,
  sizeDefs,
  storeSettingsData,
  TAXONOMY_DATE,
  taxRateDefs,
} from "./data.ts";
import {
  categoryTileSvg,
  productShotSvg,
  type SilhouetteKind,
  type Swatch,
  seriesBannerSvg,
  svgBuffer,
} from "./images.ts";
import { type PlannedProduct, planProducts, subSubSlots } from "./products.ts";

export { DEFAULT_PRODUCTS, DEFAULT_SEED, MAX_PRODUCTS } from "./data.ts";

export interface SeedOptions {
  /** DATA_DIR: artwork goes to DATA_DIR/media unless `media` says otherwise. */
  dataDir: string;
  /** Where the artwork goes (the configured storage: createMediaStorage(config)). */
  media?: MediaStorage;
  log?: (message: string) => void;
  /** How many products to generate (default 240, at most 100,000). */
  products?: number;
  /** PRNG seed (default 20261101): the same seed gives the same catalogue. */
  seed?: number;
}

export interface SeedSummary {
  products: number;
  published: number;
  variants: number;
  images: number;
  categories: number;
  subCategories: number;
  subSubCategories: number;
  series: number;
  /** Distinct image files rendered (products share a pool of them). */
  artwork: number;
}

/**
 * The tables `--reset` empties (RESTART IDENTITY CASCADE: anything referencing them,
 * such as carts or orders, is emptied too). media_files is kept: images are named by
 * content and reused.
 */
export const CATALOGUE_TABLES = [
  "product_images",
  "product_variants",
  "products",
  "sub_sub_categories",
  "sub_categories",
  "categories",
  "series",
  "product_types",
  "colors",
  "sizes",
  "fabrics",
  "genders",
  "store_settings",
] as const;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Serialises seeding runs against the same database. */
const SEED_LOCK = 7_301_926;
/** Rows per INSERT. Bulk rows go in as one array parameter per column (see bulkInsert). */
const PRODUCT_BATCH = 5_000;
const ROW_BATCH = 10_000;
/** sharp work runs on libuv threads; more jobs than cores only adds contention. */
const RENDER_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

/** Seeds the demo catalogue when there are no categories yet; undefined when it did nothing. */
export async function seedIfEmpty(
  db: Db,
  options: { dataDir: string; media?: MediaStorage; log?: (m: string) => void; products?: number },
): Promise<SeedSummary | undefined> {
  const [existing] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing) return undefined;
  return runSeed(db, { ...options, onlyIfEmpty: true });
}

/**
 * Writes the demo catalogue. With `reset`, the catalogue tables are truncated first in
 * the same transaction; without it, the caller makes sure the catalogue is empty.
 */
export async function seedDemo(db: Db, options: SeedOptions & { reset?: boolean }): Promise<SeedSummary> {
  const summary = await runSeed(db, { ...options, onlyIfEmpty: false });
  if (!summary) throw new Error("The demo catalogue was not written.");
  return summary;
}

/** How much catalogue there is, to decide whether seeding would overwrite anything. */
export async function catalogueCounts(db: Db): Promise<{ categories: number; products: number }> {
  const result = await db.execute<{ categories: number; products: number }>(
    sql`select (select count(*) from ${categories})::int as categories, (select count(*) from ${products})::int as products`,
  );
  const row = result.rows[0];
  return { categories: Number(row?.categories ?? 0), products: Number(row?.products ?? 0) };
}

async function runSeed(
  db: Db,
  options: SeedOptions & { reset?: boolean; onlyIfEmpty: boolean },
): Promise<SeedSummary | undefined> {
  const log = options.log ?? (() => {});
  const count = options.products ?? DEFAULT_PRODUCTS;
  if (!Number.isInteger(count) || count < 0 || count > MAX_PRODUCTS) {
    throw new RangeError(`products must be a whole number between 0 and ${MAX_PRODUCTS} (got ${count}).`);
  }
  const seed = (options.seed ?? DEFAULT_SEED) >>> 0;

  let started = performance.now();
  const plan = planProducts({ products: count, seed });
  log(`planned ${plan.length} products in ${seconds(started)}`);

  started = performance.now();
  const media = new MediaStore(options.media ?? localMediaDir(options.dataDir), db, { renderCache: seedRenderCache() });
  const artwork = await renderArtwork(media, plan, log);
  log(`rendered ${artwork.rendered} images in ${seconds(started)}`);

  started = performance.now();
  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (options.reset) {
      await tx.execute(sql.raw(`TRUNCATE ${CATALOGUE_TABLES.join(", ")} RESTART IDENTITY CASCADE`));
    }
    if (options.onlyIfEmpty) {
      const [existing] = await tx.select({ id: categories.id }).from(categories).limit(1);
      if (existing) return undefined;
    }
    const written = await writeCatalogue(tx, plan, artwork, log);
    // Collabs and drops (issue 16): demo collaborators and an upcoming drop.
    await seedCollabs(tx);
    return written;
  });
  if (summary) log(`wrote the catalogue in ${seconds(started)}`);
  return summary ? { ...summary, artwork: artwork.rendered } : undefined;
}

// ---------------------------------------------------------------------------
// Artwork

interface Artwork {
  /** `${kind}:${color}` → filename. */
  product: Map<string, string>;
  category: Map<string, string>;
  series: Map<string, string>;
  rendered: number;
}

const swatches = new Map<string, Swatch>(colorDefs.map((color) => [color.name, { name: color.name, hex: color.hex }]));

function swatch(name: string): Swatch {
  const found = swatches.get(name);
  if (!found) throw new Error(`Seed data: unknown color "${name}".`);
  return found;
}

const kindLabels: Record<SilhouetteKind, string> = {
  tshirt: "T-shirt",
  hoodie: "Hoodie",
  sweatshirt: "Sweatshirt",
  jacket: "Jacket",
  joggers: "Joggers",
  jeans: "Trousers",
  shorts: "Shorts",
  kurta: "Kurta",
  cap: "Cap",
  tote: "Tote bag",
  mug: "Mug",
  poster: "Poster",
  sneaker: "Sneaker",
};

function productKey(kind: SilhouetteKind, color: string): string {
  return `${kind}:${color}`;
}

async function renderArtwork(
  media: MediaStore,
  plan: PlannedProduct[],
  log: (message: string) => void,
): Promise<Artwork> {
  const artwork: Artwork = { product: new Map(), category: new Map(), series: new Map(), rendered: 0 };
  const jobs: { target: Map<string, string>; key: string; alt: string; svg: () => string }[] = [];

  const wanted = new Set<string>();
  for (const product of plan) for (const image of product.images) wanted.add(productKey(image.kind, image.color));
  for (const key of [...wanted].sort()) {
    const [kind, color] = key.split(":") as [SilhouetteKind, string];
    jobs.push({
      target: artwork.product,
      key,
      alt: `${kindLabels[kind]} in ${color}`,
      svg: () => productShotSvg(kind, swatch(color)),
    });
  }
  for (const category of categoryDefs) {
    jobs.push({
      target: artwork.category,
      key: category.name,
      alt: category.name,
      svg: () =>
        categoryTileSvg({
          background: category.image.background,
          items: category.image.items.map((item) => ({ kind: item.kind, color: swatch(item.color) })),
        }),
    });
  }
  for (const entry of seriesDefs) {
    jobs.push({
      target: artwork.series,
      key: entry.name,
      alt: `The ${entry.name} series`,
      svg: () =>
        seriesBannerSvg({
          background: entry.image.background,
          accent: entry.image.accent,
          motif: entry.image.motif,
          items: entry.image.items.map((item) => ({ kind: item.kind, color: swatch(item.color) })),
        }),
    });
  }

  log(`rendering ${jobs.length} images (${wanted.size} product shots shared by ${plan.length} products)`);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      const filename = await media.save(svgBuffer(job.svg()), { alt: job.alt });
      job.target.set(job.key, filename);
      artwork.rendered++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(RENDER_CONCURRENCY, jobs.length) }, worker));
  return artwork;
}

// ---------------------------------------------------------------------------
// Rows

function idsByName(rows: { id: number; name: string }[], names: string[], table: string): Map<string, number> {
  const map = new Map(rows.map((row) => [row.name, row.id]));
  for (const name of names) {
    if (!map.has(name)) throw new Error(`Could not seed ${table}: "${name}" conflicts with an existing row.`);
  }
  return map;
}

function need<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: no ${what} "${key}".`);
  return value;
}

async function writeCatalogue(
  tx: Tx,
  plan: PlannedProduct[],
  artwork: Artwork,
  log: (message: string) => void,
): Promise<Omit<SeedSummary, "artwork">> {
  const dated = { createdAt: TAXONOMY_DATE, updatedAt: TAXONOMY_DATE };

  // Attributes and settings: kept if they already exist (an admin may have added a color
  // before any category), then looked up by name.
  await tx.insert(genders).values(genderDefs).onConflictDoNothing();
  await tx
    .insert(colors)
    .values(colorDefs.map(({ name, hex }) => ({ name, hex })))
    .onConflictDoNothing();
  await tx
    .insert(sizes)
    .values(sizeDefs.map(({ name, sortOrder }) => ({ name, sortOrder })))
    .onConflictDoNothing();
  await tx.insert(fabrics).values(fabricDefs).onConflictDoNothing();
  await tx
    .insert(productTypes)
    .values(productTypeDefs.map(({ name, slug }) => ({ name, slug })))
    .onConflictDoNothing();
  await tx
    .insert(series)
    .values(
      seriesDefs.map((entry) => ({
        name: entry.name,
        slug: entry.slug,
        description: entry.description,
        filename: artwork.series.get(entry.name) ?? null,
        ...dated,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(storeSettings)
    .values({ id: 1, ...storeSettingsData, updatedAt: TAXONOMY_DATE })
    .onConflictDoNothing();
  // Checkout works on a fresh shop: two delivery zones and the store country's tax rate.
  await tx.insert(deliveryZones).values(deliveryZoneDefs).onConflictDoNothing();
  await tx.insert(taxRates).values(taxRateDefs).onConflictDoNothing();

  const genderIds = idsByName(
    await tx.select({ id: genders.id, name: genders.slug }).from(genders),
    genderDefs.map((gender) => gender.slug),
    "genders",
  );
  const colorIds = idsByName(
    await tx.select({ id: colors.id, name: colors.name }).from(colors),
    colorDefs.map((c) => c.name),
    "colors",
  );
  const sizeIds = idsByName(
    await tx.select({ id: sizes.id, name: sizes.name }).from(sizes),
    sizeDefs.map((s) => s.name),
    "sizes",
  );
  const fabricIds = idsByName(
    await tx.select({ id: fabrics.id, name: fabrics.name }).from(fabrics),
    fabricDefs.map((f) => f.name),
    "fabrics",
  );
  const typeIds = idsByName(
    await tx.select({ id: productTypes.id, name: productTypes.name }).from(productTypes),
    productTypeDefs.map((t) => t.name),
    "product types",
  );
  const seriesIds = idsByName(
    await tx.select({ id: series.id, name: series.name }).from(series),
    seriesDefs.map((s) => s.name),
    "series",
  );

  // Taxonomy (the caller made sure it is empty). Categories are inserted in reverse
  // alphabetical order so that id order, name order and serial order all differ and a
  // listing that ignores `serial` shows up at once.
  const categoryRows = await tx
    .insert(categories)
    .values(
      [...categoryDefs]
        .sort((a, b) => b.name.localeCompare(a.name))
        .map((category) => ({
          name: category.name,
          serial: category.serial,
          filename: artwork.category.get(category.name) ?? null,
          isGenderVaried: category.genders.length > 0,
          isForMen: category.genders.includes("men"),
          isForWomen: category.genders.includes("women"),
          ...dated,
        })),
    )
    .returning({ id: categories.id, name: categories.name });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));

  const subCategoryRows = await tx
    .insert(subCategories)
    .values(
      categoryDefs.flatMap((category) =>
        category.subCategories.map((sub) => ({
          categoryId: need(categoryIds, category.name, "category"),
          name: sub.name,
          isDisabled: Boolean(sub.disabled),
          isEnablePremium: Boolean(sub.premium),
          ...dated,
        })),
      ),
    )
    .returning({ id: subCategories.id, categoryId: subCategories.categoryId, name: subCategories.name });
  const subCategoryIds = new Map(subCategoryRows.map((row) => [`${row.categoryId}/${row.name}`, row.id]));

  const slots = subSubSlots();
  const slotParents = slots.map((slot) =>
    need(
      subCategoryIds,
      `${need(categoryIds, slot.category.name, "category")}/${slot.subCategory.name}`,
      "sub-category",
    ),
  );
  const subSubRows = await tx
    .insert(subSubCategories)
    .values(
      slots.map((slot, index) => ({
        subCategoryId: slotParents[index] ?? 0,
        name: slot.item.name,
        isPremium: Boolean(slot.item.premium),
        ...dated,
      })),
    )
    .returning({ id: subSubCategories.id, subCategoryId: subSubCategories.subCategoryId, name: subSubCategories.name });
  const subSubIds = new Map(subSubRows.map((row) => [`${row.subCategoryId}/${row.name}`, row.id]));
  const slotIds = slots.map((slot, index) =>
    need(subSubIds, `${slotParents[index]}/${slot.item.name}`, "sub-sub-category"),
  );

  // Products, then their variants and images, in batches.
  const colorCodes = new Map(colorDefs.map((color) => [color.name, color.code]));
  const sizeCodes = new Map(sizeDefs.map((size) => [size.name, size.code]));
  const variants = new RowBuffer<{
    productId: number;
    sizeId: number;
    colorId: number;
    sku: string;
    stock: number;
    createdAt: string;
  }>([
    [productVariants.productId, "int4", (row) => row.productId],
    [productVariants.sizeId, "int4", (row) => row.sizeId],
    [productVariants.colorId, "int4", (row) => row.colorId],
    [productVariants.sku, "text", (row) => row.sku],
    [productVariants.stock, "int4", (row) => row.stock],
    [productVariants.createdAt, "timestamptz", (row) => row.createdAt],
    [productVariants.updatedAt, "timestamptz", (row) => row.createdAt],
  ]);
  const images = new RowBuffer<{ productId: number; filename: string; alt: string; position: number }>([
    [productImages.productId, "int4", (row) => row.productId],
    [productImages.filename, "text", (row) => row.filename],
    [productImages.alt, "text", (row) => row.alt],
    [productImages.position, "int2", (row) => row.position],
  ]);
  const totals = { variants: 0, images: 0, published: 0 };
  const flush = async (force: boolean): Promise<void> => {
    if (variants.size >= ROW_BATCH || (force && variants.size > 0)) {
      totals.variants += variants.size;
      await bulkInsert(tx, productVariants, variants.take());
    }
    if (images.size >= ROW_BATCH || (force && images.size > 0)) {
      totals.images += images.size;
      await bulkInsert(tx, productImages, images.take());
    }
  };

  for (let start = 0; start < plan.length; start += PRODUCT_BATCH) {
    const chunk = plan.slice(start, start + PRODUCT_BATCH);
    const column = <T>(pick: (product: PlannedProduct) => T): T[] => chunk.map(pick);
    const inserted = await bulkInsert(
      tx,
      products,
      [
        [products.name, "text", column((p) => p.name)],
        [products.slug, "text", column((p) => p.slug)],
        [products.description, "text", column((p) => p.description)],
        [products.price, "int4", column((p) => p.price)],
        [products.compareAtPrice, "int4", column((p) => p.compareAtPrice)],
        [products.seriesId, "int4", column((p) => (p.series ? need(seriesIds, p.series, "series") : null))],
        [products.subSubCategoryId, "int4", column((p) => slotIds[p.slot] ?? 0)],
        [products.productTypeId, "int4", column((p) => need(typeIds, p.type, "product type"))],
        [products.fabricId, "int4", column((p) => (p.fabric ? need(fabricIds, p.fabric, "fabric") : null))],
        [products.genderId, "int4", column((p) => (p.gender ? need(genderIds, p.gender, "gender") : null))],
        [products.isPublished, "bool", column((p) => p.isPublished)],
        [products.createdAt, "timestamptz", column((p) => p.createdAt.toISOString())],
        [products.updatedAt, "timestamptz", column((p) => p.createdAt.toISOString())],
      ],
      sql`returning id, slug`,
    );
    const idsBySlug = new Map(inserted.map((row) => [String(row.slug), Number(row.id)]));

    for (const product of chunk) {
      const productId = need(idsBySlug, product.slug, "product");
      if (product.isPublished) totals.published++;
      const padded = String(productId).padStart(6, "0");
      const created = product.createdAt.toISOString();
      product.colors.forEach((color, colorIndex) => {
        const colorId = need(colorIds, color, "color");
        const colorCode = need(colorCodes, color, "color code");
        product.sizes.forEach((size, sizeIndex) => {
          variants.push({
            productId,
            sizeId: need(sizeIds, size, "size"),
            colorId,
            sku: `ATL-${padded}-${need(sizeCodes, size, "size code")}-${colorCode}`,
            stock: product.stock[colorIndex * product.sizes.length + sizeIndex] ?? 0,
            createdAt: created,
          });
        });
      });
      product.images.forEach((image, position) => {
        images.push({
          productId,
          filename: need(artwork.product, productKey(image.kind, image.color), "image"),
          alt: image.alt.slice(0, 200),
          position,
        });
      });
    }
    await flush(false);
    const done = start + chunk.length;
    if (plan.length >= 20_000 && done % 10_000 === 0) log(`inserted ${done} of ${plan.length} products`);
  }
  await flush(true);

  return {
    products: plan.length,
    published: totals.published,
    variants: totals.variants,
    images: totals.images,
    categories: categoryRows.length,
    subCategories: subCategoryRows.length,
    subSubCategories: subSubRows.length,
    series: seriesDefs.length,
  };
}

// ---------------------------------------------------------------------------
// Bulk inserts: one statement per batch, one array parameter per column
// (INSERT … SELECT * FROM unnest($1::int4[], $2::text[], …)). Building a 10,000-row
// VALUES list takes drizzle longer than PostgreSQL takes to insert it.

type BulkColumn = [column: AnyColumn, pgType: "int4" | "int2" | "text" | "bool" | "timestamptz", values: unknown[]];

async function bulkInsert(
  tx: Tx,
  table: Table,
  columns: BulkColumn[],
  returning?: SQL,
): Promise<Record<string, unknown>[]> {
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const result = await tx.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${names}) select * from unnest(${arrays}) ${returning ?? sql``}`,
  );
  return result.rows;
}

/** Rows waiting for one bulk insert; each column's values are picked from the rows. */
class RowBuffer<Row> {
  private rows: Row[] = [];
  private readonly columns: readonly (readonly [AnyColumn, BulkColumn[1], (row: Row) => unknown])[];

  constructor(columns: readonly (readonly [AnyColumn, BulkColumn[1], (row: Row) => unknown])[]) {
    this.columns = columns;
  }

  get size(): number {
    return this.rows.length;
  }

  push(row: Row): void {
    this.rows.push(row);
  }

  take(): BulkColumn[] {
    const rows = this.rows;
    this.rows = [];
    return this.columns.map(([column, type, pick]) => [column, type, rows.map(pick)]);
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)}s`;
}
