import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("has working defaults", () => {
    const config = loadConfig({ INIT_CWD: "/srv/shop" });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      dataDir: path.resolve("/srv/shop", "data"),
      logLevel: "info",
      storeName: "Atelier",
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      PUBLIC_URL: "https://shop.example.com/",
      DATABASE_URL: "postgres://u:p@db:5432/shop",
      DATA_DIR: "/var/lib/atelier",
      LOG_LEVEL: "warn",
      STORE_NAME: "Maison",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      publicUrl: "https://shop.example.com",
      databaseUrl: "postgres://u:p@db:5432/shop",
      dataDir: "/var/lib/atelier",
      logLevel: "warn",
      storeName: "Maison",
    });
  });

  it("treats an empty DATABASE_URL as unset (the bundled PostgreSQL)", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it("reads REDIS_URL (unset by default: no Redis)", () => {
    expect(loadConfig({}).redis.url).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379/2" }).redis.url).toBe("redis://127.0.0.1:6379/2");
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT must be a number \(got "abc"\)$/],
    [{ PORT: "70000" }, /PORT must be between 0 and 65535/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    [{ PUBLIC_URL: "shop" }, /PUBLIC_URL must be an http\(s\) URL/],
    [{ STORE_NAME: " " }, /STORE_NAME must not be empty/],
    [{ AUTH_SECRET: "short" }, /AUTH_SECRET must have at least 32 characters/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ REDIS_URL: "http://cache" }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ EMAIL_VERIFICATION: "sometimes" }, /EMAIL_VERIFICATION must be "off", "optional" or "required"/],
    [{ GITHUB_CLIENT_ID: "abc" }, /GITHUB_CLIENT_SECRET must be set to enable GitHub sign-in/],
    [{ OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }, /OIDC_ISSUER must be set/],
    [{ S3_BUCKET: "Not_A_Bucket" }, /S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: "shop-media", S3_ENDPOINT: "minio:9000" }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ S3_ENDPOINT: "http://minio:9000" }, /S3_ENDPOINT is set but S3_BUCKET is not/],
    [{ S3_BUCKET: "shop-media", S3_ACCESS_KEY_ID: "key" }, /S3_SECRET_ACCESS_KEY must be set with the other S3 key/],
    [{ S3_BUCKET: "shop-media", S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE must be "true" or "false"/],
    [{ DATABASE_PREPARED_STATEMENTS: "maybe" }, /DATABASE_PREPARED_STATEMENTS must be "true" or "false"/],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("\n");
    }
  });

  it("turns provider variables into the configured social sign-in providers", () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: "g-id",
      GOOGLE_CLIENT_SECRET: "g-secret",
      OIDC_ISSUER: "https://id.example.com/",
      OIDC_CLIENT_ID: "o-id",
      OIDC_CLIENT_SECRET: "o-secret",
    });
    expect(config.auth.providers).toEqual([
      { id: "google", name: "Google", clientId: "g-id", clientSecret: "g-secret" },
      {
        id: "oidc",
        name: "Single sign-on",
        clientId: "o-id",
        clientSecret: "o-secret",
        issuer: "https://id.example.com",
      },
    ]);
  });

  it("stores images locally unless S3_BUCKET is set, and reads the S3 settings", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: "shop-media",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      bucket: "shop-media",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: "shop-media", S3_REGION: "eu-west-3" }).s3).toMatchObject({
      region: "eu-west-3",
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it("runs one app process per CPU by default, at most 8 with the bundled database, or WEB_CONCURRENCY", () => {
    const cpus = os.availableParallelism();
    expect(loadConfig({}).webConcurrency).toBe(Math.min(cpus, 8));
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db:5432/shop" }).webConcurrency).toBe(cpus);
    expect(loadConfig({ WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow("WEB_CONCURRENCY must be at least 1");
    expect(() => loadConfig({ WEB_CONCURRENCY: "many" })).toThrow("WEB_CONCURRENCY must be a number");
    expect(() => loadConfig({ WEB_CONCURRENCY: "65" })).toThrow("WEB_CONCURRENCY must be at most 64");
    expect(() => loadConfig({ SEED_DEMO_ORDERS: "-1" })).toThrow("SEED_DEMO_ORDERS must not be negative");
  });

  it("gives back memory after 10 quiet seconds and leaves the young generation to V8 by default", () => {
    expect(loadConfig({}).memory).toEqual({ idleGcMs: 10_000, appSemiSpaceMb: 0 });
    expect(loadConfig({ IDLE_GC_SECONDS: "0", APP_SEMI_SPACE_MB: "16" }).memory).toEqual({
      idleGcMs: 0,
      appSemiSpaceMb: 16,
    });
    expect(loadConfig({ IDLE_GC_SECONDS: "2.5" }).memory.idleGcMs).toBe(2_500);
    expect(() => loadConfig({ IDLE_GC_SECONDS: "-1" })).toThrow("IDLE_GC_SECONDS must not be negative");
    expect(() => loadConfig({ APP_SEMI_SPACE_MB: "1.5" })).toThrow("APP_SEMI_SPACE_MB must be a whole number");
  });

  it("takes a METRICS_TOKEN of at least 16 characters", () => {
    expect(loadConfig({ METRICS_TOKEN: "a-long-metrics-token" }).metrics.token).toBe("a-long-metrics-token");
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN must be at least 16 characters");
  });
});
