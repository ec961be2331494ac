/**
 * Checkout (issue 6): the store settings it needs (delivery zones, tax rates, payment
 * methods; admin, permission `settings`), the shopper's options and quote, placing an
 * order, its confirmation, and the Stripe webhook.
 *
 * Nothing price-like is ever accepted from the shopper: the place-order body has no
 * price, total, fee or tax field, and the server recomputes everything with priceOrder().
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { ShopperStock } from "./catalog-products.ts";
import { CurrencyCode, Id, IdParam, MinorUnits, TimeZone } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";

const text = (max: number, label = "is required") =>
  z
    .string()
    .trim()
    .min(1, { error: label })
    .max(max, { error: `must be at most ${max} characters` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .default("");

// ---------------------------------------------------------------- settings (admin)

export const DeliveryZone = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string(),
    fee: MinorUnits,
    freeOver: MinorUnits.nullable(),
    estimate: z.string(),
    isActive: z.boolean(),
    sortOrder: z.number().int(),
  })
  .meta({ id: "DeliveryZone" });
export type DeliveryZone = z.infer<typeof DeliveryZone>;

export const DeliveryZoneInput = z.object({
  name: text(80),
  description: optionalText(500),
  fee: MinorUnits.max(100_000_000, { error: "is too large" }),
  freeOver: MinorUnits.max(1_000_000_000, { error: "is too large" }).nullable().default(null),
  estimate: optionalText(80),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});
export type DeliveryZoneInput = z.input<typeof DeliveryZoneInput>;

/** "US" or "US-CA": ISO 3166-1 alpha-2, optionally a subdivision. */
export const TaxRegion = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, { error: 'must be a country code such as "US" or "US-CA"' });

export const TaxRate = z
  .object({
    id: Id,
    name: z.string(),
    region: z.string(),
    rateBasisPoints: z.number().int(),
    appliesToDelivery: z.boolean(),
    isActive: z.boolean(),
  })
  .meta({ id: "TaxRate" });
export type TaxRate = z.infer<typeof TaxRate>;

export const TaxRateInput = z.object({
  name: text(80),
  region: TaxRegion,
  /** 1 basis point = 0.01 %: 825 is 8.25 %. */
  rateBasisPoints: z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number of basis points" })
    .min(0, { error: "must be 0 or more" })
    .max(10_000, { error: "must be at most 100 %" }),
  appliesToDelivery: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type TaxRateInput = z.input<typeof TaxRateInput>;

export const CheckoutSettings = z
  .object({
    cashOnDelivery: z.object({ enabled: z.boolean() }),
    manualTransfer: z.object({ enabled: z.boolean(), title: z.string(), instructions: z.string() }),
    returnWindowDays: z.number().int(),
    cardHoldMinutes: z.number().int(),
    /** The store's time zone (IANA): coupon, discount and pop-up times are entered in it. */
    timeZone: z.string(),
    /** Read from STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET; not editable here. */
    stripe: z.object({ configured: z.boolean(), webhookConfigured: z.boolean() }),
  })
  .meta({ id: "CheckoutSettings" });
export type CheckoutSettings = z.infer<typeof CheckoutSettings>;

export const CheckoutSettingsInput = z
  .object({
    cashOnDelivery: z.object({ enabled: z.boolean() }),
    manualTransfer: z.object({
      enabled: z.boolean(),
      title: text(80, "is required (e.g. Mobile money or bank transfer)"),
      instructions: optionalText(2000),
    }),
    returnWindowDays: z
      .number()
      .int()
      .min(0, { error: "must be 0 or more" })
      .max(365, { error: "must be at most 365" }),
    /** Stripe Checkout sessions live 30 minutes to 24 hours. */
    cardHoldMinutes: z
      .number()
      .int()
      .min(30, { error: "must be at least 30" })
      .max(1440, { error: "must be at most 1440" }),
    /** Left out: unchanged. */
    timeZone: TimeZone.optional(),
  })
  .superRefine((value, context) => {
    if (value.manualTransfer.enabled && value.manualTransfer.instructions === "") {
      context.addIssue({
        code: "custom",
        path: ["manualTransfer", "instructions"],
        message: "are required while manual transfer is offered",
      });
    }
  });
export type CheckoutSettingsInput = z.input<typeof CheckoutSettingsInput>;

// ---------------------------------------------------------------- shopper side

export const paymentMethodValues = ["cod", "manual_transfer", "card"] as const;
export const CheckoutPaymentMethod = z.enum(paymentMethodValues, { error: "choose a payment method" });
export type CheckoutPaymentMethod = z.infer<typeof CheckoutPaymentMethod>;

export const AddressInput = z.object({
  fullName: text(120),
  phone: text(32),
  line1: text(160),
  line2: optionalText(160),
  city: text(80),
  /** Subdivision code (e.g. "CA") or name; tax looks up "{country}-{region}" first. */
  region: optionalText(80),
  postalCode: optionalText(20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "must be a two-letter country code" }),
});
export type AddressInput = z.input<typeof AddressInput>;

export const SavedAddress = z.object({
  id: Id,
  label: z.string(),
  fullName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  deliveryZoneId: z.number().int().nullable(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

export const CheckoutOptions = z
  .object({
    currency: CurrencyCode,
    /** The store's country: the default delivery country. */
    country: z.string(),
    zones: z.array(DeliveryZone.omit({ isActive: true, sortOrder: true })),
    paymentMethods: z.array(z.object({ method: CheckoutPaymentMethod, title: z.string(), instructions: z.string() })),
    /** The signed-in customer's address book and contact; empty for guests. */
    savedAddresses: z.array(SavedAddress),
    contact: z.object({ email: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: "CheckoutOptions" });
export type CheckoutOptions = z.infer<typeof CheckoutOptions>;

/** Shape-only check (the promotions engine decides whether a code is good). Codes are case-insensitive. */
export const CouponCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{2,64}$/, { error: "must be 2-64 letters, digits, - or _" });

export const QuoteBody = z.object({
  deliveryZoneId: z.number().int().positive().nullable().default(null),
  /** Where it goes, for the tax rate: a country and optionally a region. */
  destination: z
    .object({ country: AddressInput.shape.country, region: optionalText(80) })
    .nullable()
    .default(null),
  couponCode: CouponCode.nullable().default(null),
  /** The contact email typed so far: a coupon's per-customer limit counts guests by email. */
  email: z.email().max(254).nullable().default(null).catch(null),
});
export type QuoteBody = z.input<typeof QuoteBody>;

export const QuoteLine = z.object({
  variantId: Id,
  productId: Id,
  productName: z.string(),
  sizeName: z.string(),
  colorName: z.string(),
  image: z.string().nullable(),
  unitPrice: MinorUnits,
  quantity: z.number().int(),
  totalPrice: MinorUnits,
  /** The variant's stock as shoppers see it (no exact count above the "Only N left" limit, issue 37). */
  ...ShopperStock.shape,
  /** False when the line asks more than the stock (or the product is no longer sold): it cannot be bought as is. */
  orderable: z.boolean(),
  /** This line's share of the discounts (minor units). */
  discount: MinorUnits.default(0),
});

/** One discount the promotions engine applied: a coupon or an automatic discount. */
export const AppliedDiscount = z.object({
  title: z.string(),
  code: z.string().nullable(),
  amount: MinorUnits,
  freeDelivery: z.boolean(),
});
export type AppliedDiscount = z.infer<typeof AppliedDiscount>;

export const Totals = z.object({
  subtotal: MinorUnits,
  discount: MinorUnits,
  deliveryFee: MinorUnits,
  deliveryKnown: z.boolean(),
  tax: MinorUnits,
  taxRateBasisPoints: z.number().int(),
  total: MinorUnits,
});
export type Totals = z.infer<typeof Totals>;

export const CouponAnswer = z.object({ code: z.string(), valid: z.boolean(), message: z.string() });

export const Quote = z
  .object({
    currency: CurrencyCode,
    lines: z.array(QuoteLine),
    totals: Totals,
    coupon: CouponAnswer.nullable(),
    discounts: z.array(AppliedDiscount).default([]),
  })
  .meta({ id: "CheckoutQuote" });
export type Quote = z.infer<typeof Quote>;

export const PlaceOrderBody = z
  .object({
    contact: z.object({
      email: z.email({ error: "must be an email address" }).max(254),
      phone: text(32),
    }),
    /** A saved address of the signed-in customer, or a typed one. */
    savedAddressId: z.number().int().positive().nullable().default(null),
    address: AddressInput.nullable().default(null),
    /** Signed-in customers only: keep the typed address in the address book. */
    saveAddress: z.boolean().default(false),
    deliveryZoneId: z.number({ error: "choose a delivery zone" }).int().positive(),
    paymentMethod: CheckoutPaymentMethod,
    /** Manual transfer: the transaction id the shopper got from the bank or wallet. */
    transferReference: z.string().trim().max(80, { error: "must be at most 80 characters" }).nullable().default(null),
    couponCode: CouponCode.nullable().default(null),
    note: optionalText(500),
    /** Pay for the caller's accepted customization quote instead of the cart (issue 7). */
    customizationRequestId: z.number().int().positive().nullable().default(null),
  })
  .superRefine((body, context) => {
    if (body.savedAddressId === null && body.address === null) {
      context.addIssue({ code: "custom", path: ["address"], message: "is required" });
    }
    if (body.paymentMethod === "manual_transfer" && !body.transferReference) {
      context.addIssue({
        code: "custom",
        path: ["transferReference"],
        message: "enter the transaction id of your transfer",
      });
    }
  });
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;

export const IDEMPOTENCY_HEADER = "idempotency-key";

export const PlacedOrderLine = z.object({
  productId: z.number().int().nullable(),
  productName: z.string(),
  sizeName: z.string(),
  colorName: z.string(),
  image: z.string().nullable(),
  unitPrice: MinorUnits,
  quantity: z.number().int(),
  totalPrice: MinorUnits,
  /** The line's share of the order's discount (minor units): totalPrice − discount was paid for it. */
  discount: MinorUnits.default(0),
});

export const PlacedOrder = z
  .object({
    number: z.string(),
    status: z.string(),
    paymentMethod: CheckoutPaymentMethod,
    paymentState: z.string(),
    currency: CurrencyCode,
    email: z.string(),
    phone: z.string(),
    customerName: z.string(),
    shippingAddress: AddressInput.required(),
    deliveryZoneName: z.string(),
    lines: z.array(PlacedOrderLine),
    totals: Totals.omit({ deliveryKnown: true }),
    couponCode: z.string().nullable(),
    /** What the promotions engine decided when the order was placed. */
    discounts: z.array(AppliedDiscount).default([]),
    transferReference: z.string().nullable(),
    /** Manual transfer: the shop's account details, as set in the payment settings. */
    transferInstructions: z.object({ title: z.string(), instructions: z.string() }).nullable(),
    holdExpiresAt: z.string().nullable(),
    placedAt: z.string(),
  })
  .meta({ id: "PlacedOrder" });
export type PlacedOrder = z.infer<typeof PlacedOrder>;

export const PlaceOrderAnswer = z
  .object({
    order: PlacedOrder,
    /** Card: Stripe Checkout's page to send the shopper to; null otherwise. */
    redirectUrl: z.string().nullable(),
    /** True when this answer repeats an earlier request with the same Idempotency-Key. */
    replayed: z.boolean(),
  })
  .meta({ id: "PlaceOrderAnswer" });
export type PlaceOrderAnswer = z.infer<typeof PlaceOrderAnswer>;

export const OrderNumberParams = z.object({
  number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^A\d{1,12}$/, { error: "must be an order number such as A10001" }),
});

const settingsTags = ["admin: settings"];
const checkoutTags = ["checkout"];
const settings = { permission: "settings" } as const;
const IdParams = z.object({ id: IdParam });

export const checkoutEndpoints = {
  listZones: defineEndpoint({
    method: "GET",
    path: apiPaths.adminDeliveryZones,
    summary: "All delivery zones, active or not",
    tags: settingsTags,
    access: settings,
    response: z.array(DeliveryZone),
  }),
  createZone: defineEndpoint({
    method: "POST",
    path: apiPaths.adminDeliveryZones,
    summary: "Adds a delivery zone (409 when the name is taken)",
    tags: settingsTags,
    access: settings,
    body: DeliveryZoneInput,
    response: DeliveryZone,
  }),
  updateZone: defineEndpoint({
    method: "PUT",
    path: apiPaths.adminDeliveryZone,
    summary: "Replaces a delivery zone",
    tags: settingsTags,
    access: settings,
    params: IdParams,
    body: DeliveryZoneInput,
    response: DeliveryZone,
  }),
  deleteZone: defineEndpoint({
    method: "DELETE",
    path: apiPaths.adminDeliveryZone,
    summary: "Deletes a delivery zone (orders keep its name)",
    tags: settingsTags,
    access: settings,
    params: IdParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
  listTaxRates: defineEndpoint({
    method: "GET",
    path: apiPaths.adminTaxRates,
    summary: "All tax rates",
    tags: settingsTags,
    access: settings,
    response: z.array(TaxRate),
  }),
  createTaxRate: defineEndpoint({
    method: "POST",
    path: apiPaths.adminTaxRates,
    summary: "Adds a tax rate for a region (409 when the region has one)",
    tags: settingsTags,
    access: settings,
    body: TaxRateInput,
    response: TaxRate,
  }),
  updateTaxRate: defineEndpoint({
    method: "PUT",
    path: apiPaths.adminTaxRate,
    summary: "Replaces a tax rate",
    tags: settingsTags,
    access: settings,
    params: IdParams,
    body: TaxRateInput,
    response: TaxRate,
  }),
  deleteTaxRate: defineEndpoint({
    method: "DELETE",
    path: apiPaths.adminTaxRate,
    summary: "Deletes a tax rate",
    tags: settingsTags,
    access: settings,
    params: IdParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
  getSettings: defineEndpoint({
    method: "GET",
    path: apiPaths.adminCheckoutSettings,
    summary: "Payment methods, return window and card hold",
    tags: settingsTags,
    access: settings,
    response: CheckoutSettings,
  }),
  updateSettings: defineEndpoint({
    method: "PUT",
    path: apiPaths.adminCheckoutSettings,
    summary: "Saves payment methods, return window and card hold",
    tags: settingsTags,
    access: settings,
    body: CheckoutSettingsInput,
    response: CheckoutSettings,
  }),
  options: defineEndpoint({
    method: "GET",
    path: apiPaths.checkoutOptions,
    summary: "Delivery zones, payment methods, and the signed-in customer's addresses",
    tags: checkoutTags,
    response: CheckoutOptions,
  }),
  quote: defineEndpoint({
    method: "POST",
    path: apiPaths.checkoutQuote,
    summary: "Prices the shopper's cart for a zone and destination (nothing is reserved)",
    tags: checkoutTags,
    body: QuoteBody,
    response: Quote,
  }),
  placeOrder: defineEndpoint({
    method: "POST",
    path: apiPaths.checkoutOrders,
    summary:
      "Places an order from the shopper's cart in one transaction. Needs an Idempotency-Key header: the same key and body answer the same order; another body with that key is 409.",
    tags: checkoutTags,
    body: PlaceOrderBody,
    response: PlaceOrderAnswer,
  }),
  confirmation: defineEndpoint({
    method: "GET",
    path: apiPaths.checkoutOrder,
    summary: "The shopper's own order as just placed (404 for anyone else's)",
    tags: checkoutTags,
    params: OrderNumberParams,
    response: PlacedOrder,
  }),
} as const;
