/**
 * The staff actions the activity log records, with their labels (zod-free: the admin page
 * shows them). A key is `<subject>.<verb>`; filtering by `<subject>` takes the whole group.
 * Add a key here before recording a new kind of action.
 */
export const activityActions = {
  "product.create": "Created a product",
  "product.update": "Edited a product",
  "product.delete": "Deleted a product",
  "product.publish": "Published a product",
  "product.unpublish": "Unpublished a product",
  "product.import": "Imported products",
  "order.status": "Changed an order's status",
  "order.refund": "Refunded an order",
  "order.verify-payment": "Verified a payment",
  "role.create": "Created a role",
  "role.update": "Changed a role",
  "role.delete": "Deleted a role",
  "user.roles": "Changed a user's roles",
  "user.ban": "Banned a user",
  "user.unban": "Lifted a ban",
  "settings.checkout": "Changed checkout settings",
  "settings.navbar": "Rearranged the navbar",
  "settings.security": "Changed the security rules",
  "delivery-zone.create": "Added a delivery zone",
  "delivery-zone.update": "Changed a delivery zone",
  "delivery-zone.delete": "Deleted a delivery zone",
  "tax-rate.create": "Added a tax rate",
  "tax-rate.update": "Changed a tax rate",
  "tax-rate.delete": "Deleted a tax rate",
  "coupon.create": "Created a coupon",
  "coupon.update": "Changed a coupon",
  "coupon.delete": "Deleted a coupon",
  "discount.create": "Created a discount",
  "discount.update": "Changed a discount",
  "discount.delete": "Deleted a discount",
  "new-arrivals.update": "Changed the new arrivals",
  "order.reject-payment": "Rejected a transfer",
  "order.refund-settle": "Completed a pending refund",
  "remittance.create": "Recorded a courier remittance",
  "collab.create": "Added a collaborator",
  "collab.update": "Changed a collaborator",
  "drop.create": "Created a drop",
  "drop.update": "Changed a drop",
  "statement.create": "Made a royalty statement",
  "statement.paid": "Marked a royalty statement paid",
  "warehouse.create": "Added a warehouse",
  "warehouse.update": "Changed a warehouse",
  "stock.adjust": "Adjusted stock",
  "stock.transfer": "Sent a stock transfer",
  "stock.receive": "Received a stock transfer",
  "stock.count": "Posted a stock count",
  "stock.incoming": "Set incoming stock",
  "stock.threshold": "Changed a low-stock threshold",
  "inventory.settings": "Changed inventory settings",
} as const;

export type ActivityAction = keyof typeof activityActions;

/** The groups (the part before the dot) with a label each, for the filter. */
export const activityGroups: Record<string, string> = {
  product: "Products",
  order: "Orders",
  role: "Roles",
  user: "Users",
  settings: "Store settings",
  "delivery-zone": "Delivery zones",
  "tax-rate": "Tax rates",
  coupon: "Coupons",
  discount: "Discounts",
  "new-arrivals": "New arrivals",
  remittance: "Courier remittances",
  collab: "Collaborators",
  drop: "Drops",
  statement: "Royalty statements",
  warehouse: "Warehouses",
  stock: "Stock",
  inventory: "Inventory settings",
};

export function activityLabel(action: string): string {
  return (activityActions as Record<string, string>)[action] ?? action;
}
