/**
 * Configuration comes from environment variables only, validated once at start-up.
 * A bad value stops the process with one line naming the variable (see main.ts).
 */
import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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
    INIT_CWD: z.string().optional(),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://${displayHost(env.HOST)}:${env.PORT}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL,
    // npm runs scripts inside the workspace folder; relative paths mean the folder
    // where the person typed the command (INIT_CWD).
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    storeName: env.STORE_NAME,
    seedDemo: env.SEED_DEMO,
    env: env.NODE_ENV,
  }));

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
