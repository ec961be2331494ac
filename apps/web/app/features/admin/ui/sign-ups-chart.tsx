/**
 * Sign-ups per day as a bar chart (Recharts: one bar per day, because days are counted, not sampled), with a sentence that says the same for
 * screen readers and for anyone who cannot read the chart.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, formatDay } from "../format.ts";

export interface DayCount {
  date: string;
  count: number;
}

const brand = "#9a3412";

export function summarise(days: readonly DayCount[]): string {
  if (days.length === 0) return "No sign-ups to show.";
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best));
  const first = days[0]?.date ?? busiest.date;
  const last = days.at(-1)?.date ?? busiest.date;
  const range = `${formatDay(first)} to ${formatDay(last)}`;
  if (total === 0) return `No sign-ups from ${range}.`;
  return `${formatCount(total)} sign-up${total === 1 ? "" : "s"} from ${range}; the busiest day was ${formatDay(busiest.date)} with ${formatCount(busiest.count)}.`;
}

export function SignUpsChart({
  days,
  height = 220,
  title,
}: {
  days: readonly DayCount[];
  height?: number;
  title: string;
}) {
  return (
    <figure className="m-0">
      <div style={{ height }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[...days]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e7e5e4" />
            <XAxis
              dataKey="date"
              tickFormatter={formatDay}
              tick={{ fontSize: 11, fill: "#57534e" }}
              tickLine={false}
              axisLine={{ stroke: "#e7e5e4" }}
              minTickGap={24}
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#57534e" }} tickLine={false} axisLine={false} />
            <Tooltip
              cursor={{ fill: "#f5f5f4" }}
              labelFormatter={(label) => formatDay(String(label))}
              contentStyle={{ borderRadius: 8, borderColor: "#e7e5e4", fontSize: 12 }}
            />
            <Bar
              dataKey="count"
              name="Sign-ups"
              fill={brand}
              radius={[3, 3, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-muted text-xs">
        <span className="sr-only">{title}: </span>
        {summarise(days)}
      </figcaption>
    </figure>
  );
}
