/**
 * The benchmark's output: the results table printed to the terminal and the same
 * numbers as JSON in bench/results/<YYYY-MM-DD>.json (a later run the same day adds -2, -3 …),
 * with the reference numbers from the benchmark issue for context. Numbers are
 * reported, never asserted: nothing here fails a run for being slow.
 */
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LighthouseResult } from "./lighthouse.ts";
import type { LoadResult } from "./load.ts";
import type { MissTiming } from "./miss-timing.ts";
import type { PageJs } from "./page-js.ts";

export interface Machine {
  cpus: number;
  cpuModel: string;
  totalMemoryGb: number;
  node: string;
  platform: string;
  /** 1-minute load average when the run started: other work on the machine skews the numbers. */
  loadAverageAtStart: number;
}

export interface TargetResult {
  name: string;
  description: string;
  url: string;
  /** What one answer looked like before the run. */
  probe: { status: number; contentType: string; bytes: number };
  load: LoadResult;
  /**
   * Resident memory after the run: of the largest of the server's Node processes (an app
   * process; the cluster's primary holds no caches of its own but is counted too) and of
   * all of them together.
   */
  rssBytes: number | undefined;
  rssTotalBytes?: number | undefined;
  /** Requests per second relative to the ceiling's (0.5 = 50 %); undefined without a ceiling run. */
  ratioToCeiling: number | undefined;
}

export interface BenchReport {
  date: string;
  machine: Machine;
  options: { products: number; durationSeconds: number; warmupSeconds: number; connections: number };
  seeding: { products: number; seconds: number };
  serverStartSeconds: number;
  /** The server's in-memory suggestion index (ADR 0016), from its /metrics: documents, memory, build time. */
  searchIndex?: SearchIndexInfo;
  listing: { subSubCategoryId: number; subSubCategoryName: string; publishedProducts: number };
  results: TargetResult[];
  /**
   * The server's resident memory once it has been idle for `afterSeconds` after the last
   * load row (the app processes give back what load left pooled after IDLE_GC_SECONDS,
   * 10 s by default; ADR 0018): largest Node process and all of them.
   */
  rssIdle?: { afterSeconds: number; largestBytes: number; totalBytes: number };
  /** Compressed JavaScript of the home, product list and product details pages (the `js` step). */
  pageJs?: PageJs[];
  missTiming?: MissTiming;
  /** Lighthouse scores and web vitals (the `lighthouse` step). */
  lighthouse?: LighthouseResult[];
  /** Add-to-cart and place-order throughput next to pgbench (the `buying` step). */
  buying?: import("./buying.ts").BuyingResult;
  promotions?: import("./promotions.ts").PromotionsResult;
  inventory?: import("./inventory.ts").InventoryResult;
  shoppers?: import("./shoppers.ts").ShoppersResult;
  scale?: import("./scale.ts").ScaleResult;
  /** The four reports over a year at the seeded order lines, cold and warm (the `reports` step). */
  reports?: import("./reports.ts").ReportsResult;
  reference: typeof reference;
}

export interface SearchIndexInfo {
  documents: number;
  megabytes: number;
  buildSeconds: number;
}

/** Context from the benchmark issue: numbers measured elsewhere, not by this run. */
export const reference = {
  note: "Reference numbers quoted in the benchmark issue, measured elsewhere; for context only.",
  bareFastifyRps: 22_000,
  vendureShopApiListing24Rps: 55,
  medusaStoreProductsLimit24Rps: 21,
  aim: "the 24-product listing at >= 50% of the ceiling (bare Fastify serving the same bytes)",
  aimRatio: 0.5,
} as const;

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    totalMemoryGb: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: round(os.loadavg()[0] ?? 0, 2),
  };
}

export function formatMachine(machine: Machine): string {
  const line = `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.totalMemoryGb} GB RAM, Node ${machine.node}, ${machine.platform}; load average ${machine.loadAverageAtStart}`;
  return machine.loadAverageAtStart > machine.cpus / 2
    ? `${line}\nNote: the machine was already busy (load average ${machine.loadAverageAtStart} on ${machine.cpus} CPUs): expect lower, noisier numbers than on an idle machine.`
    : line;
}

export function formatReport(report: BenchReport): string {
  const header = [
    "target",
    "req/s",
    "p50 ms",
    "p99 ms",
    "vs ceiling",
    "RSS MB (largest / all)",
    "non-2xx",
    "errors",
    "answer KB",
  ];
  const rows = report.results.map((result) => [
    `${flagged(result) ? "! " : ""}${result.name}`,
    formatNumber(result.load.rps, 0),
    formatNumber(result.load.p50, 1),
    formatNumber(result.load.p99, 1),
    result.ratioToCeiling === undefined ? "n/a" : `${formatNumber(result.ratioToCeiling * 100, 1)} %`,
    result.rssBytes === undefined
      ? "n/a"
      : `${formatNumber(result.rssBytes / 1024 ** 2, 0)} / ${formatNumber((result.rssTotalBytes ?? result.rssBytes) / 1024 ** 2, 0)}`,
    String(result.load.non2xx),
    String(result.load.errors),
    formatNumber(result.probe.bytes / 1024, 1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join("  ");

  const out: string[] = [];
  out.push(formatMachine(report.machine));
  out.push(
    `Seeding: ${report.seeding.products.toLocaleString("en")} products in ${formatNumber(report.seeding.seconds, 1)} s; ` +
      `server ready in ${formatNumber(report.serverStartSeconds, 1)} s`,
  );
  if (report.searchIndex) {
    const index = report.searchIndex;
    out.push(
      `Search index: ${index.documents.toLocaleString("en")} documents, ${formatNumber(index.megabytes, 1)} MB ` +
        `(estimated from its arrays and strings), built in ${formatNumber(index.buildSeconds, 1)} s at start`,
    );
  }
  out.push(
    `Load: ${report.options.connections} connections, ${report.options.durationSeconds} s per target after a ` +
      `${report.options.warmupSeconds} s warm-up`,
  );
  out.push(
    `Listing: sub-sub-category ${report.listing.subSubCategoryId} "${report.listing.subSubCategoryName}" ` +
      `(${report.listing.publishedProducts} published products), first 24`,
  );
  out.push("");
  out.push(line(header));
  out.push(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) out.push(line(row));
  if (report.rssIdle) {
    const idle = report.rssIdle;
    out.push(
      `RSS after ${idle.afterSeconds} s idle: ${formatNumber(idle.largestBytes / 1024 ** 2, 0)} MB largest / ` +
        `${formatNumber(idle.totalBytes / 1024 ** 2, 0)} MB all`,
    );
  }
  out.push("");
  for (const result of report.results) out.push(`  ${result.name.padEnd(widths[0] ?? 0)}  ${result.description}`);

  const problems = report.results.filter(flagged);
  if (problems.length > 0) {
    out.push("");
    for (const result of problems) {
      const byStatus = Object.entries(result.load.non2xxByStatus)
        .map(([status, count]) => `${count} × HTTP ${status}`)
        .join(", ");
      const parts = [
        result.probe.status < 200 || result.probe.status > 299 ? `the probe answered HTTP ${result.probe.status}` : "",
        result.load.non2xx > 0 ? `${result.load.non2xx} non-2xx answers (${byStatus || "status unknown"})` : "",
        result.load.errors > 0 ? `${result.load.errors} errors (${result.load.timeouts} timeouts)` : "",
      ].filter(Boolean);
      out.push(`! ${result.name}: ${parts.join("; ")}`);
    }
  }

  out.push("");
  const listing = report.results.find((result) => result.name === "listing");
  if (listing?.ratioToCeiling !== undefined) {
    const met = listing.ratioToCeiling >= reference.aimRatio ? "met" : "not met";
    out.push(
      `Aim: the 24-product listing at >= 50 % of the ceiling: ${formatNumber(listing.ratioToCeiling * 100, 1)} % (${met}).`,
    );
  }
  out.push(
    `For context (from the issue, other machines): bare Fastify ≈ ${reference.bareFastifyRps.toLocaleString("en")} req/s; ` +
      `Vendure shop API, 24 products ≈ ${reference.vendureShopApiListing24Rps} req/s; ` +
      `Medusa /store/products?limit=24 ≈ ${reference.medusaStoreProductsLimit24Rps} req/s.`,
  );
  return `${out.join("\n")}\n`;
}

/**
 * Writes bench/results/<date><suffix>.json through a temporary file. `suffix` names a
 * partial run (e.g. "-search-100000"). An earlier run's file is never replaced (bench/README
 * cites them): a later run of the same day and kind gets "-2", "-3" …
 */
export async function writeJsonReport(report: BenchReport, suffix = ""): Promise<string> {
  const dir = fileURLToPath(new URL("../results/", import.meta.url));
  await mkdir(dir, { recursive: true });
  let file = path.join(dir, `${report.date}${suffix}.json`);
  for (let run = 2; existsSync(file); run++) file = path.join(dir, `${report.date}${suffix}-${run}.json`);
  const temporary = `${file}.${process.pid}.tmp`;
  const rounded = (_key: string, value: unknown) =>
    typeof value === "number" && !Number.isInteger(value) ? round(value, 3) : value;
  await writeFile(temporary, `${JSON.stringify(report, rounded, 2)}\n`);
  await rename(temporary, file);
  return file;
}

/** Today's date in local time, YYYY-MM-DD. */
export function localDate(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function flagged(result: TargetResult): boolean {
  return result.load.non2xx > 0 || result.load.errors > 0 || result.probe.status < 200 || result.probe.status > 299;
}

function formatNumber(value: number, digits: number): string {
  return value.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
