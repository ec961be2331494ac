/**
 * Customization requests (issue 7): a shopper (signed in or guest) asks for a made-to-order
 * piece; staff check it, quote a unit price and a delivery time, or reject it with a
 * reason; the shopper accepts the quote and pays it through checkout (`PlaceOrderBody`'s
 * `customizationRequestId`), which turns it into an order.
 *
 * The spec's call `GET /admin/get-all-customization-requests?email=&id=` answers a list
 * with id and isChecked (plus the other fields), unchecked first then id descending. Its
 * `email` and `id` were the caller's identity in the original; they are accepted and
 * ignored: access comes from the session only (staff with the `orders` permission).
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { Id, IdParams, ImageFilename, MinorUnits, VersionField } from "./common.ts";
import { defineEndpoint, recordAction } from "./endpoint.ts";

export const customizationStatusValues = ["new", "quoted", "rejected", "accepted", "ordered", "cancelled"] as const;
export const CustomizationStatus = z.enum(customizationStatusValues);
export type CustomizationStatus = z.infer<typeof CustomizationStatus>;

export const customizationLimits = { maxDescriptionChars: 2000, maxImages: 5, maxQuantity: 100 } as const;

const text = (max: number, required = "is required") =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `must be at most ${max} characters` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .default("");

/** What the shopper and staff both see of a request. */
export const CustomizationRequest = z
  .object({
    id: Id,
    isChecked: z.boolean(),
    checkedDate: z.string().nullable(),
    status: CustomizationStatus,
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    productId: Id.nullable(),
    productName: z.string().nullable(),
    productTypeId: Id.nullable(),
    productTypeName: z.string().nullable(),
    size: z.string(),
    color: z.string(),
    quantity: z.number().int(),
    description: z.string(),
    images: z.array(ImageFilename),
    currency: z.string(),
    /** The quoted price of one piece, minor units (the order's line is this × quantity). */
    quotePrice: MinorUnits.nullable(),
    quoteDeliveryTime: z.string().nullable(),
    quoteNote: z.string(),
    rejectionReason: z.string().nullable(),
    /** The order the accepted quote became (its number), once paid through checkout. */
    orderNumber: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CustomizationRequest" });
export type CustomizationRequest = z.infer<typeof CustomizationRequest>;

export const CreateCustomizationBody = z
  .object({
    productId: Id.nullable().default(null),
    productTypeId: Id.nullable().default(null),
    size: optionalText(40),
    color: optionalText(40),
    quantity: z
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be at least 1" })
      .max(customizationLimits.maxQuantity, { error: `must be at most ${customizationLimits.maxQuantity}` }),
    description: z
      .string()
      .trim()
      .min(10, { error: "Describe what you would like (at least 10 characters)." })
      .max(customizationLimits.maxDescriptionChars, {
        error: `must be at most ${customizationLimits.maxDescriptionChars} characters`,
      }),
    /** Filenames answered by the customer photo upload (`/order-requests/photos`). */
    images: z.array(ImageFilename).max(customizationLimits.maxImages).default([]),
    contact: z.object({
      name: text(120),
      email: z.email({ error: "must be an email address" }).max(254),
      phone: optionalText(32),
    }),
  })
  .superRefine((body, context) => {
    if (body.productId === null && body.productTypeId === null) {
      context.addIssue({ code: "custom", path: ["productTypeId"], message: "choose a base product or a type" });
    }
  });
export type CreateCustomizationBody = z.input<typeof CreateCustomizationBody>;

export const CustomizationParams = IdParams;
const Version = VersionField;
export const VersionBody = z.object({ version: Version });
export const CheckCustomizationBody = z.object({ version: Version, isChecked: z.boolean() });
export const QuoteCustomizationBody = z.object({
  version: Version,
  /** One piece, minor units. */
  price: z.number({ error: "must be a number" }).int({ error: "must be whole minor units" }).positive({
    error: "must be more than 0",
  }),
  deliveryTime: text(120, "say how long it takes (e.g. 2-3 weeks)"),
  note: optionalText(1000),
});
export const RejectCustomizationBody = z.object({ version: Version, reason: text(1000, "give a reason") });

export const CustomizationList = z.array(CustomizationRequest).meta({ id: "CustomizationList" });
export const AllCustomizationRequestsQuery = z.object({
  email: z.string().max(254).optional(),
  id: z.string().max(200).optional(),
});

export const CustomizationOptions = z
  .object({ productTypes: z.array(z.object({ id: Id, name: z.string() })) })
  .meta({ id: "CustomizationOptions" });
export type CustomizationOptions = z.infer<typeof CustomizationOptions>;

/** What staff actions on a request share. */
const staffOnRequest = {
  params: CustomizationParams,
  response: CustomizationRequest,
  tags: ["customization", "admin"],
  access: { permission: "orders" },
} as const;

export const customizationEndpoints = {
  options: defineEndpoint({
    method: "GET",
    path: apiPaths.customizationOptions,
    summary: "What the request form offers: the product types",
    tags: ["customization"],
    response: CustomizationOptions,
  }),
  create: defineEndpoint({
    method: "POST",
    path: apiPaths.customizationRequests,
    summary: "Ask for a customized piece (signed-in shopper or guest by `x-guest-token`)",
    tags: ["customization"],
    body: CreateCustomizationBody,
    response: CustomizationRequest,
  }),
  mine: defineEndpoint({
    method: "GET",
    path: apiPaths.customizationRequests,
    summary: "The caller's customization requests, newest first",
    tags: ["customization"],
    response: CustomizationList,
  }),
  one: defineEndpoint({
    method: "GET",
    path: apiPaths.customizationRequest,
    summary: "One of the caller's customization requests (another's is 404)",
    tags: ["customization"],
    params: CustomizationParams,
    response: CustomizationRequest,
  }),
  accept: defineEndpoint({
    method: "POST",
    path: apiPaths.customizationRequestAccept,
    summary: "Accept the quote (then pay it through checkout with `customizationRequestId`)",
    tags: ["customization"],
    params: CustomizationParams,
    body: VersionBody,
    response: CustomizationRequest,
  }),
  cancel: defineEndpoint({
    method: "POST",
    path: apiPaths.customizationRequestCancel,
    summary: "Withdraw a request (before it is ordered)",
    tags: ["customization"],
    params: CustomizationParams,
    body: VersionBody,
    response: CustomizationRequest,
  }),
  getAll: defineEndpoint({
    method: "GET",
    path: apiPaths.getAllCustomizationRequests,
    summary:
      "The spec's call: every customization request with id and isChecked, unchecked first then id descending; `email` and `id` grant nothing",
    tags: ["customization", "admin"],
    query: AllCustomizationRequestsQuery,
    response: CustomizationList,
    access: { permission: "orders" },
  }),
  adminOne: defineEndpoint({
    method: "GET",
    path: apiPaths.adminCustomizationRequest,
    summary: "One customization request for staff",
    tags: ["customization", "admin"],
    params: CustomizationParams,
    response: CustomizationRequest,
    access: { permission: "orders" },
  }),
  check: recordAction(staffOnRequest, {
    path: apiPaths.adminCustomizationCheck,
    summary: "Mark checked (sets checkedDate) or undo; a stale version is 409",
    body: CheckCustomizationBody,
  }),
  quote: recordAction(staffOnRequest, {
    path: apiPaths.adminCustomizationQuote,
    summary: "Reply with a quote (unit price and delivery time); mailed to the shopper",
    body: QuoteCustomizationBody,
  }),
  reject: recordAction(staffOnRequest, {
    path: apiPaths.adminCustomizationReject,
    summary: "Reject with a reason; mailed to the shopper",
    body: RejectCustomizationBody,
  }),
} as const;
