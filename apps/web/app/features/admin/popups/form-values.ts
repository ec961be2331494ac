/**
 * The pop-up form's values (strings, as inputs hold them) and their conversion to the
 * contract's PopupInput: date-time inputs are the staff member's local time, sent as
 * ISO instants to the second.
 */
import type { AdminPopup, PopupInput } from "@atelier/contract";
import type { PopupAudience, PopupFrequency, PopupPlacement } from "@atelier/contract/popup-constants";
import { fromStoreInput, toStoreInput } from "../../../lib/store-time.ts";

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

/** Times are the store's wall-clock times (lib/store-time.ts). */
export function toFormValues(timeZone: string, popup?: AdminPopup): PopupFormValues {
  return {
    title: popup?.title ?? "",
    text: popup?.text ?? "",
    imageFilename: popup?.imageFilename ?? null,
    imageAlt: popup?.imageAlt ?? "",
    buttonLabel: popup?.buttonLabel ?? "",
    buttonHref: popup?.buttonHref ?? "",
    couponCode: popup?.couponCode ?? "",
    startsAt: toStoreInput(popup?.startsAt ?? null, timeZone, { seconds: true }),
    endsAt: toStoreInput(popup?.endsAt ?? null, timeZone, { seconds: true }),
    audience: popup?.audience ?? "everyone",
    placement: popup?.placement ?? "home",
    categoryId: popup?.categoryId ? String(popup.categoryId) : "",
    frequency: popup?.frequency ?? "session",
    isEnabled: popup?.isEnabled ?? true,
  };
}

export function toPopupInput(values: PopupFormValues, timeZone: string): PopupInput {
  return {
    title: values.title,
    text: values.text,
    imageFilename: values.imageFilename,
    imageAlt: values.imageAlt,
    buttonLabel: values.buttonLabel,
    buttonHref: values.buttonHref,
    couponCode: values.couponCode.trim() || null,
    startsAt: fromStoreInput(values.startsAt, timeZone),
    endsAt: fromStoreInput(values.endsAt, timeZone),
    audience: values.audience,
    placement: values.placement,
    categoryId: values.placement === "category" && values.categoryId ? Number(values.categoryId) : null,
    frequency: values.frequency,
    isEnabled: values.isEnabled,
  };
}
