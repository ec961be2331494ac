/** The storefront's collab pages: the collab rows and lists, a collaborator's page, the sitemap's entries, a product's collaborators. */
import type { CollaboratorCard, CollaboratorPage } from "@atelier/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { collaborators } from "../../db/schema/index.ts";
import { type CollaboratorsDeps, notFound, productCounts, shortBioOf } from "./collaborator-rows.ts";
import { dropInfoOf } from "./drops.ts";

/** Live collaborators for the storefront (cards), newest first. */
export async function collaboratorCards(
  deps: CollaboratorsDeps,
  kind?: "artist" | "influencer",
): Promise<CollaboratorCard[]> {
  const { db } = deps;
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
}

/** Collaborators with a public page (live and ended), for the sitemap; never drafts. */
export async function publicCollaboratorPages(deps: CollaboratorsDeps) {
  const { db } = deps;
  const rows = await db
    .select({ kind: collaborators.kind, slug: collaborators.slug, updatedAt: collaborators.updatedAt })
    .from(collaborators)
    .where(sql`${collaborators.status} <> 'draft'`)
    .orderBy(asc(collaborators.id));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/** A collaborator's public page; drafts do not exist for shoppers. */
export async function collaboratorPage(
  deps: CollaboratorsDeps,
  kind: "artist" | "influencer",
  slug: string,
): Promise<CollaboratorPage> {
  const { db } = deps;
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
}

/** The live collaborators of a product (for "In collaboration with …"). */
export async function collaboratorsOfProduct(deps: CollaboratorsDeps, productId: number) {
  const { db } = deps;
  const result = await db.execute<{ kind: "artist" | "influencer"; name: string; slug: string }>(sql`
    select c.kind, c.name, c.slug from collaborator_product_ids x join collaborators c on c.id = x.collaborator_id
    where x.product_id = ${productId} and c.status <> 'draft' order by c.name`);
  return result.rows.map((row) => ({ kind: row.kind, name: row.name, slug: row.slug }));
}
