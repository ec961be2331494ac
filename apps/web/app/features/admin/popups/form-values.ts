/**
 * The pop-up form's values (strings, as inputs hold them) and their conversion to the
 * contract's PopupInput: date-time inputs are the staff member's local time, sent as
 * ISO instants to the second.
 */
import type { AdminPopup, PopupInput } from "@atelier/contract";
import type { PopupAudience, PopupFrequency, PopupPlacement } from "@atelier/contract/popup-constants";

export interface PopupFormValues {
  title: string;
  text: string;
  imageFilename: string | null;
  imageAlt: string;
  buttonLabel: string;
  buttonHref: string;
  couponCode: string;
  startsAt: string;
  endsAt: string;
  audience: PopupAudience;
  placement: PopupPlacement;
  categoryId: string;
  frequency: PopupFrequency;
  isEnabled: boolean;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** An ISO instant as a datetime-local value in this browser's time zone (to the second). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A datetime-local value (local time) as an ISO instant; empty stays null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function toFormValues(popup?: AdminPopup): PopupFormValues {
  return {
    title: popup?.title ?? "",
    text: popup?.text ?? "",
    imageFilename: popup?.imageFilename ?? null,
    imageAlt: popup?.imageAlt ?? "",
    buttonLabel: popup?.buttonLabel ?? "",
    buttonHref: popup?.buttonHref ?? "",
    couponCode: popup?.couponCode ?? "",
    startsAt: toLocalInput(popup?.startsAt ?? null),
    endsAt: toLocalInput(popup?.endsAt ?? null),
    audience: popup?.audience ?? "everyone",
    placement: popup?.placement ?? "home",
    categoryId: popup?.categoryId ? String(popup.categoryId) : "",
    frequency: popup?.frequency ?? "session",
    isEnabled: popup?.isEnabled ?? true,
  };
}

export function toPopupInput(values: PopupFormValues): PopupInput {
  return {
    title: values.title,
    text: values.text,
    imageFilename: values.imageFilename,
    imageAlt: values.imageAlt,
    buttonLabel: values.buttonLabel,
    buttonHref: values.buttonHref,
    couponCode: values.couponCode.trim() || null,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    audience: values.audience,
    placement: values.placement,
    categoryId: values.placement === "category" && values.categoryId ? Number(values.categoryId) : null,
    frequency: values.frequency,
    isEnabled: values.isEnabled,
  };
}
