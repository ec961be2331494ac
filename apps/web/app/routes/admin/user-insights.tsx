/** /admin/Analytics/user-insights: sign-ups over a period, user totals and sign-in methods. */
import { useSearchParams } from "react-router";
import { type Period, PeriodPicker, periodFrom } from "../../features/admin/insights/period-picker.tsx";
import { SignInMethodsChart } from "../../features/admin/insights/sign-in-methods.tsx";
import { InsightTotals } from "../../features/admin/insights/totals.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { SignUpsChart } from "../../features/admin/ui/sign-ups-chart.tsx";
import { QueryError, Skeleton, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { useUserInsights } from "../../features/admin/users/api.ts";

export default function UserInsights() {
  const [params, setParams] = useSearchParams();
  const days = periodFrom(params.get("days"));
  const insights = useUserInsights(days);
  const data = insights.data;
  const setDays = (period: Period) =>
    setParams(period === 30 ? {} : { days: String(period) }, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader
        title="User insights"
        description="Who signs up, who comes back, and how they sign in."
        actions={<PeriodPicker value={days} onChange={setDays} />}
      />
      {insights.isError && !data ? (
        <Card>
          <QueryError error={insights.error} onRetry={() => void insights.refetch()} />
        </Card>
      ) : (
        <div className={`space-y-6 ${insights.isPlaceholderData ? "opacity-60" : ""}`} aria-busy={insights.isFetching}>
          <InsightTotals totals={data?.totals} days={days} />
          <Card>
            <CardHeader title="Sign-ups over time" description={`New accounts per day, last ${days} days`} />
            <div className="p-4">
              {data ? (
                <SignUpsChart days={data.signUps} height={260} title={`Sign-ups per day, last ${days} days`} />
              ) : (
                <Skeleton className="h-[284px] w-full" />
              )}
            </div>
          </Card>
          <Card>
            <CardHeader title="Sign-in methods" description={`Successful sign-ins by method, last ${days} days`} />
            {data ? <SignInMethodsChart methods={data.signInMethods} /> : <SkeletonRows rows={4} label="Loading" />}
          </Card>
        </div>
      )}
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
