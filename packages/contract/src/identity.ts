/**
 * Identity: who is calling. Sign-up, sign-in, sign-out, password reset and the social
 * popup are better-auth's own endpoints under /api/auth (spec section 7: "its paths
 * are not part of the product contract"); these are the calls around them.
 */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { defineEndpoint } from "./endpoint.ts";
import { passwordMinScore, passwordPolicy, passwordRules } from "./password-policy.ts";
import { permissions } from "./permissions.ts";

export const PermissionKey = z.enum(permissions);

export const SocialProvider = z
  .object({ id: z.string(), name: z.string(), kind: z.enum(["google", "facebook", "github", "oidc"]) })
  .meta({ id: "SocialProvider" });
export type SocialProvider = z.infer<typeof SocialProvider>;

export const IdentityConfig = z
  .object({
    passwordPolicy: z.object({
      minLength: z.literal(passwordPolicy.minLength),
      maxLength: z.literal(passwordPolicy.maxLength),
      /** zxcvbn-ts's score (0–4) a password must reach (ADR 0022). */
      minScore: z.literal(passwordMinScore),
      rules: z.array(z.object({ id: z.string(), label: z.string() })),
    }),
    socialProviders: z.array(SocialProvider),
    emailVerification: z.enum(["off", "optional", "required"]),
  })
  .meta({ id: "IdentityConfig" });
export type IdentityConfig = z.infer<typeof IdentityConfig>;
export const defaultPasswordRules = passwordRules.map(({ id, label }) => ({ id, label }));

export const CurrentUser = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "CurrentUser" });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const Me = z
  .object({
    user: CurrentUser,
    isStaff: z.boolean(),
    roles: z.array(z.string()),
    permissions: z.array(PermissionKey),
    /** TOTP is on: a password sign-in asks for a code. */
    twoFactorEnabled: z.boolean(),
    /** The person has registered a passkey (WebAuthn). */
    hasPasskey: z.boolean(),
    /**
     * Staff whom the Owner's rule holds back: this session was not made with a second
     * factor (set one up, or sign in again with it) before the admin opens.
     */
    secondFactorRequired: z.boolean(),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof Me>;

/** The spec's guest record (section 3) plus the server's signed token for it. */
export const GuestUsername = z
  .string()
  .regex(/^guest\d{10,16}\d{1,3}$/, { error: "must be 'guest', a timestamp and a number 0-999" });
export const CreateGuestBody = z.object({ username: GuestUsername });
export const Guest = z.object({ username: z.string(), email: z.string(), token: z.string() }).meta({ id: "Guest" });
export type Guest = z.infer<typeof Guest>;
export const MergeGuestBody = z.object({ token: z.string().min(1).max(200) });
export const MergeGuestResult = z.object({ merged: z.boolean() });

export const CheckIfAdminQuery = z.object({ email: z.string().max(320).optional() });
export const CheckIfAdmin = z.object({ isAdmin: z.boolean() }).meta({ id: "CheckIfAdmin" });

export const identityEndpoints = {
  config: defineEndpoint({
    method: "GET",
    path: apiPaths.identityConfig,
    summary: "Password policy, configured social sign-in providers and email verification mode",
    tags: ["identity"],
    response: IdentityConfig,
  }),
  me: defineEndpoint({
    method: "GET",
    path: apiPaths.me,
    summary: "The signed-in user, whether they are staff, their roles and permissions",
    tags: ["identity"],
    access: "signed-in",
    response: Me,
  }),
  createGuest: defineEndpoint({
    method: "POST",
    path: apiPaths.guests,
    summary: "Backs a locally generated guest identity with a signed guest token",
    tags: ["identity"],
    body: CreateGuestBody,
    response: Guest,
  }),
  mergeGuest: defineEndpoint({
    method: "POST",
    path: apiPaths.mergeGuest,
    summary: "Moves a guest's cart and wishlist into the signed-in account",
    tags: ["identity"],
    access: "signed-in",
    body: MergeGuestBody,
    response: MergeGuestResult,
  }),
  /** Spec section 7, verbatim. The email query parameter is accepted and ignored. */
  checkIfAdmin: defineEndpoint({
    method: "GET",
    path: apiPaths.checkIfAdmin,
    summary: "Whether the verified session belongs to staff (drives the admin gate)",
    tags: ["identity"],
    access: "signed-in",
    query: CheckIfAdminQuery,
    response: CheckIfAdmin,
  }),
} as const;
