/**
 * CSV import: rows are read (csv.ts), grouped into products, their names resolved to the
 * shop's categories, types, sizes and colors, and checked against the database (SKUs of
 * other products). A dry run only reports; a real run refuses a file with any error and
 * otherwise writes every product in one transaction. A known slug updates that product
 * (its images and size chart stay); an unknown or empty one creates a product.
 */
import { type ImportReport, minorDigits } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import { groupRows, type ParsedRow, parseCsv, type RowError } from "./csv.ts";
import type { ProductListRepository } from "./list-repository.ts";
import type { ProductRepository, ProductValues, VariantValues } from "./repository.ts";
import { firstFreeSlug, slugify } from "./slug.ts";
import { storageErrors } from "./storage-errors.ts";

interface Planned {
  slug: string;
  existingId: number | undefined;
  values: Omit<ProductValues, "slug">;
  variants: VariantValues[];
}

type Named = { id: number; name: string };
const byName = <T extends Named>(list: readonly T[]) => new Map(list.map((item) => [item.name.toLowerCase(), item]));

export function productImporter(deps: {
  db: Db;
  repo: ProductRepository;
  lists: ProductListRepository;
  settings: StoreSettingsService;
  invalidate: () => void;
}) {
  const { db, repo, lists, settings, invalidate } = deps;

  async function plan(csv: string) {
    const { currency } = await settings.get();
    const { rows, errors } = parseCsv(csv, minorDigits(currency));
    const options = await lists.options();
    const categories = byName(options.categories);
    const [types, seriesMap, fabrics, genders, sizes, colors] = [
      options.productTypes,
      options.series,
      options.fabrics,
      options.genders,
      options.sizes,
      options.colors,
    ].map((list) => byName(list));
    const fail = (row: ParsedRow, field: string, message: string) => errors.push({ row: row.line, field, message });
    const need = (map: Map<string, Named> | undefined, row: ParsedRow, field: string, name: string) => {
      const found = map?.get(name.toLowerCase());
      if (!found && name !== "") fail(row, field, `"${name}" does not exist`);
      return found?.id;
    };
    const optional = (map: Map<string, Named> | undefined, row: ParsedRow, field: string, name: string) =>
      name === "" ? null : (need(map, row, field, name) ?? null);

    const groups = groupRows(rows);
    const existing = new Map(
      (await repo.bySlugs(groups.map((group) => group[0]?.slug ?? "").filter(Boolean))).map((p) => [p.slug, p]),
    );
    const skuRows = new Map<string, ParsedRow>();
    const planned: Planned[] = [];
    for (const group of groups) {
      const first = group[0];
      if (!first) continue;
      const category = categories.get(first.category.toLowerCase());
      if (!category && first.category) fail(first, "category", `"${first.category}" does not exist`);
      const sub = category?.subCategories.find((item) => item.name.toLowerCase() === first.subCategory.toLowerCase());
      if (category && !sub && first.subCategory)
        fail(first, "sub_category", `"${first.subCategory}" is not in ${category.name}`);
      const leaf = sub?.subSubCategories.find((item) => item.name.toLowerCase() === first.subSubCategory.toLowerCase());
      if (sub && !leaf && first.subSubCategory)
        fail(first, "sub_sub_category", `"${first.subSubCategory}" is not in ${sub.name}`);
      const productTypeId = need(types, first, "product_type", first.productType);
      const pairs = new Set<string>();
      const variants: VariantValues[] = [];
      for (const row of group) {
        const sizeId = need(sizes, row, "size", row.size);
        const colorId = need(colors, row, "color", row.color);
        if (pairs.has(`${sizeId}×${colorId}`)) fail(row, "color", "repeats a size and color of this product");
        pairs.add(`${sizeId}×${colorId}`);
        const earlier = skuRows.get(row.sku.toLowerCase());
        if (earlier) fail(row, "sku", `is also on row ${earlier.line}`);
        else skuRows.set(row.sku.toLowerCase(), row);
        if (sizeId && colorId) variants.push({ sizeId, colorId, sku: row.sku, stock: row.stock });
      }
      planned.push({
        slug: first.slug,
        existingId: existing.get(first.slug)?.id,
        values: {
          name: first.name,
          description: first.description,
          price: first.price,
          compareAtPrice: first.compareAtPrice,
          seriesId: optional(seriesMap, first, "series", first.series),
          subSubCategoryId: leaf?.id ?? 0,
          productTypeId: productTypeId ?? 0,
          fabricId: optional(fabrics, first, "fabric", first.fabric),
          genderId: optional(genders, first, "gender", first.gender),
          isPublished: first.published,
          tags: [...new Set(first.tags)],
          seoTitle: first.seoTitle,
          seoDescription: first.seoDescription,
        },
        variants,
      });
    }
    const updatedIds = planned.flatMap((product) => (product.existingId ? [product.existingId] : []));
    const taken = await repo.skusOfOthers(
      [...skuRows.values()].map((row) => row.sku),
      updatedIds,
    );
    for (const row of skuRows.values())
      if (taken.has(row.sku)) fail(row, "sku", "is used by a product not in this file");
    errors.sort((a, b) => a.row - b.row);
    return { rows: rows.length, planned, errors };
  }

  return {
    async run(csv: string, dryRun: boolean, actor: ActivityActor): Promise<ImportReport> {
      const { rows, planned, errors } = await plan(csv);
      const updates = planned.filter((product) => product.existingId !== undefined).length;
      const report = { rows, creates: planned.length - updates, updates, errors, written: false };
      if (dryRun) return report;
      if (errors.length > 0) throw importRefused(errors);
      await storageErrors(() =>
        db.transaction(async (tx) => {
          const written: number[] = [];
          const { currency } = await settings.get();
          const before = await repo.auditSnapshots(updatedIdsOf(planned), currency, tx);
          for (const product of planned) {
            if (product.existingId) {
              written.push(product.existingId);
              const current = (await repo.bySlugs([product.slug], tx))[0];
              await repo.update(
                product.existingId,
                current?.version ?? 0,
                { ...product.values, slug: product.slug },
                tx,
              );
              await repo.syncVariants(product.existingId, product.variants, tx);
            } else {
              const base = product.slug || slugify(product.values.name);
              const slug = firstFreeSlug(base, await repo.slugsLike(base, undefined, tx));
              const id = await repo.insert({ ...product.values, slug }, tx);
              written.push(id);
              await repo.syncVariants(id, product.variants, tx);
            }
          }
          // The log: the import itself, then each product it created or changed.
          await recordActivity(tx, {
            actor,
            action: "product.import",
            subject: { type: "product-import", id: "", label: `${planned.length} products from CSV` },
            after: { rows: report.rows, creates: report.creates, updates: report.updates },
          });
          const after = await repo.auditSnapshots(written, currency, tx);
          for (const id of written) {
            const was = before.get(id);
            const is = after.get(id);
            await recordActivity(tx, {
              actor,
              action: was ? "product.update" : "product.create",
              subject: { type: "product", id, label: is?.name ?? was?.name ?? "" },
              before: was?.values ?? null,
              after: is?.values ?? null,
            });
          }
        }),
      );
      invalidate();
      return { ...report, written: true };
    },
  };
}

function updatedIdsOf(planned: readonly { existingId?: number | undefined }[]): number[] {
  return planned.flatMap((product) => (product.existingId ? [product.existingId] : []));
}

function importRefused(errors: readonly RowError[]): ValidationError {
  const first = errors[0];
  return new ValidationError(
    `The file has ${errors.length} error${errors.length === 1 ? "" : "s"}, so nothing was imported. Run a dry run to see them.`,
    first ? { csv: `row ${first.row}, ${first.field}: ${first.message}` } : { csv: "has errors" },
  );
}
