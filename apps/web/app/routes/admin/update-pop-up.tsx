/**
 * /admin/edit/update-pop-up: every pop-up with its status; `?id=` opens one in the form
 * (with its live preview) above the list.
 */
import { useSearchParams } from "react-router";
import { popupsApi } from "../../features/admin/popups/api.ts";
import { PopupForm } from "../../features/admin/popups/popup-form.tsx";
import { PopupList } from "../../features/admin/popups/popup-list.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";

export default function UpdatePopUp() {
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get("id"));
  const editingId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const editing = popupsApi.useOne(editingId);
  const close = () => setSearch({}, { preventScrollReset: true });

  return (
    <>
      <PageHeader title="Update pop-ups" description="Edit, switch on or off, or delete the shop's pop-ups." />
      {editingId !== undefined ? (
        <div className="mb-6">
          {editing.isPending ? (
            <Card>
              <SkeletonRows rows={6} label="Loading the pop-up" />
            </Card>
          ) : editing.isError ? (
            <Card>
              <QueryError error={editing.error} onRetry={() => void editing.refetch()} />
            </Card>
          ) : (
            <PopupForm key={editing.data.id} popup={editing.data} onSaved={close} onCancel={close} />
          )}
        </div>
      ) : null}
      <PopupList
        editHref={(id) => `${adminPaths.updatePopUp()}?id=${id}`}
        editingId={editingId}
        onEditedDeleted={close}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
