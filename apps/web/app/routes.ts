import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { contentSlugs } from "./lib/paths.ts";

export default [
  layout("routes/storefront-layout.tsx", [
    index("routes/home.tsx"),
    route("categories/:categoryName", "routes/category.tsx"),
    route("products/:categoryId", "routes/products.tsx"),
    route("products/details/:productId", "routes/product-details.tsx"),
    route("search-product", "routes/search-results.tsx"),
    route("login", "routes/login.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    // Cart and wishlist (issue 6): the spec's exact paths.
    route("new-arrivals", "routes/new-arrivals.tsx"),
    route("MyCart", "routes/cart.tsx"),
    route("WishList", "routes/wishlist.tsx"),
    // Checkout (issue 6)
    route("checkout", "routes/checkout.tsx"),
    route("checkout/complete/:number", "routes/checkout-complete.tsx"),
    // Orders (customer side), dashboard and contact (issue 6)
    route("my-orders", "routes/my-orders.tsx"),
    route("my-orders/:number", "routes/my-order.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("contact", "routes/contact.tsx"),
    // Customization requests (issue 7)
    route("customization", "routes/customization-list.tsx"),
    route("customization/new", "routes/customization-new.tsx"),
    route("customization/:id", "routes/customization-request.tsx"),
    // Collabs and drops (issue 16)
    route("collabs/notify/confirm", "routes/notify-confirm.tsx"),
    route("collabs/:kind", "routes/collabs-list.tsx"),
    route("collabs/:kind/:slug", "routes/collab-page.tsx"),
    ...contentSlugs.map((slug) => route(slug, "routes/content-page.tsx", { id: `content-${slug}` })),
    route("*", "routes/not-found.tsx"),
  ]),
  // The admin back office (spec section 2); its paths come from lib/admin-paths.ts.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("Manage/roles", "routes/admin/roles.tsx"),
    route("Manage/activity-log", "routes/admin/activity-log.tsx"),
    route("Manage/api-tokens", "routes/admin/api-tokens.tsx"),
    route("Manage/webhooks", "routes/admin/webhooks.tsx"),
    route("show/show-users", "routes/admin/users.tsx"),
    route("show/user-details", "routes/admin/user-details.tsx"),
    route("Analytics/user-insights", "routes/admin/user-insights.tsx"),
    // Products (issue 4)
    route("add/add-product", "routes/admin/add-product.tsx"),
    route("edit/edit-product/:id", "routes/admin/edit-product.tsx"),
    route("publish-product", "routes/admin/publish-product.tsx"),
    route("all-products", "routes/admin/all-products.tsx"),
    // Dashboard group: Statistics / Views and Sync Sales Count
    route("show/show-views", "routes/admin/show-views.tsx"),
    route("sync/sync-sales-count", "routes/admin/sync-sales-count.tsx"),
    // Catalogue taxonomy: series, categories, product types, attributes, navbar order
    route("add/add-series", "routes/admin/add-series.tsx"),
    route("show/show-all-series", "routes/admin/all-series.tsx"),
    route("add/add-category", "routes/admin/add-category.tsx"),
    route("show/show-all-categories", "routes/admin/all-categories.tsx"),
    route("add/add-product-type", "routes/admin/add-product-type.tsx"),
    route("show/product-type", "routes/admin/product-types.tsx"),
    route("add/add-color", "routes/admin/add-color.tsx"),
    route("add/add-size", "routes/admin/add-size.tsx"),
    route("add/add-fabric", "routes/admin/add-fabric.tsx"),
    route("settings/rearrange-navbar", "routes/admin/rearrange-navbar.tsx"),
    // Checkout settings (issue 6)
    route("settings/delivery-zones", "routes/admin/delivery-zones.tsx"),
    route("settings/tax-rates", "routes/admin/tax-rates.tsx"),
    route("settings/payments", "routes/admin/payment-settings.tsx"),
    // Requests (issue 7)
    route("show/show-customization-requests", "routes/admin/show-customization-requests.tsx"),
    route("show/show-requests", "routes/admin/show-requests.tsx"),
    // Running the shop: orders (issue 7, staff-orders).
    route("show/show-orders", "routes/admin/show-orders.tsx"),
    route("show/show-orders/:id", "routes/admin/order-details.tsx"),
    route("orders/:id/invoice", "routes/admin/order-print.tsx", { id: "admin-order-invoice" }),
    route("orders/:id/packing-slip", "routes/admin/order-print.tsx", { id: "admin-order-packing-slip" }),
    // Promotions (issue 13): coupons.
    route("promotions/create-coupon", "routes/admin/create-coupon.tsx"),
    route("promotions/manage-coupons", "routes/admin/manage-coupons.tsx"),
    route("promotions/usage-logs", "routes/admin/usage-logs.tsx"),
    route("edit/update-discount", "routes/admin/update-discount.tsx"),
    route("add/add-new-arrivals", "routes/admin/add-new-arrivals.tsx"),
    // Pop-ups (issue 13.5)
    route("add/add-new-pop-up", "routes/admin/add-new-pop-up.tsx"),
    route("edit/update-pop-up", "routes/admin/update-pop-up.tsx"),
    // Payments back office (issue 15)
    route("payments/transactions", "routes/admin/payment-transactions.tsx"),
    route("payments/transactions/:id", "routes/admin/payment-transaction.tsx"),
    route("payments/refunds", "routes/admin/payment-refunds.tsx"),
    route("payments/payouts", "routes/admin/payment-payouts.tsx"),
    // Reports (issue 17)
    route("reports/sales", "routes/admin/reports-sales.tsx"),
    route("reports/inventory", "routes/admin/reports-inventory.tsx"),
    route("reports/customers", "routes/admin/reports-customers.tsx"),
    route("reports/tax", "routes/admin/reports-tax.tsx"),
    // Collabs and drops (issue 16)
    route("promotions/collabs", "routes/admin/collabs.tsx"),
    route("promotions/collabs/statements/:id", "routes/admin/collab-statement.tsx"),
    route("promotions/drops", "routes/admin/drops.tsx"),
    // Inventory (issue 14)
    route("inventory/stock-status", "routes/admin/inventory-stock-status.tsx"),
    route("inventory/stock-status/:id", "routes/admin/inventory-history.tsx"),
    route("inventory/low-stock", "routes/admin/inventory-low-stock.tsx"),
    route("inventory/warehouse", "routes/admin/inventory-warehouse.tsx"),
    route("inventory/stock-count", "routes/admin/inventory-stock-count.tsx"),
    route("*", "routes/admin/not-built.tsx"),
  ]),
] satisfies RouteConfig;
