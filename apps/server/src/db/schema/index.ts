export * from "./account.ts";
export * from "./activity.ts";
export * from "./catalog.ts";
export * from "./commerce.ts";
export * from "./customization.ts";
export * from "./identity.ts";
export * from "./promotions.ts";
export * from "./store.ts";
