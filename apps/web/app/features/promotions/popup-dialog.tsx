/** The pop-up itself: a native modal dialog (focus kept inside, Escape closes, labelled). */
import type { LivePopup } from "@atelier/contract";
import { Check, Copy, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { imageUrl } from "../../lib/images.ts";

export function PopupDialog({ popup, onClose }: { popup: LivePopup; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const internal = popup.buttonUrl.startsWith("/");
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={popup.body ? bodyId : undefined}
      onKeyDown={(event) => {
        // Keep Tab inside: a modal dialog makes the page inert, but Tab could still leave for the browser's own controls.
        if (event.key !== "Tab" || !ref.current) return;
        const focusable = [...ref.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
      className="m-auto w-[calc(100vw-2rem)] max-w-md overflow-hidden rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-stone-950/50"
      data-testid="popup"
    >
      <div className="relative">
        {popup.image ? (
          <img
            src={imageUrl(popup.image, 480)}
            alt=""
            width={480}
            height={270}
            className="aspect-video w-full object-cover"
          />
        ) : null}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="space-y-3 p-6">
        <h2 id={titleId} className="pr-8 font-bold text-xl tracking-tight">
          {popup.title}
        </h2>
        {popup.body ? (
          <p id={bodyId} className="whitespace-pre-line text-stone-700">
            {popup.body}
          </p>
        ) : null}
        {popup.couponCode ? (
          <div className="flex items-center justify-between gap-2 rounded-lg border border-dashed border-stone-400 bg-stone-50 px-3 py-2">
            <span>
              <span className="sr-only">Coupon code: </span>
              <span className="font-mono font-semibold">{popup.couponCode}</span>
            </span>
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-sm hover:bg-stone-200"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(popup.couponCode ?? "")
                  .then(() => setCopied(true))
                  .catch(() => undefined);
              }}
            >
              {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
              {copied ? "Copied" : "Copy code"}
            </button>
          </div>
        ) : null}
        <p role="status" className="sr-only">
          {copied ? "Coupon code copied" : ""}
        </p>
        {popup.buttonLabel && popup.buttonUrl ? (
          internal ? (
            <Link
              to={popup.buttonUrl}
              onClick={onClose}
              className="flex h-11 items-center justify-center rounded-full bg-ink font-semibold text-white hover:bg-stone-700"
            >
              {popup.buttonLabel}
            </Link>
          ) : (
            <a
              href={popup.buttonUrl}
              rel="noopener noreferrer"
              className="flex h-11 items-center justify-center rounded-full bg-ink font-semibold text-white hover:bg-stone-700"
            >
              {popup.buttonLabel}
            </a>
          )
        ) : null}
      </div>
    </dialog>
  );
}
