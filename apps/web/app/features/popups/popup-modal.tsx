/**
 * The storefront's pop-up modal, loaded on demand by popup-host.tsx once the page has
 * painted (its own chunk, with Radix Dialog: focus trap, Esc, labelled by the title and
 * described by the text, focus back where it was on close). The overlay and the dialog
 * are fixed, so showing it moves nothing on the page.
 */
import type { ActivePopup } from "@atelier/contract";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useState } from "react";
import { PopupCard } from "./popup-card.tsx";

export function PopupModal(props: { popup: ActivePopup; onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const close = () => {
    setOpen(false);
    props.onClosed();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-stone-950/50" />
        <Dialog.Content
          data-testid="popup-modal"
          className="fixed inset-x-3 bottom-3 z-50 max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-2xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2"
          {...(props.popup.text ? {} : { "aria-describedby": undefined })}
        >
          <PopupCard
            popup={props.popup}
            renderTitle={(title, className) => <Dialog.Title className={className}>{title}</Dialog.Title>}
            renderText={(text, className) => <Dialog.Description className={className}>{text}</Dialog.Description>}
            onFollowLink={close}
            closeButton={
              <Dialog.Close
                aria-label="Close"
                className="absolute top-3 right-3 z-10 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm ring-1 ring-stone-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <X aria-hidden className="size-4" />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
