/** SQL for published-product reads: cards, filtered listings, facet counts, the sitemap. */
import type { ProductCard, ProductFacets, ProductSort } from "@atelier/contract";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productImages, products, productTypes, series } from "../../db/schema/index.ts";
import { type ProductFilter, productConditions, productWhere, variantConditions } from "./product-filter.ts";
import { salePrice, shownCompareAtPrice } from "./sale-price.ts";
import { relevanceTier, type SearchMatch } from "./text-match.ts";

export type ProductCardRow = Omit<ProductCard, "currency">;

export type ListSort = ProductSort | "relevance";

/**
 * The search results' relevance (search_documents, drizzle/0004_search.sql): the
 * suggestions' tiers (exact name, name prefix, words in the name, in the title, anywhere),
 * then popularity — modules/search/repository.ts.
 */
function relevance(search: SearchMatch): SQL[] {
  const document = (column: SQL) => sql`(select ${column} from search_documents d where d.product_id = ${products.id})`;
  return [asc(document(relevanceTier(search))), desc(document(sql`d.popularity`))];
}

function orderingsFor(sort: ListSort, filter: ProductFilter): SQL[] {
  if (sort === "relevance") {
    return filter.search ? [...relevance(filter.search), desc(products.id)] : orderings.newest;
  }
  return orderings[sort];
}

const orderings: Record<ProductSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  popular: [desc(products.salesCount), desc(products.createdAt), desc(products.id)],
  "price-asc": [asc(products.price), desc(products.id)],
  "price-desc": [desc(products.price), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

export const cardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  // The price now (scheduled discounts, issue 13) and the "was" price beside it.
  price: salePrice,
  compareAtPrice: shownCompareAtPrice,
  createdAt: sql<string>`to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  seriesName: series.name,
  filename: sql<string | null>`(select ${productImages.filename} from ${productImages}
    where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
  colors: sql<
    { name: string; hex: string }[]
  >`coalesce((select json_agg(json_build_object('name', c.name, 'hex', c.hex) order by c.name)
    from (select distinct co.name, co.hex from product_variants v join colors co on co.id = v.color_id
          where v.product_id = ${products.id}) c), '[]'::json)`,
  // An aggregate, not EXISTS: PostgreSQL may turn a select-list EXISTS into a hashed
  // subplan that reads every variant (54 ms vs 0.5 ms for a page at 10,000 products).
  inStock: sql<boolean>`coalesce((select bool_or(v.stock > 0) from product_variants v where v.product_id = ${products.id}), false)`,
};

interface CountRow extends Record<string, unknown> {
  id: number;
  name: string;
  count: number;
  hex?: string;
}

export function productRepository(db: Db) {
  /**
   * Products per size or color: for each product matching the other filters, its distinct
   * options among the variants that match (a LATERAL subquery on the variants' (product,
   * size, color) index), then counted per option. The LATERAL keeps the plan a loop over
   * the listing's products whatever the planner thinks of the tables: joining all
   * variants and grouping them by (option, product) was planned from the statistics, and
   * right after a bulk load without any (100,000 products, 1.25 M variants) the whole
   * catalogue's size facet ran for ~10 minutes and a 3,600-product sub-sub-category's for
   * 0.5–1 s a request (a sequential scan of every variant); this shape took 0.16 s and
   * 2.6 s there, and 45–60 ms and 1.4–2 s once analyzed (bench/README.md, 2026-11-26).
   */
  async function variantFacet(filter: ProductFilter, facet: "sizes" | "colors"): Promise<CountRow[]> {
    const variants = variantConditions(filter, facet);
    const where = and(...productConditions(db, filter, facet));
    const column = facet === "sizes" ? sql`v.size_id` : sql`v.color_id`;
    const options = sql`select x.option_id, count(*)::int as count from products
      cross join lateral (select distinct ${column} as option_id from product_variants v
        where v.product_id = ${products.id}${variants.length > 0 ? sql` and ${and(...variants)}` : sql``}) x
      where ${where} group by x.option_id`;
    const query =
      facet === "sizes"
        ? sql`select s.id, s.name, x.count from (${options}) x
            join sizes s on s.id = x.option_id order by s.sort_order, s.id`
        : sql`select c.id, c.name, c.hex, x.count from (${options}) x
            join colors c on c.id = x.option_id order by c.name`;
    return (await db.execute<CountRow>(query)).rows;
  }

  return {
    async listProducts(
      filter: ProductFilter,
      sort: ListSort,
      limit: number,
      offset: number,
    ): Promise<{ rows: ProductCardRow[]; total: number }> {
      const where = productWhere(db, filter);
      const [rows, counted] = await Promise.all([
        db
          .select(cardColumns)
          .from(products)
          .leftJoin(series, eq(series.id, products.seriesId))
          .where(where)
          .orderBy(...orderingsFor(sort, filter))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },

    async facets(filter: ProductFilter): Promise<ProductFacets> {
      const [sizes, colors, seriesCounts, types, price] = await Promise.all([
        variantFacet(filter, "sizes"),
        variantFacet(filter, "colors"),
        db
          .select({ id: series.id, name: series.name, count: sql<number>`count(*)::int` })
          .from(products)
          .innerJoin(series, eq(series.id, products.seriesId))
          .where(productWhere(db, filter, "series"))
          .groupBy(series.id)
          .orderBy(asc(series.name)),
        db
          .select({ id: productTypes.id, name: productTypes.name, count: sql<number>`count(*)::int` })
          .from(products)
          .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
          .where(productWhere(db, filter, "types"))
          .groupBy(productTypes.id)
          .orderBy(asc(productTypes.name)),
        db
          .select({ min: sql<number | null>`min(${products.price})`, max: sql<number | null>`max(${products.price})` })
          .from(products)
          .where(productWhere(db, filter, "price")),
      ]);
      const bounds = price[0];
      return {
        sizes: sizes.map(({ id, name, count }) => ({ id, name, count })),
        colors: colors.map(({ id, name, hex, count }) => ({ id, name, hex: hex ?? "#000000", count })),
        series: seriesCounts,
        types,
        price: bounds?.min != null && bounds.max != null ? { min: bounds.min, max: bounds.max } : null,
      };
    },

    /** Published products beside this one: same sub-sub-category first, then same series. */
    related(product: { id: number; subSubCategoryId: number; seriesId: number | null }, limit = 8) {
      const sameSeries = product.seriesId ? sql` or ${products.seriesId} = ${product.seriesId}` : sql``;
      return db
        .select(cardColumns)
        .from(products)
        .leftJoin(series, eq(series.id, products.seriesId))
        .where(
          and(
            eq(products.isPublished, true),
            sql`${products.id} <> ${product.id}`,
            sql`(${products.subSubCategoryId} = ${product.subSubCategoryId}${sameSeries})`,
          ),
        )
        .orderBy(
          desc(sql`${products.subSubCategoryId} = ${product.subSubCategoryId}`),
          desc(products.createdAt),
          desc(products.id),
        )
        .limit(limit);
    },

    /** Every published product's id and last change, for sitemap.xml. */
    publishedForSitemap() {
      return db
        .select({
          id: products.id,
          updatedAt: sql<string>`to_char(${products.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        })
        .from(products)
        .where(eq(products.isPublished, true))
        .orderBy(asc(products.id));
    },
  };
}

export type ProductRepository = ReturnType<typeof productRepository>;
