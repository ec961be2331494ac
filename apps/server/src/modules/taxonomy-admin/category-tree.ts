/**
 * The admin's category tree: categories by serial, each with its sub-categories and their
 * sub-sub-categories (by name), and product counts summed up the tree.
 */
import type { AdminCategory, AdminSubCategory, AdminSubSubCategory } from "@atelier/contract";
import type { Db, Tx } from "../../db/client.ts";
import type { CategoriesRepository } from "./categories-repository.ts";

const sum = (rows: readonly { productCount: number }[]) => rows.reduce((total, row) => total + row.productCount, 0);

export async function readTree(repo: CategoriesRepository, tx: Db | Tx): Promise<AdminCategory[]> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const categories = await repo.categories.list(tx);
  const subs = await repo.subCategories.list(tx);
  const subSubs = await repo.subSubCategories.list(tx);
  const counts = await repo.productCounts(tx);

  const subSubsOf = new Map<number, AdminSubSubCategory[]>();
  for (const row of subSubs) {
    const list = subSubsOf.get(row.subCategoryId) ?? [];
    list.push({ ...row, productCount: counts.get(row.id) ?? 0 });
    subSubsOf.set(row.subCategoryId, list);
  }
  const subsOf = new Map<number, AdminSubCategory[]>();
  for (const row of subs) {
    const children = subSubsOf.get(row.id) ?? [];
    const list = subsOf.get(row.categoryId) ?? [];
    list.push({ ...row, productCount: sum(children), subSubCategories: children });
    subsOf.set(row.categoryId, list);
  }
  return categories.map((row) => {
    const children = subsOf.get(row.id) ?? [];
    return { ...row, productCount: sum(children), subCategories: children };
  });
}
