/**
 * Asks before a destructive action (Radix AlertDialog): Cancel has the focus first, the
 * action button says what will happen, and it stays open with a spinner while the call runs.
 * Afterwards focus goes back to the opener (useReturnFocus).
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { buttonClass } from "./button.tsx";
import { useReturnFocus } from "./return-focus.ts";

export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  /** Fields shown between the text and the buttons, e.g. a ban reason. */
  children?: ReactNode;
  onConfirm: () => void;
  /** The control to give focus back to, when it is not the one focused on opening. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const returnFocus = useReturnFocus(props.returnFocusTo);
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-stone-950/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl"
          {...returnFocus}
        >
          <AlertDialog.Title className="font-semibold text-base">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted text-sm">{props.description}</AlertDialog.Description>
          {props.children ? <div className="mt-4">{props.children}</div> : null}
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Cancel</AlertDialog.Cancel>
            <button type="button" className={buttonClass("danger")} disabled={props.pending} onClick={props.onConfirm}>
              {props.pending ? "Working…" : props.confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
