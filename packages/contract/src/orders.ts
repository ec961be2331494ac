/**
 * Orders, customer side (issue 6): my orders (drafts hidden, spec section 4), one order
 * with its lines, totals, payment state and public timeline, a guest's signed order link,
 * and cancel / return requests with photos.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { CurrencyCode, Id, ImageFilename, MinorUnits, PageQuery, pageOf } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { UploadedImage } from "./media.ts";

export const orderStatusValues = [
  "pending_payment",
  "placed",
  "confirmed",
  "packed",
  "shipped",
  "delivered",
  "cancelled",
  "return_requested",
  "returned",
  "refunded",
] as const;
export const OrderStatus = z.enum(orderStatusValues);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const PaymentMethod = z.enum(["cod", "manual_transfer", "card"]);
export const PaymentState = z.enum([
  "unpaid",
  "awaiting_verification",
  "paid",
  "partially_refunded",
  "refunded",
  "failed",
  "expired",
]);
export const OrderRequestKind = z.enum(["cancel", "return"]);
export const OrderRequestStatus = z.enum(["open", "approved", "rejected", "received", "refunded"]);

/** An order number as shoppers quote it ("A10042"). */
export const OrderNumber = z.string().regex(/^[A-Z]{1,3}\d{1,12}$/, { error: "is not an order number" });

export const OrderSummary = z
  .object({
    number: z.string(),
    placedAt: z.string(),
    status: OrderStatus,
    paymentMethod: PaymentMethod,
    paymentState: PaymentState,
    currency: CurrencyCode,
    total: MinorUnits,
    itemCount: z.number().int(),
    /** The first line's image, for the list. */
    filename: ImageFilename.nullable(),
  })
  .meta({ id: "OrderSummary" });
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderLine = z.object({
  id: Id,
  productId: Id.nullable(),
  productName: z.string(),
  sizeName: z.string(),
  colorName: z.string(),
  sku: z.string(),
  filename: ImageFilename.nullable(),
  unitPrice: MinorUnits,
  quantity: z.number().int(),
  totalPrice: MinorUnits,
  returnedQuantity: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderTimelineEvent = z.object({
  at: z.string(),
  kind: z.string(),
  fromStatus: OrderStatus.nullable(),
  toStatus: OrderStatus.nullable(),
  message: z.string(),
  actorName: z.string(),
});
export type OrderTimelineEvent = z.infer<typeof OrderTimelineEvent>;

export const CustomerOrderRequest = z
  .object({
    id: Id,
    kind: OrderRequestKind,
    status: OrderRequestStatus,
    reason: z.string(),
    items: z.array(z.object({ orderLineId: Id, quantity: z.number().int() })),
    photos: z.array(ImageFilename),
    resolutionNote: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "CustomerOrderRequest" });
export type CustomerOrderRequest = z.infer<typeof CustomerOrderRequest>;

export const PostalAddressShape = z.object({
  fullName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

export const CustomerOrder = z
  .object({
    number: z.string(),
    placedAt: z.string(),
    status: OrderStatus,
    paymentMethod: PaymentMethod,
    paymentState: PaymentState,
    transferReference: z.string().nullable(),
    currency: CurrencyCode,
    subtotal: MinorUnits,
    discount: MinorUnits,
    couponCode: z.string().nullable(),
    deliveryFee: MinorUnits,
    tax: MinorUnits,
    total: MinorUnits,
    customerName: z.string(),
    email: z.string(),
    phone: z.string(),
    shippingAddress: PostalAddressShape,
    deliveryZoneName: z.string(),
    courier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    lines: z.array(OrderLine),
    timeline: z.array(OrderTimelineEvent),
    requests: z.array(CustomerOrderRequest),
    /** Whether a cancel request can be made now (before shipping, none open). */
    canRequestCancel: z.boolean(),
    /** Whether a return request can be made now (delivered, within the window, none open). */
    canRequestReturn: z.boolean(),
    /** The last moment a return may be asked for (null until delivered). */
    returnUntil: z.string().nullable(),
  })
  .meta({ id: "CustomerOrder" });
export type CustomerOrder = z.infer<typeof CustomerOrder>;

export const MyOrdersQuery = PageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(50).default(10) });
export const MyOrdersPage = pageOf(OrderSummary).meta({ id: "MyOrdersPage" });
export type MyOrdersPage = z.infer<typeof MyOrdersPage>;

export const MyOrderParams = z.object({ number: OrderNumber });
/** A guest's signed order link carries `token`; signed-in owners and guests with their token need none. */
export const OrderAccessQuery = z.object({ token: z.string().min(1).max(200).optional() });

export const orderRequestLimits = { maxReasonChars: 1000, maxPhotos: 5 } as const;

const Reason = z
  .string()
  .trim()
  .min(3, { error: "Tell us briefly why." })
  .max(orderRequestLimits.maxReasonChars, { error: `At most ${orderRequestLimits.maxReasonChars} characters.` });

export const CreateOrderRequestBody = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("cancel"), reason: Reason }),
  z.object({
    kind: z.literal("return"),
    reason: Reason,
    items: z
      .array(
        z.object({
          orderLineId: Id,
          quantity: z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).positive(),
        }),
      )
      .min(1, { error: "Choose at least one item to return." })
      .max(100),
    photos: z.array(ImageFilename).max(orderRequestLimits.maxPhotos).default([]),
  }),
]);
export type CreateOrderRequestBody = z.input<typeof CreateOrderRequestBody>;

export const orderEndpoints = {
  myOrders: defineEndpoint({
    method: "GET",
    path: apiPaths.myOrders,
    summary: "The caller's orders (signed-in user, or guest by `x-guest-token`), newest first; drafts hidden",
    tags: ["orders"],
    query: MyOrdersQuery,
    response: MyOrdersPage,
  }),
  myOrder: defineEndpoint({
    method: "GET",
    path: apiPaths.myOrder,
    summary:
      "One of the caller's orders with lines, totals, payment state, public timeline and requests; `token` is the guest's signed order link",
    tags: ["orders"],
    params: MyOrderParams,
    query: OrderAccessQuery,
    response: CustomerOrder,
  }),
  createRequest: defineEndpoint({
    method: "POST",
    path: apiPaths.myOrderRequests,
    summary: "Ask to cancel (before shipping) or return items (delivered, within the return window)",
    tags: ["orders"],
    params: MyOrderParams,
    query: OrderAccessQuery,
    body: CreateOrderRequestBody,
    response: CustomerOrder,
  }),
  uploadRequestPhoto: defineEndpoint({
    method: "POST",
    path: apiPaths.orderRequestPhotos,
    summary:
      "Upload a photo for a return request (the raw image as the body; same checks and limits as staff uploads; rate-limited)",
    tags: ["orders"],
    response: UploadedImage,
  }),
} as const;
