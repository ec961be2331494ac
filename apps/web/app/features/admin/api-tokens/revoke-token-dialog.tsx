/** Asks before revoking a token: integrations using it stop at their next request. */
import type { ApiToken } from "@atelier/contract";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { useRevokeApiToken } from "./api.ts";

export function RevokeTokenDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  return (
    <ConfirmDialog
      open={token !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={token ? `Revoke the token ${token.name}?` : "Revoke token?"}
      description="Whatever uses it is refused from its next request. A revoked token cannot be turned back on; make a new one instead."
      confirmLabel="Revoke token"
      pending={revoke.isPending}
      onConfirm={() => {
        if (!token) return;
        revoke.mutate(token.id, {
          onSuccess: () => toast.success(`Revoked the token ${token.name}`),
          onError: (error) => toast.error(errorMessage(error)),
          onSettled: onClose,
        });
      }}
    />
  );
}
