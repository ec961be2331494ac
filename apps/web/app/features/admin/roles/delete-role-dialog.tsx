/** Asks before deleting a role; the server refuses roles still held and the Owner role, with its reason. */
import type { Role } from "@atelier/contract";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { useDeleteRole } from "./api.ts";

export function DeleteRoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const remove = useDeleteRole();
  return (
    <ConfirmDialog
      open={role !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={role ? `Delete the ${role.name} role?` : "Delete role?"}
      description={
        role && role.userCount > 0
          ? `${role.userCount} ${role.userCount === 1 ? "person holds" : "people hold"} this role. Take it away from them first.`
          : "Nobody will be able to get this role back; you would have to create it again."
      }
      confirmLabel="Delete role"
      pending={remove.isPending}
      onConfirm={() => {
        if (!role) return;
        remove.mutate(role.id, {
          onSuccess: () => toast.success(`Deleted the ${role.name} role`),
          onError: (error) => toast.error(errorMessage(error)),
          onSettled: onClose,
        });
      }}
    />
  );
}
