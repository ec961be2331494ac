/** Creating and editing a collaborator (slug free, referenced rows exist, version-checked) and linking referral coupons. */
import type { AdminCollaborator } from "@atelier/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  collaboratorCoupons,
  collaboratorProducts,
  collaborators,
  coupons,
  mediaFiles,
  products,
  series,
} from "../../db/schema/index.ts";
import { ConflictError, ValidationError } from "../../errors.ts";
import { type ActivityActor, recordActivity } from "../activity-log/index.ts";
import { type CollaboratorsDeps, get, type Input, logged, notFound, values } from "./collaborator-rows.ts";

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

async function setProducts(tx: Tx, id: number, productIds: number[]): Promise<void> {
  await tx.delete(collaboratorProducts).where(eq(collaboratorProducts.collaboratorId, id));
  const unique = [...new Set(productIds)];
  if (unique.length > 0) {
    await tx.insert(collaboratorProducts).values(unique.map((productId) => ({ collaboratorId: id, productId })));
  }
}

export async function createCollaborator(
  deps: CollaboratorsDeps,
  input: Input,
  actor: ActivityActor,
): Promise<AdminCollaborator> {
  const { db } = deps;
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
  return get(deps, id);
}

export async function updateCollaborator(
  deps: CollaboratorsDeps,
  id: number,
  input: Input & { version: number },
  actor: ActivityActor,
): Promise<AdminCollaborator> {
  const { db } = deps;
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
  return get(deps, id);
}

export async function linkCoupon(
  deps: CollaboratorsDeps,
  id: number,
  couponId: number,
  actor: ActivityActor,
): Promise<AdminCollaborator> {
  const { db } = deps;
  const collaborator = await get(deps, id);
  await db.transaction(async (tx) => {
    const [coupon] = await tx
      .select({ id: coupons.id, method: coupons.method, title: coupons.title })
      .from(coupons)
      .where(eq(coupons.id, couponId));
    if (!coupon) throw new ValidationError("That coupon does not exist.", { couponId: "is not a coupon" });
    if (coupon.method !== "code") {
      throw new ValidationError("A referral code must be a coupon shoppers type a code for, not an automatic one.", {
        couponId: "is an automatic discount",
      });
    }
    const [other] = await tx.select().from(collaboratorCoupons).where(eq(collaboratorCoupons.couponId, couponId));
    if (other && other.collaboratorId !== id) {
      throw new ConflictError("That coupon is already another collaborator's referral code.", {
        couponId: "belongs to another collaborator",
      });
    }
    if (other) return;
    await tx.insert(collaboratorCoupons).values({ collaboratorId: id, couponId });
    await recordActivity(tx, {
      actor,
      action: "collab.coupon-link",
      subject: { type: "collab", id, label: collaborator.name },
      before: null,
      after: { couponId, coupon: coupon.title },
    });
  });
  return get(deps, id);
}

export async function unlinkCoupon(
  deps: CollaboratorsDeps,
  id: number,
  couponId: number,
  actor: ActivityActor,
): Promise<AdminCollaborator> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(collaboratorCoupons)
      .where(and(eq(collaboratorCoupons.collaboratorId, id), eq(collaboratorCoupons.couponId, couponId)))
      .returning({ couponId: collaboratorCoupons.couponId });
    if (removed.length === 0) return;
    const [collaborator] = await tx
      .select({ name: collaborators.name })
      .from(collaborators)
      .where(eq(collaborators.id, id));
    await recordActivity(tx, {
      actor,
      action: "collab.coupon-unlink",
      subject: { type: "collab", id, label: collaborator?.name },
      before: { couponId },
      after: null,
    });
  });
  return get(deps, id);
}
