/**
 * Rules for the category tree: category names are unique across the shop, sub- and
 * sub-sub-category names within their parent (ignoring case; 409 naming the field); a
 * gender-varied category is for men, women or both (422); new categories go last in the
 * navigation; a row with children or products is not deleted (409 saying what is in it);
 * the navigation order lists every category exactly once (422). Every write clears the
 * storefront's response cache once it has committed, so the navigation changes at once.
 */
import type {
  AdminCategory,
  AdminSubCategory,
  AdminSubSubCategory,
  CategoryBody,
  CategoryPatch,
  SubCategoryBody,
  SubCategoryPatch,
  SubSubCategoryBody,
  SubSubCategoryPatch,
} from "@atelier/contract";
import { asc } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";
import { type ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { samePermutation } from "./attributes-service.ts";
import type { CategoriesRepository } from "./categories-repository.ts";
import { readTree } from "./category-tree.ts";
import { contains, inUse, nameTaken, naming } from "./naming.ts";

type Out<S extends z.ZodType> = z.output<S>;
type GenderFlags = { isGenderVaried: boolean; isForMen: boolean; isForWomen: boolean };

/** A gender-varied category must be listed under a gender; the flags mean nothing otherwise. */
function genderFlags(flags: GenderFlags): GenderFlags {
  if (!flags.isGenderVaried) return { isGenderVaried: false, isForMen: false, isForWomen: false };
  if (!flags.isForMen && !flags.isForWomen) {
    throw new ValidationError("A gender-varied category must be for men, women or both.", {
      isForMen: "choose men, women or both for a gender-varied category",
    });
  }
  return flags;
}

const missing = (kind: string) => new NotFoundError(`This ${kind} does not exist.`);
const hasValues = (body: object) => Object.values(body).some((value) => value !== undefined);

export function categoriesService(deps: { db: Db; repo: CategoriesRepository; invalidate: () => void }) {
  const { db, repo, invalidate } = deps;

  const tree = (tx: Db | Tx = db) => readTree(repo, tx);

  async function category(id: number): Promise<AdminCategory> {
    const found = (await tree()).find((row) => row.id === id);
    if (!found) throw missing("category");
    return found;
  }
  async function subCategory(id: number): Promise<AdminSubCategory> {
    const found = (await tree()).flatMap((row) => row.subCategories).find((row) => row.id === id);
    if (!found) throw missing("sub-category");
    return found;
  }
  async function subSubCategory(id: number): Promise<AdminSubSubCategory> {
    const found = (await tree())
      .flatMap((row) => row.subCategories.flatMap((sub) => sub.subSubCategories))
      .find((row) => row.id === id);
    if (!found) throw missing("sub-sub-category");
    return found;
  }

  type Level = "category" | "sub-category" | "sub-sub-category";
  type Node = AdminCategory | AdminSubCategory | AdminSubSubCategory;
  /** A row of the tree as `tx` sees it. */
  async function nodeIn(tx: Tx, level: Level, id: number): Promise<Node | undefined> {
    const rows = await tree(tx);
    const subs = rows.flatMap((row) => row.subCategories);
    const list: Node[] =
      level === "category" ? rows : level === "sub-category" ? subs : subs.flatMap((sub) => sub.subSubCategories);
    return list.find((row) => row.id === id);
  }
  /** What the activity log keeps of a row: its own fields, not its children or product count. */
  const fieldsOf = (node: Node | undefined) =>
    node
      ? Object.fromEntries(
          Object.entries(node).filter(
            ([key, value]) => key !== "id" && key !== "productCount" && !Array.isArray(value),
          ),
        )
      : null;
  /** Records a staff change of the tree in its transaction (issue 37, item 6). */
  async function log(
    tx: Tx,
    actor: ActivityActor,
    level: Level,
    verb: "create" | "update" | "delete",
    id: number,
    before?: Node,
  ): Promise<void> {
    const after = verb === "delete" ? undefined : await nodeIn(tx, level, id);
    await recordActivity(tx, {
      actor,
      action: `${level}.${verb}`,
      subject: { type: level, id, label: (after ?? before)?.name ?? String(id) },
      before: fieldsOf(before),
      after: fieldsOf(after),
    });
  }

  /** One write transaction; the cache is cleared after it commits. */
  async function write<T>(conflict: (() => ConflictError) | undefined, run: (tx: Tx) => Promise<T>): Promise<T> {
    const result = conflict ? await naming(conflict, () => db.transaction(run)) : await db.transaction(run);
    invalidate();
    return result;
  }

  return {
    tree: () => tree(),

    async createCategory(body: Out<typeof CategoryBody>, actor: ActivityActor) {
      const flags = genderFlags(body);
      const conflict = () => nameTaken("category", body.name);
      const id = await write(conflict, async (tx) => {
        if (await repo.categories.nameTaken(body.name, undefined, tx)) throw conflict();
        const created = await repo.categories.insert({ name: body.name, filename: body.filename, ...flags }, tx);
        await log(tx, actor, "category", "create", created);
        return created;
      });
      return category(id);
    },

    async updateCategory(id: number, body: Out<typeof CategoryPatch>, actor: ActivityActor) {
      const conflict = () => nameTaken("category", body.name ?? "");
      await write(conflict, async (tx) => {
        if (!(await repo.categories.lock(id, tx))) throw missing("category");
        const current = (await repo.categories.list(tx)).find((row) => row.id === id);
        if (!current) throw missing("category");
        const flags = genderFlags({ ...pickFlags(current), ...definedFlags(body) });
        if (body.name !== undefined && (await repo.categories.nameTaken(body.name, id, tx))) throw conflict();
        const before = await nodeIn(tx, "category", id);
        await repo.categories.update(id, { ...body, ...flags }, tx);
        await log(tx, actor, "category", "update", id, before);
      });
      return category(id);
    },

    async deleteCategory(id: number, actor: ActivityActor) {
      await write(undefined, async (tx) => {
        if (!(await repo.categories.lock(id, tx))) throw missing("category");
        const found = (await tree(tx)).find((row) => row.id === id);
        if (found && found.productCount > 0) {
          throw inUse(found.productCount, ["product", "products"], "category", "Move them or delete them first.");
        }
        const subs = await repo.categories.childCount(id, tx);
        if (subs > 0) throw contains(subs, ["sub-category", "sub-categories"], "category");
        await repo.categories.delete(id, tx);
        await log(tx, actor, "category", "delete", id, found);
      });
    },

    async order(categoryIds: number[], actor: ActivityActor) {
      await write(undefined, async (tx) => {
        if (!samePermutation(await repo.categories.lockAll(tx), categoryIds)) {
          throw new ValidationError("The new order must list every category exactly once.", {
            categoryIds: "must list every category exactly once",
          });
        }
        const before = await tx
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .orderBy(asc(categories.serial), asc(categories.id));
        await repo.categories.setOrder(categoryIds, tx);
        const names = new Map(before.map((row) => [row.id, row.name]));
        await recordActivity(tx, {
          actor,
          action: "settings.navbar",
          subject: { type: "settings", id: "navbar", label: "Navbar categories" },
          before: { order: before.map((row) => row.name) },
          after: { order: categoryIds.map((id) => names.get(id) ?? String(id)) },
        });
      });
      return tree();
    },

    async createSubCategory(categoryId: number, body: Out<typeof SubCategoryBody>, actor: ActivityActor) {
      const conflict = () => nameTaken("sub-category", body.name, " in this category");
      const id = await write(conflict, async (tx) => {
        if (!(await repo.categories.lock(categoryId, tx))) throw missing("category");
        if (await repo.subCategories.nameTakenIn(categoryId, body.name, undefined, tx)) throw conflict();
        const created = await repo.subCategories.insert({ ...body, categoryId }, tx);
        await log(tx, actor, "sub-category", "create", created);
        return created;
      });
      return subCategory(id);
    },

    async updateSubCategory(id: number, body: Out<typeof SubCategoryPatch>, actor: ActivityActor) {
      const conflict = () => nameTaken("sub-category", body.name ?? "", " in this category");
      await write(conflict, async (tx) => {
        const parent = await repo.subCategories.parentOf(id, tx);
        if (parent === undefined || !(await repo.subCategories.lock(id, tx))) throw missing("sub-category");
        if (body.name !== undefined && (await repo.subCategories.nameTakenIn(parent, body.name, id, tx))) {
          throw conflict();
        }
        const before = await nodeIn(tx, "sub-category", id);
        if (hasValues(body)) await repo.subCategories.update(id, body, tx);
        await log(tx, actor, "sub-category", "update", id, before);
      });
      return subCategory(id);
    },

    async deleteSubCategory(id: number, actor: ActivityActor) {
      await write(undefined, async (tx) => {
        if (!(await repo.subCategories.lock(id, tx))) throw missing("sub-category");
        const found = (await tree(tx)).flatMap((row) => row.subCategories).find((row) => row.id === id);
        if (found && found.productCount > 0) {
          throw inUse(found.productCount, ["product", "products"], "sub-category", "Move them or delete them first.");
        }
        const children = await repo.subCategories.childCount(id, tx);
        if (children > 0) throw contains(children, ["sub-sub-category", "sub-sub-categories"], "sub-category");
        await repo.subCategories.delete(id, tx);
        await log(tx, actor, "sub-category", "delete", id, found);
      });
    },

    async createSubSubCategory(subCategoryId: number, body: Out<typeof SubSubCategoryBody>, actor: ActivityActor) {
      const conflict = () => nameTaken("sub-sub-category", body.name, " in this sub-category");
      const id = await write(conflict, async (tx) => {
        if (!(await repo.subCategories.lock(subCategoryId, tx))) throw missing("sub-category");
        if (await repo.subSubCategories.nameTakenIn(subCategoryId, body.name, undefined, tx)) throw conflict();
        const created = await repo.subSubCategories.insert({ ...body, subCategoryId }, tx);
        await log(tx, actor, "sub-sub-category", "create", created);
        return created;
      });
      return subSubCategory(id);
    },

    async updateSubSubCategory(id: number, body: Out<typeof SubSubCategoryPatch>, actor: ActivityActor) {
      const conflict = () => nameTaken("sub-sub-category", body.name ?? "", " in this sub-category");
      await write(conflict, async (tx) => {
        const parent = await repo.subSubCategories.parentOf(id, tx);
        if (parent === undefined || !(await repo.subSubCategories.lock(id, tx))) throw missing("sub-sub-category");
        if (body.name !== undefined && (await repo.subSubCategories.nameTakenIn(parent, body.name, id, tx))) {
          throw conflict();
        }
        const before = await nodeIn(tx, "sub-sub-category", id);
        if (hasValues(body)) await repo.subSubCategories.update(id, body, tx);
        await log(tx, actor, "sub-sub-category", "update", id, before);
      });
      return subSubCategory(id);
    },

    async deleteSubSubCategory(id: number, actor: ActivityActor) {
      await write(undefined, async (tx) => {
        if (!(await repo.subSubCategories.lock(id, tx))) throw missing("sub-sub-category");
        const before = await nodeIn(tx, "sub-sub-category", id);
        const count = await repo.subSubCategories.productCount(id, tx);
        if (count > 0) {
          throw inUse(count, ["product", "products"], "sub-sub-category", "Move them or delete them first.");
        }
        await repo.subSubCategories.delete(id, tx);
        await log(tx, actor, "sub-sub-category", "delete", id, before);
      });
    },
  };
}

const pickFlags = ({ isGenderVaried, isForMen, isForWomen }: GenderFlags): GenderFlags => ({
  isGenderVaried,
  isForMen,
  isForWomen,
});
function definedFlags(body: { [K in keyof GenderFlags]?: boolean | undefined }): Partial<GenderFlags> {
  const flags: Partial<GenderFlags> = {};
  if (body.isGenderVaried !== undefined) flags.isGenderVaried = body.isGenderVaried;
  if (body.isForMen !== undefined) flags.isForMen = body.isForMen;
  if (body.isForWomen !== undefined) flags.isForWomen = body.isForWomen;
  return flags;
}
