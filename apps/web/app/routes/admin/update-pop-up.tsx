/** /admin/edit/update-pop-up: every pop-up with its status; pick one to edit it, or delete it. */
import { promotionEndpoints as endpoints, type Popup, popupAudienceLabels } from "@atelier/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquare, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { formatDateTime } from "../../features/admin/format.ts";
import { PopupForm, popupKeys } from "../../features/admin/promotions/popup-form.tsx";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button, buttonClass } from "../../features/admin/ui/button.tsx";
import { Card, PageHeader } from "../../features/admin/ui/card.tsx";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { EmptyState, Pill, type PillTone, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { adminPaths } from "../../lib/admin-paths.ts";
import { browserApi } from "../../lib/api.ts";

const tones: Record<Popup["status"], PillTone> = {
  live: "green",
  scheduled: "amber",
  ended: "neutral",
  disabled: "neutral",
};
const labels: Record<Popup["status"], string> = {
  live: "Live",
  scheduled: "Scheduled",
  ended: "Ended",
  disabled: "Disabled",
};

export function meta() {
  return [{ title: "Update Pop-up" }];
}

export default function UpdatePopUp() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useQuery({ queryKey: popupKeys.all, queryFn: () => browserApi.get(endpoints.popups) });
  const [deleting, setDeleting] = useState<Popup | null>(null);
  const [pending, setPending] = useState(false);
  const editId = Number(params.get("id")) || null;
  const editing = list.data?.find((popup) => popup.id === editId) ?? null;

  async function remove(popup: Popup) {
    setPending(true);
    try {
      await browserApi.send(endpoints.deletePopup, { params: { id: popup.id } });
      toast.success(`Deleted “${popup.title}”`);
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: popupKeys.all });
    }
  }

  if (editing) {
    return (
      <>
        <PageHeader
          title={`Edit “${editing.title}”`}
          actions={<Button onClick={() => setParams({})}>Back to the list</Button>}
        />
        <PopupForm key={editing.version} popup={editing} onSaved={() => setParams({})} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Pop-ups"
        description="Messages shown over the storefront. Each visitor sees one at most as often as it says."
        actions={
          <Link to={adminPaths.addPopUp()} className={buttonClass("primary")}>
            <Plus aria-hidden className="size-4" /> New pop-up
          </Link>
        }
      />
      <Card>
        {list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <SkeletonRows rows={4} label="Loading pop-ups" />
        ) : list.data.length === 0 ? (
          <EmptyState icon={MessageSquare} title="No pop-ups yet">
            <Link to={adminPaths.addPopUp()} className="underline">
              Create the first pop-up
            </Link>
          </EmptyState>
        ) : (
          <Table
            caption="Pop-ups"
            columns={[{ label: "Pop-up" }, { label: "Status" }, { label: "Shown" }, { label: "Actions", hidden: true }]}
          >
            {list.data.map((popup) => (
              <tr key={popup.id} data-testid="popup-row">
                <td className="px-4 py-3">
                  <span className="font-medium">{popup.title}</span>
                  <span className="block text-muted text-xs">
                    {popupAudienceLabels[popup.audience]} ·{" "}
                    {popup.pages === "all" ? "every page" : popup.pages === "home" ? "home page" : "a category"}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <Pill tone={tones[popup.status]}>{labels[popup.status]}</Pill>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-xs">
                  {popup.startsAt ? formatDateTime(popup.startsAt) : "Now"} →{" "}
                  {popup.endsAt ? formatDateTime(popup.endsAt) : "no end"}
                </td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      aria-label={`Edit ${popup.title}`}
                      onClick={() => setParams({ id: String(popup.id) })}
                    >
                      <Pencil aria-hidden className="size-3.5" /> Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="dangerOutline"
                      aria-label={`Delete ${popup.title}`}
                      onClick={() => setDeleting(popup)}
                    >
                      <Trash2 aria-hidden className="size-3.5" />
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete “${deleting?.title ?? ""}”?`}
        description="Shoppers stop seeing it at once. This cannot be undone."
        confirmLabel="Delete pop-up"
        pending={pending}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
