/**
 * Every pop-up with its status (active, scheduled, ended, disabled), where it shows, to
 * whom, how often and when; edit, enable/disable, and delete after a confirmation.
 */
import type { AdminPopup, PopupStatus } from "@atelier/contract";
import { popupAudienceLabels, popupFrequencyLabels, popupPlacementLabels } from "@atelier/contract/popup-constants";
import { Megaphone, Pencil, Power, PowerOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { formatDateTime } from "../format.ts";
import { errorMessage } from "../query-client.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { EmptyState, Pill, type PillTone, QueryError, SkeletonRows } from "../ui/states.tsx";
import { Table } from "../ui/table.tsx";
import { popupsApi } from "./api.ts";

const statusTone: Record<PopupStatus, PillTone> = {
  active: "green",
  scheduled: "amber",
  ended: "neutral",
  disabled: "red",
};
const statusLabel: Record<PopupStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  ended: "Ended",
  disabled: "Disabled",
};

/** Below 1280 px the action buttons show their icons only (their names stay in aria-label). */
const wideOnly = "max-[1279px]:sr-only";

const columns = [
  { label: "Pop-up" },
  { label: "Status and schedule" },
  { label: "Where and to whom" },
  { label: "Actions", hidden: true, align: "end" as const },
];

function schedule(popup: AdminPopup): string {
  const from = popup.startsAt ? formatDateTime(popup.startsAt) : "Now";
  const to = popup.endsAt ? formatDateTime(popup.endsAt) : "no end";
  return `${from} → ${to}`;
}

export function PopupList(props: {
  editHref: (id: number) => string;
  editingId?: number | undefined;
  /** After the pop-up open in the form was deleted. */
  onEditedDeleted?: () => void;
}) {
  const list = popupsApi.useList();
  const setEnabled = popupsApi.useSetEnabled();
  const remove = popupsApi.useRemove();
  const [deleting, setDeleting] = useState<AdminPopup | null>(null);

  async function toggle(popup: AdminPopup) {
    try {
      const saved = await setEnabled.mutateAsync({ id: popup.id, isEnabled: !popup.isEnabled });
      toast.success(saved.isEnabled ? `Enabled “${saved.title}”` : `Disabled “${saved.title}”`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`Deleted “${deleting.title}”`);
      if (deleting.id === props.editingId) props.onEditedDeleted?.();
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Card labelledBy="popups-title">
      <CardHeader
        id="popups-title"
        title="Pop-ups"
        description="Newest first. Status follows the schedule to the second."
        actions={
          <Link to={adminPaths.addPopUp()} className={buttonClass("secondary", "sm")}>
            Add pop-up
          </Link>
        }
      />
      {list.isPending ? (
        <SkeletonRows rows={4} label="Loading pop-ups" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={Megaphone} title="No pop-ups yet">
          <Link to={adminPaths.addPopUp()} className="underline">
            Add the first pop-up
          </Link>{" "}
          to announce a sale or a new collection.
        </EmptyState>
      ) : (
        <Table caption="Pop-ups" columns={columns}>
          {list.data.map((popup) => (
            <tr key={popup.id} className={popup.id === props.editingId ? "bg-stone-50" : undefined}>
              <td className="max-w-64 px-4 py-3">
                <p className="truncate font-medium">{popup.title}</p>
                {popup.couponCode ? <p className="font-mono text-muted text-xs">{popup.couponCode}</p> : null}
              </td>
              <td className="px-4 py-3">
                <Pill tone={statusTone[popup.status]}>{statusLabel[popup.status]}</Pill>
                <span className="mt-1 block whitespace-nowrap text-muted text-xs tabular-nums">{schedule(popup)}</span>
              </td>
              <td className="px-4 py-3">
                <span className="block whitespace-nowrap">
                  {popup.placement === "category"
                    ? `Category: ${popup.categoryName ?? "deleted"}`
                    : popupPlacementLabels[popup.placement]}
                </span>
                <span className="block min-w-40 text-muted text-xs">
                  {popupAudienceLabels[popup.audience]} · {popupFrequencyLabels[popup.frequency].toLowerCase()}
                </span>
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-1.5">
                  <Link
                    to={props.editHref(popup.id)}
                    className={buttonClass("secondary", "sm")}
                    aria-label={`Edit ${popup.title}`}
                    title="Edit"
                  >
                    <Pencil aria-hidden className="size-3.5" />
                    <span className={wideOnly}>Edit</span>
                  </Link>
                  <Button
                    size="sm"
                    onClick={() => void toggle(popup)}
                    disabled={setEnabled.isPending}
                    aria-label={`${popup.isEnabled ? "Disable" : "Enable"} ${popup.title}`}
                    title={popup.isEnabled ? "Disable" : "Enable"}
                  >
                    {popup.isEnabled ? (
                      <PowerOff aria-hidden className="size-3.5" />
                    ) : (
                      <Power aria-hidden className="size-3.5" />
                    )}
                    <span className={wideOnly}>{popup.isEnabled ? "Disable" : "Enable"}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="dangerOutline"
                    onClick={() => setDeleting(popup)}
                    aria-label={`Delete ${popup.title}`}
                    title="Delete"
                  >
                    <Trash2 aria-hidden className="size-3.5" />
                    <span className={wideOnly}>Delete</span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this pop-up?"
        description={`“${deleting?.title ?? ""}” stops showing at once and cannot be restored.`}
        confirmLabel="Delete pop-up"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
