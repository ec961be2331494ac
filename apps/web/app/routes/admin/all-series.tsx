/** /admin/show/show-all-series: every series with its banner and product count; edit and delete. */
import { Link } from "react-router";
import { SeriesList } from "../../features/admin/taxonomy/series/series-list.tsx";
import { buttonClass } from "../../features/admin/ui/button.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function AllSeries() {
  return (
    <>
      <PageHeader
        title="Series"
        description="Collections of products. A series that products belong to cannot be deleted."
        actions={
          <Link to={adminPaths.addSeries()} className={buttonClass("primary")}>
            Add series
          </Link>
        }
      />
      <SeriesList />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
