/** Product page views per day as an area chart. */
import { DailyChart } from "../ui/daily-chart.tsx";

export function ViewsChart(props: { days: readonly { date: string; views: number }[]; height?: number }) {
  return (
    <DailyChart
      kind="area"
      days={props.days.map((day) => ({ date: day.date, value: day.views }))}
      name="Views"
      noun={{ one: "product page view", many: "product page views" }}
      title="Product page views per day"
      height={props.height ?? 260}
    />
  );
}
