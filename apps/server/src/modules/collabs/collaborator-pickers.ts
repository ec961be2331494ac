/** The staff pickers of the collab pages: products by name or SKU and code coupons to link, so `promotions` staff need no `coupons` permission. */
import type { CouponOption, ProductOption } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { type CollaboratorsDeps, likeOf } from "./collaborator-rows.ts";

/** The product picker: by name or SKU, by ids, or a collaborator's products (own and series'). */
export async function productOptions(
  deps: CollaboratorsDeps,
  query: {
    q?: string | undefined;
    ids?: number[] | undefined;
    collaboratorId?: number | undefined;
  },
) {
  const { db } = deps;
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
}

/** Code coupons to link as referral codes, with the collaborator each already belongs to. */
export async function couponOptions(deps: CollaboratorsDeps, q: string | undefined): Promise<CouponOption[]> {
  const { db } = deps;
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
}
