/** Collaborators as staff see them: the rows with their products, coupons and statements' state, the values a save writes and what the activity log keeps. */
import type { AdminCollaborator, CollaboratorInput } from "@atelier/contract";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  collaboratorCoupons,
  collaboratorProducts,
  collaborators,
  couponCodes,
  coupons,
} from "../../db/schema/index.ts";
import { NotFoundError } from "../../errors.ts";

export type Input = z.output<typeof CollaboratorInput>;
export type Row = typeof collaborators.$inferSelect;

export const notFound = () => new NotFoundError("This collaborator does not exist.");

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
export async function productCounts(db: Db | Tx, ids: number[]): Promise<Map<number, number>> {
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

export const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** What these use cases work with (composed in the module's index.ts). */
export interface CollaboratorsDeps {
  db: Db;
  invalidateCatalog: () => void;
  /** The storefront shows collaborators on every page (the collab row): pages must be rendered anew. */
  collabsChanged: () => void;
}

async function toAdmin(deps: CollaboratorsDeps, rows: Row[]): Promise<AdminCollaborator[]> {
  const { db } = deps;
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

export async function get(deps: CollaboratorsDeps, id: number): Promise<AdminCollaborator> {
  const { db } = deps;
  const [row] = await db.select().from(collaborators).where(eq(collaborators.id, id));
  if (!row) throw notFound();
  const [admin] = await toAdmin(deps, [row]);
  if (!admin) throw notFound();
  return admin;
}

export function values(input: Input) {
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

export const logged = (row: ReturnType<typeof values>, productIds: number[]) => ({
  ...row,
  rateStartsAt: row.rateStartsAt?.toISOString(),
  productIds: [...productIds].sort((a, b) => a - b),
});

export async function listCollaborators(deps: CollaboratorsDeps): Promise<AdminCollaborator[]> {
  const { db } = deps;
  const rows = await db.select().from(collaborators).orderBy(desc(collaborators.createdAt), desc(collaborators.id));
  return toAdmin(deps, rows);
}
