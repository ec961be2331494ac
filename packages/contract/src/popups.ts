/**
 * Pop-ups (issue 13, item 5): staff with `promotions` create scheduled pop-ups (image,
 * title, plain text, a button, an optional coupon code); the storefront asks which are
 * running now for the page it shows, and decides audience and frequency in the browser.
 *
 * Title and text are plain text: the storefront renders them as text nodes (React escapes
 * them), never as HTML, so nothing staff type can run in a shopper's browser. The button's
 * link is a same-site path or an http(s) URL (isSafePopupHref), checked here and again
 * when the storefront renders it.
 */
import { z } from "zod";
import { Id, IdParam, ImageFilename } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import {
  isSafePopupHref,
  popupAudiences,
  popupFrequencies,
  popupLimits,
  popupPaths,
  popupPlacements,
} from "./popup-constants.ts";

export const PopupAudienceSchema = z.enum(popupAudiences);
export const PopupPlacementSchema = z.enum(popupPlacements);
export const PopupFrequencySchema = z.enum(popupFrequencies);
/** Disabled by staff, waiting for its start, running, or past its end. */
export const PopupStatus = z.enum(["active", "scheduled", "ended", "disabled"]);
export type PopupStatus = z.infer<typeof PopupStatus>;

const limitedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .default("");

/** An instant with its offset ("2030-01-31T18:00:00Z", "…+06:00"), kept to the second. */
const Instant = z.iso.datetime({ offset: true, error: "must be a date and time" });

export const PopupInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: "is required" })
      .max(popupLimits.title, { error: `must be at most ${popupLimits.title} characters` }),
    /** Plain text; line breaks are kept. */
    text: limitedText(popupLimits.text),
    imageFilename: ImageFilename.nullable().default(null),
    imageAlt: limitedText(popupLimits.imageAlt),
    buttonLabel: limitedText(popupLimits.buttonLabel),
    buttonHref: limitedText(popupLimits.href).refine((value) => value === "" || isSafePopupHref(value), {
      error: 'must be a path on this site (such as "/categories/Men") or an http(s) address',
    }),
    /** Shown with a copy button; the coupon itself lives in the promotions module. */
    couponCode: z
      .string()
      .trim()
      .max(popupLimits.couponCode, { error: `must be at most ${popupLimits.couponCode} characters` })
      .regex(/^[A-Za-z0-9_-]*$/, { error: "may only hold letters, digits, - and _ (no spaces)" })
      .nullable()
      .default(null)
      .transform((value) => (value ? value : null)),
    /** null: from now on. */
    startsAt: Instant.nullable().default(null),
    /** null: until staff end it. */
    endsAt: Instant.nullable().default(null),
    audience: PopupAudienceSchema.default("everyone"),
    placement: PopupPlacementSchema.default("home"),
    /** The category whose pages show it (placement "category" only). */
    categoryId: Id.nullable().default(null),
    frequency: PopupFrequencySchema.default("session"),
    isEnabled: z.boolean().default(true),
  })
  .superRefine((input, context) => {
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "must be after the start" });
    }
    if (input.buttonLabel && !input.buttonHref) {
      context.addIssue({ code: "custom", path: ["buttonHref"], message: "is required when the button has a label" });
    }
    if (input.buttonHref && !input.buttonLabel) {
      context.addIssue({ code: "custom", path: ["buttonLabel"], message: "is required when the button has a link" });
    }
    if (input.placement === "category" && input.categoryId === null) {
      context.addIssue({ code: "custom", path: ["categoryId"], message: "choose a category" });
    }
  });
export type PopupInput = z.input<typeof PopupInput>;

export const AdminPopup = z
  .object({
    id: Id,
    title: z.string(),
    text: z.string(),
    imageFilename: z.string().nullable(),
    imageAlt: z.string(),
    buttonLabel: z.string(),
    buttonHref: z.string(),
    couponCode: z.string().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    audience: PopupAudienceSchema,
    placement: PopupPlacementSchema,
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    frequency: PopupFrequencySchema,
    isEnabled: z.boolean(),
    status: PopupStatus,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminPopup" });
export type AdminPopup = z.infer<typeof AdminPopup>;

/** What the storefront needs to show one pop-up. */
export const ActivePopup = z
  .object({
    id: Id,
    title: z.string(),
    text: z.string(),
    /** Width and height let the modal reserve the image's space before it loads. */
    image: z
      .object({ filename: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable(),
    button: z.object({ label: z.string(), href: z.string() }).nullable(),
    couponCode: z.string().nullable(),
    audience: PopupAudienceSchema,
    frequency: PopupFrequencySchema,
    /** Changes when staff edit it (the browser's memory of a dismissal is per pop-up). */
    updatedAt: z.string(),
  })
  .meta({ id: "ActivePopup" });
export type ActivePopup = z.infer<typeof ActivePopup>;

export const ActivePopupsQuery = z.object({
  /** The home page, or any other storefront page. */
  page: z.enum(["home", "other"]).default("other"),
  /** The top-level category the page belongs to, if any. */
  categoryId: IdParam.optional(),
});
export type ActivePopupsQuery = z.input<typeof ActivePopupsQuery>;

const PopupIdParams = z.object({ id: IdParam });
const tags = ["admin: pop-ups"];
const access = { permission: "promotions" } as const;

export const popupEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: popupPaths.adminPopups,
    summary: "Every pop-up with its status (active, scheduled, ended, disabled), newest first",
    tags,
    access,
    response: z.array(AdminPopup),
  }),
  get: defineEndpoint({
    method: "GET",
    path: popupPaths.adminPopup,
    summary: "One pop-up",
    tags,
    access,
    params: PopupIdParams,
    response: AdminPopup,
  }),
  create: defineEndpoint({
    method: "POST",
    path: popupPaths.adminPopups,
    summary: "Creates a pop-up (422 naming the field: end before start, unsafe link, …)",
    tags,
    access,
    body: PopupInput,
    response: AdminPopup,
  }),
  update: defineEndpoint({
    method: "PUT",
    path: popupPaths.adminPopup,
    summary: "Replaces a pop-up's content, schedule and targeting",
    tags,
    access,
    params: PopupIdParams,
    body: PopupInput,
    response: AdminPopup,
  }),
  setEnabled: defineEndpoint({
    method: "POST",
    path: popupPaths.adminPopupEnabled,
    summary: "Turns a pop-up on or off without touching its schedule",
    tags,
    access,
    params: PopupIdParams,
    body: z.object({ isEnabled: z.boolean() }),
    response: AdminPopup,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: popupPaths.adminPopup,
    summary: "Deletes a pop-up",
    tags,
    access,
    params: PopupIdParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
  active: defineEndpoint({
    method: "GET",
    path: popupPaths.activePopups,
    summary:
      "The enabled pop-ups whose schedule runs at this second, for the home page or another page (of a category); audience and frequency are the browser's to apply",
    tags: ["storefront"],
    query: ActivePopupsQuery,
    response: z.array(ActivePopup),
  }),
} as const;
