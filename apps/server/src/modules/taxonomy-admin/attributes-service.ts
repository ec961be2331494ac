/**
 * Rules for series, product types, colors, sizes and fabrics: names are unique (ignoring
 * case; 409 naming the field), series and product types get a unique slug from their
 * name, and a row still used by products is not deleted (409 saying how many). Every
 * write clears the storefront's response cache once it has committed.
 */
import type {
  ColorBody,
  ColorPatch,
  FabricBody,
  FabricPatch,
  ProductTypeBody,
  SeriesBody,
  SeriesPatch,
  SizeBody,
  SizeOrderBody,
  SizePatch,
} from "@atelier/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { productTypes, series } from "../../db/schema/index.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { AttributesRepository } from "./attributes-repository.ts";
import { slugsLike } from "./named-rows.ts";
import { freeSlug, inUse, nameTaken, naming, slugify } from "./naming.ts";

type Out<S extends z.ZodType> = z.output<S>;

interface Rows<Row> {
  byId(id: number, tx?: Db | Tx): Promise<Row | undefined>;
  nameTaken(name: string, exceptId: number | undefined, tx?: Db | Tx): Promise<boolean>;
  lock(id: number, tx: Tx): Promise<boolean>;
  delete(id: number, tx?: Db | Tx): Promise<void>;
}

export function attributesService(deps: { db: Db; repo: AttributesRepository; invalidate: () => void }) {
  const { db, repo, invalidate } = deps;

  /** One kind of named row: create, update and delete with the shared rules. */
  function named<Row extends { productCount: number }>(
    kind: string,
    rows: Rows<Row>,
    usedBy: [one: string, many: string],
    advice: string,
  ) {
    async function found(id: number, tx: Db | Tx = db): Promise<Row> {
      const row = await rows.byId(id, tx);
      if (!row) throw new NotFoundError(`This ${kind} does not exist.`);
      return row;
    }
    async function write(name: string | undefined, exceptId: number | undefined, run: (tx: Tx) => Promise<number>) {
      const conflict = () => nameTaken(kind, name ?? "");
      const id = await naming(conflict, () =>
        db.transaction(async (tx) => {
          if (exceptId !== undefined && !(await rows.lock(exceptId, tx))) {
            throw new NotFoundError(`This ${kind} does not exist.`);
          }
          if (name !== undefined && (await rows.nameTaken(name, exceptId, tx))) throw conflict();
          return run(tx);
        }),
      );
      invalidate();
      return found(id);
    }
    return {
      found,
      create: (name: string, insert: (tx: Tx) => Promise<number>) => write(name, undefined, insert),
      update: (id: number, body: { name?: string | undefined }, change: (tx: Tx) => Promise<unknown>) =>
        write(body.name, id, async (tx) => {
          // An empty patch changes nothing (and an UPDATE with no columns is not SQL).
          if (Object.values(body).some((value) => value !== undefined)) await change(tx);
          return id;
        }),
      async delete(id: number): Promise<void> {
        await db.transaction(async (tx) => {
          if (!(await rows.lock(id, tx))) throw new NotFoundError(`This ${kind} does not exist.`);
          const { productCount } = await found(id, tx);
          if (productCount > 0) throw inUse(productCount, usedBy, kind, advice);
          await rows.delete(id, tx);
        });
        invalidate();
      },
    };
  }

  const products: [string, string] = ["product", "products"];
  const seriesRows = named("series", repo.series, products, "Move them to another series first.");
  const typeRows = named("product type", repo.productTypes, products, "Give them another type first.");
  const colorRows = named("color", repo.colors, products, "Remove it from their variants first.");
  const sizeRows = named("size", repo.sizes, products, "Remove it from their variants first.");
  const fabricRows = named("fabric", repo.fabrics, products, "Give them another fabric first.");

  const seriesSlug = async (name: string, tx: Tx, exceptId?: number) => {
    const base = slugify(name, "series");
    return freeSlug(base, await slugsLike(tx, series, base, exceptId));
  };
  const typeSlug = async (name: string, tx: Tx, exceptId?: number) => {
    const base = slugify(name, "type");
    return freeSlug(base, await slugsLike(tx, productTypes, base, exceptId));
  };

  return {
    series: {
      list: () => repo.series.list(),
      create: (body: Out<typeof SeriesBody>) =>
        seriesRows.create(body.name, async (tx) =>
          repo.series.insert({ ...body, slug: await seriesSlug(body.name, tx) }, tx),
        ),
      update: (id: number, body: Out<typeof SeriesPatch>) =>
        seriesRows.update(id, body, async (tx) =>
          repo.series.update(id, { ...body, ...(body.name ? { slug: await seriesSlug(body.name, tx, id) } : {}) }, tx),
        ),
      delete: seriesRows.delete,
    },
    productTypes: {
      list: () => repo.productTypes.list(),
      create: (body: Out<typeof ProductTypeBody>) =>
        typeRows.create(body.name, async (tx) =>
          repo.productTypes.insert({ name: body.name, slug: await typeSlug(body.name, tx) }, tx),
        ),
      update: (id: number, body: Out<typeof ProductTypeBody>) =>
        typeRows.update(id, body, async (tx) =>
          repo.productTypes.update(id, { name: body.name, slug: await typeSlug(body.name, tx, id) }, tx),
        ),
      delete: typeRows.delete,
    },
    colors: {
      list: () => repo.colors.list(),
      create: (body: Out<typeof ColorBody>) => colorRows.create(body.name, (tx) => repo.colors.insert(body, tx)),
      update: (id: number, body: Out<typeof ColorPatch>) =>
        colorRows.update(id, body, (tx) => repo.colors.update(id, body, tx)),
      delete: colorRows.delete,
    },
    sizes: {
      list: () => repo.sizes.list(),
      create: (body: Out<typeof SizeBody>) => sizeRows.create(body.name, (tx) => repo.sizes.insert(body, tx)),
      update: (id: number, body: Out<typeof SizePatch>) =>
        sizeRows.update(id, body, (tx) => repo.sizes.update(id, body, tx)),
      delete: sizeRows.delete,
      async order(body: Out<typeof SizeOrderBody>) {
        await db.transaction(async (tx) => {
          const all = await repo.sizes.lockAll(tx);
          if (!samePermutation(all, body.sizeIds)) {
            throw new ValidationError("List every size exactly once.", {
              sizeIds: "must list every size exactly once",
            });
          }
          await repo.sizes.setOrder(body.sizeIds, tx);
        });
        invalidate();
        return repo.sizes.list();
      },
    },
    fabrics: {
      list: () => repo.fabrics.list(),
      create: (body: Out<typeof FabricBody>) => fabricRows.create(body.name, (tx) => repo.fabrics.insert(body, tx)),
      update: (id: number, body: Out<typeof FabricPatch>) =>
        fabricRows.update(id, body, (tx) => repo.fabrics.update(id, body, tx)),
      delete: fabricRows.delete,
    },
  };
}

/** True when `ids` holds exactly the ids of `all`, each once. */
export function samePermutation(all: readonly number[], ids: readonly number[]): boolean {
  const wanted = new Set(ids);
  return wanted.size === ids.length && ids.length === all.length && all.every((id) => wanted.has(id));
}
