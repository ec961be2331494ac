/**
 * A modal form dialog (Radix Dialog): focus trapped, Escape closes, title announced, and
 * focus back where it was afterwards (useReturnFocus).
 */
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useReturnFocus } from "./return-focus.ts";

export function Dialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
  /** The control to give focus back to, when it is not the one focused on opening (a menu's trigger). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const returnFocus = useReturnFocus(props.returnFocusTo);
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-stone-950/40" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl ${props.wide ? "max-w-3xl" : "max-w-lg"}`}
          {...(props.description ? {} : { "aria-describedby": undefined })}
          {...returnFocus}
        >
          <header className="flex items-start justify-between gap-4 border-line border-b px-5 py-4">
            <div>
              <RadixDialog.Title className="font-semibold text-base">{props.title}</RadixDialog.Title>
              {props.description ? (
                <RadixDialog.Description className="mt-1 text-muted text-sm">
                  {props.description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="-m-1 inline-flex size-8 items-center justify-center rounded-lg text-muted hover:bg-stone-100"
              aria-label="Close"
            >
              <X aria-hidden className="size-4" />
            </RadixDialog.Close>
          </header>
          {props.children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The scrolling body and the fixed button row of a dialog form. */
export function DialogBody({ children }: { children: ReactNode }) {
  return <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>;
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <footer className="flex items-center justify-end gap-2 border-line border-t bg-stone-50 px-5 py-3">
      {children}
    </footer>
  );
}
