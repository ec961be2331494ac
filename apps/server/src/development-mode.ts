/** Imported first by `dev.ts`, before main.ts defaults NODE_ENV to production. */
process.env.NODE_ENV ??= "development";
