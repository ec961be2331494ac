/**
 * The frame every report page shares: range (presets or custom days, in the store's time
 * zone), comparison, grouping, view and filters — all in the URL, so a view can be shared
 * and bookmarked — then the totals with their deltas, the chart, and the table with the
 * same numbers and its CSV export (the server writes exactly this table).
 */
import {
  comparisonLabels,
  comparisons,
  groupings,
  type ReportAnswer,
  type ReportKind,
  rangePresetLabels,
  rangePresets,
  reportViewLabels,
  reportViews,
} from "@atelier/contract";
import { BarChart3, Download, Printer } from "lucide-react";
import { type FormEvent, type ReactNode, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { formatDate } from "../format.ts";
import { downloadCsv } from "../promotions/api.ts";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../ui/card.tsx";
import { Select, TextInput } from "../ui/fields.tsx";
import { EmptyState, QueryError, Skeleton, SkeletonRows } from "../ui/states.tsx";
import { Table } from "../ui/table.tsx";
import { exportEndpoint, useReport } from "./api.ts";
import { formatCell, formatDelta } from "./format.ts";
import { ReportChart } from "./report-chart.tsx";

const queryKeys = [
  "preset",
  "from",
  "to",
  "compare",
  "group",
  "view",
  "category",
  "series",
  "type",
  "collab",
  "warehouse",
  "paymentMethod",
  "zone",
  "deadDays",
] as const;

const filterLabels: Record<string, { label: string; all: string }> = {
  category: { label: "Category", all: "All categories" },
  series: { label: "Series", all: "All series" },
  type: { label: "Product type", all: "All types" },
  collab: { label: "Collab", all: "All collabs" },
  warehouse: { label: "Warehouse", all: "All warehouses" },
  paymentMethod: { label: "Payment method", all: "All methods" },
  zone: { label: "Delivery zone", all: "All zones" },
};

const groupLabels = { day: "Day", week: "Week", month: "Month" } as const;

export function ReportPage(props: {
  kind: ReportKind;
  title: string;
  description: string;
  /** The chart's metric when the URL names none. */
  defaultMetric: string;
  printable?: boolean;
}) {
  const { kind } = props;
  const [params, setParams] = useSearchParams();
  const query: Record<string, string> = {};
  for (const key of queryKeys) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  const report = useReport(kind, query);
  const answer = report.data;
  const id = useId();

  function apply(next: Record<string, string | undefined>) {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true, preventScrollReset: true });
  }

  function onCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    apply({ preset: "custom", from: String(form.get("from") ?? ""), to: String(form.get("to") ?? "") });
  }

  const preset = query.preset ?? answer?.range.preset ?? "30d";
  const view = query.view ?? reportViews[kind][0];
  const metrics = answer?.chart.metrics ?? [];
  const metric =
    metrics.find((candidate) => candidate.key === params.get("metric")) ??
    metrics.find((candidate) => candidate.key === props.defaultMetric) ??
    metrics[0];
  const serverFields =
    report.error && "body" in report.error
      ? (report.error as { body?: { error?: { fields?: Record<string, string> } } }).body?.error?.fields
      : undefined;
  // What the server said of each bad filter (a hand-edited or outdated URL), e.g. "compare: must be …".
  const fieldProblems = serverFields
    ? Object.entries(serverFields)
        .map(([field, message]) => `${field}: ${message}`)
        .join("; ")
    : "";

  const control = (key: string, label: string, children: ReactNode, value: string) => (
    <div className="space-y-1 text-sm">
      <label htmlFor={`${id}-${key}`} className="block font-medium">
        {label}
      </label>
      <Select
        id={`${id}-${key}`}
        value={value}
        className="w-full"
        aria-invalid={serverFields?.[key] ? true : undefined}
        onChange={(event) => apply({ [key]: event.target.value || undefined })}
      >
        {children}
      </Select>
    </div>
  );

  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          <>
            {props.printable ? (
              <Button onClick={() => window.print()} className="print:hidden">
                <Printer aria-hidden className="size-4" /> Print summary
              </Button>
            ) : null}
            <Button
              className="print:hidden"
              onClick={() =>
                downloadCsv(exportEndpoint(kind), {}, query)
                  .then(() => toast.success("The CSV is downloading."))
                  .catch((error: unknown) => toast.error(errorMessage(error)))
              }
            >
              <Download aria-hidden className="size-4" /> Export CSV
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        {answer ? (
          // On paper the settings card is hidden: the period and zone still head the summary.
          <p className="hidden text-sm print:block">
            {formatDate(answer.range.from)} – {formatDate(answer.range.to)} · {answer.range.timeZone}
            {answer.range.compareFrom
              ? ` · compared with ${formatDate(answer.range.compareFrom)} – ${formatDate(answer.range.compareTo)}`
              : ""}
          </p>
        ) : null}
        <Card className="print:hidden">
          <fieldset className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-6">
            <legend className="sr-only">Report settings</legend>
            {control(
              "preset",
              "Date range",
              rangePresets.map((value) => (
                <option key={value} value={value}>
                  {rangePresetLabels[value]}
                </option>
              )),
              preset,
            )}
            {control(
              "compare",
              "Compare with",
              comparisons.map((value) => (
                <option key={value} value={value}>
                  {comparisonLabels[value]}
                </option>
              )),
              query.compare ?? "none",
            )}
            {control(
              "group",
              "Group by",
              groupings.map((value) => (
                <option key={value} value={value}>
                  {groupLabels[value]}
                </option>
              )),
              query.group ?? "day",
            )}
            {control(
              "view",
              "Table rows",
              reportViews[kind].map((value) => (
                <option key={value} value={value}>
                  {reportViewLabels[value] ?? value}
                </option>
              )),
              view,
            )}
            {Object.entries(answer?.filters ?? {}).map(([key, options]) =>
              control(
                key,
                filterLabels[key]?.label ?? key,
                <>
                  <option value="">{filterLabels[key]?.all ?? "All"}</option>
                  {options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </>,
                query[key] ?? "",
              ),
            )}
            {kind === "inventory"
              ? control(
                  "deadDays",
                  "Dead stock: no sale in",
                  [30, 60, 90, 180, 365].map((days) => (
                    <option key={days} value={days}>
                      {days} days
                    </option>
                  )),
                  query.deadDays ?? "60",
                )
              : null}
          </fieldset>
          {preset === "custom" ? (
            <form
              onSubmit={onCustom}
              className="flex flex-wrap items-end gap-3 border-line border-t px-4 py-3"
              aria-label="Custom range"
            >
              <div className="space-y-1 text-sm">
                <label htmlFor={`${id}-from`} className="block font-medium">
                  From
                </label>
                <TextInput
                  id={`${id}-from`}
                  type="date"
                  name="from"
                  defaultValue={query.from ?? answer?.range.from ?? ""}
                  aria-invalid={serverFields?.from ? true : undefined}
                  required
                />
              </div>
              <div className="space-y-1 text-sm">
                <label htmlFor={`${id}-to`} className="block font-medium">
                  To
                </label>
                <TextInput
                  id={`${id}-to`}
                  type="date"
                  name="to"
                  defaultValue={query.to ?? answer?.range.to ?? ""}
                  aria-invalid={serverFields?.to ? true : undefined}
                  required
                />
              </div>
              <Button type="submit" variant="primary">
                Apply
              </Button>
            </form>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2 border-line border-t px-4 py-2 text-muted text-xs">
            <span data-testid="report-range">
              {answer
                ? `${formatDate(answer.range.from)} – ${formatDate(answer.range.to)}${
                    answer.range.compareFrom
                      ? ` vs ${formatDate(answer.range.compareFrom)} – ${formatDate(answer.range.compareTo)}`
                      : ""
                  } · ${answer.range.timeZone}`
                : report.isError
                  ? "No report for these filters"
                  : "Loading…"}
            </span>
            <Link to={{ search: "" }} className="underline">
              Reset
            </Link>
          </div>
          {report.isError && answer ? (
            <p role="alert" className="border-line border-t px-4 py-2 text-red-700 text-sm">
              {errorMessage(report.error)}
              {fieldProblems ? ` (${fieldProblems})` : ""}
            </p>
          ) : null}
        </Card>

        {report.isError && !answer ? (
          <Card>
            <QueryError error={report.error} onRetry={() => void report.refetch()} />
            {fieldProblems ? (
              <p className="-mt-6 px-6 pb-8 text-center text-muted text-sm" data-testid="report-field-problems">
                {fieldProblems}. Pick other filters above, or reset them.
              </p>
            ) : null}
          </Card>
        ) : (
          <div
            className={`space-y-6 ${report.isPlaceholderData ? "opacity-60" : ""}`}
            aria-busy={report.isFetching}
            data-testid="report-body"
          >
            <Totals answer={answer} />
            <Card labelledBy={`${id}-chart`}>
              <CardHeader
                id={`${id}-chart`}
                title={metric ? `${metric.label} per ${answer?.range.group ?? "day"}` : "Chart"}
                actions={
                  metrics.length > 1 ? (
                    <div className="flex items-center gap-2 text-sm print:hidden">
                      <label htmlFor={`${id}-metric`} className="text-muted text-xs">
                        Show
                      </label>
                      <Select
                        id={`${id}-metric`}
                        value={metric?.key ?? ""}
                        onChange={(event) => apply({ metric: event.target.value })}
                      >
                        {metrics.map((candidate) => (
                          <option key={candidate.key} value={candidate.key}>
                            {candidate.label}
                          </option>
                        ))}
                      </Select>
                    </div>
                  ) : null
                }
              />
              <div className="p-4">
                {answer && metric ? (
                  <ReportChart answer={answer} metric={metric} />
                ) : (
                  <Skeleton className="h-[300px] w-full" />
                )}
              </div>
            </Card>
            <Card labelledBy={`${id}-table`}>
              <CardHeader
                id={`${id}-table`}
                title={reportViewLabels[view] ?? "Table"}
                description={
                  answer ? `${answer.table.rows.length} row${answer.table.rows.length === 1 ? "" : "s"}` : undefined
                }
              />
              {answer ? (
                <ReportTable answer={answer} caption={`${props.title}: ${reportViewLabels[view] ?? view}`} />
              ) : (
                <SkeletonRows rows={6} label="Loading the report" />
              )}
            </Card>
            {answer && answer.notes.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-muted text-xs">
                {answer.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
      </div>
    </>
  );
}

function Totals({ answer }: { answer: ReportAnswer | undefined }) {
  if (!answer) {
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
    );
  }
  return (
    <section aria-label="Totals">
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {answer.totals.map((figure) => {
          const change = formatDelta(figure.delta);
          return (
            <li
              key={figure.key}
              className="min-w-0 rounded-xl border border-line bg-white px-4 py-3 shadow-xs"
              data-testid={`total-${figure.key}`}
            >
              <span className="block text-muted text-xs leading-tight">{figure.label}</span>
              <span className="mt-1 block font-semibold text-xl tabular-nums tracking-tight">
                {formatCell(figure.value, figure.format, answer.currency)}
              </span>
              {figure.previous !== null ? (
                <span className="mt-0.5 block text-xs tabular-nums">
                  <span
                    className={
                      figure.delta === null ? "text-muted" : figure.delta >= 0 ? "text-green-800" : "text-red-700"
                    }
                  >
                    {change ?? "—"}
                  </span>{" "}
                  <span className="text-muted">vs {formatCell(figure.previous, figure.format, answer.currency)}</span>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ReportTable({ answer, caption }: { answer: ReportAnswer; caption: string }) {
  const { columns, rows } = answer.table;
  if (rows.length === 0) {
    return (
      <EmptyState icon={BarChart3} title="Nothing in this range">
        Try a longer range or fewer filters.
      </EmptyState>
    );
  }
  return (
    <Table
      caption={caption}
      scrollable
      columns={columns.map((column) => ({
        label: column.label,
        ...(column.format === "text" || column.format === "date" ? {} : { align: "end" as const }),
      }))}
    >
      {rows.map((row) => (
        <tr key={columns.map((column) => String(row.cells[column.key])).join("|")} data-testid="report-row">
          {columns.map((column, at) => {
            const text = formatCell(row.cells[column.key], column.format, answer.currency);
            const numeric = column.format !== "text" && column.format !== "date";
            return (
              <td
                key={column.key}
                className={`whitespace-nowrap px-4 py-2 ${numeric ? "text-right tabular-nums" : ""}`}
              >
                {at === 0 && row.href ? (
                  <Link to={row.href} className="font-medium underline-offset-2 hover:underline">
                    {text}
                  </Link>
                ) : (
                  text
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </Table>
  );
}
