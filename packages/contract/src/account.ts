/**
 * The customer dashboard (issue 6): profile (name, phone), saved addresses, and an
 * overview (recent orders, wishlist, open requests) that guests get too.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { SavedAddress } from "./checkout.ts";
import { Id, IdParam, ImageFilename } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { CustomerOrderRequest, OrderSummary } from "./orders.ts";

const trimmed = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters.` });
const required = (label: string, max: number) => trimmed(label, max).min(1, { error: `Enter ${label.toLowerCase()}.` });
/** Digits, spaces and + ( ) - . only; empty allowed where optional. */
const Phone = trimmed("Phone", 32).regex(/^[+\d][\d\s().-]*$|^$/, {
  error: "Enter a phone number (digits, +, spaces).",
});

export const Profile = z.object({ name: z.string(), email: z.string(), phone: z.string() }).meta({ id: "Profile" });
export type Profile = z.infer<typeof Profile>;
export const UpdateProfileBody = z.object({ name: required("Your name", 120), phone: Phone });

export const AddressBody = z.object({
  label: trimmed("Label", 40).default(""),
  fullName: required("A full name", 120),
  phone: Phone.min(1, { error: "Enter a phone number." }),
  line1: required("The street address", 160),
  line2: trimmed("Line 2", 160).default(""),
  city: required("A city", 80),
  region: trimmed("Region", 80).default(""),
  postalCode: trimmed("Postal code", 20).default(""),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "Choose a country (two-letter code)." }),
  isDefault: z.boolean().default(false),
});
export type AddressBody = z.input<typeof AddressBody>;

export const AccountOverview = z
  .object({
    /** "user" when signed in; "guest" for a guest token; the page invites guests to sign in. */
    kind: z.enum(["user", "guest"]),
    recentOrders: z.array(OrderSummary),
    orderCount: z.number().int(),
    wishlist: z.object({
      count: z.number().int(),
      items: z.array(z.object({ productId: Id, name: z.string(), filename: ImageFilename.nullable() })),
    }),
    openRequests: z.array(CustomerOrderRequest.extend({ orderNumber: z.string() })),
  })
  .meta({ id: "AccountOverview" });
export type AccountOverview = z.infer<typeof AccountOverview>;

export const AddressParams = z.object({ id: IdParam });

export const accountEndpoints = {
  overview: defineEndpoint({
    method: "GET",
    path: apiPaths.accountOverview,
    summary: "The dashboard's recent orders, wishlist summary and open requests (user or guest)",
    tags: ["account"],
    response: AccountOverview,
  }),
  profile: defineEndpoint({
    method: "GET",
    path: apiPaths.profile,
    summary: "The signed-in customer's name, email and phone",
    tags: ["account"],
    access: "signed-in",
    response: Profile,
  }),
  updateProfile: defineEndpoint({
    method: "PATCH",
    path: apiPaths.profile,
    summary: "Change the signed-in customer's name and phone",
    tags: ["account"],
    access: "signed-in",
    body: UpdateProfileBody,
    response: Profile,
  }),
  addresses: defineEndpoint({
    method: "GET",
    path: apiPaths.addresses,
    summary: "The signed-in customer's saved addresses, the default first",
    tags: ["account"],
    access: "signed-in",
    response: z.array(SavedAddress),
  }),
  createAddress: defineEndpoint({
    method: "POST",
    path: apiPaths.addresses,
    summary: "Save an address (the first one becomes the default)",
    tags: ["account"],
    access: "signed-in",
    body: AddressBody,
    response: SavedAddress,
  }),
  updateAddress: defineEndpoint({
    method: "PUT",
    path: apiPaths.address,
    summary: "Replace a saved address",
    tags: ["account"],
    access: "signed-in",
    params: AddressParams,
    body: AddressBody,
    response: SavedAddress,
  }),
  deleteAddress: defineEndpoint({
    method: "DELETE",
    path: apiPaths.address,
    summary: "Delete a saved address (another one becomes the default)",
    tags: ["account"],
    access: "signed-in",
    params: AddressParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
} as const;
