/**
 * Lighthouse (mobile preset: Lighthouse's default config, simulated throttling) on a few
 * pages of the running server, in the system Chromium (CHROME_PATH, else
 * /usr/bin/chromium) with the project's browser flags. Reports the four category scores
 * and LCP, CLS and TBT; measured, never asserted.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseMeasures {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits that lost points outside performance, so a score below 100 says why. */
  failedAudits: string[];
}

/** A page's measures, or why Lighthouse could not measure it (e.g. the page answered 404). */
export type LighthouseResult = { name: string; url: string } & (
  | ({ measured: true } & LighthouseMeasures)
  | { measured: false; error: string }
);

export const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The aim from the storefront speed issue (18; the catalogue issue's was performance ≥ 95). */
export const lighthouseAim = {
  performance: 100,
  lcpMs: 1500,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
} as const;

const categories = ["performance", "accessibility", "best-practices", "seo"];

export async function runLighthouse(pages: readonly { name: string; url: string }[]): Promise<LighthouseResult[]> {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags });
  try {
    const results: LighthouseResult[] = [];
    // One page at a time: parallel runs would compete for the CPU and skew each other.
    for (const page of pages) {
      const run = await lighthouse(page.url, { port: chrome.port, logLevel: "error", onlyCategories: categories });
      if (!run) throw new Error(`Lighthouse returned nothing for ${page.url}.`);
      const { lhr } = run;
      if (lhr.runtimeError) {
        results.push({ ...page, measured: false, error: lhr.runtimeError.message });
        continue;
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const failedAudits = categories
        .filter((id) => id !== "performance")
        .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      results.push({
        ...page,
        measured: true,
        scores: {
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
        },
        lcpMs: numeric("largest-contentful-paint"),
        cls: numeric("cumulative-layout-shift"),
        tbtMs: numeric("total-blocking-time"),
        failedAudits: [...new Set(failedAudits)],
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

export function formatLighthouse(results: readonly LighthouseResult[]): string {
  const header = ["page", "perf", "a11y", "best pr.", "SEO", "LCP ms", "CLS", "TBT ms"];
  const rows = results.map((result) =>
    result.measured
      ? [
          result.name,
          String(result.scores.performance),
          String(result.scores.accessibility),
          String(result.scores.bestPractices),
          String(result.scores.seo),
          Math.round(result.lcpMs).toLocaleString("en"),
          result.cls.toFixed(3),
          Math.round(result.tbtMs).toLocaleString("en"),
        ]
      : [`! ${result.name}`, ...header.slice(1).map(() => "-")],
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)));
  const out = [
    "Lighthouse (mobile preset, simulated throttling)",
    line(header).join("  "),
    line(widths.map((width) => "-".repeat(width))).join("  "),
    ...rows.map((row) => line(row).join("  ")),
  ];
  for (const result of results) {
    const note = !result.measured
      ? `not measured: ${result.error}`
      : result.failedAudits.length > 0
        ? `lost points on ${result.failedAudits.join(", ")}`
        : "";
    out.push(`  ${result.name}: ${result.url}${note ? ` (${note})` : ""}`);
  }
  const met = results.every(
    (r) =>
      r.measured &&
      r.scores.performance >= lighthouseAim.performance &&
      r.lcpMs <= lighthouseAim.lcpMs &&
      r.scores.accessibility === 100 &&
      r.scores.bestPractices === 100 &&
      r.scores.seo === 100,
  );
  out.push(
    `Aim: performance >= ${lighthouseAim.performance} with LCP <= ${lighthouseAim.lcpMs} ms, accessibility, best practices and SEO = 100 on every page (${met ? "met" : "not met"}).`,
  );
  return out.join("\n");
}
