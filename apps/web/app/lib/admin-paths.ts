/**
 * Every client route of the admin back office (spec section 2, Admin side menu), in one
 * place beside `paths.ts`. The spec's paths are kept verbatim, capitals included.
 */
export const adminPaths = {
  home: () => "/admin",
  // Dashboard
  showViews: () => "/admin/show/show-views",
  syncSalesCount: () => "/admin/sync/sync-sales-count",
  // Inventory
  stockStatus: () => "/admin/inventory/stock-status",
  lowStock: () => "/admin/inventory/low-stock",
  warehouse: () => "/admin/inventory/warehouse",
  /** Not in the spec's menu (issue 14): reached from Stock Status and Warehouse. */
  stockCount: () => "/admin/inventory/stock-count",
  // Coupons
  createCoupon: () => "/admin/promotions/create-coupon",
  manageCoupons: () => "/admin/promotions/manage-coupons",
  couponUsageLogs: () => "/admin/promotions/usage-logs",
  // Reports
  salesReport: () => "/admin/reports/sales",
  inventoryReport: () => "/admin/reports/inventory",
  customersReport: () => "/admin/reports/customers",
  taxReport: () => "/admin/reports/tax",
  // Payments
  transactions: () => "/admin/payments/transactions",
  refunds: () => "/admin/payments/refunds",
  payouts: () => "/admin/payments/payouts",
  // Role Management
  roles: () => "/admin/Manage/roles",
  // Activity log (issue 20): beside Roles, it needs the same permission
  activityLog: () => "/admin/Manage/activity-log",
  // Admin API tokens (issue 38): beside Roles, made and revoked with the same permission
  apiTokens: () => "/admin/Manage/api-tokens",
  // Outbound webhooks (issue 38 item 1): beside API tokens, managed with the same permission
  webhooks: () => "/admin/Manage/webhooks",
  // User Management
  users: () => "/admin/show/show-users",
  userDetails: (userId?: string) =>
    userId ? `/admin/show/user-details?id=${encodeURIComponent(userId)}` : "/admin/show/user-details",
  userInsights: () => "/admin/Analytics/user-insights",
  // Products
  addProduct: () => "/admin/add/add-product",
  unpublishedProducts: () => "/admin/publish-product",
  allProducts: () => "/admin/all-products",
  /** The product editor: outside the menu, part of the Products area (see menu-match.ts). */
  editProduct: (id: number) => `/admin/edit/edit-product/${id}`,
  // Series
  addSeries: () => "/admin/add/add-series",
  allSeries: () => "/admin/show/show-all-series",
  // Categories
  addCategory: () => "/admin/add/add-category",
  allCategories: () => "/admin/show/show-all-categories",
  // Product Types
  addProductType: () => "/admin/add/add-product-type",
  productTypes: () => "/admin/show/product-type",
  // Orders (the carts link is the storefront's /MyCart, as the spec's table says)
  orders: () => "/admin/show/show-orders",
  customizationRequests: () => "/admin/show/show-customization-requests",
  cancelReturnRequests: () => "/admin/show/show-requests",
  // Promotions
  addNewArrivals: () => "/admin/add/add-new-arrivals",
  addPopUp: () => "/admin/add/add-new-pop-up",
  updatePopUp: () => "/admin/edit/update-pop-up",
  updateDiscount: () => "/admin/edit/update-discount",
  collabs: () => "/admin/promotions/collabs",
  drops: () => "/admin/promotions/drops",
  // Attributes
  addColor: () => "/admin/add/add-color",
  addSize: () => "/admin/add/add-size",
  addFabric: () => "/admin/add/add-fabric",
  // Settings
  rearrangeNavbar: () => "/admin/settings/rearrange-navbar",
  // Checkout settings (issue 6), beside the spec's link
  deliveryZones: () => "/admin/settings/delivery-zones",
  taxRates: () => "/admin/settings/tax-rates",
  paymentSettings: () => "/admin/settings/payments",
} as const;

/** Spec section 2, word for word: paths starting with /admin/add get 'Admin - Add'; other admin paths 'Admin Dashboard'. */
export function adminTitle(pathname: string): string {
  return pathname.startsWith("/admin/add") ? "Admin - Add" : "Admin Dashboard";
}
