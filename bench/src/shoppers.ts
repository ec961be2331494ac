/**
 * The `shoppers` step: many shoppers at once (200 by default, for 60 s), each walking
 * what a real visit does, over and over: the home page, a product list, a search, a
 * product page, add to cart, and checkout with cash on delivery. Every step's answer
 * must be a 2xx (anything else, or a network error, is counted as an error); the report
 * gives p50/p99 per step and compares the orders the shoppers were told were placed
 * with the orders the database holds for them.
 */
import { randomUUID } from "node:crypto";
import { apiPaths } from "@atelier/contract/api-paths";
import pg from "pg";
import { embeddedUrl } from "./buying.ts";
import { receiveBenchStock } from "./stock.ts";

export const SHOPPER_STEPS = ["home", "list", "search", "product", "add to cart", "checkout"] as const;
type Step = (typeof SHOPPER_STEPS)[number];

export interface StepResult {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  /** Status codes (or "network") of the failures. */
  failures: Record<string, number>;
}

export interface ShoppersResult {
  shoppers: number;
  durationSeconds: number;
  visits: number;
  steps: Record<Step, StepResult>;
  errors: number;
  ordersPlaced: number;
  ordersStored: number;
}

/** A marker in every bench order's email, so the count of stored orders is theirs only. */
const EMAIL = "mixed-shopper@bench.example";

export async function measureShoppers(options: {
  base: string;
  dataDir: string;
  shoppers: number;
  durationSeconds: number;
  listPath: string;
  searchPaths: string[];
  say: (line: string) => void;
}): Promise<ShoppersResult> {
  const api = `${options.base}/api`;
  const client = new pg.Client(embeddedUrl(options.dataDir, "atelier"));
  await client.connect();
  let stocked: { variantId: number; productId: number }[];
  try {
    // Ample stock on 200 variants, received through the stock ledger: the run measures
    // shopping, not selling out. Never a product in a drop: the demo seed puts the last two
    // published products in a drop that launches in three days (2 per customer), whose
    // guard refuses their checkouts (409), as it should.
    const { rows } = await client.query<{ id: number }>(
      `select v.id from product_variants v join products p on p.id = v.product_id
       where p.is_published and not exists (select 1 from drop_products d where d.product_id = p.id)
       order by v.id desc limit 200`,
    );
    stocked = await receiveBenchStock(
      client,
      rows.map((row) => row.id),
    );
  } finally {
    await client.end();
  }
  if (stocked.length === 0) throw new Error("No published variants to buy.");
  const zones = (await (await fetch(`${api}${apiPaths.checkoutOptions}`)).json()) as { zones: { id: number }[] };
  const zoneId = zones.zones[0]?.id;
  if (!zoneId) throw new Error("The shop has no delivery zone: checkout cannot be measured.");

  const order = {
    contact: { email: EMAIL, phone: "+1 555 0100" },
    address: {
      fullName: "Mixed Shopper",
      phone: "+1 555 0100",
      line1: "1 Load Street",
      city: "New York",
      region: "NY",
      postalCode: "10001",
      country: "US",
    },
    deliveryZoneId: zoneId,
    paymentMethod: "cod",
  };

  const latencies = Object.fromEntries(SHOPPER_STEPS.map((step) => [step, [] as number[]])) as Record<Step, number[]>;
  const failures = Object.fromEntries(SHOPPER_STEPS.map((step) => [step, {}])) as Record<Step, Record<string, number>>;
  let ordersPlaced = 0;
  let visits = 0;

  async function timed(step: Step, url: string, init?: RequestInit): Promise<Response | null> {
    const started = performance.now();
    try {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      latencies[step].push(performance.now() - started);
      if (response.ok) return response;
      failures[step][String(response.status)] = (failures[step][String(response.status)] ?? 0) + 1;
    } catch {
      latencies[step].push(performance.now() - started);
      failures[step].network = (failures[step].network ?? 0) + 1;
    }
    return null;
  }

  const post = (body: unknown, headers: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", origin: options.base, ...headers },
    body: JSON.stringify(body),
  });

  options.say(`Measuring shoppers: ${options.shoppers} concurrent shoppers for ${options.durationSeconds} s …`);
  const started = performance.now();
  const end = started + options.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: options.shoppers }, async (_, index) => {
      const created = await fetch(
        `${api}${apiPaths.guests}`,
        post({ username: `guest${Date.now()}${index % 1000}` }, {}),
      );
      if (!created.ok) throw new Error(`POST ${apiPaths.guests} answered ${created.status}`);
      const headers = { "x-guest-token": ((await created.json()) as { token: string }).token };
      let turn = index;
      while (performance.now() < end) {
        const pick = stocked[turn % stocked.length] ?? { variantId: 0, productId: 0 };
        const query = options.searchPaths[turn % options.searchPaths.length] ?? "";
        turn += options.shoppers;
        await timed("home", `${options.base}/`);
        await timed("list", `${options.base}${options.listPath}`);
        await timed("search", `${api}${query}`);
        await timed("product", `${options.base}/products/details/${pick.productId}`);
        const added = await timed(
          "add to cart",
          `${api}${apiPaths.cartLines}`,
          post({ variantId: pick.variantId, quantity: 1 }, headers),
        );
        if (!added) continue;
        const placed = await timed(
          "checkout",
          `${api}${apiPaths.checkoutOrders}`,
          post(order, { ...headers, "idempotency-key": randomUUID() }),
        );
        if (placed) ordersPlaced++;
        visits++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const counter = new pg.Client(embeddedUrl(options.dataDir, "atelier"));
  await counter.connect();
  let ordersStored: number;
  try {
    const { rows } = await counter.query<{ n: string }>("select count(*) as n from buying_history where email = $1", [
      EMAIL,
    ]);
    ordersStored = Number(rows[0]?.n ?? 0);
  } finally {
    await counter.end();
  }

  const steps = Object.fromEntries(
    SHOPPER_STEPS.map((step) => {
      const sorted = latencies[step].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      const errors = Object.values(failures[step]).reduce((sum, count) => sum + count, 0);
      return [step, { count: sorted.length, errors, p50: at(0.5), p99: at(0.99), failures: failures[step] }];
    }),
  ) as Record<Step, StepResult>;
  const errors = Object.values(steps).reduce((sum, step) => sum + step.errors, 0);
  return {
    shoppers: options.shoppers,
    durationSeconds: seconds,
    visits,
    steps,
    errors,
    ordersPlaced,
    ordersStored,
  };
}

export function formatShoppers(result: ShoppersResult): string {
  const ms = (value: number) => value.toFixed(1).padStart(9);
  const lines = [
    `Shoppers (${result.shoppers} at once for ${result.durationSeconds.toFixed(1)} s: home, list, search, product, add to cart, cash checkout)`,
    `  step            requests    req/s     p50 ms     p99 ms   errors`,
  ];
  for (const step of SHOPPER_STEPS) {
    const row = result.steps[step];
    const failures = Object.entries(row.failures)
      .map(([status, count]) => `${count} × ${status}`)
      .join(", ");
    lines.push(
      `  ${step.padEnd(14)} ${String(row.count).padStart(9)} ${(row.count / result.durationSeconds).toFixed(1).padStart(8)} ${ms(row.p50)}  ${ms(row.p99)} ${String(row.errors).padStart(8)}${failures ? `  (${failures})` : ""}`,
    );
  }
  lines.push(
    `  errors: ${result.errors} (aim: 0)   visits completed: ${result.visits}`,
    `  orders placed (answered 200): ${result.ordersPlaced}   orders stored: ${result.ordersStored}   ${result.ordersPlaced === result.ordersStored ? "equal" : "NOT EQUAL"}`,
  );
  return lines.join("\n");
}
