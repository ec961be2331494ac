/**
 * A count per day as a chart (Recharts), with a sentence that says the same for screen
 * readers and for anyone who cannot read the chart. Counted events (sign-ups) are bars,
 * one per day; a continuous measure (page views) is an area.
 */
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, formatDay } from "../format.ts";

export interface DayValue {
  date: string;
  value: number;
}

const brand = "#9a3412";
const tick = { fontSize: 11, fill: "#57534e" };

/** "12 sign-ups from 1 Nov to 7 Nov; the busiest day was 3 Nov with 5." */
export function summariseDays(days: readonly DayValue[], noun: { one: string; many: string }): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return `No ${noun.many} to show.`;
  const total = days.reduce((sum, day) => sum + day.value, 0);
  const range = `${formatDay(first.date)} to ${formatDay(last.date)}`;
  if (total === 0) return `No ${noun.many} from ${range}.`;
  const busiest = days.reduce((best, day) => (day.value > best.value ? day : best));
  return `${formatCount(total)} ${total === 1 ? noun.one : noun.many} from ${range}; the busiest day was ${formatDay(busiest.date)} with ${formatCount(busiest.value)}.`;
}

export function DailyChart(props: {
  days: readonly DayValue[];
  kind: "bar" | "area";
  /** The series name in the tooltip, e.g. "Sign-ups". */
  name: string;
  noun: { one: string; many: string };
  /** What the chart shows, read before the summary by screen readers. */
  title: string;
  height?: number;
}) {
  const data = [...props.days];
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="#e7e5e4" />
      <XAxis
        dataKey="date"
        tickFormatter={formatDay}
        tick={tick}
        tickLine={false}
        axisLine={{ stroke: "#e7e5e4" }}
        minTickGap={24}
      />
      <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} />
      <Tooltip
        {...(props.kind === "bar" ? { cursor: { fill: "#f5f5f4" } } : {})}
        labelFormatter={(label) => formatDay(String(label))}
        contentStyle={{ borderRadius: 8, borderColor: "#e7e5e4", fontSize: 12 }}
      />
    </>
  );
  const margin = { top: 8, right: 8, bottom: 0, left: -16 };
  return (
    <figure className="m-0">
      <div style={{ height: props.height ?? 240 }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          {props.kind === "bar" ? (
            <BarChart data={data} margin={margin} accessibilityLayer={false}>
              {axes}
              <Bar
                dataKey="value"
                name={props.name}
                fill={brand}
                radius={[3, 3, 0, 0]}
                maxBarSize={28}
                isAnimationActive={false}
              />
            </BarChart>
          ) : (
            <AreaChart data={data} margin={margin} accessibilityLayer={false}>
              {axes}
              <Area
                type="monotone"
                dataKey="value"
                name={props.name}
                stroke={brand}
                fill={brand}
                fillOpacity={0.15}
                strokeWidth={2}
                isAnimationActive={false}
              />
            </AreaChart>
          )}
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-muted text-xs">
        <span className="sr-only">{props.title}: </span>
        {summariseDays(props.days, props.noun)}
      </figcaption>
    </figure>
  );
}
