/**
 * Asks before banning someone, with an optional reason kept on their record. A refusal
 * (banning oneself, the last Owner) keeps the dialog and the reason typed, with the
 * server's message in a toast.
 */
import { BanBody, type UserSummary } from "@atelier/contract";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../query-client.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Field, TextArea } from "../ui/fields.tsx";
import { useBanUser } from "./api.ts";

const reasonMaxLength = BanBody.shape.reason.unwrap().maxLength ?? undefined;

export function BanDialog(props: {
  user: Pick<UserSummary, "id" | "name"> | null;
  onClose: () => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const { user, onClose } = props;
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
      returnFocusTo={props.returnFocusTo}
      onConfirm={() => {
        if (!user) return;
        ban.mutate(
          { userId: user.id, reason: reason.trim() },
          {
            onSuccess: () => {
              toast.success(`${user.name} is banned`);
              close();
            },
            onError: (error) => toast.error(errorMessage(error)),
          },
        );
      }}
    >
      <Field id="ban-reason" label="Reason (optional)" hint="Only staff see it.">
        {(control) => (
          <TextArea
            {...control}
            rows={2}
            maxLength={reasonMaxLength}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
