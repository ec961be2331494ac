/**
 * `npm run seed -- [--products N] [--orders N] [--reset] [--seed N] [--verbose]`
 *
 * Seeds the demo catalogue into the configured database (DATABASE_URL, or the bundled
 * PostgreSQL in DATA_DIR). Refuses to touch a database that already has a catalogue
 * unless --reset is given, which empties the catalogue tables first (in the same
 * transaction as the new rows).
 *
 * `--orders N` (reports, issue 17) adds N demo order lines over the last year, generated
 * in SQL (seed/orders.ts), then refreshes the reports' roll-ups; on a database that already
 * has a catalogue (and without --reset) it adds only the orders.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "../../config.ts";
import { createMediaStorage } from "../../modules/media/storage.ts";
import { refreshRollups } from "../../modules/reports/rollup.ts";
import { storeTimeZone } from "../../modules/reports/service.ts";
import { openDatabase } from "../database.ts";
import { DataDirLockedError } from "../embedded.ts";
import { catalogueCounts, DEFAULT_PRODUCTS, DEFAULT_SEED, MAX_PRODUCTS, seedDemo } from "./index.ts";
import { MAX_ORDER_LINES, seedOrders } from "./orders.ts";

const USAGE = "usage: npm run seed -- [--products N] [--orders N] [--reset] [--seed N] [--verbose]";

class UsageError extends Error {
  override name = "UsageError";
}

interface Args {
  products: number;
  /** Order lines to add (0: none). */
  orders: number;
  seed: number;
  reset: boolean;
  verbose: boolean;
  help: boolean;
}

function parse(argv: string[]): Args {
  let values: {
    products?: string;
    orders?: string;
    seed?: string;
    reset?: boolean;
    verbose?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        products: { type: "string" },
        orders: { type: "string" },
        seed: { type: "string" },
        reset: { type: "boolean" },
        verbose: { type: "boolean", short: "v" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const message = error instanceof Error ? (error.message.split(/\.\s/)[0] ?? error.message) : String(error);
    throw new UsageError(`${message.replace(/\.$/, "")}. ${USAGE}`);
  }
  return {
    products: wholeNumber("--products", values.products, DEFAULT_PRODUCTS, MAX_PRODUCTS),
    orders: wholeNumber("--orders", values.orders, 0, MAX_ORDER_LINES),
    seed: wholeNumber("--seed", values.seed, DEFAULT_SEED, 0xffffffff),
    reset: values.reset ?? false,
    verbose: values.verbose ?? false,
    help: values.help ?? false,
  };
}

function wholeNumber(flag: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const text = raw.replaceAll("_", "").replaceAll(",", "").trim();
  if (!/^\d+$/.test(text) || Number(text) > max) {
    throw new UsageError(
      `${flag} must be a whole number from 0 to ${max.toLocaleString("en-US")} (got "${raw}"). ${USAGE}`,
    );
  }
  return Number(text);
}

async function main(): Promise<number> {
  const started = performance.now();
  const args = parse(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(
      `${USAGE}\n\n` +
        `  --products N  how many products to generate (default ${DEFAULT_PRODUCTS}, at most ${MAX_PRODUCTS.toLocaleString("en-US")})\n` +
        `  --orders N    add N demo order lines over the last year and refresh the reports' roll-ups\n` +
        `                (on an existing catalogue without --reset: only the orders)\n` +
        `  --reset       empty the catalogue tables first (also empties tables that reference them)\n` +
        `  --seed N      random seed; the same seed gives the same catalogue (default ${DEFAULT_SEED})\n` +
        `  --verbose     print progress\n`,
    );
    return 0;
  }
  const config = loadConfig();
  const progress = (message: string): void => {
    if (args.verbose) process.stderr.write(`  ${message}\n`);
  };
  const database = await openDatabase(config, progress);
  // Ctrl-C: exit through process.exit so the bundled PostgreSQL's exit hook stops it;
  // the seed's transaction is rolled back, so the catalogue stays as it was.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      process.stderr.write(`Stopped by ${signal}; nothing was changed.\n`);
      process.exit(130);
    });
  }
  try {
    const existing = await catalogueCounts(database.db);
    const hasCatalogue = existing.categories > 0 || existing.products > 0;
    if (args.orders > 0 && hasCatalogue && !args.reset) {
      process.stdout.write(`${await addOrders(database.db, args, progress)}\n`);
      await vacuumAnalyze(database.db, progress);
      return 0;
    }
    if (!args.reset && hasCatalogue) {
      process.stderr.write(
        `The database already has a catalogue (${existing.categories} categories, ${existing.products} products); ` +
          `nothing was changed. Run with --reset to replace it with the demo catalogue.\n`,
      );
      return 1;
    }
    const summary = await seedDemo(database.db, {
      dataDir: config.dataDir,
      media: createMediaStorage(config),
      products: args.products,
      seed: args.seed,
      reset: args.reset,
      log: progress,
    });
    const n = (value: number): string => value.toLocaleString("en-US");
    const where = database.embedded ? `the bundled PostgreSQL in ${config.dataDir}` : "DATABASE_URL";
    process.stdout.write(
      `${args.reset ? "Reset and seeded" : "Seeded"} ${n(summary.products)} products (${n(summary.published)} published, ` +
        `${n(summary.variants)} variants, ${n(summary.images)} product images from ${n(summary.artwork)} image files, ` +
        `${summary.categories} categories, ${summary.subSubCategories} sub-sub-categories, ${summary.series} series) ` +
        `into ${where} in ${((performance.now() - started) / 1000).toFixed(1)}s.\n`,
    );
    if (args.orders > 0) process.stdout.write(`${await addOrders(database.db, args, progress)}\n`);
    await vacuumAnalyze(database.db, progress);
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Statistics and the visibility map for what was just bulk-loaded. The seed writes in one
 * transaction, so its tables have no statistics when it commits, and about a million of
 * the variants' row versions are dead (written again within the seed); a
 * server started right after (the benchmark does) planned its queries blind until
 * autovacuum came round: at 100,000 products the whole catalogue's size facet took ~10
 * minutes. VACUUM also marks the pages all-visible, so index-only scans need no heap.
 */
async function vacuumAnalyze(db: Parameters<typeof seedOrders>[0], progress: (m: string) => void): Promise<void> {
  const started = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  progress(`vacuumed and analyzed in ${((performance.now() - started) / 1000).toFixed(1)}s`);
}

/** Adds the demo orders and brings the reports' roll-ups up to date; says what it did. */
async function addOrders(db: Parameters<typeof seedOrders>[0], args: Args, progress: (m: string) => void) {
  let started = performance.now();
  const summary = await seedOrders(db, { lines: args.orders, seed: args.seed });
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const wrote = `Added ${summary.lines.toLocaleString("en-US")} order lines (${summary.orders.toLocaleString("en-US")} orders) in ${seconds()}s`;
  progress(wrote);
  started = performance.now();
  await refreshRollups(db, await storeTimeZone(db));
  return `${wrote}; refreshed the report roll-ups in ${seconds()}s.`;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n${
          error instanceof Error && error.cause ? `Caused by: ${String(error.cause)}\n` : ""
        }`,
      );
    }
    process.exitCode = 1;
  },
);
