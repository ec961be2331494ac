/** /admin/show/show-views: Statistics / Views, product page views per day and the most viewed products. */
import { useState } from "react";
import { useSearchParams } from "react-router";
import { formatCount, formatDate } from "../../features/admin/format.ts";
import { PeriodPicker } from "../../features/admin/insights/period-picker.tsx";
import { useProductViews } from "../../features/admin/stats/api.ts";
import { customSearch, presetSearch, rangeFromSearch } from "../../features/admin/stats/date-range.ts";
import { RangeForm } from "../../features/admin/stats/range-form.tsx";
import { TopProducts } from "../../features/admin/stats/top-products.tsx";
import { ViewsChart } from "../../features/admin/stats/views-chart.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, Skeleton, SkeletonRows } from "../../features/admin/ui/states.tsx";

export default function ShowViews() {
  const [params, setParams] = useSearchParams();
  // "Today" is fixed while the page is open, so the query key does not change at midnight.
  const [now] = useState(() => new Date());
  const range = rangeFromSearch(params, now);
  const views = useProductViews(range);
  const data = views.data;
  const show = (search: Record<string, string>) => setParams(search, { replace: true, preventScrollReset: true });
  const period = `${formatDate(range.from)} to ${formatDate(range.to)} (UTC)`;

  return (
    <>
      <PageHeader
        title="Statistics / Views"
        description="How often people open each product page. Crawlers and prefetches are not counted."
        actions={<PeriodPicker value={range.preset} onChange={(preset) => show(presetSearch(preset))} />}
      />
      <div className="space-y-6">
        <Card>
          <div className="p-4">
            <RangeForm value={range} onApply={(custom) => show(customSearch(custom))} serverError={views.error} />
          </div>
        </Card>
        {views.isError && !data ? (
          <Card>
            <QueryError error={views.error} onRetry={() => void views.refetch()} />
          </Card>
        ) : (
          <div className={`space-y-6 ${views.isPlaceholderData ? "opacity-60" : ""}`} aria-busy={views.isFetching}>
            <Card labelledBy="views-per-day">
              <CardHeader
                id="views-per-day"
                title="Views per day"
                description={period}
                actions={
                  <p className="text-right">
                    <span className="block text-muted text-xs">Total views</span>
                    <span className="font-semibold text-2xl tabular-nums" data-testid="total-views">
                      {data ? formatCount(data.totalViews) : "…"}
                    </span>
                  </p>
                }
              />
              <div className="p-4">
                {data ? <ViewsChart days={data.days} /> : <Skeleton className="h-[284px] w-full" />}
              </div>
            </Card>
            <Card labelledBy="top-products">
              <CardHeader id="top-products" title="Most viewed products" description={period} />
              {data ? <TopProducts products={data.topProducts} /> : <SkeletonRows rows={5} label="Loading products" />}
            </Card>
          </div>
        )}
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
