/**
 * The better-auth instance (DESIGN.md, Identity): email and password with our password
 * policy, social sign-in in a popup (built-in Google, Facebook, GitHub and any OpenID
 * Connect issuer), sessions in PostgreSQL, bearer tokens for `Authorization: Bearer`, and
 * a second factor (TOTP and backup codes, better-auth's two-factor plugin).
 * Our rules ride on its hooks: the password policy (ADR 0022), the per-account lockout, the
 * sign-in history, and banned users getting no session.
 */
import { accountLimits } from "@atelier/contract/constants";
import { newPasswordProblem, type PasswordContext } from "@atelier/contract/password-strength";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { bearer, genericOAuth, oauthPopup } from "better-auth/plugins";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { accounts, passkeys, sessions, twoFactors, users, verifications } from "../../db/schema/index.ts";
import type { Mailer } from "../mail/index.ts";
import { resetTokenPerson, sessionPerson } from "./auth-lookups.ts";
import { passwordResetMail, verificationMail } from "./mails.ts";
import type { SignInLog } from "./sign-in-log.ts";

export const AUTH_BASE_PATH = "/api/auth";
/** The header the Fastify mount sets to the client address it trusts (see auth-routes.ts). */
export const CLIENT_IP_HEADER = "x-atelier-client-ip";

export interface AuthDeps {
  config: Config;
  db: Db;
  secret: string;
  mailer: Mailer;
  signIns: SignInLog;
  logger: FastifyBaseLogger;
  trustedOrigins: string[];
}

export function createAuth({ config, db, secret, mailer, signIns, logger, trustedOrigins }: AuthDeps) {
  const { emailVerification, providers } = config.auth;
  const storeName = config.storeName;
  const oidc = providers.find((provider) => provider.id === "oidc");
  const social = Object.fromEntries(
    providers
      .filter((provider) => provider.id !== "oidc")
      .map((provider) => [
        provider.id,
        { clientId: provider.clientId ?? "", clientSecret: provider.clientSecret ?? "" },
      ]),
  );

  return betterAuth({
    appName: storeName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        passkey: passkeys,
      },
    }),
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
    // Rate limits are Fastify's (per IP) and ours (per account, see hooks below), so
    // they hold across processes and answer in the API's error shape.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: "atelier",
      // Secure cookies (named `__Secure-atelier.*`) exactly when the shop is served over
      // https, as HSTS is (http/edge.ts); on http a browser would drop a Secure cookie.
      useSecureCookies: config.publicUrl.startsWith("https://"),
    },
    user: {
      additionalFields: {
        banned: { type: "boolean", defaultValue: false, input: false, returned: false },
        banReason: { type: "string", required: false, input: false, returned: false },
        bannedAt: { type: "date", required: false, input: false, returned: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        // Set by the session hook below from the endpoint that made the session.
        secondFactor: { type: "boolean", defaultValue: false, input: false, returned: true },
      },
    },
    account: {
      // Implicit linking only when the provider vouches for the email and ours is
      // verified too (better-auth's default); never trust an unverified email.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: emailVerification === "required",
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetMail({ storeName, to: user.email, name: user.name, url }));
      },
    },
    ...(emailVerification === "off"
      ? {}
      : {
          emailVerification: {
            sendOnSignUp: true,
            autoSignInAfterVerification: true,
            sendVerificationEmail: async ({ user, url }) => {
              await mailer.send(verificationMail({ storeName, to: user.email, name: user.name, url }));
            },
          },
        }),
    socialProviders: social,
    plugins: [
      // A second factor (issue 37 item 9): TOTP from an authenticator app, with ten
      // one-use backup codes shown once. Sign-in with a password then answers
      // `twoFactorRedirect` and a short-lived challenge cookie instead of a session.
      // Before bearer(): its sign-in hook must run first and withdraw the session, or
      // bearer() would hand out the withdrawn session's token in `set-auth-token`.
      twoFactor({
        issuer: storeName,
        twoFactorTable: "twoFactor",
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      // Passkeys (WebAuthn): a phishing-resistant sign-in by the device's own check (PIN,
      // fingerprint, face), so a session it makes counts as made with a second factor.
      passkey({
        rpID: relyingPartyId(config.publicUrl),
        rpName: storeName,
        origin: trustedOrigins,
      }),
      bearer(),
      oauthPopup(),
      ...(oidc?.issuer
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "oidc",
                  name: oidc.name,
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId ?? "",
                  clientSecret: oidc.clientSecret ?? "",
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => {
            const [user] = await db
              .select({ banned: users.banned })
              .from(users)
              .where(eq(users.id, session.userId))
              .limit(1);
            if (user?.banned) {
              throw new APIError("FORBIDDEN", {
                code: "ACCOUNT_BANNED",
                message: "This account is suspended. Contact the shop for help.",
              });
            }
            // What the Owner's rule for staff asks of an admin session (staff-access.ts).
            return { data: { ...session, secondFactor: SECOND_FACTOR_PATHS.has(context?.path ?? "") } };
          },
          after: async (session, context) => {
            await signIns.record({
              userId: session.userId,
              email: null,
              method: signInMethod(context?.path),
              success: true,
              ipAddress: session.ipAddress ?? null,
              userAgent: session.userAgent ?? null,
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (context) => {
        const body: unknown = context.body;
        // Before hooks run ahead of the endpoint's own session lookup (and the bearer
        // plugin's): find whose password this is from the token itself. The endpoint still
        // verifies the session; a forged token only makes this lookup find nobody.
        const changer =
          context.path === "/change-password" ? await sessionPerson(db, context.request?.headers) : undefined;
        const changerEmail = changer?.email;
        const lockedEmail = context.path === "/sign-in/email" && hasString(body, "email") ? body.email : changerEmail;
        if (lockedEmail) {
          const lock = await signIns.lockFor(lockedEmail);
          if (lock) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              {
                code: "ACCOUNT_LOCKED",
                message: `Too many failed sign-ins for this account. Try again in ${minutes(lock.retryAfterSeconds)}, or reset your password.`,
              },
              { "retry-after": String(lock.retryAfterSeconds) },
            );
          }
        }
        if (context.path === "/sign-up/email") {
          checkAccountFields(body);
          if (hasString(body, "password")) {
            await checkPassword(body.password, {
              email: hasString(body, "email") ? body.email : undefined,
              name: hasString(body, "name") ? body.name : undefined,
              storeName,
            });
          }
        }
        if (context.path === "/reset-password" && hasString(body, "newPassword")) {
          const person = hasString(body, "token") ? await resetTokenPerson(db, body.token) : undefined;
          await checkPassword(body.newPassword, { ...person, storeName });
        }
        if (context.path === "/change-password" && hasString(body, "newPassword")) {
          await checkPassword(body.newPassword, { ...changer, storeName });
          // A password change always ends the other sessions (their tokens get 401).
          return { context: { ...context, body: { ...(body as object), revokeOtherSessions: true } } };
        }
        return undefined;
      }),
      // A wrong password counts towards the account's lockout, at sign-in and when a
      // signed-in session tries to change the password.
      after: createAuthMiddleware(async (context) => {
        const returned: unknown = context.context.returned;
        if (!(returned instanceof APIError)) return;
        const body: unknown = context.body;
        const email =
          context.path === "/sign-in/email" && returned.statusCode === 401 && hasString(body, "email")
            ? body.email
            : context.path === "/change-password" && returned.body?.code === "INVALID_PASSWORD"
              ? (await sessionPerson(db, context.request?.headers))?.email
              : undefined;
        if (email) {
          await signIns.record({
            userId: null,
            email,
            method: context.path === "/sign-in/email" ? "email" : "change-password",
            success: false,
            ipAddress: context.request?.headers.get(CLIENT_IP_HEADER) ?? null,
            userAgent: context.request?.headers.get("user-agent") ?? null,
          });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Endpoints whose sessions were made with a second factor: a TOTP or backup code after the
 * password (also the code that turns TOTP on), or a passkey.
 */
const SECOND_FACTOR_PATHS = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/passkey/verify-authentication",
]);

/**
 * WebAuthn's relying party is a domain, never an IP address: a shop on 127.0.0.1 (the
 * default) takes passkeys on its trusted twin, localhost.
 */
function relyingPartyId(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return host === "127.0.0.1" || host === "[::1]" ? "localhost" : host;
}

function checkAccountFields(body: unknown): void {
  const name = hasString(body, "name") ? body.name.trim() : "";
  const email = hasString(body, "email") ? body.email.trim() : "";
  if (name === "") throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: "Enter your name." });
  if (name.length > accountLimits.nameMaxLength) {
    throw new APIError("BAD_REQUEST", {
      code: "INVALID_NAME",
      message: `The name must have at most ${accountLimits.nameMaxLength} characters.`,
    });
  }
  if (email.length > accountLimits.emailMaxLength) {
    throw new APIError("BAD_REQUEST", {
      code: "INVALID_EMAIL",
      message: `The email address must have at most ${accountLimits.emailMaxLength} characters.`,
    });
  }
}

async function checkPassword(password: string, context: PasswordContext): Promise<void> {
  const message = await newPasswordProblem(password, context);
  if (message) throw new APIError("BAD_REQUEST", { code: "PASSWORD_POLICY", message });
}

function signInMethod(path: string | undefined): string {
  if (!path) return "other";
  if (path === "/sign-in/email") return "email";
  if (path === "/sign-up/email") return "sign-up";
  if (path === "/verify-email") return "email-verification";
  const callback = /^\/(?:oauth2\/)?callback\/([^/]+)/.exec(path);
  return callback?.[1] ?? path.replace(/^\//, "").slice(0, 40);
}

function hasString<K extends string>(value: unknown, key: K): value is Record<K, string> {
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[key] === "string";
}

function minutes(seconds: number): string {
  const value = Math.max(1, Math.ceil(seconds / 60));
  return `${value} minute${value === 1 ? "" : "s"}`;
}
