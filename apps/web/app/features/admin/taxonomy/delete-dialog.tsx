/**
 * Asks before deleting a taxonomy row. The server refuses rows still in use and says what
 * uses them ("3 products use this series…"); that message is shown in a toast.
 */
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";

export interface DeleteTarget {
  id: number;
  name: string;
}

export function DeleteDialog(props: {
  kind: string;
  target: DeleteTarget | null;
  onClose: () => void;
  remove: { mutate: (id: number, options: object) => void; isPending: boolean };
  warning?: string | undefined;
}) {
  const { target, kind } = props;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={target ? `Delete the ${kind} "${target.name}"?` : `Delete ${kind}?`}
      description={props.warning ?? "This cannot be undone."}
      confirmLabel={`Delete ${kind}`}
      pending={props.remove.isPending}
      onConfirm={() => {
        if (!target) return;
        props.remove.mutate(target.id, {
          onSuccess: () => toast.success(`Deleted the ${kind} "${target.name}"`),
          onError: (error: unknown) => toast.error(errorMessage(error)),
          onSettled: props.onClose,
        });
      }}
    />
  );
}
