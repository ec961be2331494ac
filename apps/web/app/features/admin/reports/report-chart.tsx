/**
 * A report's chart (Recharts): the chosen metric per period as bars, the comparison period
 * as a line at the same positions, and a sentence saying the same for screen readers.
 */
import type { ReportAnswer, ReportColumn } from "@atelier/contract";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay } from "../format.ts";
import { formatCell } from "./format.ts";

const brand = "#9a3412";
const previousColor = "#57534e";
const tick = { fontSize: 11, fill: "#57534e" };
/** Figures whose periods do not add up: an average, or people counted once per period. */
const notAdditive = new Set(["aov", "customers", "returning"]);

export function ReportChart(props: { answer: ReportAnswer; metric: ReportColumn }) {
  const { answer, metric } = props;
  const hasPrevious = answer.chart.points.some((point) => point.previous !== null);
  const data = answer.chart.points.map((point) => ({
    period: point.period,
    value: point.values[metric.key] ?? null,
    previous: point.previous?.[metric.key] ?? null,
  }));
  const total = data.reduce((sum, point) => sum + (point.value ?? 0), 0);
  const busiest = data.reduce<(typeof data)[number] | null>(
    (best, point) => ((point.value ?? 0) > (best?.value ?? Number.NEGATIVE_INFINITY) ? point : best),
    null,
  );
  const show = (value: number) => formatCell(value, metric.format, answer.currency);
  const compact = (value: number) =>
    metric.format === "money"
      ? Intl.NumberFormat("en", { notation: "compact" }).format(value / 100)
      : metric.format === "percent"
        ? `${Math.round(value * 100)}%`
        : Intl.NumberFormat("en", { notation: "compact" }).format(value);
  const summary =
    data.length === 0
      ? "Nothing to show."
      : `${metric.label} per ${answer.range.group} from ${formatDay(answer.range.from)} to ${formatDay(answer.range.to)}` +
        (notAdditive.has(metric.key) || metric.format === "percent" ? "" : `: ${show(total)} in all`) +
        (busiest && (busiest.value ?? 0) > 0
          ? `; highest ${formatDay(busiest.period)} with ${show(busiest.value ?? 0)}.`
          : ".");
  return (
    <figure className="m-0" data-testid="report-chart">
      <div style={{ height: 280 }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e7e5e4" />
            <XAxis dataKey="period" tickFormatter={formatDay} tick={tick} tickLine={false} minTickGap={24} />
            <YAxis tick={tick} tickLine={false} axisLine={false} tickFormatter={compact} width={48} />
            <Tooltip
              cursor={{ fill: "#f5f5f4" }}
              labelFormatter={(label) => formatDay(String(label))}
              formatter={(value) => show(Number(value))}
              contentStyle={{ borderRadius: 8, borderColor: "#e7e5e4", fontSize: 12 }}
            />
            {hasPrevious ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            <Bar
              dataKey="value"
              name={metric.label}
              fill={brand}
              radius={[3, 3, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
            {hasPrevious ? (
              <Line
                dataKey="previous"
                name="Comparison period"
                stroke={previousColor}
                strokeDasharray="4 3"
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ) : null}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-muted text-xs">{summary}</figcaption>
    </figure>
  );
}
