/** /admin: the dashboard home (counts, sign-ups over 14 days, recent activity). */
import { useDashboard } from "../../features/admin/dashboard/api.ts";
import { CountCards } from "../../features/admin/dashboard/count-cards.tsx";
import { RecentActivity } from "../../features/admin/dashboard/recent-activity.tsx";
import { TodayFigures } from "../../features/admin/reports/today-figures.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { SignUpsChart } from "../../features/admin/ui/sign-ups-chart.tsx";
import { QueryError, Skeleton, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { useAuth } from "../../features/identity/auth-store.ts";

const chartDays = 14;

export default function AdminHome() {
  const dashboard = useDashboard();
  const { user } = useAuth();
  const data = dashboard.data;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={user ? `Welcome back, ${user.username}. Here is how the shop is doing.` : undefined}
      />
      {dashboard.isError ? (
        <Card>
          <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        </Card>
      ) : (
        <div className="space-y-6">
          {/* Reports (issue 17): today's key figures, from the sales report's queries. */}
          <TodayFigures />
          <CountCards group="catalogue" counts={data?.counts} />
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
            <div className="space-y-6 lg:col-span-3">
              <CountCards group="people" counts={data?.counts} />
              <Card>
                <CardHeader title="Sign-ups" description={`New customer accounts, last ${chartDays} days`} />
                <div className="p-4">
                  {data ? (
                    <SignUpsChart days={data.signUps.slice(-chartDays)} title="Sign-ups per day" />
                  ) : (
                    <Skeleton className="h-[244px] w-full" />
                  )}
                </div>
              </Card>
            </div>
            <Card className="lg:col-span-2 lg:mt-6">
              <CardHeader title="Recent activity" />
              {data ? <RecentActivity items={data.recent} /> : <SkeletonRows rows={6} label="Loading activity" />}
            </Card>
          </div>
        </div>
      )}
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
