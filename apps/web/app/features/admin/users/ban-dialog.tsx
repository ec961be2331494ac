/** Asks before banning someone, with an optional reason kept on their record. */
import type { UserSummary } from "@atelier/contract";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Field, TextArea } from "../ui/fields.tsx";
import { useBanUser } from "./api.ts";

export function BanDialog({ user, onClose }: { user: Pick<UserSummary, "id" | "name"> | null; onClose: () => void }) {
  const ban = useBanUser();
  const [reason, setReason] = useState("");
  const close = () => {
    setReason("");
    onClose();
  };
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={user ? `Ban ${user.name}?` : "Ban user?"}
      description="Their sessions end at once and they cannot sign in until the ban is lifted."
      confirmLabel="Ban user"
      pending={ban.isPending}
      onConfirm={() => {
        if (!user) return;
        ban.mutate(
          { userId: user.id, reason: reason.trim() },
          {
            onSuccess: () => toast.success(`${user.name} is banned`),
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: close,
          },
        );
      }}
    >
      <Field id="ban-reason" label="Reason (optional)" hint="Only staff see it.">
        <TextArea
          id="ban-reason"
          rows={2}
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}
