/**
 * The `reports` step (issue 17): the four reports (sales, inventory, customers, tax) over
 * a year, at the size `npm run seed -- --orders N` generated (1,000,000 order lines by
 * default), each asked once right after the server started (cold: nothing of it cached by
 * the app, the database's buffers as the seed left them) and then `WARM_RUNS` times (warm).
 * Then every other view of each report (its table's rows: by product, variant, cohort …),
 * `VIEW_RUNS` times each after one unmeasured run. Signs in as the demo admin. The aim
 * (issue 17): under 300 ms for a year at a million lines.
 */
import { reportViews } from "@atelier/contract";
import { repeatedGet, signIn } from "./shop-access.ts";

export interface ReportTiming {
  report: string;
  coldMs: number;
  warmP50Ms: number;
  warmMaxMs: number;
  rows: number;
}

export interface ViewTiming {
  report: string;
  view: string;
  p50Ms: number;
  maxMs: number;
  rows: number;
}

export interface ReportsResult {
  orderLines: number;
  range: { from: string; to: string };
  timings: ReportTiming[];
  /** Every view but each report's default (the first), warm. */
  views: ViewTiming[];
  aimMs: number;
}

const WARM_RUNS = 7;
const VIEW_RUNS = 5;
const AIM_MS = 300;
const reports = ["sales", "inventory", "customers", "tax"] as const;

export async function measureReports(options: {
  base: string;
  email: string;
  password: string;
  orderLines: number;
  say: (line: string) => void;
}): Promise<ReportsResult> {
  const token = await signIn(options.base, options.email, options.password);
  const to = new Date().toISOString().slice(0, 10);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 364);
  const from = start.toISOString().slice(0, 10);
  const timings: ReportTiming[] = [];
  const query = `preset=custom&from=${from}&to=${to}&group=week&compare=previous-period`;
  const tableRows = (body: { table?: { rows: unknown[] } }) => body.table?.rows.length ?? 0;
  for (const report of reports) {
    const url = `${options.base}/api/admin/reports/${report}?${query}`;
    const { first, p50Ms, maxMs } = await repeatedGet<{ table?: { rows: unknown[] } }>(url, token, WARM_RUNS);
    const timing = { report, coldMs: first.ms, warmP50Ms: p50Ms, warmMaxMs: maxMs, rows: tableRows(first.body) };
    options.say(`  ${report}: cold ${timing.coldMs.toFixed(0)} ms, warm p50 ${timing.warmP50Ms.toFixed(0)} ms`);
    timings.push(timing);
  }
  const views: ViewTiming[] = [];
  for (const report of reports) {
    for (const view of reportViews[report].slice(1)) {
      const url = `${options.base}/api/admin/reports/${report}?${query}&view=${view}`;
      // The first run is not counted: the view's own statements are cold there.
      const { first, p50Ms, maxMs } = await repeatedGet<{ table?: { rows: unknown[] } }>(url, token, VIEW_RUNS);
      const timing = { report, view, p50Ms, maxMs, rows: tableRows(first.body) };
      options.say(`  ${report} ${view}: warm p50 ${timing.p50Ms.toFixed(0)} ms`);
      views.push(timing);
    }
  }
  return { orderLines: options.orderLines, range: { from, to }, timings, views, aimMs: AIM_MS };
}

export function formatReports(result: ReportsResult): string {
  const lines = [
    `Reports over a year (${result.range.from} to ${result.range.to}, weekly, with comparison) at ${result.orderLines.toLocaleString("en")} order lines; aim < ${result.aimMs} ms:`,
    "  report      cold ms   warm p50 ms   warm max ms   rows",
  ];
  for (const timing of result.timings) {
    const flag = timing.warmP50Ms < result.aimMs ? "" : "  (aim not met)";
    lines.push(
      `  ${timing.report.padEnd(10)} ${timing.coldMs.toFixed(0).padStart(8)} ${timing.warmP50Ms.toFixed(0).padStart(13)} ${timing.warmMaxMs.toFixed(0).padStart(13)} ${String(timing.rows).padStart(6)}${flag}`,
    );
  }
  lines.push("", "  every other view    warm p50 ms   warm max ms   rows");
  for (const timing of result.views ?? []) {
    const flag = timing.p50Ms < result.aimMs ? "" : "  (aim not met)";
    lines.push(
      `  ${`${timing.report} ${timing.view}`.padEnd(18)} ${timing.p50Ms.toFixed(0).padStart(12)} ${timing.maxMs.toFixed(0).padStart(13)} ${String(timing.rows).padStart(6)}${flag}`,
    );
  }
  return lines.join("\n");
}
