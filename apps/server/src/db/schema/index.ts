export * from "./catalog.ts";
export * from "./store.ts";
