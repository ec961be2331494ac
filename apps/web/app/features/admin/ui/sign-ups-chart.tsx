/** Sign-ups per day: bars, because sign-ups are counted events. */
import { DailyChart } from "./daily-chart.tsx";

export function SignUpsChart(props: {
  days: readonly { date: string; count: number }[];
  height?: number;
  title: string;
}) {
  return (
    <DailyChart
      kind="bar"
      days={props.days.map((day) => ({ date: day.date, value: day.count }))}
      name="Sign-ups"
      noun={{ one: "sign-up", many: "sign-ups" }}
      title={props.title}
      height={props.height ?? 220}
    />
  );
}
