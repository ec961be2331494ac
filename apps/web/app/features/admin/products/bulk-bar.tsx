/**
 * What to do with the selected products: publish, unpublish, or delete (after a
 * confirmation naming how many). Results come back as toasts; the selection clears.
 */
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { useBulkProducts } from "./api.ts";

export type BulkAction = "publish" | "unpublish" | "delete";
type Action = BulkAction;
const done: Record<Action, string> = { publish: "Published", unpublish: "Unpublished", delete: "Deleted" };
const plural = (count: number) => `${count} product${count === 1 ? "" : "s"}`;

export function BulkBar(props: { ids: number[]; onDone: () => void; actions?: readonly Action[] }) {
  const bulk = useBulkProducts();
  const [confirming, setConfirming] = useState(false);
  const actions = props.actions ?? ["publish", "unpublish", "delete"];
  const count = props.ids.length;

  function run(action: Action) {
    bulk.mutate(
      { action, ids: props.ids },
      {
        onSuccess: ({ affected }) => {
          toast.success(`${done[action]} ${plural(affected)}`);
          setConfirming(false);
          props.onDone();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 border-line border-b bg-stone-50 px-4 py-2"
    >
      <p className="mr-auto font-medium text-sm" aria-live="polite">
        {plural(count)} selected
      </p>
      {actions.includes("publish") ? (
        <Button size="sm" variant="primary" disabled={bulk.isPending} onClick={() => run("publish")}>
          Publish
        </Button>
      ) : null}
      {actions.includes("unpublish") ? (
        <Button size="sm" disabled={bulk.isPending} onClick={() => run("unpublish")}>
          Unpublish
        </Button>
      ) : null}
      {actions.includes("delete") ? (
        <Button size="sm" variant="dangerOutline" disabled={bulk.isPending} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="size-3.5" />
          Delete
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${plural(count)}?`}
        description="Their variants and images go too. This cannot be undone; unpublish instead to hide them from shoppers."
        confirmLabel={`Delete ${plural(count)}`}
        pending={bulk.isPending}
        onConfirm={() => run("delete")}
      />
    </div>
  );
}
