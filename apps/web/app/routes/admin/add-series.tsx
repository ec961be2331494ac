/** /admin/add/add-series: add a series (name, description, banner) beside the series that exist. */

import { AddLayout, FormCard } from "../../features/admin/taxonomy/managed-list.tsx";
import { SeriesForm } from "../../features/admin/taxonomy/series/series-form.tsx";
import { SeriesList } from "../../features/admin/taxonomy/series/series-list.tsx";
import { PageHeader } from "../../features/admin/ui/card.tsx";

export default function AddSeries() {
  return (
    <>
      <PageHeader title="Add series" description="A series groups products into a collection with its own banner." />
      <AddLayout
        form={
          <FormCard title="New series">
            <SeriesForm />
          </FormCard>
        }
        list={<SeriesList />}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
