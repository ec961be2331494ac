/**
 * Rules for series, product types, colors, sizes and fabrics: names are unique (ignoring
 * case; 409 naming the field), series and product types get a unique slug from their
 * name, and a row still used by products is not deleted (409 saying how many). Every
 * write is recorded in the activity log in its transaction (issue 37, item 6) and clears
 * the storefront's response cache once it has committed.
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
import { asc } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { productTypes, series, sizes } from "../../db/schema/index.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
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
  function named<Row extends { id: number; name: string; productCount: number }>(
    kind: string,
    /** The activity log's subject type and action prefix. */
    subject: "series" | "product-type" | "color" | "size" | "fabric",
    rows: Rows<Row>,
    usedBy: [one: string, many: string],
    advice: string,
  ) {
    /** What the log keeps of a row: its fields, not how many products use it. */
    const fields = ({ productCount: _count, ...row }: Row) => row;
    async function found(id: number, tx: Db | Tx = db): Promise<Row> {
      const row = await rows.byId(id, tx);
      if (!row) throw new NotFoundError(`This ${kind} does not exist.`);
      return row;
    }
    async function write(
      name: string | undefined,
      exceptId: number | undefined,
      actor: ActivityActor,
      run: (tx: Tx) => Promise<number>,
    ) {
      const conflict = () => nameTaken(kind, name ?? "");
      const id = await naming(conflict, () =>
        db.transaction(async (tx) => {
          if (exceptId !== undefined && !(await rows.lock(exceptId, tx))) {
            throw new NotFoundError(`This ${kind} does not exist.`);
          }
          if (name !== undefined && (await rows.nameTaken(name, exceptId, tx))) throw conflict();
          const before = exceptId === undefined ? undefined : await rows.byId(exceptId, tx);
          const written = await run(tx);
          const after = await found(written, tx);
          await recordActivity(tx, {
            actor,
            action: `${subject}.${before ? "update" : "create"}`,
            subject: { type: subject, id: written, label: after.name },
            before: before ? fields(before) : null,
            after: fields(after),
          });
          return written;
        }),
      );
      invalidate();
      return found(id);
    }
    return {
      found,
      create: (name: string, actor: ActivityActor, insert: (tx: Tx) => Promise<number>) =>
        write(name, undefined, actor, insert),
      update: (
        id: number,
        body: { name?: string | undefined },
        actor: ActivityActor,
        change: (tx: Tx) => Promise<unknown>,
      ) =>
        write(body.name, id, actor, async (tx) => {
          // An empty patch changes nothing (and an UPDATE with no columns is not SQL).
          if (Object.values(body).some((value) => value !== undefined)) await change(tx);
          return id;
        }),
      async delete(id: number, actor: ActivityActor): Promise<void> {
        await db.transaction(async (tx) => {
          if (!(await rows.lock(id, tx))) throw new NotFoundError(`This ${kind} does not exist.`);
          const row = await found(id, tx);
          if (row.productCount > 0) throw inUse(row.productCount, usedBy, kind, advice);
          await rows.delete(id, tx);
          await recordActivity(tx, {
            actor,
            action: `${subject}.delete`,
            subject: { type: subject, id, label: row.name },
            before: fields(row),
          });
        });
        invalidate();
      },
    };
  }

  const products: [string, string] = ["product", "products"];
  const seriesRows = named("series", "series", repo.series, products, "Move them to another series first.");
  const typeRows = named("product type", "product-type", repo.productTypes, products, "Give them another type first.");
  const colorRows = named("color", "color", repo.colors, products, "Remove it from their variants first.");
  const sizeRows = named("size", "size", repo.sizes, products, "Remove it from their variants first.");
  const fabricRows = named("fabric", "fabric", repo.fabrics, products, "Give them another fabric first.");

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
      create: (body: Out<typeof SeriesBody>, actor: ActivityActor) =>
        seriesRows.create(body.name, actor, async (tx) =>
          repo.series.insert({ ...body, slug: await seriesSlug(body.name, tx) }, tx),
        ),
      update: (id: number, body: Out<typeof SeriesPatch>, actor: ActivityActor) =>
        seriesRows.update(id, body, actor, async (tx) =>
          repo.series.update(id, { ...body, ...(body.name ? { slug: await seriesSlug(body.name, tx, id) } : {}) }, tx),
        ),
      delete: seriesRows.delete,
    },
    productTypes: {
      list: () => repo.productTypes.list(),
      create: (body: Out<typeof ProductTypeBody>, actor: ActivityActor) =>
        typeRows.create(body.name, actor, async (tx) =>
          repo.productTypes.insert({ name: body.name, slug: await typeSlug(body.name, tx) }, tx),
        ),
      update: (id: number, body: Out<typeof ProductTypeBody>, actor: ActivityActor) =>
        typeRows.update(id, body, actor, async (tx) =>
          repo.productTypes.update(id, { name: body.name, slug: await typeSlug(body.name, tx, id) }, tx),
        ),
      delete: typeRows.delete,
    },
    colors: {
      list: () => repo.colors.list(),
      create: (body: Out<typeof ColorBody>, actor: ActivityActor) =>
        colorRows.create(body.name, actor, (tx) => repo.colors.insert(body, tx)),
      update: (id: number, body: Out<typeof ColorPatch>, actor: ActivityActor) =>
        colorRows.update(id, body, actor, (tx) => repo.colors.update(id, body, tx)),
      delete: colorRows.delete,
    },
    sizes: {
      list: () => repo.sizes.list(),
      create: (body: Out<typeof SizeBody>, actor: ActivityActor) =>
        sizeRows.create(body.name, actor, (tx) => repo.sizes.insert(body, tx)),
      update: (id: number, body: Out<typeof SizePatch>, actor: ActivityActor) =>
        sizeRows.update(id, body, actor, (tx) => repo.sizes.update(id, body, tx)),
      delete: sizeRows.delete,
      async order(body: Out<typeof SizeOrderBody>, actor: ActivityActor) {
        await db.transaction(async (tx) => {
          const all = await repo.sizes.lockAll(tx);
          if (!samePermutation(all, body.sizeIds)) {
            throw new ValidationError("List every size exactly once.", {
              sizeIds: "must list every size exactly once",
            });
          }
          const before = await tx.select({ id: sizes.id }).from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.id));
          await repo.sizes.setOrder(body.sizeIds, tx);
          await recordActivity(tx, {
            actor,
            action: "size.order",
            subject: { type: "size", id: "order", label: "Size order" },
            before: { order: before.map((row) => row.id) },
            after: { order: body.sizeIds },
          });
        });
        invalidate();
        return repo.sizes.list();
      },
    },
    fabrics: {
      list: () => repo.fabrics.list(),
      create: (body: Out<typeof FabricBody>, actor: ActivityActor) =>
        fabricRows.create(body.name, actor, (tx) => repo.fabrics.insert(body, tx)),
      update: (id: number, body: Out<typeof FabricPatch>, actor: ActivityActor) =>
        fabricRows.update(id, body, actor, (tx) => repo.fabrics.update(id, body, tx)),
      delete: fabricRows.delete,
    },
  };
}

/** True when `ids` holds exactly the ids of `all`, each once. */
export function samePermutation(all: readonly number[], ids: readonly number[]): boolean {
  const wanted = new Set(ids);
  return wanted.size === ids.length && ids.length === all.length && all.every((id) => wanted.has(id));
}
