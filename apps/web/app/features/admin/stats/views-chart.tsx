/**
 * Product page views per day as an area chart (Recharts), with a sentence that says the
 * same for screen readers and for anyone who cannot read the chart.
 */
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, formatDay } from "../format.ts";

export interface DayViews {
  date: string;
  views: number;
}

const brand = "#9a3412";

export function summariseViews(days: readonly DayViews[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return "No views to show.";
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const range = `${formatDay(first.date)} to ${formatDay(last.date)}`;
  if (total === 0) return `No product page views from ${range}.`;
  const busiest = days.reduce((best, day) => (day.views > best.views ? day : best));
  return `${formatCount(total)} product page view${total === 1 ? "" : "s"} from ${range}; the busiest day was ${formatDay(busiest.date)} with ${formatCount(busiest.views)}.`;
}

export function ViewsChart({ days, height = 260 }: { days: readonly DayViews[]; height?: number }) {
  return (
    <figure className="m-0">
      <div style={{ height }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={[...days]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
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
              labelFormatter={(label) => formatDay(String(label))}
              contentStyle={{ borderRadius: 8, borderColor: "#e7e5e4", fontSize: 12 }}
            />
            <Area
              type="monotone"
              dataKey="views"
              name="Views"
              stroke={brand}
              fill={brand}
              fillOpacity={0.15}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-muted text-xs">
        <span className="sr-only">Product page views per day: </span>
        {summariseViews(days)}
      </figcaption>
    </figure>
  );
}
