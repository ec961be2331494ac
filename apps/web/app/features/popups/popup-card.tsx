/**
 * The pop-up's content, shared by the storefront modal and the admin's live preview:
 * image (a fixed 16:9 box, so nothing moves while it loads), title, plain text (React
 * text nodes: whatever staff typed is shown, never run), an optional coupon code with a
 * copy button and an optional button. The link is checked again here (isSafePopupHref).
 */
import { isSafePopupHref } from "@atelier/contract/popup-constants";
import { Check, Copy } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { imageUrl } from "../../lib/images.ts";

export interface PopupContent {
  title: string;
  text: string;
  image: { filename: string; alt: string } | null;
  button: { label: string; href: string } | null;
  couponCode: string | null;
}

export function PopupCard(props: {
  popup: PopupContent;
  /** The heading (the modal passes Radix's Dialog.Title). */
  renderTitle: (title: string, className: string) => ReactNode;
  renderText?: (text: string, className: string) => ReactNode;
  /** The preview shows the button without following it. */
  interactive?: boolean;
  onFollowLink?: () => void;
  /** Room on the right of the title for a close button. */
  closeButton?: ReactNode;
}) {
  const { popup, interactive = true } = props;
  const titleClass = "font-semibold text-ink text-xl leading-snug tracking-tight break-words";
  const textClass = "whitespace-pre-line break-words text-sm text-stone-700";
  const button = popup.button && isSafePopupHref(popup.button.href) ? popup.button : null;
  return (
    <div className="relative overflow-hidden rounded-2xl bg-white shadow-2xl">
      {popup.image ? (
        <div className="aspect-[16/9] w-full bg-stone-100">
          <img
            src={imageUrl(popup.image.filename, 960)}
            srcSet={`${imageUrl(popup.image.filename, 480)} 480w, ${imageUrl(popup.image.filename, 960)} 960w`}
            sizes="(min-width: 640px) 28rem, 100vw"
            alt={popup.image.alt}
            width={960}
            height={540}
            decoding="async"
            className="size-full object-cover"
          />
        </div>
      ) : null}
      {props.closeButton}
      <div className="space-y-3 p-5 sm:p-6">
        {props.renderTitle(popup.title, `${titleClass} ${props.closeButton && !popup.image ? "pr-8" : ""}`)}
        {popup.text
          ? (props.renderText ?? ((text, className) => <p className={className}>{text}</p>))(popup.text, textClass)
          : null}
        {popup.couponCode ? <CouponCode code={popup.couponCode} interactive={interactive} /> : null}
        {button ? (
          <div className="pt-1">
            <PopupLink href={button.href} interactive={interactive} onFollow={props.onFollowLink}>
              {button.label}
            </PopupLink>
          </div>
        ) : null}
      </div>
    </div>
  );
}

const linkClass =
  "inline-flex h-11 w-full items-center justify-center rounded-lg bg-ink px-5 font-medium text-sm text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 sm:w-auto";

function PopupLink(props: {
  href: string;
  interactive: boolean;
  onFollow?: (() => void) | undefined;
  children: string;
}) {
  if (!props.interactive) return <span className={linkClass}>{props.children}</span>;
  if (props.href.startsWith("/")) {
    return (
      <Link to={props.href} className={linkClass} onClick={props.onFollow}>
        {props.children}
      </Link>
    );
  }
  return (
    <a href={props.href} className={linkClass} rel="noopener" onClick={props.onFollow}>
      {props.children}
    </a>
  );
}

function CouponCode({ code, interactive }: { code: string; interactive: boolean }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="flex items-center gap-2 rounded-lg border border-stone-300 border-dashed bg-stone-50 p-2 pl-3">
      <span className="text-muted text-xs">Code</span>
      <code className="min-w-0 flex-1 truncate font-mono font-semibold text-ink text-sm tracking-wide">{code}</code>
      <button
        type="button"
        onClick={interactive ? () => void copy() : undefined}
        aria-disabled={interactive ? undefined : true}
        className="inline-flex h-9 items-center gap-1.5 rounded-md border border-stone-300 bg-white px-3 font-medium text-ink text-xs hover:bg-stone-100"
      >
        {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
        {copied ? "Copied" : "Copy code"}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? `Copied ${code}` : ""}
      </span>
    </div>
  );
}
