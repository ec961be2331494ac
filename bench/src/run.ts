/**
 * `npm run bench`: the orchestration. Seeds a throw-away DATA_DIR, starts the real
 * server and the bare-Fastify ceiling as child processes, measures each target with
 * autocannon, prints the table and writes bench/results/<date>.json. Always stops
 * what it started and removes the data directory, also on failure or Ctrl-C.
 *
 * Then measures the JavaScript the three pages load and runs Lighthouse on them.
 *
 * Options: --products N, --duration S, --connections C, --only name1,name2, --orders N (order
 * lines the `reports` step seeds; default 1,000,000).
 */
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  catalogEndpoints,
  compatEndpoints,
  endpointUrl,
  ProductPage,
  Series,
  searchEndpoints,
  Taxonomy,
} from "@atelier/contract";
import { formatBuying, measureBuying } from "./buying.ts";
import { formatInventory, measureInventory } from "./inventory.ts";
import { formatLighthouse, runLighthouse } from "./lighthouse.ts";
import { measure } from "./load.ts";
import { formatMissTiming, measureMissTiming } from "./miss-timing.ts";
import { formatPageJs, measurePageJs } from "./page-js.ts";
import { formatPromotions, measurePromotions } from "./promotions.ts";
import {
  type BenchReport,
  describeMachine,
  formatMachine,
  formatReport,
  localDate,
  reference,
  type SearchIndexInfo,
  type TargetResult,
  writeJsonReport,
} from "./report.ts";
import { formatReports, measureReports, type ReportsResult } from "./reports.ts";
import { formatScale, measureScale } from "./scale.ts";
import { buildSearchQueries } from "./search-queries.ts";
import {
  ChildFailedError,
  delay,
  freePort,
  type ManagedProcess,
  readAppRss,
  runToCompletion,
  startProcess,
  stopAll,
  stopLeftoverPostgres,
  waitUntilReady,
} from "./server-process.ts";
import { formatShoppers, measureShoppers } from "./shoppers.ts";

const loadTargets = [
  "ceiling",
  "categories",
  "listing",
  "home",
  "products-page",
  "details-page",
  "details-api",
  "search",
  "search-1",
  // Storefront speed (issue 18): the page cache answering as browsers ask (brotli), and a miss.
  "details-page-br",
  "details-miss",
  "details-miss-1",
] as const;
/** Steps that are not load runs: the product page's JavaScript, Lighthouse, and buying (cart + checkout vs pgbench). */
const pageSteps = ["js", "lighthouse", "scale", "buying", "promotions", "inventory", "shoppers", "reports"] as const;
const targetNames = [...loadTargets, ...pageSteps] as const;
type TargetName = (typeof loadTargets)[number];
type StepName = (typeof targetNames)[number];

const WARMUP_SECONDS = 2;
/** The idle wait before the second memory reading: the server's IDLE_GC_SECONDS (10) and some. */
const IDLE_RSS_SECONDS = 15;
/** The demo admin's password in the bench's throw-away shop (the reports step signs in). */
const BENCH_ADMIN_PASSWORD = "bench-admin-password-1234";
const LISTING_PAGE_SIZE = 24;
const root = fileURLToPath(new URL("../../", import.meta.url));
const seedCli = path.join(root, "apps/server/src/db/seed/cli.ts");
const serverMain = path.join(root, "apps/server/src/main.ts");
/**
 * The server runs as `npm start` runs it: with the Node flags of apps/server's start script
 * (`node --expose-gc src/main.ts`, ADR 0018), so its primary gives back its start-up memory
 * as a shop's does and the bench measures the processes shops run.
 */
const serverArgs = [...startScriptFlags(path.join(root, "apps/server/package.json")), serverMain];
const ceilingScript = fileURLToPath(new URL("./ceiling-server.ts", import.meta.url));

interface Options {
  products: number;
  /** The mixed-shopper step: how many shoppers, for how long. */
  shoppers: number;
  shopperSeconds: number;
  durationSeconds: number;
  connections: number;
  only: StepName[];
  /** Order lines seeded for the `reports` step. */
  orders: number;
}

class UsageError extends Error {
  override name = "UsageError";
}

function parseOptions(argv: string[]): Options {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        products: { type: "string" },
        duration: { type: "string" },
        connections: { type: "string" },
        only: { type: "string" },
        shoppers: { type: "string" },
        "shopper-seconds": { type: "string" },
        orders: { type: "string" },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const only = typeof values.only === "string" ? values.only.split(",").map((name) => name.trim()) : [...targetNames];
  const unknown = only.filter((name) => !(targetNames as readonly string[]).includes(name));
  if (unknown.length > 0 || only.length === 0) {
    throw new UsageError(`--only takes a comma-separated list of ${targetNames.join(", ")} (got "${values.only}")`);
  }
  return {
    products: integerOption("products", values.products, 10_000, 1, 1_000_000),
    shoppers: integerOption("shoppers", values.shoppers, 200, 1, 10_000),
    shopperSeconds: integerOption("shopper-seconds", values["shopper-seconds"], 60, 1, 3_600),
    durationSeconds: integerOption("duration", values.duration, 10, 1, 3_600),
    connections: integerOption("connections", values.connections, 50, 1, 10_000),
    only: targetNames.filter((name) => only.includes(name)),
    orders: integerOption("orders", values.orders, 1_000_000, 1, 5_000_000),
  };
}

function integerOption(name: string, raw: unknown, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${String(raw)}")`);
  }
  return value;
}

/** How many app processes the server said it runs ("… is running at … (2 processes)"). */
function serverProcesses(output: string): number {
  return Number(/\((\d+) process(?:es)?\)/.exec(output)?.[1] ?? 1);
}

/** The shop's server once started: its last output is printed when the bench fails. */
let startedServer: ManagedProcess | undefined;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The environment of every child: this one's, minus DATABASE_URL (always the bundled PostgreSQL). */
function startScriptFlags(packageJson: string): string[] {
  const { scripts } = JSON.parse(readFileSync(packageJson, "utf8")) as { scripts?: { start?: string } };
  const words = (scripts?.start ?? "").split(/\s+/);
  if (words[0] !== "node") throw new Error(`${packageJson}: the start script does not run node.`);
  return words.slice(1).filter((word) => word.startsWith("--"));
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, ...extra };
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}.`);
  return response.json();
}

/** The sub-sub-category (of an enabled sub-category) with the most published products. */
async function busiestSubSubCategory(api: string): Promise<{ id: number; name: string; total: number }> {
  const taxonomy = Taxonomy.parse(await getJson(`${api}${catalogEndpoints.taxonomy.path}`));
  const enabled = new Set(taxonomy.subCategories.filter((sub) => !sub.isDisabled).map((sub) => sub.id));
  const candidates = taxonomy.subSubCategories.filter((subSub) => enabled.has(subSub.subCategoryId));
  let best = { id: 0, name: "", total: -1 };
  for (let start = 0; start < candidates.length; start += 8) {
    const batch = candidates.slice(start, start + 8);
    const totals = await Promise.all(
      batch.map(async (subSub) => {
        const url = `${api}${catalogEndpoints.products.path}?subSubCategoryId=${subSub.id}&pageSize=1`;
        return ProductPage.parse(await getJson(url)).total;
      }),
    );
    totals.forEach((total, index) => {
      const subSub = batch[index];
      if (subSub && total > best.total) best = { id: subSub.id, name: subSub.name, total };
    });
  }
  if (best.total <= 0) throw new Error("No enabled sub-sub-category has published products: the seed looks empty.");
  return best;
}

/**
 * The search target's queries: built from the names of a few hundred published products
 * (pages spread over the catalogue) and the taxonomy's and series' names.
 */
async function searchPaths(api: string): Promise<{ paths: string[]; summary: string }> {
  const taxonomy = Taxonomy.parse(await getJson(`${api}${catalogEndpoints.taxonomy.path}`));
  const seriesNames = Series.array()
    .parse(await getJson(`${api}${catalogEndpoints.series.path}`))
    .map((s) => s.name);
  const first = ProductPage.parse(await getJson(`${api}${catalogEndpoints.products.path}?pageSize=60`));
  const pages = [1, ...[2, 3, 4, 5, 6, 7, 8].map((n) => Math.max(1, Math.round((first.pageCount * n) / 8)))];
  const names: string[] = [];
  for (const page of [...new Set(pages)]) {
    const url = `${api}${catalogEndpoints.products.path}?pageSize=60&page=${page}`;
    names.push(...ProductPage.parse(await getJson(url)).items.map((item) => item.name));
  }
  const vocabulary = [
    ...taxonomy.categories.map((c) => c.name),
    ...taxonomy.subCategories.map((c) => c.name),
    ...taxonomy.subSubCategories.map((c) => c.name),
    ...seriesNames,
  ];
  const { queries, counts } = buildSearchQueries(names, vocabulary);
  const paths = queries.map((q) => endpointUrl(searchEndpoints.searchBarProducts, {}, { q }));
  const summary = `${queries.length} distinct queries: ${counts.words} words, ${counts.phrases} two-word phrases, ${counts.prefixes} prefixes, ${counts.typos} typos`;
  return { paths, summary };
}

/** The suggestion index's size as the server reports it on /metrics (loopback callers need no token). */
async function searchIndexInfo(base: string): Promise<SearchIndexInfo | undefined> {
  try {
    const text = await (await fetch(`${base}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
    const bytes = value("atelier_search_index_bytes");
    if (!Number.isFinite(bytes) || bytes === 0) return undefined;
    return {
      documents: value("atelier_search_index_documents"),
      megabytes: bytes / 1024 / 1024,
      buildSeconds: value("atelier_search_index_build_seconds"),
    };
  } catch {
    return undefined;
  }
}

async function probe(url: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(seedCli)) throw new Error(`The seed CLI ${path.relative(root, seedCli)} does not exist.`);

  const machine = describeMachine();
  say(formatMachine(machine));
  const workDir = await mkdtemp(path.join(os.tmpdir(), "atelier-bench-"));
  // As root, the bundled PostgreSQL runs as a "postgres" user, which must be able to
  // reach DATA_DIR/postgres: mkdtemp's 0700 would stop it.
  if (process.getuid?.() === 0) await chmod(workDir, 0o711);
  const dataDir = path.join(workDir, "data");
  await mkdir(dataDir);
  const cleanUp = onceOnly(async () => {
    await stopAll();
    await stopLeftoverPostgres(dataDir);
    await rm(workDir, { recursive: true, force: true });
  });
  stopOnSignals(cleanUp);

  try {
    say(`Seeding ${options.products.toLocaleString("en")} products into ${dataDir} …`);
    // The reports step: its order lines are generated by the same seed run (SQL set operations).
    const orderArgs = options.only.includes("reports") ? ["--orders", String(options.orders)] : [];
    const seed = await runToCompletion("seed", [seedCli, "--products", String(options.products), ...orderArgs], {
      cwd: root,
      env: childEnv({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }),
    });
    const seedMs = seed.ms;
    const seedSummary = seed.output.trim().split("\n").at(-1);
    say(`Seeded in ${(seedMs / 1000).toFixed(1)} s${seedSummary ? `: ${seedSummary}` : "."}`);

    const serverPort = await freePort();
    const base = `http://127.0.0.1:${serverPort}`;
    const api = `${base}/api`;
    const serverStarted = performance.now();
    const server = startProcess("server", serverArgs, {
      cwd: root,
      env: childEnv({
        PORT: String(serverPort),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        // The search target is one address sending thousands of queries a second, and
        // the shoppers step creates hundreds of guests from that address.
        SEARCH_RATE_LIMIT: "10000000",
        AUTH_RATE_LIMIT: "100000",
        // The reports step signs in as the demo admin; its orders come from the seed above.
        DEMO_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        SEED_DEMO_ORDERS: "0",
      }),
    });
    startedServer = server;
    await waitUntilReady(server, `${base}/readyz`, 180_000);
    const serverStartSeconds = (performance.now() - serverStarted) / 1000;
    say(`Server (pid ${server.pid}) ready on ${base} in ${serverStartSeconds.toFixed(1)} s.`);
    const searchIndex = await searchIndexInfo(base);
    if (searchIndex) {
      say(
        `Search index: ${searchIndex.documents} documents, ${searchIndex.megabytes.toFixed(1)} MB, built in ${searchIndex.buildSeconds.toFixed(1)} s.`,
      );
    }

    const subSub = await busiestSubSubCategory(api);
    const listingQuery = `?subSubCategoryId=${subSub.id}&pageSize=${LISTING_PAGE_SIZE}`;
    const listingUrl = `${api}${catalogEndpoints.products.path}${listingQuery}`;
    const listing = await probe(listingUrl);
    if (listing.status !== 200) throw new Error(`GET ${listingUrl} answered HTTP ${listing.status}.`);
    say(`Listing: sub-sub-category ${subSub.id} "${subSub.name}" with ${subSub.total} published products.`);
    const productId = ProductPage.parse(JSON.parse(listing.body.toString("utf8"))).items[0]?.id ?? 1;
    const pages = {
      home: `${base}/`,
      list: `${base}/products/${subSub.id}`,
      details: `${base}/products/details/${productId}`,
    };

    const search =
      options.only.some((name) => name.startsWith("search")) || options.only.includes("shoppers")
        ? await searchPaths(api)
        : undefined;
    if (search) say(`Search: ${search.summary}.`);
    const searchUrl = `${api}${searchEndpoints.searchBarProducts.path}?q=hoodie`;

    let ceiling: ManagedProcess | undefined;
    const ceilingPort = options.only.includes("ceiling") ? await freePort() : 0;
    // The details endpoint and page come with the product page's issue: until then they answer 404 (flagged "!").
    const targets: Record<
      TargetName,
      {
        description: string;
        url: string;
        process: () => ManagedProcess;
        paths?: string[] | undefined;
        connections?: number;
        headers?: Record<string, string>;
      }
    > = {
      ceiling: {
        description: "bare Fastify, one route answering the listing's bytes from memory (the machine's ceiling)",
        url: `http://127.0.0.1:${ceilingPort}/api${catalogEndpoints.products.path}${listingQuery}`,
        process: () => ceiling ?? server,
      },
      categories: {
        description: `GET /api${compatEndpoints.viewProductCategories.path}`,
        url: `${api}${compatEndpoints.viewProductCategories.path}`,
        process: () => server,
      },
      listing: {
        description: `GET /api${catalogEndpoints.products.path}${listingQuery} (JSON)`,
        url: listingUrl,
        process: () => server,
      },
      home: { description: "GET / (server-rendered HTML)", url: `${base}/`, process: () => server },
      "products-page": {
        description: `GET /products/${subSub.id} (server-rendered product list, HTML)`,
        url: pages.list,
        process: () => server,
      },
      "details-page": {
        description: `GET /products/details/${productId} (server-rendered product details, HTML)`,
        url: pages.details,
        process: () => server,
      },
      "details-api": {
        description: `GET /api/products/${productId} (product details, JSON)`,
        url: `${api}${catalogEndpoints.products.path}/${productId}`,
        process: () => server,
      },
      search: {
        description: `GET /api${searchEndpoints.searchBarProducts.path}?q=… (${search?.summary ?? "no queries"}, in turn)`,
        url: searchUrl,
        paths: search?.paths,
        process: () => server,
      },
      "search-1": {
        description: "the same queries from one connection (latency without queueing)",
        url: searchUrl,
        paths: search?.paths,
        connections: 1,
        process: () => server,
      },
      "details-page-br": {
        description: `GET /products/details/${productId} with Accept-Encoding: br (a cached page as browsers get it)`,
        url: pages.details,
        headers: { "accept-encoding": "gzip, deflate, br" },
        process: () => server,
      },
      "details-miss": {
        description: `GET /products/details/${productId}?render=N, N new each time: a page-cache miss every request (the JSON answers cached), i.e. the render`,
        url: pages.details,
        // The page cache keys on the query: every request is a miss and renders the page.
        paths: Array.from({ length: 200_000 }, (_, n) => `/products/details/${productId}?render=${n}`),
        process: () => server,
      },
      "details-miss-1": {
        description: "the same misses from one connection: how long one render takes, without queueing",
        url: pages.details,
        // Numbers details-miss does not use, so these are misses even after that row.
        paths: Array.from({ length: 20_000 }, (_, n) => `/products/details/${productId}?render=1-${n}`),
        connections: 1,
        process: () => server,
      },
    };

    if (options.only.includes("ceiling")) {
      const bodyFile = path.join(workDir, "ceiling-body");
      await writeFile(bodyFile, listing.body);
      ceiling = startProcess("ceiling", [ceilingScript], {
        cwd: root,
        env: childEnv({
          BODY_FILE: bodyFile,
          CONTENT_TYPE: listing.contentType,
          ROUTE: `/api${catalogEndpoints.products.path}`,
          PORT: String(ceilingPort),
          HOST: "127.0.0.1",
        }),
      });
      await waitUntilReady(ceiling, targets.ceiling.url, 30_000);
      const answer = await probe(targets.ceiling.url);
      if (!answer.body.equals(listing.body) || answer.contentType !== listing.contentType) {
        throw new Error("The ceiling server does not answer the same bytes and content-type as the listing.");
      }
      say(`Ceiling server (pid ${ceiling.pid}) ready on port ${ceilingPort}.`);
    }

    const results: TargetResult[] = [];
    for (const name of loadTargets.filter((step) => options.only.includes(step))) {
      const target = targets[name];
      const url = target.url;
      const first = await probe(url);
      say(`Measuring ${name}: ${options.durationSeconds} s after ${WARMUP_SECONDS} s warm-up …`);
      const load = await measure({
        url,
        ...(target.paths ? { paths: target.paths } : {}),
        ...(target.headers ? { headers: target.headers } : {}),
        connections: target.connections ?? options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: WARMUP_SECONDS,
      });
      const rss = await readAppRss(target.process().pid);
      results.push({
        name,
        description: target.description,
        url,
        probe: { status: first.status, contentType: first.contentType, bytes: first.body.length },
        load,
        rssBytes: rss?.largestBytes,
        rssTotalBytes: rss?.totalBytes,
        ratioToCeiling: undefined,
      });
    }
    // "After the bench" as a shop lives it: the server idle for a while after the load rows
    // (an app process gives back what load left pooled after IDLE_GC_SECONDS; ADR 0018).
    let rssIdle: BenchReport["rssIdle"];
    if (results.some((result) => result.name !== "ceiling")) {
      say(`Waiting ${IDLE_RSS_SECONDS} s idle, then reading the server's memory again …`);
      await delay(IDLE_RSS_SECONDS * 1000);
      const rss = await readAppRss(server.pid);
      if (rss) rssIdle = { afterSeconds: IDLE_RSS_SECONDS, ...rss };
    }
    const ceilingRps = results.find((result) => result.name === "ceiling")?.load.rps;
    for (const result of results) result.ratioToCeiling = ceilingRps ? result.load.rps / ceilingRps : undefined;

    // Where a miss's time goes (issue 32): the product page's Server-Timing, one miss at a time.
    const missTiming = options.only.includes("details-miss-1") ? await measureMissTiming(pages.details) : undefined;

    const pageJs = options.only.includes("js")
      ? [
          await measurePageJs("home", pages.home),
          await measurePageJs("product list", pages.list),
          await measurePageJs("product details", pages.details),
        ]
      : undefined;
    // Reports (issue 17): a year at the seeded size, cold then warm; read-only, so before buying.
    let reports: ReportsResult | undefined;
    if (options.only.includes("reports")) {
      say(`Measuring the reports over a year at ${options.orders.toLocaleString("en")} order lines …`);
      reports = await measureReports({
        base,
        email: "admin@atelier.example",
        password: BENCH_ADMIN_PASSWORD,
        orderLines: options.orders,
        say,
      });
    }
    // One process, every core, three behind HAProxy: read-only, so before buying.
    const scale = options.only.includes("scale")
      ? await measureScale({
          serverArgs,
          cwd: root,
          workDir,
          dataDir,
          base,
          processes: serverProcesses(server.output()),
          htmlPath: "/",
          jsonPath: `/api${catalogEndpoints.products.path}${listingQuery}`,
          durationSeconds: options.durationSeconds,
          warmupSeconds: WARMUP_SECONDS,
          connections: options.connections,
          env: childEnv,
          say,
        })
      : undefined;
    // Buying last: it writes orders and stock, which the read-only targets above must not see.
    const buying = options.only.includes("buying")
      ? await measureBuying({
          api,
          dataDir,
          durationSeconds: options.durationSeconds,
          warmupSeconds: WARMUP_SECONDS,
          say,
        })
      : undefined;
    // Promotions after buying: the same buyers with and without a coupon, then cart pricing.
    const promotions = options.only.includes("promotions")
      ? await measurePromotions({
          api,
          dataDir,
          durationSeconds: options.durationSeconds,
          warmupSeconds: WARMUP_SECONDS,
          connections: options.connections,
          say,
        })
      : undefined;
    // Inventory (issue 14) after promotions: place order with one warehouse and two, then the
    // Stock Status query at this size (signed in as the demo admin).
    const inventory = options.only.includes("inventory")
      ? await measureInventory({
          base,
          api,
          dataDir,
          email: "admin@atelier.example",
          password: BENCH_ADMIN_PASSWORD,
          durationSeconds: options.durationSeconds,
          warmupSeconds: WARMUP_SECONDS,
          say,
        })
      : undefined;
    // Shoppers after buying: both write orders; the mixed walk counts only its own.
    const shoppers = options.only.includes("shoppers")
      ? await measureShoppers({
          base,
          dataDir,
          shoppers: options.shoppers,
          durationSeconds: options.shopperSeconds,
          listPath: `/products/${subSub.id}`,
          searchPaths: (search?.paths ?? []).map((full) => full.replace(/^\/api/, "")),
          say,
        })
      : undefined;
    let lighthouse: BenchReport["lighthouse"];
    if (options.only.includes("lighthouse")) {
      say("Running Lighthouse (mobile) on home, a product list and a product details page …");
      lighthouse = await runLighthouse([
        { name: "home", url: pages.home },
        { name: "product list", url: pages.list },
        { name: "product details", url: pages.details },
      ]);
    }

    const report: BenchReport = {
      date: localDate(),
      machine,
      options: {
        products: options.products,
        durationSeconds: options.durationSeconds,
        warmupSeconds: WARMUP_SECONDS,
        connections: options.connections,
      },
      seeding: { products: options.products, seconds: seedMs / 1000 },
      serverStartSeconds,
      ...(searchIndex ? { searchIndex } : {}),
      listing: { subSubCategoryId: subSub.id, subSubCategoryName: subSub.name, publishedProducts: subSub.total },
      results,
      ...(rssIdle ? { rssIdle } : {}),
      ...(pageJs ? { pageJs } : {}),
      ...(missTiming ? { missTiming } : {}),
      ...(lighthouse ? { lighthouse } : {}),
      ...(buying ? { buying } : {}),
      ...(promotions ? { promotions } : {}),
      ...(inventory ? { inventory } : {}),
      ...(shoppers ? { shoppers } : {}),
      ...(scale ? { scale } : {}),
      ...(reports ? { reports } : {}),
      reference,
    };
    say("");
    process.stdout.write(formatReport(report));
    if (missTiming) say(`\n${formatMissTiming(missTiming)}`);
    if (pageJs) say(`\n${formatPageJs(pageJs)}`);
    if (lighthouse) say(`\n${formatLighthouse(lighthouse)}`);
    if (buying) say(`\n${formatBuying(buying)}`);
    if (promotions) say(`\n${formatPromotions(promotions)}`);
    if (inventory) say(`\n${formatInventory(inventory)}`);
    if (scale) say(`\n${formatScale(scale)}`);
    if (shoppers) say(`\n${formatShoppers(shoppers)}`);
    if (reports) say(`\n${formatReports(reports)}`);
    const partial = options.only.length < targetNames.length;
    const suffix = `${partial ? `-${options.only.join("-")}` : ""}${options.products === 10_000 ? "" : `-${options.products}`}`;
    const file = await writeJsonReport(report, suffix);
    say(`\nWrote ${path.relative(process.cwd(), file)}.`);
  } finally {
    say("Stopping the servers …");
    await cleanUp();
  }
}

/** Ctrl-C (or SIGTERM, SIGHUP): stop the children, remove the data, then exit. */
function stopOnSignals(cleanUp: () => Promise<void>): void {
  let interrupted = false;
  const codes: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      if (interrupted) {
        process.stderr.write("Still stopping the servers; please wait.\n");
        return;
      }
      interrupted = true;
      process.stderr.write(`\n${signal}: stopping the servers and removing the data directory …\n`);
      void cleanUp()
        .catch((error: unknown) => process.stderr.write(`Cleaning up failed: ${String(error)}\n`))
        .finally(() => process.exit(codes[signal]));
    });
  }
}

function onceOnly(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= task();
    return running;
  };
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`bench: ${error.message}\n`);
  } else {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof ChildFailedError && error.output.trim()) {
      process.stderr.write(`--- last output of the child ---\n${error.output.trimEnd()}\n---\n`);
    } else if (startedServer?.output().trim()) {
      process.stderr.write(
        `--- last output of the server ---\n${startedServer.output().trimEnd().slice(-4_000)}\n---\n`,
      );
    }
  }
  process.exitCode = 1;
});
