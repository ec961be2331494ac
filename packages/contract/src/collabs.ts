/**
 * Collabs and drops (issue 16): collaborators (artists, influencers), their storefront
 * pages, drops with launch times and per-customer limits, "Notify me" (drops and sold-out
 * variants, double opt-in), influencers' referral coupons and royalty statements.
 *
 * Rates: a percent of net sales (0-100, two decimals, stored as basis points) or a fixed
 * amount in minor units per unit sold, counted from `rateStartsAt`.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { Id, IdParam, ImageFilename } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";

export const collabPaths = {
  adminList: "/admin/collabs",
  adminOne: "/admin/collabs/:id",
  adminCoupons: "/admin/collabs/:id/coupons",
  adminStatements: "/admin/collabs/:id/statements",
  adminStatement: "/admin/collabs/statements/:id",
  adminStatementCsv: "/admin/collabs/statements/:id/csv",
  adminStatementPaid: "/admin/collabs/statements/:id/paid",
  adminProductOptions: "/admin/collabs/product-options",
  adminCouponOptions: "/admin/collabs/coupon-options",
  adminDrops: "/admin/drops",
  adminDrop: "/admin/drops/:id",
  list: "/collabs",
  one: "/collabs/:kind/:slug",
  forProduct: "/collabs/product/:id",
  notify: apiPaths.collabNotify,
  notifyConfirm: "/collabs/notify/confirm",
} as const;

export const collaboratorKinds = ["artist", "influencer"] as const;
export type CollaboratorKindName = (typeof collaboratorKinds)[number];
export const collaboratorStatuses = ["draft", "live", "ended"] as const;
export const collaboratorKindLabels: Record<CollaboratorKindName, string> = {
  artist: "Artist",
  influencer: "Influencer",
};

const Instant = z.iso.datetime({ offset: true, error: "must be a date and time" });
const Slug = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(80, { error: "must be at most 80 characters" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "may only hold lower-case letters, digits and single dashes" });
const HttpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), { error: "must be an http(s) address" });

export const CollaboratorInput = z
  .object({
    kind: z.enum(collaboratorKinds, { error: "choose artist or influencer" }),
    name: z.string().trim().min(1, { error: "is required" }).max(120, { error: "must be at most 120 characters" }),
    slug: Slug,
    portrait: ImageFilename.nullable().default(null),
    banner: ImageFilename.nullable().default(null),
    bio: z.string().max(20_000, { error: "must be at most 20000 characters" }).default(""),
    socialLinks: z
      .array(z.object({ label: z.string().trim().min(1, { error: "is required" }).max(40), url: HttpUrl }))
      .max(12, { error: "at most 12 links" })
      .default([]),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, { error: "must be a two-letter country code" })
      .nullable()
      .default(null),
    status: z.enum(collaboratorStatuses).default("draft"),
    productIds: z.array(Id).max(500).default([]),
    seriesIds: z.array(Id).max(50).default([]),
    rateKind: z.enum(["percent", "fixed"]).default("percent"),
    /** Percent of net sales, 0-100 (two decimals). */
    ratePercent: z
      .number({ error: "must be a number" })
      .min(0, { error: "must be between 0 and 100" })
      .max(100, { error: "must be between 0 and 100" })
      .nullable()
      .default(null),
    /** Minor units per unit sold. */
    rateAmount: z
      .number({ error: "must be a number" })
      .int({ error: "must be whole minor units" })
      .min(0, { error: "must not be negative" })
      .max(100_000_000)
      .nullable()
      .default(null),
    rateStartsAt: Instant.nullable().default(null),
  })
  .superRefine((value, context) => {
    if (value.rateKind === "percent" && value.ratePercent === null) {
      context.addIssue({ code: "custom", path: ["ratePercent"], message: "is required for a percent rate" });
    }
    if (value.rateKind === "fixed" && value.rateAmount === null) {
      context.addIssue({ code: "custom", path: ["rateAmount"], message: "is required for a fixed rate" });
    }
  });
export type CollaboratorInput = z.input<typeof CollaboratorInput>;

const SocialLink = z.object({ label: z.string(), url: z.string() });

export const AdminCollaborator = z
  .object({
    id: Id,
    kind: z.enum(collaboratorKinds),
    name: z.string(),
    slug: z.string(),
    portrait: z.string().nullable(),
    banner: z.string().nullable(),
    bio: z.string(),
    socialLinks: z.array(SocialLink),
    country: z.string().nullable(),
    status: z.enum(collaboratorStatuses),
    productIds: z.array(Id),
    seriesIds: z.array(Id),
    rateKind: z.enum(["percent", "fixed"]),
    ratePercent: z.number().nullable(),
    rateAmount: z.number().int().nullable(),
    rateStartsAt: z.string(),
    productCount: z.number().int(),
    coupons: z.array(z.object({ id: Id, title: z.string(), code: z.string().nullable() })),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminCollaborator" });
export type AdminCollaborator = z.infer<typeof AdminCollaborator>;

export const CollaboratorUpdate = z.object({ version: z.number().int().positive() });

const DropInfo = z
  .object({
    id: Id,
    title: z.string(),
    launchAt: z.string(),
    endsAt: z.string().nullable(),
    beforeLaunch: z.enum(["hidden", "coming_soon"]),
    perCustomerLimit: z.number().int().nullable(),
    /** "upcoming" before launch, "open" between launch and end, "closed" after the end. */
    state: z.enum(["upcoming", "open", "closed"]),
  })
  .meta({ id: "DropInfo" });
export type DropInfo = z.infer<typeof DropInfo>;

export const CollaboratorCard = z
  .object({
    kind: z.enum(collaboratorKinds),
    name: z.string(),
    slug: z.string(),
    portrait: z.string().nullable(),
    /** Plain text, the bio's first words. */
    shortBio: z.string(),
    productCount: z.number().int(),
  })
  .meta({ id: "CollaboratorCard" });
export type CollaboratorCard = z.infer<typeof CollaboratorCard>;

export const CollaboratorPage = z
  .object({
    id: Id,
    kind: z.enum(collaboratorKinds),
    name: z.string(),
    slug: z.string(),
    portrait: z.string().nullable(),
    banner: z.string().nullable(),
    bio: z.string(),
    shortBio: z.string(),
    socialLinks: z.array(SocialLink),
    country: z.string().nullable(),
    status: z.enum(["live", "ended"]),
    productCount: z.number().int(),
    drops: z.array(DropInfo),
  })
  .meta({ id: "CollaboratorPage" });
export type CollaboratorPage = z.infer<typeof CollaboratorPage>;

export const ProductCollabInfo = z
  .object({
    collaborators: z.array(z.object({ kind: z.enum(collaboratorKinds), name: z.string(), slug: z.string() })),
    drop: DropInfo.nullable(),
  })
  .meta({ id: "ProductCollabInfo" });
export type ProductCollabInfo = z.infer<typeof ProductCollabInfo>;

export const DropInput = z
  .object({
    title: z.string().trim().min(1, { error: "is required" }).max(120),
    collaboratorId: Id.nullable().default(null),
    productIds: z.array(Id).min(1, { error: "choose at least one product" }).max(500),
    launchAt: Instant,
    endsAt: Instant.nullable().default(null),
    beforeLaunch: z.enum(["hidden", "coming_soon"]).default("coming_soon"),
    perCustomerLimit: z.number().int().min(1, { error: "must be at least 1" }).max(10_000).nullable().default(null),
  })
  .superRefine((value, context) => {
    if (value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.launchAt)) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "must be after the launch" });
    }
  });
export type DropInput = z.input<typeof DropInput>;

export const AdminDrop = DropInfo.extend({
  collaboratorId: Id.nullable(),
  collaboratorName: z.string().nullable(),
  productIds: z.array(Id),
  subscribers: z.number().int(),
  launchMailedAt: z.string().nullable(),
  /** Set when the launch time given was already past: the drop opened at once. */
  warning: z.string().nullable(),
}).meta({ id: "AdminDrop" });
export type AdminDrop = z.infer<typeof AdminDrop>;

/** Blank query values are absent (a cleared search box). */
const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/**
 * The product picker of the collaborator and drop forms: products whose name or a
 * variant's SKU contains `q`, the products `ids` (chips' names), or every product of a
 * collaborator (its own and its series').
 */
export const ProductOptionsQuery = z.object({
  q: blankless(z.string().trim().max(100)),
  ids: blankless(
    z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,499}$/, { error: "must be product ids separated by commas" })
      .transform((value) => value.split(",").map(Number)),
  ),
  collaboratorId: blankless(IdParam),
});
export const ProductOption = z
  .object({
    id: Id,
    name: z.string(),
    /** The SKU that matched `q`, else the product's first. */
    sku: z.string().nullable(),
    isPublished: z.boolean(),
    /** The drop this product already belongs to (a product is in one drop at a time). */
    dropId: Id.nullable(),
  })
  .meta({ id: "CollabProductOption" });
export type ProductOption = z.infer<typeof ProductOption>;

/** Code coupons staff with `promotions` may link as referral codes (no coupon editing rights needed). */
export const CouponOption = z
  .object({
    id: Id,
    title: z.string(),
    code: z.string(),
    isActive: z.boolean(),
    /** The collaborator it is already the referral code of, if any. */
    collaboratorId: Id.nullable(),
    collaboratorName: z.string().nullable(),
  })
  .meta({ id: "CollabCouponOption" });
export type CouponOption = z.infer<typeof CouponOption>;

export const NotifyBody = z
  .object({
    email: z.email({ error: "must be an email address" }).max(254).toLowerCase(),
    dropId: Id.nullable().default(null),
    variantId: Id.nullable().default(null),
  })
  .refine((value) => (value.dropId === null) !== (value.variantId === null), {
    path: ["dropId"],
    error: "give a drop or a variant",
  });
export type NotifyInput = z.input<typeof NotifyBody>;
export const NotifyAnswer = z.object({ message: z.string() });
export type NotifyAnswer = z.infer<typeof NotifyAnswer>;
export const notifyAnswerMessage =
  "Thanks! Check your inbox: we sent a link to confirm. You will hear from us once, when it is available.";

export const StatementLineSchema = z.object({
  orderId: Id,
  orderNumber: z.string(),
  placedAt: z.string(),
  kind: z.enum(["sale", "refund"]),
  units: z.number().int(),
  net: z.number().int(),
  due: z.number().int(),
});

export const CollabStatement = z
  .object({
    id: Id,
    collaboratorId: Id,
    collaboratorName: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    currency: z.string(),
    units: z.number().int(),
    netSales: z.number().int(),
    due: z.number().int(),
    rate: z.string(),
    lines: z.array(StatementLineSchema),
    paidAt: z.string().nullable(),
    paidByName: z.string().nullable(),
    paidReference: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "CollabStatement" });
export type CollabStatement = z.infer<typeof CollabStatement>;

export const StatementInput = z
  .object({ periodStart: Instant, periodEnd: Instant })
  .refine((value) => Date.parse(value.periodEnd) > Date.parse(value.periodStart), {
    path: ["periodEnd"],
    error: "must be after the start",
  });

const IdParams = z.object({ id: IdParam });
const tags = ["admin: collabs"];
const access = { permission: "promotions" } as const;

export const collabEndpoints = {
  adminList: defineEndpoint({
    method: "GET",
    path: collabPaths.adminList,
    summary: "Every collaborator (drafts too), newest first",
    tags,
    access,
    response: z.array(AdminCollaborator),
  }),
  adminGet: defineEndpoint({
    method: "GET",
    path: collabPaths.adminOne,
    summary: "One collaborator",
    tags,
    access,
    params: IdParams,
    response: AdminCollaborator,
  }),
  create: defineEndpoint({
    method: "POST",
    path: collabPaths.adminList,
    summary: "Creates a collaborator (409 when the slug is taken; 422 for a rate outside 0-100%)",
    tags,
    access,
    body: CollaboratorInput,
    response: AdminCollaborator,
  }),
  update: defineEndpoint({
    method: "PUT",
    path: collabPaths.adminOne,
    summary: "Replaces a collaborator (409 when changed since `version` or the slug is taken)",
    tags,
    access,
    params: IdParams,
    body: z.intersection(CollaboratorInput, CollaboratorUpdate),
    response: AdminCollaborator,
  }),
  linkCoupon: defineEndpoint({
    method: "POST",
    path: collabPaths.adminCoupons,
    summary: "Makes a coupon of the promotions engine this influencer's referral coupon",
    tags,
    access,
    params: IdParams,
    body: z.object({ couponId: Id }),
    response: AdminCollaborator,
  }),
  unlinkCoupon: defineEndpoint({
    method: "DELETE",
    path: `${collabPaths.adminCoupons}/:couponId`,
    summary: "Stops attributing a coupon's orders to this collaborator (orders already placed stay attributed)",
    tags,
    access,
    params: z.object({ id: IdParam, couponId: IdParam }),
    response: AdminCollaborator,
  }),
  productOptions: defineEndpoint({
    method: "GET",
    path: collabPaths.adminProductOptions,
    summary: "Products to pick for a collaborator or a drop: by name or SKU, by ids, or a collaborator's",
    tags,
    access,
    query: ProductOptionsQuery,
    response: z.array(ProductOption),
  }),
  couponOptions: defineEndpoint({
    method: "GET",
    path: collabPaths.adminCouponOptions,
    summary: "Code coupons that can be linked as referral codes (for staff with `promotions`, without `coupons`)",
    tags,
    access,
    query: z.object({ q: blankless(z.string().trim().max(100)) }),
    response: z.array(CouponOption),
  }),
  drops: defineEndpoint({
    method: "GET",
    path: collabPaths.adminDrops,
    summary: "Every drop, latest launch first",
    tags,
    access,
    response: z.array(AdminDrop),
  }),
  drop: defineEndpoint({
    method: "GET",
    path: collabPaths.adminDrop,
    summary: "One drop",
    tags,
    access,
    params: IdParams,
    response: AdminDrop,
  }),
  createDrop: defineEndpoint({
    method: "POST",
    path: collabPaths.adminDrops,
    summary: "Creates a drop; a launch time in the past answers with a warning (the drop is open at once)",
    tags,
    access,
    body: DropInput,
    response: AdminDrop,
  }),
  updateDrop: defineEndpoint({
    method: "PUT",
    path: collabPaths.adminDrop,
    summary: "Replaces a drop; moving an upcoming launch into the past answers with a warning (it opens at once)",
    tags,
    access,
    params: IdParams,
    body: DropInput,
    response: AdminDrop,
  }),
  statements: defineEndpoint({
    method: "GET",
    path: collabPaths.adminStatements,
    summary: "A collaborator's statements, latest period first",
    tags,
    access,
    params: IdParams,
    response: z.array(CollabStatement),
  }),
  createStatement: defineEndpoint({
    method: "POST",
    path: collabPaths.adminStatements,
    summary: "Computes and stores a statement for a period (409 when it overlaps another)",
    tags,
    access,
    params: IdParams,
    body: StatementInput,
    response: CollabStatement,
  }),
  statement: defineEndpoint({
    method: "GET",
    path: collabPaths.adminStatement,
    summary: "One statement with its order-level detail",
    tags,
    access,
    params: IdParams,
    response: CollabStatement,
  }),
  statementCsv: defineEndpoint({
    method: "GET",
    path: collabPaths.adminStatementCsv,
    summary: "One statement's order-level detail as CSV",
    tags,
    access,
    params: IdParams,
    response: z.string(),
  }),
  markPaid: defineEndpoint({
    method: "POST",
    path: collabPaths.adminStatementPaid,
    summary: "Marks a statement paid (who, when, reference); 409 when it already is",
    tags,
    access,
    params: IdParams,
    body: z.object({ reference: z.string().trim().min(1, { error: "is required" }).max(120) }),
    response: CollabStatement,
  }),
  list: defineEndpoint({
    method: "GET",
    path: collabPaths.list,
    summary: "Live collaborators (of one kind, when given)",
    tags: ["storefront"],
    query: z.object({ kind: z.enum(collaboratorKinds).optional() }),
    response: z.array(CollaboratorCard),
  }),
  one: defineEndpoint({
    method: "GET",
    path: collabPaths.one,
    summary: "A live (or ended) collaborator's page; drafts are 404",
    tags: ["storefront"],
    params: z.object({ kind: z.enum(collaboratorKinds), slug: z.string().max(80) }),
    response: CollaboratorPage,
  }),
  forProduct: defineEndpoint({
    method: "GET",
    path: collabPaths.forProduct,
    summary: "The live collaborators and the drop of a product",
    tags: ["storefront"],
    params: IdParams,
    response: ProductCollabInfo,
  }),
  notify: defineEndpoint({
    method: "POST",
    path: collabPaths.notify,
    summary:
      "Notify me: stores an email for a drop's launch or a variant back in stock and mails a confirmation link (the same answer whether already registered)",
    tags: ["storefront"],
    body: NotifyBody,
    response: NotifyAnswer,
  }),
  notifyConfirm: defineEndpoint({
    method: "POST",
    path: collabPaths.notifyConfirm,
    summary: "Confirms a Notify me subscription (the link in the mail)",
    tags: ["storefront"],
    body: z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, { error: "is not a confirmation token" }) }),
    response: z.object({ confirmed: z.literal(true) }),
  }),
} as const;
