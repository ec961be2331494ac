/**
 * Product management rules: the category chain must hold, images must be uploaded ones,
 * slugs and SKUs are unique (409 naming the field), a save made on an old version is
 * refused (409), and every write is one transaction followed by a storefront cache
 * invalidation so shoppers see the change at once.
 */
import type { AdminProduct, ProductAdminFilter, ProductAdminListQuery, ProductInput } from "@atelier/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import type { ProductListRepository } from "./list-repository.ts";
import type { ProductRepository, ProductValues } from "./repository.ts";
import { firstFreeSlug, slugify } from "./slug.ts";
import { storageErrors } from "./storage-errors.ts";

type ListQuery = z.output<typeof ProductAdminListQuery>;
export type ListFilter = z.output<typeof ProductAdminFilter>;

export const staleVersionMessage = "This product was changed by someone else. Reload to see their changes.";

export interface ProductServiceDeps {
  db: Db;
  repo: ProductRepository;
  lists: ProductListRepository;
  settings: StoreSettingsService;
  /** The storefront's cache (catalog.invalidate). */
  invalidate: () => void;
}

export function productAdminService(deps: ProductServiceDeps) {
  const { db, repo, lists, settings, invalidate } = deps;

  /** Rules the schema cannot check alone; throws 422 or 409 with the offending fields. */
  async function check(input: ProductInput, productId: number | undefined, tx: Tx): Promise<string> {
    const fields: Record<string, string> = {};
    const chain = await repo.chainOf(input.subSubCategoryId, tx);
    if (!chain) fields.subSubCategoryId = "does not exist";
    else if (chain.categoryId !== input.categoryId || chain.subCategoryId !== input.subCategoryId) {
      fields.subSubCategoryId = "belongs to another category or sub-category";
    }
    const stored = await repo.storedImages(
      input.images.map((image) => image.filename),
      tx,
    );
    input.images.forEach((image, index) => {
      if (!stored.has(image.filename)) fields[`images.${index}.filename`] = "is not an uploaded image";
    });
    if (Object.keys(fields).length > 0) throw new ValidationError("Check the highlighted fields.", fields);

    let slug = input.slug;
    if (slug) {
      if ((await repo.slugsLike(slug, productId, tx)).has(slug)) {
        throw new ConflictError(`The slug "${slug}" is used by another product.`, {
          slug: "is used by another product",
        });
      }
    } else {
      const base = slugify(input.name);
      slug = firstFreeSlug(base, await repo.slugsLike(base, productId, tx));
    }
    const taken = await repo.skusOfOthers(
      input.variants.map((variant) => variant.sku),
      productId ? [productId] : [],
      tx,
    );
    const skuFields: Record<string, string> = {};
    input.variants.forEach((variant, index) => {
      if (taken.has(variant.sku)) skuFields[`variants.${index}.sku`] = "is used by another product";
    });
    if (Object.keys(skuFields).length > 0) {
      throw new ConflictError("Some SKUs are used by other products.", skuFields);
    }
    return slug;
  }

  function valuesOf(input: ProductInput, slug: string): ProductValues {
    return {
      name: input.name,
      slug,
      description: input.description,
      price: input.price,
      compareAtPrice: input.compareAtPrice,
      seriesId: input.seriesId,
      subSubCategoryId: input.subSubCategoryId,
      productTypeId: input.productTypeId,
      fabricId: input.fabricId,
      genderId: input.genderId,
      isPublished: input.isPublished,
      tags: [...new Set(input.tags)],
      sizeChart: input.sizeChart,
      seoTitle: input.seoTitle,
      seoDescription: input.seoDescription,
    };
  }

  async function get(id: number): Promise<AdminProduct> {
    const [found, { currency }] = await Promise.all([repo.byId(id), settings.get()]);
    if (!found) throw new NotFoundError("This product does not exist.");
    const { product } = found;
    return {
      id: product.id,
      version: product.version,
      currency,
      name: product.name,
      slug: product.slug,
      description: product.description,
      price: product.price,
      compareAtPrice: product.compareAtPrice,
      seriesId: product.seriesId,
      categoryId: found.categoryId,
      subCategoryId: found.subCategoryId,
      subSubCategoryId: product.subSubCategoryId,
      productTypeId: product.productTypeId,
      fabricId: product.fabricId,
      genderId: product.genderId,
      tags: product.tags,
      variants: found.variants,
      sizeChart: product.sizeChart ?? null,
      seoTitle: product.seoTitle,
      seoDescription: product.seoDescription,
      images: found.images,
      isPublished: product.isPublished,
      updatedAt: found.updatedAtIso,
    };
  }

  /** Runs a write in one transaction, maps storage conflicts to 409/422, then refreshes the storefront. */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await storageErrors(() => db.transaction(work));
    invalidate();
    return result;
  }

  return {
    async options() {
      const [options, { currency }] = await Promise.all([lists.options(), settings.get()]);
      return { currency, ...options };
    },

    async list(query: ListQuery) {
      const [{ currency }, { rows, total }] = await Promise.all([
        settings.get(),
        lists.list(query, query.sort, query.pageSize, (query.page - 1) * query.pageSize),
      ]);
      return {
        items: rows.map((row) => ({ ...row, currency })),
        page: query.page,
        pageSize: query.pageSize,
        total,
        pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
      };
    },

    get,

    async create(input: ProductInput, actor: ActivityActor): Promise<AdminProduct> {
      const id = await write(async (tx) => {
        const slug = await check(input, undefined, tx);
        const productId = await repo.insert(valuesOf(input, slug), tx);
        await repo.replaceImages(productId, input.images, tx);
        await repo.syncVariants(productId, input.variants, tx);
        const after = (await repo.auditSnapshots([productId], (await settings.get()).currency, tx)).get(productId);
        await recordActivity(tx, {
          actor,
          action: "product.create",
          subject: { type: "product", id: productId, label: input.name },
          after: after?.values ?? null,
        });
        return productId;
      });
      return get(id);
    },

    async update(id: number, input: ProductInput & { version: number }, actor: ActivityActor): Promise<AdminProduct> {
      await write(async (tx) => {
        const slug = await check(input, id, tx);
        const before = (await repo.auditSnapshots([id], (await settings.get()).currency, tx)).get(id);
        if (!(await repo.update(id, input.version, valuesOf(input, slug), tx))) {
          if (!(await repo.byId(id, tx))) throw new NotFoundError("This product does not exist.");
          throw new ConflictError(staleVersionMessage, { version: "is out of date" });
        }
        await repo.replaceImages(id, input.images, tx);
        await repo.syncVariants(id, input.variants, tx);
        const after = (await repo.auditSnapshots([id], (await settings.get()).currency, tx)).get(id);
        // A save that only publishes or unpublishes reads as such in the log.
        const onlyPublishing =
          before && after && before.values.isPublished !== after.values.isPublished
            ? Object.keys(after.values).every(
                (key) =>
                  key === "isPublished" || JSON.stringify(before.values[key]) === JSON.stringify(after.values[key]),
              )
            : false;
        await recordActivity(tx, {
          actor,
          action: onlyPublishing ? (input.isPublished ? "product.publish" : "product.unpublish") : "product.update",
          subject: { type: "product", id, label: input.name },
          before: before?.values ?? null,
          after: after?.values ?? null,
        });
      });
      return get(id);
    },

    /** One log entry per product that changed (a product already in that state is not one). */
    async bulk(action: "publish" | "unpublish" | "delete", ids: readonly number[], actor: ActivityActor) {
      const unique = [...new Set(ids)];
      const affected = await write(async (tx) => {
        const before = await repo.auditSnapshots(unique, (await settings.get()).currency, tx);
        if (action === "delete") {
          const count = await repo.delete(unique, tx);
          for (const [id, snapshot] of before) {
            await recordActivity(tx, {
              actor,
              action: "product.delete",
              subject: { type: "product", id, label: snapshot.name },
              before: snapshot.values,
            });
          }
          return count;
        }
        const published = action === "publish";
        const count = await repo.setPublished(unique, published, tx);
        for (const [id, snapshot] of before) {
          if (snapshot.values.isPublished === published) continue;
          await recordActivity(tx, {
            actor,
            action: published ? "product.publish" : "product.unpublish",
            subject: { type: "product", id, label: snapshot.name },
            before: { isPublished: !published },
            after: { isPublished: published },
          });
        }
        return count;
      });
      return { affected };
    },
  };
}

export type ProductAdminService = ReturnType<typeof productAdminService>;
