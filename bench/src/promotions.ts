/**
 * The `promotions` step (issue 13): what the discount engine costs.
 *
 *  1. Place-order throughput with a typed coupon against without one (the same 20 buyers
 *     as the buying step): the coupon row is locked inside the order transaction so that
 *     its limits hold, which serialises orders that use the same coupon.
 *  2. Cart pricing (POST /api/checkout/quote for a five-line cart) with no automatic
 *     discount and with 20 running at once, every one of them considered for every line.
 *
 * The coupons are written straight into the bundled database (the bench has no staff
 * session) and switched off again at the end, so later steps price carts as before.
 */
import { apiPaths } from "@atelier/contract/api-paths";
import type pg from "pg";
import { measureBuying, type OperationResult } from "./buying.ts";
import { type LoadResult, measure } from "./load.ts";
import { withClient } from "./shop-access.ts";

export interface PromotionsResult {
  placeOrder: { without: OperationResult; withCoupon: OperationResult; ratio: number };
  quote: { without: LoadResult; withTwenty: LoadResult; ratio: number; automaticDiscounts: number; cartLines: number };
}

const COUPON_CODE = "BENCH10";
const AUTOMATIC_COUNT = 20;
const CART_LINES = 5;
const TITLE_PREFIX = "bench:";

/** A 10 %-off code without limits, and 20 automatic discounts, all off until switched on. */
async function createCoupons(client: pg.Client): Promise<{ automaticIds: number[] }> {
  const {
    rows: [code],
  } = await client.query<{ id: number }>(
    `insert into coupons (title, method, kind, percent_off, is_active)
     values ($1, 'code', 'percent', 10, true) returning id`,
    [`${TITLE_PREFIX} typed code`],
  );
  await client.query(
    `insert into coupon_codes (coupon_id, code, is_primary) values ($1, $2, true)
     on conflict do nothing`,
    [code?.id, COUPON_CODE],
  );
  const { rows: categories } = await client.query<{ id: number }>("select id from categories order by id");
  const automaticIds: number[] = [];
  for (let index = 0; index < AUTOMATIC_COUNT; index++) {
    // Half target a category (any line may match), half the whole order with a minimum.
    const category = categories[index % Math.max(1, categories.length)]?.id;
    const onItems = index % 2 === 0 && category !== undefined;
    const {
      rows: [row],
    } = await client.query<{ id: number }>(
      `insert into coupons (title, method, kind, percent_off, applies_to, targets, min_subtotal,
         combines_with_order, combines_with_product, is_active)
       values ($1, 'automatic', 'percent', $2, $3, $4::jsonb, $5, true, true, false) returning id`,
      [
        `${TITLE_PREFIX} automatic ${index + 1}`,
        1 + (index % 5),
        onItems ? "items" : "order",
        JSON.stringify(onItems ? [{ type: "category", id: category }] : []),
        onItems ? null : 1000 * (index + 1),
      ],
    );
    if (row) automaticIds.push(row.id);
  }
  return { automaticIds };
}

async function guestWithCart(api: string, variantIds: number[]): Promise<string> {
  const response = await fetch(`${api}${apiPaths.guests}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: `guest${Date.now()}999` }),
  });
  if (!response.ok) throw new Error(`POST ${apiPaths.guests} answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  for (const variantId of variantIds) {
    const added = await fetch(`${api}${apiPaths.cartLines}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-guest-token": token },
      body: JSON.stringify({ variantId, quantity: 1 }),
    });
    if (!added.ok) throw new Error(`adding variant ${variantId} to the cart answered ${added.status}`);
  }
  return token;
}

export async function measurePromotions(options: {
  api: string;
  dataDir: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  say: (line: string) => void;
}): Promise<PromotionsResult> {
  const { automaticIds } = await withClient(options.dataDir, createCoupons);
  try {
    options.say("Promotions: place order without a coupon …");
    const without = await measureBuying({ ...options, pgbench: false });
    options.say(`Promotions: place order with the code ${COUPON_CODE} …`);
    const withCoupon = await measureBuying({ ...options, couponCode: COUPON_CODE, pgbench: false });

    const variantIds = await withClient(options.dataDir, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `select distinct on (p.sub_sub_category_id) v.id from product_variants v join products p on p.id = v.product_id
         where p.is_published and v.stock > 0 order by p.sub_sub_category_id, v.id limit $1`,
        [CART_LINES],
      );
      return rows.map((row) => row.id);
    });
    const token = await guestWithCart(options.api, variantIds);
    const zones = (await (await fetch(`${options.api}${apiPaths.checkoutOptions}`)).json()) as {
      zones: { id: number }[];
    };
    const request = {
      method: "POST" as const,
      headers: { "content-type": "application/json", "x-guest-token": token },
      body: JSON.stringify({
        deliveryZoneId: zones.zones[0]?.id ?? null,
        destination: { country: "US", region: "NY" },
        couponCode: null,
        email: null,
      }),
    };
    const quoteUrl = `${options.api}${apiPaths.checkoutQuote}`;
    const load = {
      url: quoteUrl,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      request,
    };
    options.say(`Promotions: pricing a ${variantIds.length}-line cart with no automatic discount …`);
    const quoteWithout = await measure(load);
    await withClient(options.dataDir, (client) =>
      client.query("update coupons set is_active = true where id = any($1::int[])", [automaticIds]),
    );
    options.say(`Promotions: the same cart with ${automaticIds.length} automatic discounts running …`);
    const quoteWith = await measure(load);
    return {
      placeOrder: {
        without: without.placeOrder,
        withCoupon: withCoupon.placeOrder,
        ratio: without.placeOrder.perSecond > 0 ? withCoupon.placeOrder.perSecond / without.placeOrder.perSecond : 0,
      },
      quote: {
        without: quoteWithout,
        withTwenty: quoteWith,
        ratio: quoteWithout.rps > 0 ? quoteWith.rps / quoteWithout.rps : 0,
        automaticDiscounts: automaticIds.length,
        cartLines: variantIds.length,
      },
    };
  } finally {
    await withClient(options.dataDir, (client) =>
      client.query("update coupons set is_active = false where title like $1", [`${TITLE_PREFIX}%`]),
    );
  }
}

export function formatPromotions(result: PromotionsResult): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const order = (label: string, value: OperationResult) =>
    `  ${label.padEnd(30)} ${value.perSecond.toFixed(1).padStart(8)} orders/s   p50 ${ms(value.p50)}   p99 ${ms(value.p99)}   failures ${value.failures}`;
  const quote = (label: string, value: LoadResult) =>
    `  ${label.padEnd(30)} ${value.rps.toFixed(0).padStart(8)} req/s      p50 ${ms(value.p50)}   p99 ${ms(value.p99)}   non-2xx ${value.non2xx}`;
  return [
    "Promotions (the discount engine's cost)",
    order("place order, no coupon", result.placeOrder.without),
    order(`place order, code ${COUPON_CODE}`, result.placeOrder.withCoupon),
    `  with ÷ without = ${result.placeOrder.ratio.toFixed(2)}`,
    quote(`quote, ${result.quote.cartLines} lines, 0 automatic`, result.quote.without),
    quote(
      `quote, ${result.quote.cartLines} lines, ${result.quote.automaticDiscounts} automatic`,
      result.quote.withTwenty,
    ),
    `  with ÷ without = ${result.quote.ratio.toFixed(2)}`,
  ].join("\n");
}
