/**
 * The admin home's "Today" row: orders, units, net sales, total, average order value and
 * new customers so far today (store time zone), from the sales report's own queries.
 * Shown to staff who may open the reports.
 */
import { Link } from "react-router";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useViewer } from "../access/viewer.tsx";
import { formatCount } from "../format.ts";
import { Skeleton } from "../ui/states.tsx";
import { useTodayFigures } from "./api.ts";

export function TodayFigures() {
  const viewer = useViewer();
  const allowed = viewer.can("reports");
  const today = useTodayFigures(allowed);
  if (!allowed) return null;
  const data = today.data;
  const money = (value: number | null | undefined) =>
    value === null || value === undefined || !data ? "—" : formatMoney(value, data.currency);
  const stats: { label: string; value: string | undefined }[] = [
    { label: "Orders", value: data ? formatCount(data.orders) : undefined },
    { label: "Units sold", value: data ? formatCount(data.units) : undefined },
    { label: "Net sales", value: data ? money(data.netSales) : undefined },
    { label: "Total sales", value: data ? money(data.total) : undefined },
    { label: "Average order", value: data ? money(data.averageOrderValue) : undefined },
    { label: "New customers", value: data ? formatCount(data.newCustomers) : undefined },
  ];
  return (
    <section aria-labelledby="today-figures">
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h2 id="today-figures" className="font-semibold text-muted text-xs uppercase tracking-wider">
          Today{data ? ` (${data.timeZone})` : ""}
        </h2>
        <Link to={`${adminPaths.salesReport()}?preset=today`} className="text-xs underline">
          Sales report
        </Link>
      </div>
      {today.isError ? (
        <p className="text-red-700 text-sm" role="alert">
          Today's figures could not be loaded.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          {stats.map((stat) => (
            <li
              key={stat.label}
              className="min-w-0 rounded-xl border border-line bg-white px-4 py-3 shadow-xs"
              data-testid="today-figure"
            >
              <span className="block text-muted text-xs leading-tight">{stat.label}</span>
              <span className="mt-1 block font-semibold text-xl tabular-nums tracking-tight">
                {stat.value === undefined ? <Skeleton className="h-7 w-14" /> : stat.value}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
