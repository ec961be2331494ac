// Orders (customer side), dashboard and contact (issue 6)
export * from "./account.ts";
// Activity log (issue 20)
export * from "./activity-log.ts";
// Running the shop: orders (issue 7)
export * from "./admin-orders.ts";
export * from "./admin-search.ts";
export * from "./api-paths.ts";
// Admin API tokens (issue 38 item 2)
export * from "./api-tokens.ts";
export * from "./cart.ts";
export * from "./catalog.ts";
export * from "./checkout.ts";
// Collabs and drops (issue 16)
export * from "./collabs.ts";
export * from "./common.ts";
export * from "./constants.ts";
export * from "./contact.ts";
export * from "./customization.ts";
export * from "./dashboard.ts";
export * from "./endpoint.ts";
export * from "./errors.ts";
export * from "./identity.ts";
// Inventory (issue 14)
export * from "./inventory.ts";
export * from "./media.ts";
// Products admin (issue 4)
export * from "./money.ts";
export * from "./order-requests-admin.ts";
export * from "./orders.ts";
// Payments back office (issue 15)
export * from "./payments.ts";
// Pop-ups (issue 13.5); the zod-free half is also `@atelier/contract/popup-constants`.
export * from "./popup-constants.ts";
export * from "./popups.ts";
export * from "./product-admin.ts";
export * from "./product-stats.ts";
// Promotions (issue 13)
export * from "./promotions.ts";
// Reports (issue 17)
export * from "./reports.ts";
export * from "./search.ts";
export * from "./taxonomy-admin.ts";
export * from "./users.ts";
// Outbound webhooks (issue 38 item 1)
export * from "./webhooks.ts";
