/**
 * Demo collabs (issue 16): an artist and an influencer, each live with a few products,
 * and one upcoming drop (in three days, "coming soon", 2 per customer) on the last two
 * published products (not under test), so the demo shows a countdown and "Notify me".
 * Written in the seed's transaction, after the catalogue.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function seedCollabs(tx: Tx): Promise<void> {
  const taken = await tx.execute(sql`select 1 from collaborators where slug in ('mira-sol', 'luz-moreno')`);
  if (taken.rows.length > 0) return;
  const [published] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from products where is_published`))
    .rows;
  if ((published?.n ?? 0) < 12) return;
  // Only the twelve products used, first ten and last two: the seed's tables have no
  // statistics yet inside its transaction, and a picture looked up for every published
  // product took minutes at 100,000 products.
  const rows = await tx.execute<{ id: number; filename: string | null }>(sql`
    select p.id, (select i.filename from product_images i where i.product_id = p.id order by i.id limit 1) as filename
    from (
      (select id from products where is_published order by id limit 10)
      union all
      (select id from products where is_published order by id desc limit 2)
    ) p
    order by p.id`);
  const products = rows.rows;
  const artistProducts = products.slice(0, 6);
  const influencerProducts = products.slice(6, 10);
  const dropProducts = products.slice(-2);
  const picture = (index: number) => products[index]?.filename ?? null;
  const [artist] = (
    await tx.execute<{ id: number }>(sql`
    insert into collaborators (kind, name, slug, portrait, banner, bio, social_links, country, status, rate_kind, rate_basis_points, rate_starts_at)
    values ('artist', 'Mira Sol', 'mira-sol', ${picture(0)}, ${picture(1)},
      ${"Mira Sol paints **loud skies** and quiet streets in Lisbon.\n\nEvery piece in this collection is printed in our workshop from her originals; she earns a royalty on each one."},
      ${JSON.stringify([{ label: "Instagram", url: "https://instagram.com/mirasol.paints" }])}::jsonb, 'PT', 'live', 'percent', 1200, '2025-01-01T00:00:00Z')
    returning id`)
  ).rows;
  const [influencer] = (
    await tx.execute<{ id: number }>(sql`
    insert into collaborators (kind, name, slug, portrait, bio, social_links, country, status, rate_kind, rate_amount, rate_starts_at)
    values ('influencer', 'Luz Moreno', 'luz-moreno', ${picture(6)},
      ${"Luz shares slow-fashion finds with 300k followers. This capsule was designed together, stitch by stitch."},
      ${JSON.stringify([{ label: "TikTok", url: "https://www.tiktok.com/@luzmoreno" }])}::jsonb, 'ES', 'live', 'fixed', 150, '2025-01-01T00:00:00Z')
    returning id`)
  ).rows;
  if (!artist || !influencer) return;
  // The upcoming drop only in a real demo: the API and browser tests buy whichever products
  // they pick, and a drop not yet launched would refuse those orders.
  const underTest = process.env.NODE_ENV === "test" || process.env.E2E_PORT !== undefined;
  const pairs = [
    ...artistProducts.map((product) => sql`(${artist.id}, ${product.id})`),
    ...influencerProducts.map((product) => sql`(${influencer.id}, ${product.id})`),
    ...(underTest ? [] : dropProducts.map((product) => sql`(${artist.id}, ${product.id})`)),
  ];
  await tx.execute(
    sql`insert into collaborator_products (collaborator_id, product_id) values ${sql.join(pairs, sql`, `)}`,
  );
  if (underTest) return;
  const [drop] = (
    await tx.execute<{ id: number }>(sql`
    insert into drops (title, collaborator_id, launch_at, before_launch, per_customer_limit)
    values ('Mira Sol: Night Skies', ${artist.id}, now() + interval '3 days', 'coming_soon', 2) returning id`)
  ).rows;
  if (!drop) return;
  await tx.execute(
    sql`insert into drop_products (drop_id, product_id) values ${sql.join(
      dropProducts.map((product) => sql`(${drop.id}, ${product.id})`),
      sql`, `,
    )}`,
  );
}
