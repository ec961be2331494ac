/** SQL for the catalogue: taxonomy lists, plus the product reads (product-repository.ts, details-repository.ts). */
import type { Category, SubCategory, SubSubCategory } from "@atelier/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, genders, series, subCategories, subSubCategories } from "../../db/schema/index.ts";
import { detailsRepository } from "./details-repository.ts";
import { productRepository } from "./product-repository.ts";

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  serial: categories.serial,
  filename: categories.filename,
  isGenderVaried: categories.isGenderVaried,
  isForMen: categories.isForMen,
  isForWomen: categories.isForWomen,
};

export function catalogRepository(db: Db) {
  return {
    listCategories(): Promise<Category[]> {
      return db.select(categoryColumns).from(categories).orderBy(asc(categories.serial), asc(categories.id));
    },

    listGenders() {
      return db
        .select({ id: genders.id, name: genders.name, slug: genders.slug })
        .from(genders)
        .orderBy(asc(genders.sortOrder), asc(genders.id));
    },

    async categoryExists(id: number): Promise<boolean> {
      const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      return rows.length > 0;
    },

    async subCategoryExists(id: number): Promise<boolean> {
      const rows = await db.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.id, id));
      return rows.length > 0;
    },

    listSubCategories(categoryId?: number): Promise<SubCategory[]> {
      return db
        .select({
          id: subCategories.id,
          categoryId: subCategories.categoryId,
          name: subCategories.name,
          isDisabled: subCategories.isDisabled,
          isEnablePremium: subCategories.isEnablePremium,
        })
        .from(subCategories)
        .where(categoryId === undefined ? undefined : eq(subCategories.categoryId, categoryId))
        .orderBy(asc(subCategories.name), asc(subCategories.id));
    },

    listSubSubCategories(subCategoryId?: number): Promise<SubSubCategory[]> {
      return db
        .select({
          id: subSubCategories.id,
          subCategoryId: subSubCategories.subCategoryId,
          name: subSubCategories.name,
          isPremium: subSubCategories.isPremium,
        })
        .from(subSubCategories)
        .where(subCategoryId === undefined ? undefined : eq(subSubCategories.subCategoryId, subCategoryId))
        .orderBy(asc(subSubCategories.name), asc(subSubCategories.id));
    },

    listSeries() {
      return db
        .select({
          id: series.id,
          name: series.name,
          slug: series.slug,
          description: series.description,
          filename: series.filename,
        })
        .from(series)
        .orderBy(asc(series.name));
    },

    ...productRepository(db),

    details: detailsRepository(db),
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;
