/**
 * Configuration comes from environment variables only, validated once at start-up.
 * A bad value stops the process with one line naming the variable (see main.ts).
 */
import os from "node:os";
import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** 20 pooled connections a process: 8 processes stay well inside the bundled server's 200. */
const MAX_BUNDLED_PROCESSES = 8;

/**
 * A numeric setting between `min` (0 or 1) and `max`, a whole number if `whole`; the
 * errors name the bound ("must not be negative", "must be at most 64").
 */
function amount(options: { min: 0 | 1; max: number; whole?: boolean }) {
  const number = z.coerce.number({ error: "must be a number" });
  return (options.whole ? number.int({ error: "must be a whole number" }) : number)
    .min(options.min, { error: options.min === 0 ? "must not be negative" : "must be at least 1" })
    .max(options.max, { error: `must be at most ${options.max}` });
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const ConfigSchema = z
  .object({
    PORT: z.coerce
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must be between 0 and 65535" })
      .max(65535, { error: "must be between 0 and 65535" })
      .default(3000),
    HOST: z.string().trim().min(1, { error: "must not be empty" }).default("127.0.0.1"),
    PUBLIC_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://shop.example.com" }).optional(),
    ),
    DATABASE_URL: optionalString.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    ),
    /** Named prepared statements for checkout's hot statements (ADR 0017); "false" behind an old PgBouncer. */
    DATABASE_PREPARED_STATEMENTS: z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .default("true")
      .transform((value) => value === "true"),
    DATA_DIR: z.string().trim().min(1, { error: "must not be empty" }).default("./data"),
    LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(", ")}` }).default("info"),
    STORE_NAME: z
      .string()
      .trim()
      .min(1, { error: "must not be empty" })
      .max(80, { error: "is too long" })
      .default("Atelier"),
    SEED_DEMO: z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .default("true")
      .transform((value) => value === "true"),
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, { error: "must have at least 32 characters (e.g. openssl rand -base64 32)" }).optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    MAIL_FROM: optionalString,
    EMAIL_VERIFICATION: z
      .enum(["off", "optional", "required"], { error: 'must be "off", "optional" or "required"' })
      .default("optional"),
    AUTH_RATE_LIMIT: amount({ min: 1, max: 100_000, whole: true }).default(20),
    SEARCH_RATE_LIMIT: amount({ min: 1, max: 10_000_000, whole: true }).default(120),
    // Requests per minute per admin API token (issue 38 item 2, ADR 0024).
    API_TOKEN_RATE_LIMIT: amount({ min: 1, max: 10_000_000, whole: true }).default(600),
    // Outbound webhooks (issue 38 item 1, ADR 0025): whether endpoints may be on loopback or
    // private networks (off: an endpoint there is refused, a guard against SSRF), and after how
    // many hours of nothing but failed attempts an endpoint is turned off (its owner mailed; 0: never).
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .default("false")
      .transform((value) => value === "true"),
    WEBHOOKS_DISABLE_AFTER_HOURS: amount({ min: 0, max: 24 * 60 }).default(72),
    // Where the search box's suggestions come from (issue 18, ADR 0016): an in-memory index per
    // process (built at start, kept current through the invalidation bus), or PostgreSQL.
    SEARCH_ENGINE: z.enum(["memory", "postgres"], { error: 'must be "memory" or "postgres"' }).default("memory"),
    // The full-page cache of anonymous storefront pages (issue 18): its byte budget; 0 turns it off.
    PAGE_CACHE_MB: amount({ min: 0, max: 65_536 }).default(64),
    // A serving process gives back what load left pooled after this many quiet seconds (ADR 0018); 0: never.
    IDLE_GC_SECONDS: amount({ min: 0, max: 86_400 }).default(10),
    // The young generation of each app process of the cluster (ADR 0018): V8's semi-space size
    // in MB; 0 leaves V8's own (sized from the machine's memory: 64 on a 24 GB machine).
    APP_SEMI_SPACE_MB: amount({ min: 0, max: 1024, whole: true }).default(0),
    DEMO_ADMIN_PASSWORD: optionalString,
    /** Reports (issue 17): demo order lines a fresh demo shop gets (0: none). */
    SEED_DEMO_ORDERS: amount({ min: 0, max: 1_000_000, whole: true }).default(4000),
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, {
        error: 'must be "true", "false", or proxy addresses/CIDRs separated by commas',
      })
      .default("loopback"),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    FACEBOOK_CLIENT_ID: optionalString,
    FACEBOOK_CLIENT_SECRET: optionalString,
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_NAME: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Another Stripe API base (stripe-mock, or a loopback fake in tests); Stripe's own by default. */
    STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
    /** App processes serving the port; unset: one per CPU (at most 8 with the bundled database). */
    WEB_CONCURRENCY: amount({ min: 1, max: 64, whole: true }).optional(),
    /** How long a stopping process keeps serving while /readyz already fails (behind a balancer). */
    SHUTDOWN_DRAIN_MS: amount({ min: 0, max: 60_000, whole: true }).default(0),
    /** Bearer token for GET /metrics; unset: /metrics answers loopback clients only. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, { error: "must be at least 16 characters" }).optional()),
    /** Redis for several processes: cache invalidation by pub/sub and shared rate-limit counters. */
    REDIS_URL: optionalString.pipe(
      z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    ),
    /** Images in an S3-compatible bucket (instead of DATA_DIR/media) when S3_BUCKET is set. */
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          error: "must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)",
        })
        .optional(),
    ),
    S3_REGION: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .default("false")
      .transform((value) => value === "true"),
    INIT_CWD: z.string().optional(),
  })
  .superRefine((env, context) => {
    const s3Names = ["S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    for (const name of env.S3_BUCKET ? [] : s3Names.filter((name) => env[name] !== undefined)) {
      context.addIssue({ code: "custom", path: [name], message: "is set but S3_BUCKET is not" });
    }
    if (env.S3_BUCKET && Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "must be set with the other S3 key (or both left unset)",
      });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://${displayHost(env.HOST)}:${env.PORT}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    // npm runs scripts inside the workspace folder; relative paths mean the folder
    // where the person typed the command (INIT_CWD).
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    storeName: env.STORE_NAME,
    seedDemo: env.SEED_DEMO,
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD,
    seedDemoOrders: env.SEED_DEMO_ORDERS,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    env: env.NODE_ENV,
    auth: {
      secret: env.AUTH_SECRET,
      emailVerification: env.EMAIL_VERIFICATION,
      rateLimitPerMinute: env.AUTH_RATE_LIMIT,
      providers: socialProviders(env),
    },
    search: { rateLimitPerMinute: env.SEARCH_RATE_LIMIT, engine: env.SEARCH_ENGINE },
    apiTokens: { rateLimitPerMinute: env.API_TOKEN_RATE_LIMIT },
    webhooks: {
      allowPrivateNetworks: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
      disableAfterMs: Math.round(env.WEBHOOKS_DISABLE_AFTER_HOURS * 3_600_000),
    },
    pageCache: { maxBytes: Math.round(env.PAGE_CACHE_MB * 1024 * 1024) },
    memory: { idleGcMs: Math.round(env.IDLE_GC_SECONDS * 1000), appSemiSpaceMb: env.APP_SEMI_SPACE_MB },
    stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL },
    metrics: { token: env.METRICS_TOKEN },
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    webConcurrency:
      env.WEB_CONCURRENCY ?? Math.min(os.availableParallelism(), env.DATABASE_URL ? 64 : MAX_BUNDLED_PROCESSES),
    redis: { url: env.REDIS_URL },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? "us-east-1",
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${env.STORE_NAME} <no-reply@atelier.localhost>` },
  }))
  .superRefine((config, context) => {
    for (const provider of config.auth.providers) {
      const prefix = provider.id.toUpperCase();
      const missing = [
        ...(provider.clientId ? [] : [`${prefix}_CLIENT_ID`]),
        ...(provider.clientSecret ? [] : [`${prefix}_CLIENT_SECRET`]),
        ...(provider.id === "oidc" && !provider.issuer ? ["OIDC_ISSUER"] : []),
      ];
      for (const name of missing) {
        context.addIssue({ code: "custom", path: [name], message: `must be set to enable ${provider.name} sign-in` });
      }
    }
  });

/**
 * Which X-Forwarded-* headers count (Fastify's trustProxy). The default trusts only this
 * machine (a local reverse proxy, and the in-process calls of server rendering), so a
 * client cannot pick its own address to dodge per-address rate limits.
 */
function trustProxyOption(value: string): boolean | string[] {
  if (value === "true") return true;
  if (value === "false") return false;
  return value.split(",").map((part) => part.trim());
}

export interface SocialProviderConfig {
  id: "google" | "facebook" | "github" | "oidc";
  name: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** OpenID Connect issuer (only for the generic "oidc" provider). */
  issuer?: string;
}

type ProviderEnv = Partial<
  Record<`${"GOOGLE" | "FACEBOOK" | "GITHUB" | "OIDC"}_CLIENT_${"ID" | "SECRET"}` | "OIDC_ISSUER" | "OIDC_NAME", string>
>;

/** A provider is configured when any of its variables is set (superRefine reports a half setup). */
function socialProviders(env: ProviderEnv): SocialProviderConfig[] {
  const providers: SocialProviderConfig[] = [];
  const named = [
    ["google", "Google", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
    ["facebook", "Facebook", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET],
    ["github", "GitHub", env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET],
  ] as const;
  for (const [id, name, clientId, clientSecret] of named) {
    if (clientId || clientSecret) providers.push({ id, name, clientId, clientSecret });
  }
  if (env.OIDC_ISSUER || env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET) {
    providers.push({
      id: "oidc",
      name: env.OIDC_NAME ?? "Single sign-on",
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      ...(env.OIDC_ISSUER ? { issuer: env.OIDC_ISSUER.replace(/\/$/, "") } : {}),
    });
  }
  return providers;
}

export type Config = z.output<typeof ConfigSchema>;

function displayHost(host: string): string {
  return host === "0.0.0.0" || host === "::" || host === "127.0.0.1" ? "localhost" : host;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError whose message is one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const raw = env[name];
    return `${name} ${issue.message}${raw === undefined ? "" : ` (got "${raw}")`}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
}
