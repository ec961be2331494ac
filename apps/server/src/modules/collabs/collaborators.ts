/**
 * Collaborators: staff CRUD (slug clash → 409, stale version → 409, unknown images,
 * products or series → 422 naming the field) and the storefront's reads (live and ended
 * collaborators only; drafts answer 404 as if they did not exist).
 *
 * A collaborator's products are its own ones plus every product of its series: the view
 * `collaborator_product_ids` (migration 0014) says which, and the catalogue's list filter
 * `collaboratorId` reads the same view, so the collab page lists with the product list's
 * filters, facets and sorts.
 */
import type {
  AdminCollaborator,
  CollaboratorCard,
  CollaboratorInput,
  CollaboratorPage,
  CouponOption,
  ProductOption,
} from "@atelier/contract";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  collaboratorCoupons,
  collaboratorProducts,
  collaborators,
  couponCodes,
  coupons,
  mediaFiles,
  products,
  series,
} from "../../db/schema/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { dropInfoOf } from "./drops.ts";

type Input = z.output<typeof CollaboratorInput>;
type Row = typeof collaborators.$inferSelect;

const notFound = () => new NotFoundError("This collaborator does not exist.");

/** The bio's first words as plain text (Markdown marks dropped). */
export function shortBioOf(bio: string, max = 160): string {
  const text = bio
    .replace(/<[^>]*>/g, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`~|]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).trimEnd()}…`;
}

/** Published products of each collaborator (own and through series). */
async function productCounts(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: number; n: number }>(sql`
    select c.collaborator_id as id, count(*)::int as n
    from collaborator_product_ids c join products p on p.id = c.product_id
    where p.is_published and c.collaborator_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by c.collaborator_id`);
  return new Map(result.rows.map((row) => [row.id, row.n]));
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export function collaboratorsService(deps: {
  db: Db;
  invalidateCatalog: () => void;
  /** The storefront shows collaborators on every page (the collab row): pages must be rendered anew. */
  collabsChanged: () => void;
}) {
  const { db } = deps;

  async function toAdmin(rows: Row[]): Promise<AdminCollaborator[]> {
    const ids = rows.map((row) => row.id);
    const counts = await productCounts(db, ids);
    const own =
      ids.length === 0
        ? []
        : await db.select().from(collaboratorProducts).where(inArray(collaboratorProducts.collaboratorId, ids));
    const linked =
      ids.length === 0
        ? []
        : await db
            .select({
              collaboratorId: collaboratorCoupons.collaboratorId,
              id: coupons.id,
              title: coupons.title,
              code: couponCodes.code,
            })
            .from(collaboratorCoupons)
            .innerJoin(coupons, eq(coupons.id, collaboratorCoupons.couponId))
            .leftJoin(couponCodes, and(eq(couponCodes.couponId, coupons.id), eq(couponCodes.isPrimary, true)))
            .where(inArray(collaboratorCoupons.collaboratorId, ids))
            .orderBy(asc(coupons.id));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      slug: row.slug,
      portrait: row.portrait,
      banner: row.banner,
      bio: row.bio,
      socialLinks: row.socialLinks,
      country: row.country,
      status: row.status,
      productIds: own.filter((entry) => entry.collaboratorId === row.id).map((entry) => entry.productId),
      seriesIds: row.seriesIds,
      rateKind: row.rateKind,
      ratePercent: row.rateBasisPoints === null ? null : row.rateBasisPoints / 100,
      rateAmount: row.rateAmount,
      rateStartsAt: row.rateStartsAt.toISOString(),
      productCount: counts.get(row.id) ?? 0,
      coupons: linked
        .filter((entry) => entry.collaboratorId === row.id)
        .map(({ id, title, code }) => ({ id, title, code })),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function get(id: number): Promise<AdminCollaborator> {
    const [row] = await db.select().from(collaborators).where(eq(collaborators.id, id));
    if (!row) throw notFound();
    const [admin] = await toAdmin([row]);
    if (!admin) throw notFound();
    return admin;
  }

  async function checkReferences(tx: Tx, input: Input): Promise<void> {
    const fields: Record<string, string> = {};
    for (const name of ["portrait", "banner"] as const) {
      const filename = input[name];
      if (!filename) continue;
      const [found] = await tx
        .select({ f: mediaFiles.filename })
        .from(mediaFiles)
        .where(eq(mediaFiles.filename, filename));
      if (!found) fields[name] = "is not an uploaded image";
    }
    if (input.productIds.length > 0) {
      const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, input.productIds));
      if (found.length !== new Set(input.productIds).size) fields.productIds = "holds a product that does not exist";
    }
    if (input.seriesIds.length > 0) {
      const found = await tx.select({ id: series.id }).from(series).where(inArray(series.id, input.seriesIds));
      if (found.length !== new Set(input.seriesIds).size) fields.seriesIds = "holds a series that does not exist";
    }
    if (Object.keys(fields).length > 0) {
      throw new ValidationError(
        `Check the collaborator: ${Object.entries(fields)
          .map(([key, message]) => `${key} ${message}`)
          .join("; ")}.`,
        fields,
      );
    }
  }

  async function slugFree(tx: Tx, slug: string, except?: number): Promise<void> {
    const [taken] = await tx
      .select({ id: collaborators.id })
      .from(collaborators)
      .where(eq(collaborators.slug, slug))
      .for("update");
    if (taken && taken.id !== except) {
      throw new ConflictError(`The slug "${slug}" is already taken by another collaborator.`, {
        slug: "is already taken",
      });
    }
  }

  function values(input: Input) {
    return {
      kind: input.kind,
      name: input.name,
      slug: input.slug,
      portrait: input.portrait,
      banner: input.banner,
      bio: input.bio,
      socialLinks: input.socialLinks,
      country: input.country,
      status: input.status,
      seriesIds: [...new Set(input.seriesIds)],
      rateKind: input.rateKind,
      rateBasisPoints: input.rateKind === "percent" ? Math.round((input.ratePercent ?? 0) * 100) : null,
      rateAmount: input.rateKind === "fixed" ? input.rateAmount : null,
      ...(input.rateStartsAt ? { rateStartsAt: new Date(input.rateStartsAt) } : {}),
    };
  }

  const logged = (row: ReturnType<typeof values>, productIds: number[]) => ({
    ...row,
    rateStartsAt: row.rateStartsAt?.toISOString(),
    productIds: [...productIds].sort((a, b) => a - b),
  });

  async function setProducts(tx: Tx, id: number, productIds: number[]): Promise<void> {
    await tx.delete(collaboratorProducts).where(eq(collaboratorProducts.collaboratorId, id));
    const unique = [...new Set(productIds)];
    if (unique.length > 0) {
      await tx.insert(collaboratorProducts).values(unique.map((productId) => ({ collaboratorId: id, productId })));
    }
  }

  return {
    get,
    async list(): Promise<AdminCollaborator[]> {
      const rows = await db.select().from(collaborators).orderBy(desc(collaborators.createdAt), desc(collaborators.id));
      return toAdmin(rows);
    },

    async create(input: Input, actor: ActivityActor): Promise<AdminCollaborator> {
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`collab-slug:${input.slug}`}, 16))`);
        await slugFree(tx, input.slug);
        await checkReferences(tx, input);
        const row = values(input);
        const [created] = await tx.insert(collaborators).values(row).returning({ id: collaborators.id });
        if (!created) throw new Error("collaborator insert returned nothing");
        await setProducts(tx, created.id, input.productIds);
        await recordActivity(tx, {
          actor,
          action: "collab.create",
          subject: { type: "collab", id: created.id, label: input.name },
          after: logged(row, input.productIds),
        });
        return created.id;
      });
      // The catalogue's list filter `collaboratorId` (cached answers) reads its products.
      if (input.productIds.length > 0 || input.seriesIds.length > 0) deps.invalidateCatalog();
      deps.collabsChanged();
      return get(id);
    },

    async update(id: number, input: Input & { version: number }, actor: ActivityActor): Promise<AdminCollaborator> {
      const productsChanged = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(collaborators).where(eq(collaborators.id, id)).for("update");
        if (!current) throw notFound();
        if (current.version !== input.version) {
          throw new ConflictError("This collaborator changed since you opened it. Reload it and try again.");
        }
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`collab-slug:${input.slug}`}, 16))`);
        await slugFree(tx, input.slug, id);
        await checkReferences(tx, input);
        const own = await tx
          .select({ productId: collaboratorProducts.productId })
          .from(collaboratorProducts)
          .where(eq(collaboratorProducts.collaboratorId, id));
        const row = values(input);
        await tx
          .update(collaborators)
          .set({ ...row, version: sql`${collaborators.version} + 1`, updatedAt: new Date() })
          .where(eq(collaborators.id, id));
        await setProducts(tx, id, input.productIds);
        const before = {
          kind: current.kind,
          name: current.name,
          slug: current.slug,
          portrait: current.portrait,
          banner: current.banner,
          bio: current.bio,
          socialLinks: current.socialLinks,
          country: current.country,
          status: current.status,
          seriesIds: current.seriesIds,
          rateKind: current.rateKind,
          rateBasisPoints: current.rateBasisPoints,
          rateAmount: current.rateAmount,
          rateStartsAt: current.rateStartsAt.toISOString(),
          productIds: own.map((entry) => entry.productId).sort((a, b) => a - b),
        };
        await recordActivity(tx, {
          actor,
          action: "collab.update",
          subject: { type: "collab", id, label: input.name },
          before,
          after: {
            ...logged(row, input.productIds),
            rateStartsAt: row.rateStartsAt?.toISOString() ?? before.rateStartsAt,
          },
        });
        const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b).join(",");
        return (
          sorted(before.productIds) !== sorted(input.productIds) || sorted(before.seriesIds) !== sorted(input.seriesIds)
        );
      });
      if (productsChanged) deps.invalidateCatalog();
      deps.collabsChanged();
      return get(id);
    },

    async linkCoupon(id: number, couponId: number): Promise<AdminCollaborator> {
      await get(id);
      const [coupon] = await db
        .select({ id: coupons.id, method: coupons.method })
        .from(coupons)
        .where(eq(coupons.id, couponId));
      if (!coupon) throw new ValidationError("That coupon does not exist.", { couponId: "is not a coupon" });
      if (coupon.method !== "code") {
        throw new ValidationError("A referral code must be a coupon shoppers type a code for, not an automatic one.", {
          couponId: "is an automatic discount",
        });
      }
      const [other] = await db.select().from(collaboratorCoupons).where(eq(collaboratorCoupons.couponId, couponId));
      if (other && other.collaboratorId !== id) {
        throw new ConflictError("That coupon is already another collaborator's referral code.", {
          couponId: "belongs to another collaborator",
        });
      }
      if (!other) await db.insert(collaboratorCoupons).values({ collaboratorId: id, couponId });
      return get(id);
    },

    async unlinkCoupon(id: number, couponId: number): Promise<AdminCollaborator> {
      await db
        .delete(collaboratorCoupons)
        .where(and(eq(collaboratorCoupons.collaboratorId, id), eq(collaboratorCoupons.couponId, couponId)));
      return get(id);
    },

    /** The product picker: by name or SKU, by ids, or a collaborator's products (own and series'). */
    async productOptions(query: {
      q?: string | undefined;
      ids?: number[] | undefined;
      collaboratorId?: number | undefined;
    }) {
      const conditions = [];
      if (query.ids)
        conditions.push(
          sql`p.id in (${sql.join(
            query.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      if (query.collaboratorId) {
        conditions.push(
          sql`p.id in (select c.product_id from collaborator_product_ids c where c.collaborator_id = ${query.collaboratorId})`,
        );
      }
      const like = query.q ? likeOf(query.q) : null;
      if (like) {
        conditions.push(
          sql`(p.name ilike ${like} or exists (select 1 from product_variants v where v.product_id = p.id and v.sku ilike ${like}))`,
        );
      }
      const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
      const limit = query.ids || query.collaboratorId ? 500 : 30;
      const result = await db.execute<{
        id: number;
        name: string;
        sku: string | null;
        is_published: boolean;
        drop_id: number | null;
      }>(sql`
        select p.id, p.name, p.is_published,
          (select v.sku from product_variants v where v.product_id = p.id
            order by ${like ? sql`(v.sku ilike ${like}) desc,` : sql``} v.id limit 1) as sku,
          (select dp.drop_id from drop_products dp where dp.product_id = p.id limit 1) as drop_id
        from products p where ${where}
        order by ${like ? sql`(p.name ilike ${like}) desc,` : sql``} p.name, p.id limit ${limit}`);
      return result.rows.map(
        (row): ProductOption => ({
          id: row.id,
          name: row.name,
          sku: row.sku,
          isPublished: row.is_published,
          dropId: row.drop_id,
        }),
      );
    },

    /** Code coupons to link as referral codes, with the collaborator each already belongs to. */
    async couponOptions(q: string | undefined): Promise<CouponOption[]> {
      const like = q ? likeOf(q) : null;
      const result = await db.execute<{
        id: number;
        title: string;
        code: string;
        is_active: boolean;
        collaborator_id: number | null;
        collaborator_name: string | null;
      }>(sql`
        select c.id, c.title, k.code, c.is_active, x.collaborator_id, o.name as collaborator_name
        from coupons c
        join coupon_codes k on k.coupon_id = c.id and k.is_primary
        left join collaborator_coupons x on x.coupon_id = c.id
        left join collaborators o on o.id = x.collaborator_id
        where c.method = 'code' ${like ? sql`and (c.title ilike ${like} or k.code ilike ${like})` : sql``}
        order by c.is_active desc, c.created_at desc, c.id desc limit 100`);
      return result.rows.map((row) => ({
        id: row.id,
        title: row.title,
        code: row.code,
        isActive: row.is_active,
        collaboratorId: row.collaborator_id,
        collaboratorName: row.collaborator_name,
      }));
    },

    /** Live collaborators for the storefront (cards), newest first. */
    async cards(kind?: "artist" | "influencer"): Promise<CollaboratorCard[]> {
      const rows = await db
        .select()
        .from(collaborators)
        .where(and(eq(collaborators.status, "live"), kind ? eq(collaborators.kind, kind) : undefined))
        .orderBy(asc(collaborators.name), asc(collaborators.id));
      const counts = await productCounts(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        kind: row.kind,
        name: row.name,
        slug: row.slug,
        portrait: row.portrait,
        shortBio: shortBioOf(row.bio),
        productCount: counts.get(row.id) ?? 0,
      }));
    },

    /** Collaborators with a public page (live and ended), for the sitemap; never drafts. */
    async publicPages() {
      const rows = await db
        .select({ kind: collaborators.kind, slug: collaborators.slug, updatedAt: collaborators.updatedAt })
        .from(collaborators)
        .where(sql`${collaborators.status} <> 'draft'`)
        .orderBy(asc(collaborators.id));
      return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
    },

    /** A collaborator's public page; drafts do not exist for shoppers. */
    async page(kind: "artist" | "influencer", slug: string): Promise<CollaboratorPage> {
      const [row] = await db
        .select()
        .from(collaborators)
        .where(and(eq(collaborators.kind, kind), eq(collaborators.slug, slug)));
      if (!row || row.status === "draft") throw notFound();
      const counts = await productCounts(db, [row.id]);
      const dropRows = await db.execute<{
        id: number;
        title: string;
        launch_at: Date;
        ends_at: Date | null;
        before_launch: "hidden" | "coming_soon";
        per_customer_limit: number | null;
      }>(sql`select id, title, launch_at, ends_at, before_launch, per_customer_limit from drops
        where collaborator_id = ${row.id} and (ends_at is null or ends_at > now())
        order by launch_at`);
      return {
        id: row.id,
        kind: row.kind,
        name: row.name,
        slug: row.slug,
        portrait: row.portrait,
        banner: row.banner,
        bio: row.bio,
        shortBio: shortBioOf(row.bio),
        socialLinks: row.socialLinks,
        country: row.country,
        status: row.status,
        productCount: counts.get(row.id) ?? 0,
        drops: dropRows.rows.map((drop) =>
          dropInfoOf({
            id: drop.id,
            title: drop.title,
            launchAt: new Date(drop.launch_at),
            endsAt: drop.ends_at ? new Date(drop.ends_at) : null,
            beforeLaunch: drop.before_launch,
            perCustomerLimit: drop.per_customer_limit,
          }),
        ),
      };
    },

    /** The live collaborators of a product (for "In collaboration with …"). */
    async ofProduct(productId: number) {
      const result = await db.execute<{ kind: "artist" | "influencer"; name: string; slug: string }>(sql`
        select c.kind, c.name, c.slug from collaborator_product_ids x join collaborators c on c.id = x.collaborator_id
        where x.product_id = ${productId} and c.status <> 'draft' order by c.name`);
      return result.rows.map((row) => ({ kind: row.kind, name: row.name, slug: row.slug }));
    },
  };
}

export type CollaboratorsService = ReturnType<typeof collaboratorsService>;
