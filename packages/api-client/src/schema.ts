/**
 * The Atelier API's types, generated from the served OpenAPI document by openapi-typescript
 * (`npm run api-client:generate`). Do not edit: apps/server/test/api-client.test.ts fails
 * when this file and the document differ.
 */


/** OneOf type helpers */
type Without<T, U> = { [P in Exclude<keyof T, keyof U>]?: never };
type XOR<T, U> = (T | U) extends object ? (Without<T, U> & U) | (Without<U, T> & T) : T | U;
type OneOf<T extends any[]> = T extends [infer Only] ? Only : T extends [infer A, infer B, ...infer Rest] ? OneOf<[XOR<A, B>, ...Rest]> : never;

export interface paths {
  "/healthz": {
    /** Liveness */
    get: operations["getHealthz"];
  };
  "/readyz": {
    /** Readiness: the database answers */
    get: operations["getReadyz"];
  };
  "/api/identity/config": {
    /** Password policy, configured social sign-in providers and email verification mode */
    get: operations["getIdentityConfig"];
  };
  "/api/me": {
    /** The signed-in user, whether they are staff, their roles and permissions */
    get: operations["getMe"];
  };
  "/api/guests": {
    /** Backs a locally generated guest identity with a signed guest token */
    post: operations["postGuests"];
  };
  "/api/me/merge-guest": {
    /** Moves a guest's cart and wishlist into the signed-in account */
    post: operations["postMeMergeGuest"];
  };
  "/api/admin/checkIfAdmin": {
    /** Whether the verified session belongs to staff (drives the admin gate) */
    get: operations["getAdminCheckIfAdmin"];
  };
  "/api/admin/permissions": {
    /**
     * Every permission (one per admin area) with its label
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    get: operations["getAdminPermissions"];
  };
  "/api/admin/security-settings": {
    /**
     * The Owner's security rules: whether staff need a second factor
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    get: operations["getAdminSecuritySettings"];
    /**
     * Changes the security rules (the Owner only; turning the second-factor rule on needs the Owner's own second factor first)
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    put: operations["putAdminSecuritySettings"];
  };
  "/api/admin/roles": {
    /**
     * Roles with their permissions and how many users hold them
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    get: operations["getAdminRoles"];
    /**
     * Creates a role
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    post: operations["postAdminRoles"];
  };
  "/api/admin/roles/{id}": {
    /**
     * Deletes a role that no user holds (never the Owner role)
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminRolesById"];
    /**
     * Renames a role or changes its permissions (the last Owner keeps every permission)
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    patch: operations["patchAdminRolesById"];
  };
  "/api/admin/users/{userId}/roles": {
    /**
     * Sets the roles a user holds (the shop always keeps one Owner)
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    put: operations["putAdminUsersByUserIdRoles"];
  };
  "/api/admin/users": {
    /**
     * Customers and staff: search by name or email, filter, sort, paginate
     * @description Needs a staff role with the "users" permission (or an admin API token given it).
     */
    get: operations["getAdminUsers"];
  };
  "/api/admin/users/{userId}": {
    /**
     * A user's profile, roles, sign-in methods, sessions and sign-in history
     * @description Needs a staff role with the "users" permission (or an admin API token given it).
     */
    get: operations["getAdminUsersByUserId"];
  };
  "/api/admin/users/{userId}/ban": {
    /**
     * Bans a user: their sessions end and they cannot sign in
     * @description Needs a staff role with the "users" permission (or an admin API token given it).
     */
    post: operations["postAdminUsersByUserIdBan"];
  };
  "/api/admin/users/{userId}/unban": {
    /**
     * Lifts a ban
     * @description Needs a staff role with the "users" permission (or an admin API token given it).
     */
    post: operations["postAdminUsersByUserIdUnban"];
  };
  "/api/admin/users/{userId}/password-reset": {
    /**
     * Emails the user a password-reset link
     * @description Needs a staff role with the "users" permission (or an admin API token given it).
     */
    post: operations["postAdminUsersByUserIdPasswordReset"];
  };
  "/api/admin/users/{userId}/sessions/{sessionId}": {
    /**
     * Ends one of the user's sessions
     * @description Needs a staff role with the "users" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminUsersByUserIdSessionsBySessionId"];
  };
  "/api/admin/insights/users": {
    /**
     * Sign-ups per day, active users and sign-in methods over a period
     * @description Needs a staff role with the "users" permission (or an admin API token given it).
     */
    get: operations["getAdminInsightsUsers"];
  };
  "/api/admin/api-tokens": {
    /**
     * The admin API tokens, newest first (never their secrets)
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    get: operations["getAdminApiTokens"];
    /**
     * Makes an admin API token with permissions the caller holds; its secret is answered once
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    post: operations["postAdminApiTokens"];
  };
  "/api/admin/api-tokens/{id}/revoke": {
    /**
     * Revokes an admin API token: its next request answers 401
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    post: operations["postAdminApiTokensByIdRevoke"];
  };
  "/api/admin/webhooks": {
    /**
     * The webhook endpoints, newest first (never their secrets)
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    get: operations["getAdminWebhooks"];
    /**
     * Registers a webhook endpoint; its signing secret is answered once
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    post: operations["postAdminWebhooks"];
  };
  "/api/admin/webhooks/{id}": {
    /**
     * Deletes an endpoint and its delivery log; deliveries not yet made are dropped
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    delete: operations["deleteAdminWebhooksById"];
    /**
     * Changes an endpoint's address, description, events, or turns it on or off
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    patch: operations["patchAdminWebhooksById"];
  };
  "/api/admin/webhooks/{id}/rotate-secret": {
    /**
     * Makes a new signing secret, answered once; the old one signs beside it for the overlap
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    post: operations["postAdminWebhooksByIdRotateSecret"];
  };
  "/api/admin/webhooks/{id}/test": {
    /**
     * Sends a `webhook.test` event to the endpoint (through the queue, logged like any other)
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    post: operations["postAdminWebhooksByIdTest"];
  };
  "/api/admin/webhooks/{id}/deliveries": {
    /**
     * An endpoint's delivery log, newest first
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    get: operations["getAdminWebhooksByIdDeliveries"];
  };
  "/api/admin/webhook-deliveries/{id}": {
    /**
     * One delivery: the request as signed and every attempt's answer
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    get: operations["getAdminWebhookDeliveriesById"];
  };
  "/api/admin/webhook-deliveries/{id}/redeliver": {
    /**
     * Sends a delivery's event again (same `webhook-id`), after the endpoint's earlier deliveries for that resource
     * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
     */
    post: operations["postAdminWebhookDeliveriesByIdRedeliver"];
  };
  "/api/admin/activity-log": {
    /**
     * Staff actions, newest first: filter by staff member, action, subject and dates
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    get: operations["getAdminActivityLog"];
  };
  "/api/admin/activity-log/export": {
    /**
     * The filtered staff actions as CSV (text/csv), newest first, at most 50,000 rows
     * @description Needs a staff role with the "roles" permission (or an admin API token given it).
     */
    get: operations["getAdminActivityLogExport"];
  };
  "/api/admin/dashboard": {
    /**
     * Counts and recent activity for the admin home
     * @description Needs a staff role (or any admin API token).
     */
    get: operations["getAdminDashboard"];
  };
  "/api/admin/search": {
    /**
     * The ⌘K palette: orders, products and customers matching a text, in the areas the caller's roles grant
     * @description Needs a staff role (or any admin API token).
     */
    get: operations["getAdminSearch"];
  };
  "/api/admin/stats/views": {
    /**
     * Product page views per day in a date range (UTC), with the most viewed products
     * @description Needs a staff role with the "dashboard" permission (or an admin API token given it).
     */
    get: operations["getAdminStatsViews"];
  };
  "/api/admin/sync/sales-count": {
    /**
     * Recomputes the sales count of one batch of products (by id) from orders
     * @description Needs a staff role with the "dashboard" permission (or an admin API token given it).
     */
    post: operations["postAdminSyncSalesCount"];
  };
  "/api/catalog/taxonomy": {
    /** Genders, categories, sub- and sub-sub-categories in one answer (the shared category loader) */
    get: operations["getCatalogTaxonomy"];
  };
  "/api/catalog/series": {
    /** All series */
    get: operations["getCatalogSeries"];
  };
  "/api/products": {
    /** Published products, filtered and paginated */
    get: operations["getProducts"];
  };
  "/api/products/{productId}": {
    /** A product with images, variants, size chart, taxonomy path and related products. 404 when unpublished, unless the caller is staff with the products permission */
    get: operations["getProductsByProductId"];
  };
  "/api/admin/view-product-categories": {
    /** Categories with id, name, serial, filename, isGenderVaried, isForMen, isForWomen */
    get: operations["getAdminViewProductCategories"];
  };
  "/api/admin/view-genders": {
    /** List of genders */
    get: operations["getAdminViewGenders"];
  };
  "/api/admin/view-product-sub-category/{categoryId}": {
    /** Sub-categories of a category */
    get: operations["getAdminViewProductSubCategoryByCategoryId"];
  };
  "/api/admin/view-product-sub-sub-category/{subCategoryId}": {
    /** Sub-sub-categories of a sub-category */
    get: operations["getAdminViewProductSubSubCategoryBySubCategoryId"];
  };
  "/api/admin/getimage/{filename}": {
    /** A product, category or series image (immutable, cached for a year) */
    get: operations["getAdminGetimageByFilename"];
  };
  "/api/admin/search-bar-products": {
    /** Suggestions for the desktop header's search box (debounced 300 ms): published products matching the text, typo-tolerant and by prefix; links use productId */
    get: operations["getAdminSearchBarProducts"];
  };
  "/api/admin/search-products": {
    /** Suggestions for the mobile search: same engine and shape as search-bar-products */
    get: operations["getAdminSearchProducts"];
  };
  "/api/search": {
    /** The search results page: published products matching the text, filtered, sorted and paginated, with facets, a did-you-mean and popular products when nothing matches */
    get: operations["getSearch"];
  };
  "/api/admin/media": {
    /**
     * Upload an image (the raw file as the body; JPEG, PNG, WebP or AVIF, at most 10 MB and 40 megapixels). It is re-encoded to WebP in every stored width and named by its content hash.
     * @description Needs a staff role (or any admin API token).
     */
    post: operations["postAdminMedia"];
  };
  "/api/admin/products": {
    /**
     * Products for staff, published or not, filtered, sorted and paged
     * @description Needs a staff role with the "products" permission (or an admin API token given it).
     */
    get: operations["getAdminProducts"];
    /**
     * Creates a product (409 on a taken slug or SKU, 422 on invalid fields)
     * @description Needs a staff role with the "products" permission (or an admin API token given it).
     */
    post: operations["postAdminProducts"];
  };
  "/api/admin/products/options": {
    /**
     * Everything the product form's choices need
     * @description Needs a staff role with the "products" permission (or an admin API token given it).
     */
    get: operations["getAdminProductsOptions"];
  };
  "/api/admin/products/export": {
    /**
     * The filtered products as CSV (text/csv), one row per variant
     * @description Needs a staff role with the "products" permission (or an admin API token given it).
     */
    get: operations["getAdminProductsExport"];
  };
  "/api/admin/products/{id}": {
    /**
     * One product as the form edits it, with its version
     * @description Needs a staff role with the "products" permission (or an admin API token given it).
     */
    get: operations["getAdminProductsById"];
    /**
     * Saves a product loaded at `version` (409 when someone saved it since)
     * @description Needs a staff role with the "products" permission (or an admin API token given it).
     */
    put: operations["putAdminProductsById"];
  };
  "/api/admin/products/bulk": {
    /**
     * Publishes, unpublishes or deletes several products
     * @description Needs a staff role with the "products" permission (or an admin API token given it).
     */
    post: operations["postAdminProductsBulk"];
  };
  "/api/admin/products/import": {
    /**
     * Imports products from CSV; dryRun=true only reports what would happen
     * @description Needs a staff role with the "products" permission (or an admin API token given it).
     */
    post: operations["postAdminProductsImport"];
  };
  "/api/storefront/home": {
    /** What the home page shows: hero, new products, categories and series */
    get: operations["getStorefrontHome"];
  };
  "/api/storefront/settings": {
    /** The store's public settings: name, currency, contact block and social links */
    get: operations["getStorefrontSettings"];
  };
  "/api/admin/series": {
    /**
     * Every series with how many products belong to it
     * @description Needs a staff role with the "series" permission (or an admin API token given it).
     */
    get: operations["getAdminSeries"];
    /**
     * Creates a series (its slug comes from the name)
     * @description Needs a staff role with the "series" permission (or an admin API token given it).
     */
    post: operations["postAdminSeries"];
  };
  "/api/admin/series/{id}": {
    /**
     * Deletes a series no product belongs to
     * @description Needs a staff role with the "series" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminSeriesById"];
    /**
     * Changes a series' name, description or banner
     * @description Needs a staff role with the "series" permission (or an admin API token given it).
     */
    patch: operations["patchAdminSeriesById"];
  };
  "/api/admin/categories": {
    /**
     * The whole category tree (disabled sub-categories included) with product counts, by serial
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    get: operations["getAdminCategories"];
    /**
     * Creates a category at the end of the navigation (serial = last + 1)
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    post: operations["postAdminCategories"];
  };
  "/api/admin/categories/{id}": {
    /**
     * Deletes a category with no sub-categories
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminCategoriesById"];
    /**
     * Changes a category's name, image or gender flags
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    patch: operations["patchAdminCategoriesById"];
  };
  "/api/admin/categories/order": {
    /**
     * Sets the navigation order: every category id exactly once, first to last
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    put: operations["putAdminCategoriesOrder"];
  };
  "/api/admin/categories/{categoryId}/sub-categories": {
    /**
     * Adds a sub-category to a category
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    post: operations["postAdminCategoriesByCategoryIdSubCategories"];
  };
  "/api/admin/sub-categories/{id}": {
    /**
     * Deletes a sub-category with no sub-sub-categories
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminSubCategoriesById"];
    /**
     * Renames, disables or enables premium grouping of a sub-category
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    patch: operations["patchAdminSubCategoriesById"];
  };
  "/api/admin/sub-categories/{subCategoryId}/sub-sub-categories": {
    /**
     * Adds a sub-sub-category to a sub-category
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    post: operations["postAdminSubCategoriesBySubCategoryIdSubSubCategories"];
  };
  "/api/admin/sub-sub-categories/{id}": {
    /**
     * Deletes a sub-sub-category no product is in
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminSubSubCategoriesById"];
    /**
     * Renames a sub-sub-category or changes isPremium
     * @description Needs a staff role with the "categories" permission (or an admin API token given it).
     */
    patch: operations["patchAdminSubSubCategoriesById"];
  };
  "/api/admin/product-types": {
    /**
     * Every product type with its product count
     * @description Needs a staff role with the "productTypes" permission (or an admin API token given it).
     */
    get: operations["getAdminProductTypes"];
    /**
     * Creates a product type
     * @description Needs a staff role with the "productTypes" permission (or an admin API token given it).
     */
    post: operations["postAdminProductTypes"];
  };
  "/api/admin/product-types/{id}": {
    /**
     * Deletes a product type no product has
     * @description Needs a staff role with the "productTypes" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminProductTypesById"];
    /**
     * Renames a product type
     * @description Needs a staff role with the "productTypes" permission (or an admin API token given it).
     */
    patch: operations["patchAdminProductTypesById"];
  };
  "/api/admin/colors": {
    /**
     * Every color with how many products come in it
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    get: operations["getAdminColors"];
    /**
     * Creates a color (name and #rrggbb swatch)
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    post: operations["postAdminColors"];
  };
  "/api/admin/colors/{id}": {
    /**
     * Deletes a color no product variant uses
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminColorsById"];
    /**
     * Changes a color's name or swatch
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    patch: operations["patchAdminColorsById"];
  };
  "/api/admin/sizes": {
    /**
     * Every size in its display order, with product counts
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    get: operations["getAdminSizes"];
    /**
     * Creates a size with its display order
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    post: operations["postAdminSizes"];
  };
  "/api/admin/sizes/{id}": {
    /**
     * Deletes a size no product variant uses
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminSizesById"];
    /**
     * Renames a size or changes its order
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    patch: operations["patchAdminSizesById"];
  };
  "/api/admin/sizes/order": {
    /**
     * Sets the size order: every size id exactly once, smallest first
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    put: operations["putAdminSizesOrder"];
  };
  "/api/admin/fabrics": {
    /**
     * Every fabric with its product count
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    get: operations["getAdminFabrics"];
    /**
     * Creates a fabric
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    post: operations["postAdminFabrics"];
  };
  "/api/admin/fabrics/{id}": {
    /**
     * Deletes a fabric no product is made of
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminFabricsById"];
    /**
     * Changes a fabric's name or description
     * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
     */
    patch: operations["patchAdminFabricsById"];
  };
  "/api/my-orders": {
    /** The caller's orders (signed-in user, or guest by `x-guest-token`), newest first; drafts hidden */
    get: operations["getMyOrders"];
  };
  "/api/my-orders/{number}": {
    /** One of the caller's orders with lines, totals, payment state, public timeline and requests; `token` is the guest's signed order link */
    get: operations["getMyOrdersByNumber"];
  };
  "/api/my-orders/{number}/requests": {
    /** Ask to cancel (before shipping) or return items (delivered, within the return window) */
    post: operations["postMyOrdersByNumberRequests"];
  };
  "/api/order-requests/photos": {
    /** Upload a photo for a return request (the raw image as the body; same checks and limits as staff uploads; rate-limited) */
    post: operations["postOrderRequestsPhotos"];
  };
  "/api/me/overview": {
    /** The dashboard's recent orders, wishlist summary and open requests (user or guest) */
    get: operations["getMeOverview"];
  };
  "/api/me/profile": {
    /** The signed-in customer's name, email and phone */
    get: operations["getMeProfile"];
    /** Change the signed-in customer's name and phone */
    patch: operations["patchMeProfile"];
  };
  "/api/me/addresses": {
    /** The signed-in customer's saved addresses, the default first */
    get: operations["getMeAddresses"];
    /** Save an address (the first one becomes the default) */
    post: operations["postMeAddresses"];
  };
  "/api/me/addresses/{id}": {
    /** Replace a saved address */
    put: operations["putMeAddressesById"];
    /** Delete a saved address (another one becomes the default) */
    delete: operations["deleteMeAddressesById"];
  };
  "/api/contact": {
    /** Send the shop a message (stored for staff and mailed to the shop; rate-limited per address) */
    post: operations["postContact"];
  };
  "/api/cart": {
    /** The shopper's cart with prices and stock as they are now, and estimated totals (the signed-in user, else the guest of `x-guest-token`; 401 for neither) */
    get: operations["getCart"];
  };
  "/api/cart/count": {
    /** Units and lines in the shopper's cart (the badge) */
    get: operations["getCartCount"];
  };
  "/api/cart/lines": {
    /** Adds units of a variant (to its line if there is one); more than the stock answers 422 (without the exact count above the "Only N left" limit) */
    post: operations["postCartLines"];
  };
  "/api/cart/lines/{lineId}": {
    /** Removes a line */
    delete: operations["deleteCartLinesByLineId"];
    /** Sets a line's quantity (at most the stock) */
    patch: operations["patchCartLinesByLineId"];
  };
  "/api/cart/lines/{lineId}/save-for-later": {
    /** Moves a line's product to the wishlist and removes the line */
    post: operations["postCartLinesByLineIdSaveForLater"];
  };
  "/api/cart/acknowledge-prices": {
    /** Accepts the current prices of every line (their seen price becomes the price now) */
    post: operations["postCartAcknowledgePrices"];
  };
  "/api/wishlist": {
    /** The shopper's wishlist as product cards, newest first (the signed-in user, else the guest of `x-guest-token`; 401 for neither) */
    get: operations["getWishlist"];
  };
  "/api/wishlist/ids": {
    /** The product ids on the shopper's wishlist (hearts and the badge) */
    get: operations["getWishlistIds"];
  };
  "/api/wishlist/items": {
    /** Adds a published product (adding it twice changes nothing); unknown or unpublished answers 404 */
    post: operations["postWishlistItems"];
  };
  "/api/wishlist/items/{productId}": {
    /** Removes a product from the wishlist; 404 when it is not on it */
    delete: operations["deleteWishlistItemsByProductId"];
  };
  "/api/wishlist/items/{productId}/move-to-cart": {
    /** Adds a size and color of a wishlisted product to the cart and removes it from the wishlist */
    post: operations["postWishlistItemsByProductIdMoveToCart"];
  };
  "/api/admin/settings/delivery-zones": {
    /**
     * All delivery zones, active or not
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    get: operations["getAdminSettingsDeliveryZones"];
    /**
     * Adds a delivery zone (409 when the name is taken)
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    post: operations["postAdminSettingsDeliveryZones"];
  };
  "/api/admin/settings/delivery-zones/{id}": {
    /**
     * Replaces a delivery zone
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    put: operations["putAdminSettingsDeliveryZonesById"];
    /**
     * Deletes a delivery zone (orders keep its name)
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminSettingsDeliveryZonesById"];
  };
  "/api/admin/settings/tax-rates": {
    /**
     * All tax rates
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    get: operations["getAdminSettingsTaxRates"];
    /**
     * Adds a tax rate for a region (409 when the region has one)
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    post: operations["postAdminSettingsTaxRates"];
  };
  "/api/admin/settings/tax-rates/{id}": {
    /**
     * Replaces a tax rate
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    put: operations["putAdminSettingsTaxRatesById"];
    /**
     * Deletes a tax rate
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminSettingsTaxRatesById"];
  };
  "/api/admin/settings/checkout": {
    /**
     * Payment methods, return window and card hold
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    get: operations["getAdminSettingsCheckout"];
    /**
     * Saves payment methods, return window and card hold
     * @description Needs a staff role with the "settings" permission (or an admin API token given it).
     */
    put: operations["putAdminSettingsCheckout"];
  };
  "/api/checkout/options": {
    /** Delivery zones, payment methods, and the signed-in customer's addresses */
    get: operations["getCheckoutOptions"];
  };
  "/api/checkout/quote": {
    /** Prices the shopper's cart for a zone and destination (nothing is reserved) */
    post: operations["postCheckoutQuote"];
  };
  "/api/checkout/orders": {
    /** Places an order from the shopper's cart in one transaction. Needs an Idempotency-Key header: the same key and body answer the same order; another body with that key is 409. */
    post: operations["postCheckoutOrders"];
  };
  "/api/checkout/orders/{number}": {
    /** The shopper's own order as just placed (404 for anyone else's) */
    get: operations["getCheckoutOrdersByNumber"];
  };
  "/api/customization-requests/options": {
    /** What the request form offers: the product types */
    get: operations["getCustomizationRequestsOptions"];
  };
  "/api/customization-requests": {
    /** The caller's customization requests, newest first */
    get: operations["getCustomizationRequests"];
    /** Ask for a customized piece (signed-in shopper or guest by `x-guest-token`) */
    post: operations["postCustomizationRequests"];
  };
  "/api/customization-requests/{id}": {
    /** One of the caller's customization requests (another's is 404) */
    get: operations["getCustomizationRequestsById"];
  };
  "/api/customization-requests/{id}/accept": {
    /** Accept the quote (then pay it through checkout with `customizationRequestId`) */
    post: operations["postCustomizationRequestsByIdAccept"];
  };
  "/api/customization-requests/{id}/cancel": {
    /** Withdraw a request (before it is ordered) */
    post: operations["postCustomizationRequestsByIdCancel"];
  };
  "/api/admin/get-all-customization-requests": {
    /**
     * The spec's call: every customization request with id and isChecked, unchecked first then id descending; `email` and `id` grant nothing
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminGetAllCustomizationRequests"];
  };
  "/api/admin/customization-requests/{id}": {
    /**
     * One customization request for staff
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminCustomizationRequestsById"];
  };
  "/api/admin/customization-requests/{id}/check": {
    /**
     * Mark checked (sets checkedDate) or undo; a stale version is 409
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminCustomizationRequestsByIdCheck"];
  };
  "/api/admin/customization-requests/{id}/quote": {
    /**
     * Reply with a quote (unit price and delivery time); mailed to the shopper
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminCustomizationRequestsByIdQuote"];
  };
  "/api/admin/customization-requests/{id}/reject": {
    /**
     * Reject with a reason; mailed to the shopper
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminCustomizationRequestsByIdReject"];
  };
  "/api/admin/order-requests": {
    /**
     * Customers' cancel and return requests, open first then newest; filter by kind, status and dates
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminOrderRequests"];
  };
  "/api/admin/order-requests/{id}/approve": {
    /**
     * Approve: a cancellation cancels the order, restocks it and refunds what was paid; a return mails the return instructions
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminOrderRequestsByIdApprove"];
  };
  "/api/admin/order-requests/{id}/reject": {
    /**
     * Reject with a reason (a refused return puts the order back to delivered); the customer is mailed
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminOrderRequestsByIdReject"];
  };
  "/api/admin/order-requests/{id}/received": {
    /**
     * An approved return arrived: the returned units go back to stock and their price is refunded
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminOrderRequestsByIdReceived"];
  };
  "/api/new-arrivals": {
    /** New arrivals (curated, recent or newest), published products only */
    get: operations["getNewArrivals"];
  };
  "/api/admin/promotions/new-arrivals": {
    /**
     * How new arrivals are chosen
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminPromotionsNewArrivals"];
    /**
     * Choose new arrivals: newest, published in the last N days, or a curated order with a schedule
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    put: operations["putAdminPromotionsNewArrivals"];
  };
  "/api/admin/promotions/discounts": {
    /**
     * Scheduled discounts (sale prices), running and scheduled first
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminPromotionsDiscounts"];
    /**
     * Schedule a discount: percent or fixed off products, categories, series or types for a period
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    post: operations["postAdminPromotionsDiscounts"];
  };
  "/api/admin/promotions/discounts/{id}": {
    /**
     * Change a scheduled discount (a stale version answers 409)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    put: operations["putAdminPromotionsDiscountsById"];
    /**
     * Delete a scheduled discount (orders keep the prices they were placed at)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminPromotionsDiscountsById"];
  };
  "/api/admin/promotions/coupons": {
    /**
     * Coupons and automatic discounts: search, status filter, sort, pages
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    get: operations["getAdminPromotionsCoupons"];
    /**
     * Create a coupon (or automatic discount)
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    post: operations["postAdminPromotionsCoupons"];
  };
  "/api/admin/promotions/targets": {
    /**
     * What a coupon or discount may target: categories at every level, series, types, products matching q
     * @description Needs a staff role (or any admin API token).
     */
    get: operations["getAdminPromotionsTargets"];
  };
  "/api/admin/promotions/usage": {
    /**
     * Coupon usage: who, which order, code, amount, when
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    get: operations["getAdminPromotionsUsage"];
  };
  "/api/admin/promotions/usage/export": {
    /**
     * Coupon usage as CSV (text/csv)
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    get: operations["getAdminPromotionsUsageExport"];
  };
  "/api/admin/promotions/coupons/{id}": {
    /**
     * One coupon
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    get: operations["getAdminPromotionsCouponsById"];
    /**
     * Edit a coupon; a stale version answers 409. Orders already placed keep their prices.
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    put: operations["putAdminPromotionsCouponsById"];
    /**
     * Delete a coupon that was never used (409 otherwise: disable it instead)
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminPromotionsCouponsById"];
  };
  "/api/admin/promotions/coupons/{id}/active": {
    /**
     * Enable or disable a coupon
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    post: operations["postAdminPromotionsCouponsByIdActive"];
  };
  "/api/admin/promotions/coupons/{id}/duplicate": {
    /**
     * Copy a coupon (disabled, with a new code)
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    post: operations["postAdminPromotionsCouponsByIdDuplicate"];
  };
  "/api/admin/promotions/coupons/{id}/codes": {
    /**
     * A coupon's generated codes with their uses
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    get: operations["getAdminPromotionsCouponsByIdCodes"];
    /**
     * Generate N unique codes for a coupon
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    post: operations["postAdminPromotionsCouponsByIdCodes"];
  };
  "/api/admin/promotions/coupons/{id}/codes/export": {
    /**
     * A coupon's codes as CSV (text/csv)
     * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
     */
    get: operations["getAdminPromotionsCouponsByIdCodesExport"];
  };
  "/api/products/{productId}/availability": {
    /** A published product's stock per variant for a delivery zone: in stock, only N left, or sold out */
    get: operations["getProductsByProductIdAvailability"];
  };
  "/api/admin/inventory/warehouses": {
    /**
     * Warehouses with their zones and units on hand
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    get: operations["getAdminInventoryWarehouses"];
    /**
     * Add a warehouse
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    post: operations["postAdminInventoryWarehouses"];
  };
  "/api/admin/inventory/warehouses/{id}": {
    /**
     * Edit a warehouse; deactivating one that holds stock answers 409 with what to do
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    put: operations["putAdminInventoryWarehousesById"];
  };
  "/api/admin/inventory/stock": {
    /**
     * Stock status: variants with on hand, reserved and available per warehouse
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    get: operations["getAdminInventoryStock"];
  };
  "/api/admin/inventory/stock/export": {
    /**
     * Stock status as CSV (same filters)
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    get: operations["getAdminInventoryStockExport"];
  };
  "/api/admin/inventory/stock/adjust": {
    /**
     * Adjust a level (received, damaged, lost, correction); a stale version answers 409
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    post: operations["postAdminInventoryStockAdjust"];
  };
  "/api/admin/inventory/stock/incoming": {
    /**
     * Set the incoming quantity and expected date of a level
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    post: operations["postAdminInventoryStockIncoming"];
  };
  "/api/admin/inventory/variants/{id}/history": {
    /**
     * A variant's levels and stock ledger
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    get: operations["getAdminInventoryVariantsByIdHistory"];
  };
  "/api/admin/inventory/transfers": {
    /**
     * Transfers between warehouses, newest first
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    get: operations["getAdminInventoryTransfers"];
    /**
     * Send units to another warehouse (out now, in when received); more than available answers 409
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    post: operations["postAdminInventoryTransfers"];
  };
  "/api/admin/inventory/transfers/{id}/receive": {
    /**
     * Receive a transfer in transit into its destination
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    post: operations["postAdminInventoryTransfersByIdReceive"];
  };
  "/api/admin/inventory/counts": {
    /**
     * Post counted quantities for a warehouse (or a dry run): the differences go to the ledger
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    post: operations["postAdminInventoryCounts"];
  };
  "/api/admin/inventory/counts/import": {
    /**
     * A stock count from CSV (sku,counted): a dry run reports by line; any error posts nothing
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    post: operations["postAdminInventoryCountsImport"];
  };
  "/api/admin/inventory/low-stock": {
    /**
     * Variants at or under their low-stock threshold, with days of cover and a suggested reorder
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    get: operations["getAdminInventoryLowStock"];
  };
  "/api/admin/inventory/thresholds": {
    /**
     * Set or clear a low-stock threshold of a variant or a product
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    put: operations["putAdminInventoryThresholds"];
  };
  "/api/admin/inventory/settings": {
    /**
     * Inventory settings: store low-stock default, 'Only N left' limit, reorder cover
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    get: operations["getAdminInventorySettings"];
    /**
     * Save the inventory settings
     * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
     */
    put: operations["putAdminInventorySettings"];
  };
  "/api/admin/popups": {
    /**
     * Every pop-up with its status (active, scheduled, ended, disabled), newest first
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminPopups"];
    /**
     * Creates a pop-up (422 naming the field: end before start, unsafe link, …)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    post: operations["postAdminPopups"];
  };
  "/api/admin/popups/{id}": {
    /**
     * One pop-up
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminPopupsById"];
    /**
     * Replaces a pop-up's content, schedule and targeting
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    put: operations["putAdminPopupsById"];
    /**
     * Deletes a pop-up
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminPopupsById"];
  };
  "/api/admin/popups/{id}/enabled": {
    /**
     * Turns a pop-up on or off without touching its schedule
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    post: operations["postAdminPopupsByIdEnabled"];
  };
  "/api/popups/active": {
    /** The enabled pop-ups whose schedule runs at this second, for the home page or another page (of a category); audience and frequency are the browser's to apply */
    get: operations["getPopupsActive"];
  };
  "/api/admin/collabs": {
    /**
     * Every collaborator (drafts too), newest first
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminCollabs"];
    /**
     * Creates a collaborator (409 when the slug is taken; 422 for a rate outside 0-100%)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    post: operations["postAdminCollabs"];
  };
  "/api/admin/collabs/{id}": {
    /**
     * One collaborator
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminCollabsById"];
    /**
     * Replaces a collaborator (409 when changed since `version` or the slug is taken)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    put: operations["putAdminCollabsById"];
  };
  "/api/admin/collabs/{id}/coupons": {
    /**
     * Makes a coupon of the promotions engine this influencer's referral coupon
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    post: operations["postAdminCollabsByIdCoupons"];
  };
  "/api/admin/collabs/{id}/coupons/{couponId}": {
    /**
     * Stops attributing a coupon's orders to this collaborator (orders already placed stay attributed)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    delete: operations["deleteAdminCollabsByIdCouponsByCouponId"];
  };
  "/api/admin/collabs/product-options": {
    /**
     * Products to pick for a collaborator or a drop: by name or SKU, by ids, or a collaborator's
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminCollabsProductOptions"];
  };
  "/api/admin/collabs/coupon-options": {
    /**
     * Code coupons that can be linked as referral codes (for staff with `promotions`, without `coupons`)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminCollabsCouponOptions"];
  };
  "/api/admin/drops": {
    /**
     * Every drop, latest launch first
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminDrops"];
    /**
     * Creates a drop; a launch time in the past answers with a warning (the drop is open at once)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    post: operations["postAdminDrops"];
  };
  "/api/admin/drops/{id}": {
    /**
     * One drop
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminDropsById"];
    /**
     * Replaces a drop; moving an upcoming launch into the past answers with a warning (it opens at once)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    put: operations["putAdminDropsById"];
  };
  "/api/admin/collabs/{id}/statements": {
    /**
     * A collaborator's statements, latest period first
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminCollabsByIdStatements"];
    /**
     * Computes and stores a statement for a period (409 when it overlaps another)
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    post: operations["postAdminCollabsByIdStatements"];
  };
  "/api/admin/collabs/statements/{id}": {
    /**
     * One statement with its order-level detail
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminCollabsStatementsById"];
  };
  "/api/admin/collabs/statements/{id}/csv": {
    /**
     * One statement's order-level detail as CSV
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    get: operations["getAdminCollabsStatementsByIdCsv"];
  };
  "/api/admin/collabs/statements/{id}/paid": {
    /**
     * Marks a statement paid (who, when, reference); 409 when it already is
     * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
     */
    post: operations["postAdminCollabsStatementsByIdPaid"];
  };
  "/api/collabs": {
    /** Live collaborators (of one kind, when given) */
    get: operations["getCollabs"];
  };
  "/api/collabs/{kind}/{slug}": {
    /** A live (or ended) collaborator's page; drafts are 404 */
    get: operations["getCollabsByKindBySlug"];
  };
  "/api/collabs/product/{id}": {
    /** The live collaborators and the drop of a product */
    get: operations["getCollabsProductById"];
  };
  "/api/collabs/notify": {
    /** Notify me: stores an email for a drop's launch or a variant back in stock and mails a confirmation link (the same answer whether already registered) */
    post: operations["postCollabsNotify"];
  };
  "/api/collabs/notify/confirm": {
    /** Confirms a Notify me subscription (the link in the mail) */
    post: operations["postCollabsNotifyConfirm"];
  };
  "/api/admin/get-all-buying-history": {
    /**
     * The spec's buying-history records: one per order line with its history, totalPrice and customer (drafts left out)
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminGetAllBuyingHistory"];
  };
  "/api/admin/badges": {
    /**
     * The side menu's badges: unchecked orders (capped at 99), unchecked customization requests ÷ 2 (floor, capped)
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminBadges"];
  };
  "/api/admin/orders": {
    /**
     * Orders grouped by history id, drafts hidden, searched, filtered, sorted and paged
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminOrders"];
  };
  "/api/admin/orders/export": {
    /**
     * The filtered orders as CSV (text/csv)
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminOrdersExport"];
  };
  "/api/admin/orders/bulk": {
    /**
     * Marks orders checked / unchecked or moves them to a status; each order succeeds or fails on its own
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminOrdersBulk"];
  };
  "/api/admin/carts": {
    /**
     * Customers' carts with items: who, what, value, last activity, open or abandoned
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminCarts"];
  };
  "/api/admin/orders/{id}": {
    /**
     * One order with lines, payments and its whole timeline
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    get: operations["getAdminOrdersById"];
  };
  "/api/admin/orders/{id}/check": {
    /**
     * Marks the order checked (sets checkedDate) or unchecked
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminOrdersByIdCheck"];
  };
  "/api/admin/orders/{id}/status": {
    /**
     * Moves the order to a next status (shipping names the courier and tracking number; cancelling restocks)
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminOrdersByIdStatus"];
  };
  "/api/admin/orders/{id}/refund": {
    /**
     * Refunds part or all of what was paid (never more than paid minus refunded)
     * @description Needs a staff role with the "refunds" permission (or an admin API token given it).
     */
    post: operations["postAdminOrdersByIdRefund"];
  };
  "/api/admin/orders/{id}/verify-payment": {
    /**
     * Records the payment of a manual-transfer (verified) or cash order: paid
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminOrdersByIdVerifyPayment"];
  };
  "/api/admin/orders/{id}/notes": {
    /**
     * Adds a staff note to the order's timeline (not shown to the customer)
     * @description Needs a staff role with the "orders" permission (or an admin API token given it).
     */
    post: operations["postAdminOrdersByIdNotes"];
  };
  "/api/admin/payments/transactions": {
    /**
     * Payment ledger rows with search, filters, sort, pagination and totals for the filter
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsTransactions"];
  };
  "/api/admin/payments/transactions/export": {
    /**
     * The filtered ledger rows as CSV (text/csv; formulas neutralised)
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsTransactionsExport"];
  };
  "/api/admin/payments/transactions/{id}": {
    /**
     * One ledger row with its order, provider data and the order's other events
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsTransactionsById"];
  };
  "/api/admin/payments/orders/{number}": {
    /**
     * An order's money by its number: paid, refunded, refundable, lines (for issuing a refund)
     * @description Needs a staff role with the "refunds" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsOrdersByNumber"];
  };
  "/api/admin/payments/refunds": {
    /**
     * Every refund with reason, actor, order and method; `view=pending` is the manual-action queue
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsRefunds"];
    /**
     * Refunds part of an order by amount or by lines (never above paid minus refunded)
     * @description Needs a staff role with the "refunds" permission (or an admin API token given it).
     */
    post: operations["postAdminPaymentsRefunds"];
  };
  "/api/admin/payments/refunds/{id}/settle": {
    /**
     * Completes a pending refund by hand (money handed back, with its reference) or marks it failed
     * @description Needs a staff role with the "refunds" permission (or an admin API token given it).
     */
    post: operations["postAdminPaymentsRefundsByIdSettle"];
  };
  "/api/admin/payments/verifications": {
    /**
     * Manual transfers waiting for verification, oldest first
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsVerifications"];
  };
  "/api/admin/payments/verifications/{id}": {
    /**
     * Verifies (paid) or rejects a manual transfer with a note
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    post: operations["postAdminPaymentsVerificationsById"];
  };
  "/api/admin/payments/remittances": {
    /**
     * Cash owed per courier for delivered cash orders, and recent remittances
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsRemittances"];
    /**
     * Records cash a courier handed over for a set of delivered cash orders
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    post: operations["postAdminPaymentsRemittances"];
  };
  "/api/admin/payments/payouts": {
    /**
     * Stripe payouts with their balance transactions, matched to orders, with fees
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsPayouts"];
  };
  "/api/admin/payments/reconciliation": {
    /**
     * Per period and method: captured, refunded, fees, net, paid out, outstanding; and mismatches
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsReconciliation"];
  };
  "/api/admin/payments/reconciliation/export": {
    /**
     * The reconciliation summary as CSV
     * @description Needs a staff role with the "payments" permission (or an admin API token given it).
     */
    get: operations["getAdminPaymentsReconciliationExport"];
  };
  "/api/admin/reports/sales": {
    /**
     * Sales report: totals with comparison, the chart's series and the table
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsSales"];
  };
  "/api/admin/reports/sales/export": {
    /**
     * Sales report's table as CSV (text/csv), exactly as the page shows it
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsSalesExport"];
  };
  "/api/admin/reports/inventory": {
    /**
     * Inventory report: totals with comparison, the chart's series and the table
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsInventory"];
  };
  "/api/admin/reports/inventory/export": {
    /**
     * Inventory report's table as CSV (text/csv), exactly as the page shows it
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsInventoryExport"];
  };
  "/api/admin/reports/customers": {
    /**
     * Customers report: totals with comparison, the chart's series and the table
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsCustomers"];
  };
  "/api/admin/reports/customers/export": {
    /**
     * Customers report's table as CSV (text/csv), exactly as the page shows it
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsCustomersExport"];
  };
  "/api/admin/reports/tax": {
    /**
     * Tax report: totals with comparison, the chart's series and the table
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsTax"];
  };
  "/api/admin/reports/tax/export": {
    /**
     * Tax report's table as CSV (text/csv), exactly as the page shows it
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsTaxExport"];
  };
  "/api/admin/reports/today": {
    /**
     * Today's key figures (the admin home), from the sales report's queries
     * @description Needs a staff role with the "reports" permission (or an admin API token given it).
     */
    get: operations["getAdminReportsToday"];
  };
}

export interface webhooks {
  "order.placed": {
    /**
     * Order placed
     * @description Sent to every endpoint subscribed to `order.placed` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookOrderPlaced"];
  };
  "order.paid": {
    /**
     * Order paid
     * @description Sent to every endpoint subscribed to `order.paid` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookOrderPaid"];
  };
  "order.fulfilled": {
    /**
     * Order fulfilled (shipped)
     * @description Sent to every endpoint subscribed to `order.fulfilled` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookOrderFulfilled"];
  };
  "order.cancelled": {
    /**
     * Order cancelled
     * @description Sent to every endpoint subscribed to `order.cancelled` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookOrderCancelled"];
  };
  "refund.created": {
    /**
     * Refund created
     * @description Sent to every endpoint subscribed to `refund.created` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookRefundCreated"];
  };
  "request.opened": {
    /**
     * Cancel or return request opened
     * @description Sent to every endpoint subscribed to `request.opened` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookRequestOpened"];
  };
  "product.created": {
    /**
     * Product created
     * @description Sent to every endpoint subscribed to `product.created` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookProductCreated"];
  };
  "product.updated": {
    /**
     * Product updated
     * @description Sent to every endpoint subscribed to `product.updated` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookProductUpdated"];
  };
  "product.deleted": {
    /**
     * Product deleted
     * @description Sent to every endpoint subscribed to `product.deleted` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookProductDeleted"];
  };
  "stock.low": {
    /**
     * Stock low
     * @description Sent to every endpoint subscribed to `stock.low` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookStockLow"];
  };
  "customer.created": {
    /**
     * Customer account created
     * @description Sent to every endpoint subscribed to `customer.created` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookCustomerCreated"];
  };
  "webhook.test": {
    /**
     * Test event
     * @description Sent to every endpoint subscribed to `webhook.test` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
     */
    post: operations["webhookWebhookTest"];
  };
}

export interface components {
  schemas: {
    InventorySettingsInput: {
      lowStockDefault: number;
      onlyLeftBelow: number;
      reorderCoverDays: number;
    };
    SecuritySettingsInput: {
      requireStaffSecondFactor: boolean;
    };
    ProductCard: {
      id: number;
      name: string;
      slug: string;
      price: number;
      compareAtPrice: number | null;
      currency: string;
      filename: string | null;
      seriesName: string | null;
      colors: {
          name: string;
          hex: string;
        }[];
      inStock: boolean;
      createdAt: string;
    };
    ProductFacets: {
      sizes: {
          id: number;
          name: string;
          count: number;
        }[];
      colors: {
          id: number;
          name: string;
          count: number;
          hex: string;
        }[];
      series: {
          id: number;
          name: string;
          count: number;
        }[];
      types: {
          id: number;
          name: string;
          count: number;
        }[];
      price: {
        min: number;
        max: number;
      } | null;
    };
    ProductListAnswer: {
      items: components["schemas"]["ProductCard"][];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
      facets: components["schemas"]["ProductFacets"];
    };
    ProductDetails: {
      id: number;
      name: string;
      slug: string;
      description: string;
      price: number;
      compareAtPrice: number | null;
      currency: string;
      isPublished: boolean;
      inStock: boolean;
      tags: string[];
      seoTitle: string;
      seoDescription: string;
      updatedAt: string;
      images: {
          filename: string;
          alt: string;
          width: number;
          height: number;
          position: number;
        }[];
      variants: ({
          id: number;
          size: {
            id: number;
            name: string;
            sortOrder: number;
          };
          color: {
            id: number;
            name: string;
            hex: string;
          };
          /** @enum {string} */
          stockState: "in_stock" | "low" | "sold_out";
          onlyLeft: number | null;
        })[];
      sizeChart: {
        columns: string[];
        rows: {
            size: string;
            values: string[];
          }[];
      } | null;
      series: {
        id: number;
        name: string;
        slug: string;
      } | null;
      type: {
        id: number;
        name: string;
        slug: string;
      };
      fabric: {
        id: number;
        name: string;
        description: string;
      } | null;
      gender: {
        id: number;
        name: string;
        slug: string;
      } | null;
      taxonomy: {
        category: {
          id: number;
          name: string;
        };
        subCategory: {
          id: number;
          name: string;
        };
        subSubCategory: {
          id: number;
          name: string;
        };
      };
      related: components["schemas"]["ProductCard"][];
    };
    DeliveryZone: {
      id: number;
      name: string;
      description: string;
      fee: number;
      freeOver: number | null;
      estimate: string;
      isActive: boolean;
      sortOrder: number;
    };
    TaxRate: {
      id: number;
      name: string;
      region: string;
      rateBasisPoints: number;
      appliesToDelivery: boolean;
      isActive: boolean;
    };
    CheckoutSettings: {
      cashOnDelivery: {
        enabled: boolean;
      };
      manualTransfer: {
        enabled: boolean;
        title: string;
        instructions: string;
      };
      returnWindowDays: number;
      cardHoldMinutes: number;
      timeZone: string;
      stripe: {
        configured: boolean;
        webhookConfigured: boolean;
      };
    };
    CheckoutOptions: {
      currency: string;
      country: string;
      zones: ({
          id: number;
          name: string;
          description: string;
          fee: number;
          freeOver: number | null;
          estimate: string;
        })[];
      paymentMethods: ({
          /** @enum {string} */
          method: "cod" | "manual_transfer" | "card";
          title: string;
          instructions: string;
        })[];
      savedAddresses: ({
          id: number;
          label: string;
          fullName: string;
          phone: string;
          line1: string;
          line2: string;
          city: string;
          region: string;
          postalCode: string;
          country: string;
          deliveryZoneId: number | null;
          isDefault: boolean;
        })[];
      contact: {
        email: string;
        name: string;
      } | null;
    };
    CheckoutQuote: {
      currency: string;
      lines: ({
          variantId: number;
          productId: number;
          productName: string;
          sizeName: string;
          colorName: string;
          image: string | null;
          unitPrice: number;
          quantity: number;
          totalPrice: number;
          /** @enum {string} */
          stockState: "in_stock" | "low" | "sold_out";
          onlyLeft: number | null;
          orderable: boolean;
          /** @default 0 */
          discount: number;
        })[];
      totals: {
        subtotal: number;
        discount: number;
        deliveryFee: number;
        deliveryKnown: boolean;
        tax: number;
        taxRateBasisPoints: number;
        total: number;
      };
      coupon: {
        code: string;
        valid: boolean;
        message: string;
      } | null;
      /** @default [] */
      discounts: ({
          title: string;
          code: string | null;
          amount: number;
          freeDelivery: boolean;
        })[];
    };
    PlacedOrder: {
      number: string;
      status: string;
      /** @enum {string} */
      paymentMethod: "cod" | "manual_transfer" | "card";
      paymentState: string;
      currency: string;
      email: string;
      phone: string;
      customerName: string;
      shippingAddress: {
        fullName: string;
        phone: string;
        line1: string;
        /** @default */
        line2: string;
        city: string;
        /** @default */
        region: string;
        /** @default */
        postalCode: string;
        country: string;
      };
      deliveryZoneName: string;
      lines: ({
          productId: number | null;
          productName: string;
          sizeName: string;
          colorName: string;
          image: string | null;
          unitPrice: number;
          quantity: number;
          totalPrice: number;
          /** @default 0 */
          discount: number;
        })[];
      totals: {
        subtotal: number;
        discount: number;
        deliveryFee: number;
        tax: number;
        taxRateBasisPoints: number;
        total: number;
      };
      couponCode: string | null;
      /** @default [] */
      discounts: ({
          title: string;
          code: string | null;
          amount: number;
          freeDelivery: boolean;
        })[];
      transferReference: string | null;
      transferInstructions: {
        title: string;
        instructions: string;
      } | null;
      holdExpiresAt: string | null;
      placedAt: string;
    };
    PlaceOrderAnswer: {
      order: components["schemas"]["PlacedOrder"];
      redirectUrl: string | null;
      replayed: boolean;
    };
    UploadedImage: {
      filename: string;
      width: number;
      height: number;
    };
    OrderSummary: {
      number: string;
      placedAt: string;
      /** @enum {string} */
      status: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
      /** @enum {string} */
      paymentMethod: "cod" | "manual_transfer" | "card";
      /** @enum {string} */
      paymentState: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
      currency: string;
      total: number;
      itemCount: number;
      filename: string | null;
    };
    CustomerOrderRequest: {
      id: number;
      /** @enum {string} */
      kind: "cancel" | "return";
      /** @enum {string} */
      status: "open" | "approved" | "rejected" | "received" | "refunded";
      reason: string;
      items: {
          orderLineId: number;
          quantity: number;
        }[];
      photos: string[];
      resolutionNote: string;
      createdAt: string;
    };
    CustomerOrder: {
      number: string;
      placedAt: string;
      /** @enum {string} */
      status: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
      /** @enum {string} */
      paymentMethod: "cod" | "manual_transfer" | "card";
      /** @enum {string} */
      paymentState: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
      transferReference: string | null;
      currency: string;
      subtotal: number;
      discount: number;
      couponCode: string | null;
      deliveryFee: number;
      tax: number;
      total: number;
      customerName: string;
      email: string;
      phone: string;
      shippingAddress: {
        fullName: string;
        phone: string;
        line1: string;
        line2: string;
        city: string;
        region: string;
        postalCode: string;
        country: string;
      };
      deliveryZoneName: string;
      courier: string | null;
      trackingNumber: string | null;
      lines: ({
          id: number;
          productId: number | null;
          productName: string;
          sizeName: string;
          colorName: string;
          sku: string;
          filename: string | null;
          unitPrice: number;
          quantity: number;
          totalPrice: number;
          returnedQuantity: number;
        })[];
      timeline: ({
          at: string;
          kind: string;
          fromStatus: ("pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded") | null;
          toStatus: ("pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded") | null;
          message: string;
          actorName: string;
        })[];
      requests: components["schemas"]["CustomerOrderRequest"][];
      canRequestCancel: boolean;
      canRequestReturn: boolean;
      returnUntil: string | null;
    };
    MyOrdersPage: {
      items: components["schemas"]["OrderSummary"][];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
    };
    Profile: {
      name: string;
      email: string;
      phone: string;
    };
    AccountOverview: {
      /** @enum {string} */
      kind: "user" | "guest";
      recentOrders: components["schemas"]["OrderSummary"][];
      orderCount: number;
      wishlist: {
        count: number;
        items: ({
            productId: number;
            name: string;
            filename: string | null;
          })[];
      };
      openRequests: ({
          id: number;
          /** @enum {string} */
          kind: "cancel" | "return";
          /** @enum {string} */
          status: "open" | "approved" | "rejected" | "received" | "refunded";
          reason: string;
          items: {
              orderLineId: number;
              quantity: number;
            }[];
          photos: string[];
          resolutionNote: string;
          createdAt: string;
          orderNumber: string;
        })[];
    };
    ActivityEntry: {
      id: number;
      at: string;
      actor: {
        id: string | null;
        name: string;
        email: string;
      };
      action: string;
      actionLabel: string;
      subject: {
        type: string;
        id: string;
        label: string;
      };
      before: {
        [key: string]: unknown;
      } | null;
      after: {
        [key: string]: unknown;
      } | null;
    };
    AdminBadges: {
      orders: number;
      customizationRequests: number;
    };
    BuyingHistoryRecord: {
      history: {
        id: number;
        isDraft: boolean;
        isChecked: boolean;
        checkedDate: string | null;
        deliveryFee: number;
      };
      totalPrice: number;
      customer: {
        name: string;
        email: string;
        phone: string;
      };
    };
    AdminOrderPage: {
      items: ({
          id: number;
          number: string;
          placedAt: string;
          customerName: string;
          email: string;
          phone: string;
          /** @enum {string} */
          status: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
          /** @enum {string} */
          paymentMethod: "cod" | "manual_transfer" | "card";
          /** @enum {string} */
          paymentState: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
          deliveryZoneName: string;
          currency: string;
          total: number;
          itemCount: number;
          isChecked: boolean;
          checkedDate: string | null;
          version: number;
        })[];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
      unchecked: number;
    };
    AdminOrder: {
      id: number;
      number: string;
      placedAt: string;
      /** @enum {string} */
      status: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
      nextStatuses: ("pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded")[];
      /** @enum {string} */
      paymentMethod: "cod" | "manual_transfer" | "card";
      /** @enum {string} */
      paymentState: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
      transferReference: string | null;
      currency: string;
      subtotal: number;
      discount: number;
      couponCode: string | null;
      deliveryFee: number;
      tax: number;
      total: number;
      paid: number;
      refunded: number;
      customerName: string;
      email: string;
      phone: string;
      isGuest: boolean;
      shippingAddress: {
        fullName: string;
        phone: string;
        line1: string;
        line2: string;
        city: string;
        region: string;
        postalCode: string;
        country: string;
      };
      deliveryZoneName: string;
      customerNote: string;
      courier: string | null;
      trackingNumber: string | null;
      isChecked: boolean;
      checkedDate: string | null;
      version: number;
      lines: ({
          id: number;
          productId: number | null;
          productName: string;
          sizeName: string;
          colorName: string;
          sku: string;
          filename: string | null;
          unitPrice: number;
          quantity: number;
          totalPrice: number;
          returnedQuantity: number;
          shipsFrom: {
              warehouse: string;
              code: string;
              quantity: number;
            }[];
        })[];
      payments: ({
          id: number;
          /** @enum {string} */
          kind: "payment" | "refund";
          /** @enum {string} */
          method: "cod" | "manual_transfer" | "card";
          amount: number;
          reference: string | null;
          note: string;
          recordedByName: string;
          createdAt: string;
        })[];
      timeline: ({
          at: string;
          kind: string;
          fromStatus: ("pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded") | null;
          toStatus: ("pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded") | null;
          message: string;
          actorName: string;
          isPublic: boolean;
        })[];
    };
    AdminSearchResults: {
      orders: {
          id: number;
          number: string;
          email: string;
          customerName: string;
          status: string;
          total: number;
          currency: string;
        }[];
      products: ({
          id: number;
          name: string;
          sku: string | null;
          isPublished: boolean;
        })[];
      customers: {
          id: string;
          name: string;
          email: string;
        }[];
    };
    SocialProvider: {
      id: string;
      name: string;
      /** @enum {string} */
      kind: "google" | "facebook" | "github" | "oidc";
    };
    IdentityConfig: {
      passwordPolicy: {
        /** @constant */
        minLength: 8;
        /** @constant */
        maxLength: 128;
        /** @constant */
        minScore: 3;
        rules: {
            id: string;
            label: string;
          }[];
      };
      socialProviders: components["schemas"]["SocialProvider"][];
      /** @enum {string} */
      emailVerification: "off" | "optional" | "required";
    };
    CurrentUser: {
      id: string;
      name: string;
      email: string;
      emailVerified: boolean;
      image: string | null;
      createdAt: string;
    };
    Me: {
      user: components["schemas"]["CurrentUser"];
      isStaff: boolean;
      roles: string[];
      permissions: ("dashboard" | "orders" | "products" | "series" | "categories" | "productTypes" | "attributes" | "promotions" | "coupons" | "inventory" | "reports" | "payments" | "refunds" | "users" | "roles" | "settings")[];
      twoFactorEnabled: boolean;
      hasPasskey: boolean;
      secondFactorRequired: boolean;
    };
    Guest: {
      username: string;
      email: string;
      token: string;
    };
    CheckIfAdmin: {
      isAdmin: boolean;
    };
    ApiToken: {
      id: number;
      name: string;
      prefix: string;
      permissions: ("dashboard" | "orders" | "products" | "series" | "categories" | "productTypes" | "attributes" | "promotions" | "coupons" | "inventory" | "reports" | "payments" | "refunds" | "users" | "roles" | "settings")[];
      createdBy: {
        id: string | null;
        name: string;
        email: string;
      };
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      expiresAt: string;
      lastUsedAt: string | null;
      lastUsedIp: string | null;
      revokedAt: string | null;
      /** @enum {string} */
      status: "active" | "expired" | "revoked";
    };
    CreatedApiToken: {
      token: components["schemas"]["ApiToken"];
      secret: string;
    };
    CartLine: {
      id: number;
      variantId: number;
      productId: number;
      productName: string;
      filename: string | null;
      size: {
        id: number;
        name: string;
      };
      color: {
        id: number;
        name: string;
        hex: string;
      };
      unitPrice: number;
      seenUnitPrice: number;
      priceChanged: boolean;
      /** @enum {string} */
      stockState: "in_stock" | "low" | "sold_out" | "unavailable";
      onlyLeft: number | null;
      overStock: boolean;
      quantity: number;
      lineTotal: number;
      orderable: boolean;
    };
    Cart: {
      currency: string;
      lines: components["schemas"]["CartLine"][];
      count: number;
      totals: {
        subtotal: number;
        discount: number;
        deliveryFee: number;
        deliveryKnown: boolean;
        tax: number;
        taxRateBasisPoints: number;
        total: number;
      };
      delivery: {
        zones: ({
            id: number;
            name: string;
            description: string;
            fee: number;
            freeOver: number | null;
            estimate: string;
          })[];
        zoneId: number | null;
      };
      tax: {
        name: string;
        region: string;
        rateBasisPoints: number;
      } | null;
      notices: {
        priceChanges: number;
        soldOut: number;
        unavailable: number;
        overStock: number;
      };
      readyForCheckout: boolean;
    };
    CartCount: {
      count: number;
      lines: number;
    };
    Wishlist: {
      items: {
          productId: number;
          addedAt: string;
          product: components["schemas"]["ProductCard"];
        }[];
    };
    WishlistIds: {
      productIds: number[];
    };
    ErrorBody: {
      error: {
        /** @enum {string} */
        code: "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "rate_limited" | "internal" | "unavailable";
        message: string;
        fields?: {
          [key: string]: string;
        };
        reason?: string;
        requestId?: string;
      };
    };
    Gender: {
      id: number;
      name: string;
      slug: string;
    };
    Category: {
      id: number;
      name: string;
      serial: number;
      filename: string | null;
      isGenderVaried: boolean;
      isForMen: boolean;
      isForWomen: boolean;
    };
    SubCategory: {
      id: number;
      categoryId: number;
      name: string;
      isDisabled: boolean;
      isEnablePremium: boolean;
    };
    SubSubCategory: {
      id: number;
      subCategoryId: number;
      name: string;
      isPremium: boolean;
    };
    Series: {
      id: number;
      name: string;
      slug: string;
      description: string;
      filename: string | null;
    };
    Taxonomy: {
      genders: components["schemas"]["Gender"][];
      categories: components["schemas"]["Category"][];
      subCategories: components["schemas"]["SubCategory"][];
      subSubCategories: components["schemas"]["SubSubCategory"][];
    };
    StoreSettings: {
      name: string;
      tagline: string;
      currency: string;
      locale: string;
      timeZone: string;
      contact: {
        headquarters: {
          label: string;
          address: string;
          phone: string;
          email: string;
          hours: string;
        };
        displayCenters: {
            label: string;
            address: string;
            phone: string;
            email: string;
            hours: string;
          }[];
      };
      social: {
          network: string;
          label: string;
          url: string;
        }[];
      onlyLeftBelow: number;
    };
    HomePage: {
      hero: {
        title: string;
        subtitle: string;
        filename: string | null;
        seriesId: number | null;
      };
      newProducts: components["schemas"]["ProductCard"][];
      popularProducts: components["schemas"]["ProductCard"][];
      categories: components["schemas"]["Category"][];
      series: components["schemas"]["Series"][];
    };
    AdminCollaborator: {
      id: number;
      /** @enum {string} */
      kind: "artist" | "influencer";
      name: string;
      slug: string;
      portrait: string | null;
      banner: string | null;
      bio: string;
      socialLinks: {
          label: string;
          url: string;
        }[];
      country: string | null;
      /** @enum {string} */
      status: "draft" | "live" | "ended";
      productIds: number[];
      seriesIds: number[];
      /** @enum {string} */
      rateKind: "percent" | "fixed";
      ratePercent: number | null;
      rateAmount: number | null;
      rateStartsAt: string;
      productCount: number;
      coupons: ({
          id: number;
          title: string;
          code: string | null;
        })[];
      version: number;
      createdAt: string;
      updatedAt: string;
    };
    DropInfo: {
      id: number;
      title: string;
      launchAt: string;
      endsAt: string | null;
      /** @enum {string} */
      beforeLaunch: "hidden" | "coming_soon";
      perCustomerLimit: number | null;
      /** @enum {string} */
      state: "upcoming" | "open" | "closed";
    };
    CollaboratorCard: {
      /** @enum {string} */
      kind: "artist" | "influencer";
      name: string;
      slug: string;
      portrait: string | null;
      shortBio: string;
      productCount: number;
    };
    CollaboratorPage: {
      id: number;
      /** @enum {string} */
      kind: "artist" | "influencer";
      name: string;
      slug: string;
      portrait: string | null;
      banner: string | null;
      bio: string;
      shortBio: string;
      socialLinks: {
          label: string;
          url: string;
        }[];
      country: string | null;
      /** @enum {string} */
      status: "live" | "ended";
      productCount: number;
      drops: components["schemas"]["DropInfo"][];
    };
    ProductCollabInfo: {
      collaborators: ({
          /** @enum {string} */
          kind: "artist" | "influencer";
          name: string;
          slug: string;
        })[];
      drop: components["schemas"]["DropInfo"] | null;
    };
    AdminDrop: {
      id: number;
      title: string;
      launchAt: string;
      endsAt: string | null;
      /** @enum {string} */
      beforeLaunch: "hidden" | "coming_soon";
      perCustomerLimit: number | null;
      /** @enum {string} */
      state: "upcoming" | "open" | "closed";
      collaboratorId: number | null;
      collaboratorName: string | null;
      productIds: number[];
      subscribers: number;
      launchMailedAt: string | null;
      warning: string | null;
    };
    CollabProductOption: {
      id: number;
      name: string;
      sku: string | null;
      isPublished: boolean;
      dropId: number | null;
    };
    CollabCouponOption: {
      id: number;
      title: string;
      code: string;
      isActive: boolean;
      collaboratorId: number | null;
      collaboratorName: string | null;
    };
    CollabStatement: {
      id: number;
      collaboratorId: number;
      collaboratorName: string;
      periodStart: string;
      periodEnd: string;
      currency: string;
      units: number;
      netSales: number;
      due: number;
      rate: string;
      lines: ({
          orderId: number;
          orderNumber: string;
          placedAt: string;
          /** @enum {string} */
          kind: "sale" | "refund";
          units: number;
          net: number;
          due: number;
        })[];
      paidAt: string | null;
      paidByName: string | null;
      paidReference: string | null;
      createdAt: string;
    };
    CustomizationRequest: {
      id: number;
      isChecked: boolean;
      checkedDate: string | null;
      /** @enum {string} */
      status: "new" | "quoted" | "rejected" | "accepted" | "ordered" | "cancelled";
      contactName: string;
      contactEmail: string;
      contactPhone: string;
      productId: number | null;
      productName: string | null;
      productTypeId: number | null;
      productTypeName: string | null;
      size: string;
      color: string;
      quantity: number;
      description: string;
      images: string[];
      currency: string;
      quotePrice: number | null;
      quoteDeliveryTime: string | null;
      quoteNote: string;
      rejectionReason: string | null;
      orderNumber: string | null;
      version: number;
      createdAt: string;
      updatedAt: string;
    };
    CustomizationList: components["schemas"]["CustomizationRequest"][];
    CustomizationOptions: {
      productTypes: {
          id: number;
          name: string;
        }[];
    };
    AdminDashboard: {
      counts: {
        products: number;
        publishedProducts: number;
        unpublishedProducts: number;
        outOfStockVariants: number;
        categories: number;
        series: number;
        customers: number;
        staff: number;
        signUps7d: number;
      };
      signUps: {
          date: string;
          count: number;
        }[];
      recent: ({
          /** @enum {string} */
          kind: "sign-up" | "sign-in" | "product-updated" | "role-changed";
          at: string;
          title: string;
          detail: string;
          href: string | null;
        })[];
    };
    Warehouse: {
      id: number;
      name: string;
      code: string;
      address: string;
      priority: number;
      isActive: boolean;
      isDefault: boolean;
      shipsToAllZones: boolean;
      zoneIds: number[];
      onHand: number;
      used: boolean;
    };
    StockRow: {
      variantId: number;
      productId: number;
      productName: string;
      sku: string;
      sizeName: string;
      colorName: string;
      onHand: number;
      reserved: number;
      available: number;
      incoming: number;
      threshold: number;
      /** @enum {string} */
      state: "in" | "low" | "out";
      levels: ({
          warehouseId: number;
          onHand: number;
          reserved: number;
          available: number;
          incoming: number;
          incomingExpectedOn: string | null;
          version: number;
        })[];
    };
    VariantStockHistory: {
      variantId: number;
      productId: number;
      productName: string;
      sku: string;
      sizeName: string;
      colorName: string;
      levels: ({
          warehouseId: number;
          onHand: number;
          reserved: number;
          available: number;
          incoming: number;
          incomingExpectedOn: string | null;
          version: number;
          warehouseName: string;
        })[];
      entries: ({
          id: number;
          warehouseId: number;
          warehouseName: string;
          kind: string;
          quantity: number;
          reservedChange: number;
          onHandAfter: number;
          reservedAfter: number;
          reason: string;
          actorName: string;
          orderNumber: string | null;
          createdAt: string;
        })[];
      series: {
          at: string;
          onHand: number;
          available: number;
        }[];
    };
    StockTransfer: {
      id: number;
      variantId: number;
      sku: string;
      productName: string;
      fromWarehouseId: number;
      fromWarehouseName: string;
      toWarehouseId: number;
      toWarehouseName: string;
      quantity: number;
      /** @enum {string} */
      status: "in_transit" | "received";
      note: string;
      createdByName: string;
      createdAt: string;
      receivedAt: string | null;
    };
    StockCountReport: {
      posted: boolean;
      lines: ({
          line: number;
          sku: string;
          counted: number | null;
          expected: number | null;
          difference: number | null;
          error: string | null;
        })[];
      errors: number;
    };
    InventorySettings: {
      lowStockDefault: number;
      onlyLeftBelow: number;
      reorderCoverDays: number;
    };
    ProductAvailability: {
      productId: number;
      zoneId: number | null;
      variants: ({
          variantId: number;
          /** @enum {string} */
          stockState: "in_stock" | "low" | "sold_out";
          onlyLeft: number | null;
        })[];
    };
    AdminOrderRequest: {
      id: number;
      /** @enum {string} */
      kind: "cancel" | "return";
      /** @enum {string} */
      status: "open" | "approved" | "rejected" | "received" | "refunded";
      reason: string;
      items: {
          orderLineId: number;
          quantity: number;
          productName: string;
          unitPrice: number;
        }[];
      photos: string[];
      resolutionNote: string;
      decidedByName: string | null;
      decidedAt: string | null;
      version: number;
      createdAt: string;
      order: {
        id: number;
        number: string;
        /** @enum {string} */
        status: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
        /** @enum {string} */
        paymentState: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
        customerName: string;
        email: string;
        currency: string;
        total: number;
      };
    };
    AdminOrderRequestsPage: {
      items: components["schemas"]["AdminOrderRequest"][];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
    };
    AdminPopup: {
      id: number;
      title: string;
      text: string;
      imageFilename: string | null;
      imageAlt: string;
      buttonLabel: string;
      buttonHref: string;
      couponCode: string | null;
      startsAt: string | null;
      endsAt: string | null;
      /** @enum {string} */
      audience: "everyone" | "guests" | "signed-in" | "first-visit";
      /** @enum {string} */
      placement: "home" | "all" | "category";
      categoryId: number | null;
      categoryName: string | null;
      /** @enum {string} */
      frequency: "session" | "day" | "once";
      isEnabled: boolean;
      /** @enum {string} */
      status: "active" | "scheduled" | "ended" | "disabled";
      createdAt: string;
      updatedAt: string;
    };
    ActivePopup: {
      id: number;
      title: string;
      text: string;
      image: {
        filename: string;
        alt: string;
        width: number;
        height: number;
      } | null;
      button: {
        label: string;
        href: string;
      } | null;
      couponCode: string | null;
      /** @enum {string} */
      audience: "everyone" | "guests" | "signed-in" | "first-visit";
      /** @enum {string} */
      frequency: "session" | "day" | "once";
      updatedAt: string;
    };
    AdminProduct: {
      id: number;
      version: number;
      currency: string;
      name: string;
      slug: string;
      description: string;
      price: number;
      compareAtPrice: number | null;
      seriesId: number | null;
      categoryId: number;
      subCategoryId: number;
      subSubCategoryId: number;
      productTypeId: number;
      fabricId: number | null;
      genderId: number | null;
      tags: string[];
      variants: {
          id: number;
          sizeId: number;
          colorId: number;
          sku: string;
          stock: number;
        }[];
      sizeChart: {
        columns: string[];
        rows: {
            size: string;
            values: string[];
          }[];
      } | null;
      seoTitle: string;
      seoDescription: string;
      images: {
          filename: string;
          alt: string;
          width: number;
          height: number;
        }[];
      isPublished: boolean;
      updatedAt: string;
    };
    ProductFormOptions: {
      currency: string;
      categories: {
          id: number;
          name: string;
          subCategories: {
              id: number;
              name: string;
              subSubCategories: {
                  id: number;
                  name: string;
                }[];
            }[];
        }[];
      series: {
          id: number;
          name: string;
        }[];
      productTypes: {
          id: number;
          name: string;
        }[];
      colors: {
          id: number;
          name: string;
          hex: string;
        }[];
      sizes: {
          id: number;
          name: string;
        }[];
      fabrics: {
          id: number;
          name: string;
        }[];
      genders: {
          id: number;
          name: string;
        }[];
    };
    AdminProductRow: {
      id: number;
      name: string;
      slug: string;
      filename: string | null;
      skuCount: number;
      price: number;
      currency: string;
      stockTotal: number;
      categoryName: string;
      seriesName: string | null;
      productTypeName: string;
      isPublished: boolean;
      updatedAt: string;
    };
    ImportReport: {
      rows: number;
      creates: number;
      updates: number;
      errors: {
          row: number;
          field: string;
          message: string;
        }[];
      written: boolean;
    };
    ProductViewsReport: {
      from: string;
      to: string;
      days: {
          date: string;
          views: number;
        }[];
      totalViews: number;
      topProducts: ({
          id: number;
          name: string;
          image: string | null;
          views: number;
        })[];
    };
    SalesCountBatch: {
      processed: number;
      total: number;
      changed: number;
      nextAfterId: number | null;
    };
    Coupon: {
      id: number;
      title: string;
      /** @enum {string} */
      method: "code" | "automatic";
      code: string | null;
      /** @enum {string} */
      kind: "percent" | "fixed" | "free_delivery" | "buy_x_get_y";
      percentOff: number | null;
      amountOff: number | null;
      buyQuantity: number | null;
      getQuantity: number | null;
      getPercentOff: number | null;
      /** @enum {string} */
      appliesTo: "order" | "items";
      targets: ({
          /** @enum {string} */
          type: "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType" | "collab";
          id: number;
          name: string;
        })[];
      minSubtotal: number | null;
      minQuantity: number | null;
      startsAt: string | null;
      endsAt: string | null;
      /** @enum {string} */
      eligibility: "everyone" | "signed_in" | "first_order" | "customers";
      customerEmails: string[];
      usageLimit: number | null;
      perCustomerLimit: number | null;
      combinesWithOrder: boolean;
      combinesWithProduct: boolean;
      combinesWithDelivery: boolean;
      releaseOnRefund: boolean;
      isActive: boolean;
      /** @enum {string} */
      status: "active" | "scheduled" | "expired" | "disabled" | "used_up";
      used: number;
      extraCodes: number;
      summary: string;
      version: number;
      createdAt: string;
      updatedAt: string;
    };
    CouponPage: {
      items: components["schemas"]["Coupon"][];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
    };
    CouponTargetOptions: {
      currency: string;
      categories: ({
          /** @enum {string} */
          type: "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType" | "collab";
          id: number;
          name: string;
        })[];
      series: {
          id: number;
          name: string;
        }[];
      productTypes: {
          id: number;
          name: string;
        }[];
      collabs: {
          id: number;
          name: string;
        }[];
      products: {
          id: number;
          name: string;
        }[];
    };
    CouponUsagePage: {
      items: ({
          id: number;
          couponId: number;
          couponTitle: string;
          code: string | null;
          orderId: number;
          orderNumber: string;
          orderStatus: string;
          customerName: string;
          email: string;
          isGuest: boolean;
          amount: number;
          freeDelivery: boolean;
          currency: string;
          counts: boolean;
          createdAt: string;
        })[];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
    };
    ScheduledDiscount: {
      id: number;
      title: string;
      /** @enum {string} */
      kind: "percent" | "fixed";
      value: number;
      /** @enum {string} */
      targetType: "all" | "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType";
      targets: {
          id: number;
          name: string;
        }[];
      startsAt: string;
      endsAt: string | null;
      isActive: boolean;
      /** @enum {string} */
      status: "running" | "scheduled" | "ended" | "disabled";
      version: number;
      updatedAt: string;
    };
    NewArrivalsSettings: {
      /** @enum {string} */
      mode: "newest" | "recent" | "curated";
      days: number;
      products: {
          id: number;
          name: string;
          isPublished: boolean;
        }[];
      startsAt: string | null;
      endsAt: string | null;
      version: number;
    };
    NewArrivalsPage: {
      items: components["schemas"]["ProductCard"][];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
    };
    ReportAnswer: {
      /** @enum {string} */
      report: "sales" | "inventory" | "customers" | "tax";
      range: {
        /** @enum {string} */
        preset: "today" | "7d" | "30d" | "90d" | "mtd" | "last-month" | "ytd" | "custom";
        from: string;
        to: string;
        /** @enum {string} */
        compare: "none" | "previous-period" | "previous-year";
        compareFrom: string | null;
        compareTo: string | null;
        /** @enum {string} */
        group: "day" | "week" | "month";
        view: string;
        timeZone: string;
        today: string;
      };
      currency: string;
      totals: ({
          key: string;
          label: string;
          /** @enum {string} */
          format: "text" | "money" | "count" | "percent" | "days" | "date";
          value: number | null;
          previous: number | null;
          delta: number | null;
        })[];
      chart: {
        metrics: ({
            key: string;
            label: string;
            /** @enum {string} */
            format: "text" | "money" | "count" | "percent" | "days" | "date";
          })[];
        points: ({
            period: string;
            values: {
              [key: string]: number | null;
            };
            previous: ({
              [key: string]: number | null;
            }) | null;
          })[];
      };
      table: {
        columns: ({
            key: string;
            label: string;
            /** @enum {string} */
            format: "text" | "money" | "count" | "percent" | "days" | "date";
          })[];
        rows: ({
            cells: {
              [key: string]: number | string | null;
            };
            href: string | null;
          })[];
      };
      filters: {
        [key: string]: {
            value: string;
            label: string;
          }[];
      };
      notes: string[];
    };
    TodayFigures: {
      day: string;
      timeZone: string;
      currency: string;
      orders: number;
      units: number;
      netSales: number;
      total: number;
      averageOrderValue: number | null;
      newCustomers: number;
    };
    SearchSuggestion: {
      id: number;
      productId: number;
      name: string;
      filename: string | null;
    };
    SearchResultsAnswer: {
      items: components["schemas"]["ProductCard"][];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
      facets: components["schemas"]["ProductFacets"];
      query: string;
      terms: string[];
      didYouMean: string | null;
      popular: components["schemas"]["ProductCard"][];
    };
    AdminSeries: {
      id: number;
      name: string;
      slug: string;
      description: string;
      filename: string | null;
      productCount: number;
    };
    AdminSubSubCategory: {
      id: number;
      subCategoryId: number;
      name: string;
      isPremium: boolean;
      productCount: number;
    };
    AdminSubCategory: {
      id: number;
      categoryId: number;
      name: string;
      isDisabled: boolean;
      isEnablePremium: boolean;
      productCount: number;
      subSubCategories: components["schemas"]["AdminSubSubCategory"][];
    };
    AdminCategory: {
      id: number;
      name: string;
      serial: number;
      filename: string | null;
      isGenderVaried: boolean;
      isForMen: boolean;
      isForWomen: boolean;
      productCount: number;
      subCategories: components["schemas"]["AdminSubCategory"][];
    };
    AdminProductType: {
      id: number;
      name: string;
      slug: string;
      productCount: number;
    };
    AdminColor: {
      id: number;
      name: string;
      hex: string;
      productCount: number;
    };
    AdminSize: {
      id: number;
      name: string;
      sortOrder: number;
      productCount: number;
    };
    AdminFabric: {
      id: number;
      name: string;
      description: string;
      productCount: number;
    };
    PermissionInfo: {
      /** @enum {string} */
      key: "dashboard" | "orders" | "products" | "series" | "categories" | "productTypes" | "attributes" | "promotions" | "coupons" | "inventory" | "reports" | "payments" | "refunds" | "users" | "roles" | "settings";
      label: string;
    };
    Role: {
      id: number;
      name: string;
      description: string;
      permissions: ("dashboard" | "orders" | "products" | "series" | "categories" | "productTypes" | "attributes" | "promotions" | "coupons" | "inventory" | "reports" | "payments" | "refunds" | "users" | "roles" | "settings")[];
      userCount: number;
    };
    UserSummary: {
      id: string;
      name: string;
      email: string;
      emailVerified: boolean;
      image: string | null;
      roles: string[];
      banned: boolean;
      createdAt: string;
      lastSignInAt: string | null;
    };
    UserDetails: {
      user: {
        id: string;
        name: string;
        email: string;
        emailVerified: boolean;
        image: string | null;
        roles: string[];
        banned: boolean;
        createdAt: string;
        lastSignInAt: string | null;
        banReason: string | null;
        bannedAt: string | null;
      };
      roles: {
          id: number;
          name: string;
        }[];
      accounts: {
          providerId: string;
          createdAt: string;
        }[];
      sessions: ({
          id: string;
          createdAt: string;
          expiresAt: string;
          ipAddress: string | null;
          userAgent: string | null;
        })[];
      signIns: ({
          id: number;
          at: string;
          method: string;
          success: boolean;
          ipAddress: string | null;
          userAgent: string | null;
        })[];
    };
    UserInsights: {
      days: number;
      signUps: {
          date: string;
          count: number;
        }[];
      totals: {
        users: number;
        customers: number;
        staff: number;
        newInPeriod: number;
        active7d: number;
        active30d: number;
        banned: number;
      };
      signInMethods: {
          method: string;
          count: number;
        }[];
    };
    SecuritySettings: {
      requireStaffSecondFactor: boolean;
    };
    WebhookEndpoint: {
      id: number;
      url: string;
      description: string;
      events: ("order.placed" | "order.paid" | "order.fulfilled" | "order.cancelled" | "refund.created" | "request.opened" | "product.created" | "product.updated" | "product.deleted" | "stock.low" | "customer.created")[];
      enabled: boolean;
      disabledReason: string | null;
      secretPrefix: string;
      previousSecretExpiresAt: string | null;
      failingSince: string | null;
      createdBy: {
        name: string;
        email: string;
      };
      /** Format: date-time */
      createdAt: string;
      lastDelivery: ({
        /** Format: date-time */
        at: string;
        /** @enum {string} */
        status: "succeeded" | "failed" | "retrying";
        responseStatus: number | null;
      }) | null;
    };
    WebhookEndpointWithSecret: {
      endpoint: components["schemas"]["WebhookEndpoint"];
      secret: string;
    };
    WebhookDelivery: {
      id: number;
      endpointId: number;
      messageId: string;
      eventType: ("order.placed" | "order.paid" | "order.fulfilled" | "order.cancelled" | "refund.created" | "request.opened" | "product.created" | "product.updated" | "product.deleted" | "stock.low" | "customer.created") | "webhook.test";
      resource: string;
      /** @enum {string} */
      status: "pending" | "retrying" | "succeeded" | "failed" | "cancelled";
      attempts: number;
      responseStatus: number | null;
      durationMs: number | null;
      /** Format: date-time */
      createdAt: string;
      lastAttemptAt: string | null;
    };
    WebhookDeliveryDetail: {
      id: number;
      endpointId: number;
      messageId: string;
      eventType: ("order.placed" | "order.paid" | "order.fulfilled" | "order.cancelled" | "refund.created" | "request.opened" | "product.created" | "product.updated" | "product.deleted" | "stock.low" | "customer.created") | "webhook.test";
      resource: string;
      /** @enum {string} */
      status: "pending" | "retrying" | "succeeded" | "failed" | "cancelled";
      attempts: number;
      responseStatus: number | null;
      durationMs: number | null;
      /** Format: date-time */
      createdAt: string;
      lastAttemptAt: string | null;
      request: {
        url: string;
        headers: {
          [key: string]: string;
        };
        body: string;
      };
      attemptLog: ({
          /** Format: date-time */
          at: string;
          responseStatus: number | null;
          durationMs: number;
          responseBody: string;
          error: string | null;
        })[];
    };
    WebhookDeliveryPage: {
      items: components["schemas"]["WebhookDelivery"][];
      page: number;
      pageSize: number;
      total: number;
      pageCount: number;
    };
    WebhookOrderData: {
      id: number;
      number: string;
      status: string;
      paymentState: string;
      paymentMethod: string;
      currency: string;
      subtotal: number;
      discount: number;
      couponCode: string | null;
      deliveryFee: number;
      tax: number;
      total: number;
      customerId: string | null;
      email: string;
      customerName: string;
      phone: string;
      shippingAddress: {
        [key: string]: unknown;
      };
      deliveryZone: string;
      courier: string | null;
      trackingNumber: string | null;
      /** Format: date-time */
      placedAt: string;
      /** Format: date-time */
      updatedAt: string;
      lines: ({
          id: number;
          productId: number | null;
          variantId: number | null;
          sku: string;
          productName: string;
          size: string;
          color: string;
          quantity: number;
          unitPrice: number;
          totalPrice: number;
          discount: number;
        })[];
    };
    WebhookRefundData: {
      id: number;
      orderId: number;
      orderNumber: string;
      amount: number;
      currency: string;
      method: string;
      status: string;
      reason: string;
      /** Format: date-time */
      createdAt: string;
    };
    WebhookRequestData: {
      id: number;
      /** @enum {string} */
      kind: "cancel" | "return";
      orderId: number;
      orderNumber: string;
      reason: string;
      items: {
          orderLineId: number;
          quantity: number;
        }[];
      /** Format: date-time */
      createdAt: string;
    };
    WebhookProductData: {
      id: number;
      name: string;
      slug: string;
      description: string;
      price: number;
      compareAtPrice: number | null;
      published: boolean;
      tags: string[];
      seoTitle: string;
      seoDescription: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      variants: {
          id: number;
          sku: string;
          size: string;
          color: string;
          stock: number;
        }[];
    };
    WebhookProductDeletedData: {
      id: number;
      name: string;
      slug: string;
    };
    WebhookStockLowData: {
      variantId: number;
      productId: number;
      sku: string;
      productName: string;
      available: number;
      threshold: number;
    };
    WebhookCustomerData: {
      id: string;
      name: string;
      email: string;
      /** Format: date-time */
      createdAt: string;
    };
    WebhookTestData: {
      endpointId: number;
      message: string;
      sentBy: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export interface operations {

  /** Liveness */
  getHealthz: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "ok" | "unavailable";
          };
        };
      };
      /** @description Default Response */
      503: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "ok" | "unavailable";
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Readiness: the database answers */
  getReadyz: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "ok" | "unavailable";
          };
        };
      };
      /** @description Default Response */
      503: {
        content: {
          "application/json": {
            /** @enum {string} */
            status: "ok" | "unavailable";
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Password policy, configured social sign-in providers and email verification mode */
  getIdentityConfig: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["IdentityConfig"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The signed-in user, whether they are staff, their roles and permissions */
  getMe: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Me"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Backs a locally generated guest identity with a signed guest token */
  postGuests: {
    requestBody: {
      content: {
        "application/json": {
          username: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Guest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Moves a guest's cart and wishlist into the signed-in account */
  postMeMergeGuest: {
    requestBody: {
      content: {
        "application/json": {
          token: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            merged: boolean;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Whether the verified session belongs to staff (drives the admin gate) */
  getAdminCheckIfAdmin: {
    parameters: {
      query?: {
        email?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CheckIfAdmin"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every permission (one per admin area) with its label
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  getAdminPermissions: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["PermissionInfo"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The Owner's security rules: whether staff need a second factor
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  getAdminSecuritySettings: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["SecuritySettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Changes the security rules (the Owner only; turning the second-factor rule on needs the Owner's own second factor first)
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  putAdminSecuritySettings: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SecuritySettingsInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["SecuritySettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Roles with their permissions and how many users hold them
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  getAdminRoles: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Role"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a role
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  postAdminRoles: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default */
          description?: string;
          permissions: ("dashboard" | "orders" | "products" | "series" | "categories" | "productTypes" | "attributes" | "promotions" | "coupons" | "inventory" | "reports" | "payments" | "refunds" | "users" | "roles" | "settings")[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Role"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a role that no user holds (never the Owner role)
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  deleteAdminRolesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Renames a role or changes its permissions (the last Owner keeps every permission)
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  patchAdminRolesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default */
          description?: string;
          permissions: ("dashboard" | "orders" | "products" | "series" | "categories" | "productTypes" | "attributes" | "promotions" | "coupons" | "inventory" | "reports" | "payments" | "refunds" | "users" | "roles" | "settings")[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Role"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Sets the roles a user holds (the shop always keeps one Owner)
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  putAdminUsersByUserIdRoles: {
    parameters: {
      path: {
        userId: string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          roleIds: number[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            roles: {
                id: number;
                name: string;
              }[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Customers and staff: search by name or email, filter, sort, paginate
   * @description Needs a staff role with the "users" permission (or an admin API token given it).
   */
  getAdminUsers: {
    parameters: {
      query?: {
        search?: string;
        kind?: "all" | "customers" | "staff";
        status?: "all" | "active" | "banned";
        sort?: "newest" | "oldest" | "name" | "last-sign-in";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: components["schemas"]["UserSummary"][];
            page: number;
            pageSize: number;
            total: number;
            pageCount: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * A user's profile, roles, sign-in methods, sessions and sign-in history
   * @description Needs a staff role with the "users" permission (or an admin API token given it).
   */
  getAdminUsersByUserId: {
    parameters: {
      path: {
        userId: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["UserDetails"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Bans a user: their sessions end and they cannot sign in
   * @description Needs a staff role with the "users" permission (or an admin API token given it).
   */
  postAdminUsersByUserIdBan: {
    parameters: {
      path: {
        userId: string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @default */
          reason?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Lifts a ban
   * @description Needs a staff role with the "users" permission (or an admin API token given it).
   */
  postAdminUsersByUserIdUnban: {
    parameters: {
      path: {
        userId: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Emails the user a password-reset link
   * @description Needs a staff role with the "users" permission (or an admin API token given it).
   */
  postAdminUsersByUserIdPasswordReset: {
    parameters: {
      path: {
        userId: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Ends one of the user's sessions
   * @description Needs a staff role with the "users" permission (or an admin API token given it).
   */
  deleteAdminUsersByUserIdSessionsBySessionId: {
    parameters: {
      path: {
        userId: string;
        sessionId: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Sign-ups per day, active users and sign-in methods over a period
   * @description Needs a staff role with the "users" permission (or an admin API token given it).
   */
  getAdminInsightsUsers: {
    parameters: {
      query?: {
        days?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["UserInsights"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The admin API tokens, newest first (never their secrets)
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  getAdminApiTokens: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ApiToken"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Makes an admin API token with permissions the caller holds; its secret is answered once
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  postAdminApiTokens: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** Format: date-time */
          expiresAt: string;
          permissions: ("dashboard" | "orders" | "products" | "series" | "categories" | "productTypes" | "attributes" | "promotions" | "coupons" | "inventory" | "reports" | "payments" | "refunds" | "users" | "roles" | "settings")[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CreatedApiToken"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Revokes an admin API token: its next request answers 401
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  postAdminApiTokensByIdRevoke: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ApiToken"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The webhook endpoints, newest first (never their secrets)
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  getAdminWebhooks: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Registers a webhook endpoint; its signing secret is answered once
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  postAdminWebhooks: {
    requestBody: {
      content: {
        "application/json": {
          url: string;
          /** @default */
          description?: string;
          events: ("order.placed" | "order.paid" | "order.fulfilled" | "order.cancelled" | "refund.created" | "request.opened" | "product.created" | "product.updated" | "product.deleted" | "stock.low" | "customer.created")[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WebhookEndpointWithSecret"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes an endpoint and its delivery log; deliveries not yet made are dropped
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  deleteAdminWebhooksById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            deleted: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Changes an endpoint's address, description, events, or turns it on or off
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  patchAdminWebhooksById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          url?: string;
          description?: string;
          events?: ("order.placed" | "order.paid" | "order.fulfilled" | "order.cancelled" | "refund.created" | "request.opened" | "product.created" | "product.updated" | "product.deleted" | "stock.low" | "customer.created")[];
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Makes a new signing secret, answered once; the old one signs beside it for the overlap
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  postAdminWebhooksByIdRotateSecret: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @default 24 */
          overlapHours?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WebhookEndpointWithSecret"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Sends a `webhook.test` event to the endpoint (through the queue, logged like any other)
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  postAdminWebhooksByIdTest: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * An endpoint's delivery log, newest first
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  getAdminWebhooksByIdDeliveries: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        status?: "pending" | "retrying" | "succeeded" | "failed" | "cancelled";
      };
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WebhookDeliveryPage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One delivery: the request as signed and every attempt's answer
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  getAdminWebhookDeliveriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WebhookDeliveryDetail"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Sends a delivery's event again (same `webhook-id`), after the endpoint's earlier deliveries for that resource
   * @description Needs a staff role with the "roles" permission, signed in as a person (admin API tokens are refused).
   */
  postAdminWebhookDeliveriesByIdRedeliver: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Staff actions, newest first: filter by staff member, action, subject and dates
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  getAdminActivityLog: {
    parameters: {
      query?: {
        actor?: string;
        action?: string;
        subjectType?: string;
        subjectId?: string;
        from?: string;
        to?: string;
        search?: string;
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: components["schemas"]["ActivityEntry"][];
            page: number;
            pageSize: number;
            total: number;
            pageCount: number;
            actors: {
                id: string;
                name: string;
                email: string;
              }[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The filtered staff actions as CSV (text/csv), newest first, at most 50,000 rows
   * @description Needs a staff role with the "roles" permission (or an admin API token given it).
   */
  getAdminActivityLogExport: {
    parameters: {
      query?: {
        actor?: string;
        action?: string;
        subjectType?: string;
        subjectId?: string;
        from?: string;
        to?: string;
        search?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Counts and recent activity for the admin home
   * @description Needs a staff role (or any admin API token).
   */
  getAdminDashboard: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminDashboard"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The ⌘K palette: orders, products and customers matching a text, in the areas the caller's roles grant
   * @description Needs a staff role (or any admin API token).
   */
  getAdminSearch: {
    parameters: {
      query: {
        q: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSearchResults"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Product page views per day in a date range (UTC), with the most viewed products
   * @description Needs a staff role with the "dashboard" permission (or an admin API token given it).
   */
  getAdminStatsViews: {
    parameters: {
      query: {
        from: string;
        to: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ProductViewsReport"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Recomputes the sales count of one batch of products (by id) from orders
   * @description Needs a staff role with the "dashboard" permission (or an admin API token given it).
   */
  postAdminSyncSalesCount: {
    requestBody: {
      content: {
        "application/json": {
          afterId: number | null;
          /** @default 200 */
          batchSize?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["SalesCountBatch"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Genders, categories, sub- and sub-sub-categories in one answer (the shared category loader) */
  getCatalogTaxonomy: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Taxonomy"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** All series */
  getCatalogSeries: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Series"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Published products, filtered and paginated */
  getProducts: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        subSubCategoryId?: number;
        categoryId?: number;
        seriesId?: number;
        productTypeId?: number;
        gender?: string;
        sizes?: string[];
        colors?: string[];
        priceMin?: number;
        priceMax?: number;
        inStock?: "0" | "1" | "true" | "false";
        collaboratorId?: number;
        sort?: "newest" | "popular" | "price-asc" | "price-desc" | "name";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ProductListAnswer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A product with images, variants, size chart, taxonomy path and related products. 404 when unpublished, unless the caller is staff with the products permission */
  getProductsByProductId: {
    parameters: {
      path: {
        productId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ProductDetails"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Categories with id, name, serial, filename, isGenderVaried, isForMen, isForWomen */
  getAdminViewProductCategories: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Category"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** List of genders */
  getAdminViewGenders: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Gender"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Sub-categories of a category */
  getAdminViewProductSubCategoryByCategoryId: {
    parameters: {
      path: {
        categoryId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["SubCategory"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Sub-sub-categories of a sub-category */
  getAdminViewProductSubSubCategoryBySubCategoryId: {
    parameters: {
      path: {
        subCategoryId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["SubSubCategory"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A product, category or series image (immutable, cached for a year) */
  getAdminGetimageByFilename: {
    parameters: {
      query?: {
        w?: number;
      };
      path: {
        filename: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": unknown;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Suggestions for the desktop header's search box (debounced 300 ms): published products matching the text, typo-tolerant and by prefix; links use productId */
  getAdminSearchBarProducts: {
    parameters: {
      query?: {
        q?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["SearchSuggestion"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Suggestions for the mobile search: same engine and shape as search-bar-products */
  getAdminSearchProducts: {
    parameters: {
      query?: {
        q?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["SearchSuggestion"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The search results page: published products matching the text, filtered, sorted and paginated, with facets, a did-you-mean and popular products when nothing matches */
  getSearch: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        subSubCategoryId?: number;
        categoryId?: number;
        seriesId?: number;
        productTypeId?: number;
        gender?: string;
        sizes?: string[];
        colors?: string[];
        priceMin?: number;
        priceMax?: number;
        inStock?: "0" | "1" | "true" | "false";
        collaboratorId?: number;
        search?: string;
        sort?: "relevance" | "newest" | "price-asc" | "price-desc";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["SearchResultsAnswer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Upload an image (the raw file as the body; JPEG, PNG, WebP or AVIF, at most 10 MB and 40 megapixels). It is re-encoded to WebP in every stored width and named by its content hash.
   * @description Needs a staff role (or any admin API token).
   */
  postAdminMedia: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["UploadedImage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Products for staff, published or not, filtered, sorted and paged
   * @description Needs a staff role with the "products" permission (or an admin API token given it).
   */
  getAdminProducts: {
    parameters: {
      query?: {
        search?: string;
        categoryId?: number;
        seriesId?: number;
        productTypeId?: number;
        published?: "true" | "false";
        stock?: "in" | "low" | "out";
        sort?: "updated" | "name" | "price-asc" | "price-desc" | "stock-asc" | "stock-desc";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: components["schemas"]["AdminProductRow"][];
            page: number;
            pageSize: number;
            total: number;
            pageCount: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a product (409 on a taken slug or SKU, 422 on invalid fields)
   * @description Needs a staff role with the "products" permission (or an admin API token given it).
   */
  postAdminProducts: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default */
          slug?: string;
          /** @default */
          description?: string;
          price: number;
          /** @default null */
          compareAtPrice?: number | null;
          /** @default null */
          seriesId?: number | null;
          categoryId: number;
          subCategoryId: number;
          subSubCategoryId: number;
          productTypeId: number;
          /** @default null */
          fabricId?: number | null;
          /** @default null */
          genderId?: number | null;
          /** @default [] */
          tags?: string[];
          variants: {
              sizeId: number;
              colorId: number;
              sku: string;
              stock: number;
            }[];
          /** @default null */
          sizeChart?: {
            columns: string[];
            rows: {
                size: string;
                values: string[];
              }[];
          } | null;
          /** @default */
          seoTitle?: string;
          /** @default */
          seoDescription?: string;
          /** @default [] */
          images?: {
              filename: string;
              /** @default */
              alt?: string;
            }[];
          /** @default false */
          isPublished?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminProduct"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Everything the product form's choices need
   * @description Needs a staff role with the "products" permission (or an admin API token given it).
   */
  getAdminProductsOptions: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ProductFormOptions"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The filtered products as CSV (text/csv), one row per variant
   * @description Needs a staff role with the "products" permission (or an admin API token given it).
   */
  getAdminProductsExport: {
    parameters: {
      query?: {
        search?: string;
        categoryId?: number;
        seriesId?: number;
        productTypeId?: number;
        published?: "true" | "false";
        stock?: "in" | "low" | "out";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One product as the form edits it, with its version
   * @description Needs a staff role with the "products" permission (or an admin API token given it).
   */
  getAdminProductsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminProduct"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Saves a product loaded at `version` (409 when someone saved it since)
   * @description Needs a staff role with the "products" permission (or an admin API token given it).
   */
  putAdminProductsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default */
          slug?: string;
          /** @default */
          description?: string;
          price: number;
          /** @default null */
          compareAtPrice?: number | null;
          /** @default null */
          seriesId?: number | null;
          categoryId: number;
          subCategoryId: number;
          subSubCategoryId: number;
          productTypeId: number;
          /** @default null */
          fabricId?: number | null;
          /** @default null */
          genderId?: number | null;
          /** @default [] */
          tags?: string[];
          variants: {
              sizeId: number;
              colorId: number;
              sku: string;
              stock: number;
            }[];
          /** @default null */
          sizeChart?: {
            columns: string[];
            rows: {
                size: string;
                values: string[];
              }[];
          } | null;
          /** @default */
          seoTitle?: string;
          /** @default */
          seoDescription?: string;
          /** @default [] */
          images?: {
              filename: string;
              /** @default */
              alt?: string;
            }[];
          /** @default false */
          isPublished?: boolean;
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminProduct"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Publishes, unpublishes or deletes several products
   * @description Needs a staff role with the "products" permission (or an admin API token given it).
   */
  postAdminProductsBulk: {
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          action: "publish" | "unpublish" | "delete";
          ids: number[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            affected: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Imports products from CSV; dryRun=true only reports what would happen
   * @description Needs a staff role with the "products" permission (or an admin API token given it).
   */
  postAdminProductsImport: {
    parameters: {
      query?: {
        dryRun?: "true" | "false";
      };
    };
    requestBody: {
      content: {
        "application/json": {
          csv: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ImportReport"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** What the home page shows: hero, new products, categories and series */
  getStorefrontHome: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["HomePage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The store's public settings: name, currency, contact block and social links */
  getStorefrontSettings: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["StoreSettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every series with how many products belong to it
   * @description Needs a staff role with the "series" permission (or an admin API token given it).
   */
  getAdminSeries: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSeries"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a series (its slug comes from the name)
   * @description Needs a staff role with the "series" permission (or an admin API token given it).
   */
  postAdminSeries: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default */
          description?: string;
          /** @default null */
          filename?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSeries"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a series no product belongs to
   * @description Needs a staff role with the "series" permission (or an admin API token given it).
   */
  deleteAdminSeriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Changes a series' name, description or banner
   * @description Needs a staff role with the "series" permission (or an admin API token given it).
   */
  patchAdminSeriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          description?: string;
          filename?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSeries"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The whole category tree (disabled sub-categories included) with product counts, by serial
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  getAdminCategories: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCategory"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a category at the end of the navigation (serial = last + 1)
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  postAdminCategories: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default null */
          filename?: string | null;
          /** @default false */
          isGenderVaried?: boolean;
          /** @default false */
          isForMen?: boolean;
          /** @default false */
          isForWomen?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCategory"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a category with no sub-categories
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  deleteAdminCategoriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Changes a category's name, image or gender flags
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  patchAdminCategoriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          filename?: string | null;
          isGenderVaried?: boolean;
          isForMen?: boolean;
          isForWomen?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCategory"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Sets the navigation order: every category id exactly once, first to last
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  putAdminCategoriesOrder: {
    requestBody: {
      content: {
        "application/json": {
          categoryIds: number[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCategory"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Adds a sub-category to a category
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  postAdminCategoriesByCategoryIdSubCategories: {
    parameters: {
      path: {
        categoryId: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default false */
          isDisabled?: boolean;
          /** @default false */
          isEnablePremium?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSubCategory"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a sub-category with no sub-sub-categories
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  deleteAdminSubCategoriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Renames, disables or enables premium grouping of a sub-category
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  patchAdminSubCategoriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          isDisabled?: boolean;
          isEnablePremium?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSubCategory"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Adds a sub-sub-category to a sub-category
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  postAdminSubCategoriesBySubCategoryIdSubSubCategories: {
    parameters: {
      path: {
        subCategoryId: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default false */
          isPremium?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSubSubCategory"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a sub-sub-category no product is in
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  deleteAdminSubSubCategoriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Renames a sub-sub-category or changes isPremium
   * @description Needs a staff role with the "categories" permission (or an admin API token given it).
   */
  patchAdminSubSubCategoriesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          isPremium?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSubSubCategory"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every product type with its product count
   * @description Needs a staff role with the "productTypes" permission (or an admin API token given it).
   */
  getAdminProductTypes: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminProductType"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a product type
   * @description Needs a staff role with the "productTypes" permission (or an admin API token given it).
   */
  postAdminProductTypes: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminProductType"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a product type no product has
   * @description Needs a staff role with the "productTypes" permission (or an admin API token given it).
   */
  deleteAdminProductTypesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Renames a product type
   * @description Needs a staff role with the "productTypes" permission (or an admin API token given it).
   */
  patchAdminProductTypesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminProductType"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every color with how many products come in it
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  getAdminColors: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminColor"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a color (name and #rrggbb swatch)
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  postAdminColors: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          hex: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminColor"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a color no product variant uses
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  deleteAdminColorsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Changes a color's name or swatch
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  patchAdminColorsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          hex?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminColor"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every size in its display order, with product counts
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  getAdminSizes: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSize"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a size with its display order
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  postAdminSizes: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          sortOrder: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSize"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a size no product variant uses
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  deleteAdminSizesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Renames a size or changes its order
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  patchAdminSizesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          sortOrder?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSize"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Sets the size order: every size id exactly once, smallest first
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  putAdminSizesOrder: {
    requestBody: {
      content: {
        "application/json": {
          sizeIds: number[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminSize"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every fabric with its product count
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  getAdminFabrics: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminFabric"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a fabric
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  postAdminFabrics: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default */
          description?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminFabric"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a fabric no product is made of
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  deleteAdminFabricsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Changes a fabric's name or description
   * @description Needs a staff role with the "attributes" permission (or an admin API token given it).
   */
  patchAdminFabricsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name?: string;
          description?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminFabric"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The caller's orders (signed-in user, or guest by `x-guest-token`), newest first; drafts hidden */
  getMyOrders: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["MyOrdersPage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** One of the caller's orders with lines, totals, payment state, public timeline and requests; `token` is the guest's signed order link */
  getMyOrdersByNumber: {
    parameters: {
      query?: {
        token?: string;
      };
      path: {
        number: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomerOrder"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Ask to cancel (before shipping) or return items (delivered, within the return window) */
  postMyOrdersByNumberRequests: {
    parameters: {
      query?: {
        token?: string;
      };
      path: {
        number: string;
      };
    };
    requestBody: {
      content: {
        "application/json": OneOf<[{
          /** @enum {string} */
          kind: "cancel";
          reason: string;
        }, {
          /** @enum {string} */
          kind: "return";
          reason: string;
          items: {
              orderLineId: number;
              quantity: number;
            }[];
          /** @default [] */
          photos?: string[];
        }]>;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomerOrder"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Upload a photo for a return request (the raw image as the body; same checks and limits as staff uploads; rate-limited) */
  postOrderRequestsPhotos: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["UploadedImage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The dashboard's recent orders, wishlist summary and open requests (user or guest) */
  getMeOverview: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AccountOverview"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The signed-in customer's name, email and phone */
  getMeProfile: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Profile"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Change the signed-in customer's name and phone */
  patchMeProfile: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          phone: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Profile"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The signed-in customer's saved addresses, the default first */
  getMeAddresses: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": ({
              id: number;
              label: string;
              fullName: string;
              phone: string;
              line1: string;
              line2: string;
              city: string;
              region: string;
              postalCode: string;
              country: string;
              deliveryZoneId: number | null;
              isDefault: boolean;
            })[];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Save an address (the first one becomes the default) */
  postMeAddresses: {
    requestBody: {
      content: {
        "application/json": {
          /** @default */
          label?: string;
          fullName: string;
          phone: string;
          line1: string;
          /** @default */
          line2?: string;
          city: string;
          /** @default */
          region?: string;
          /** @default */
          postalCode?: string;
          country: string;
          /** @default false */
          isDefault?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            label: string;
            fullName: string;
            phone: string;
            line1: string;
            line2: string;
            city: string;
            region: string;
            postalCode: string;
            country: string;
            deliveryZoneId: number | null;
            isDefault: boolean;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Replace a saved address */
  putMeAddressesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @default */
          label?: string;
          fullName: string;
          phone: string;
          line1: string;
          /** @default */
          line2?: string;
          city: string;
          /** @default */
          region?: string;
          /** @default */
          postalCode?: string;
          country: string;
          /** @default false */
          isDefault?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            label: string;
            fullName: string;
            phone: string;
            line1: string;
            line2: string;
            city: string;
            region: string;
            postalCode: string;
            country: string;
            deliveryZoneId: number | null;
            isDefault: boolean;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Delete a saved address (another one becomes the default) */
  deleteMeAddressesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            deleted: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Send the shop a message (stored for staff and mailed to the shop; rate-limited per address) */
  postContact: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** Format: email */
          email: string;
          subject: string;
          message: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            received: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The shopper's cart with prices and stock as they are now, and estimated totals (the signed-in user, else the guest of `x-guest-token`; 401 for neither) */
  getCart: {
    parameters: {
      query?: {
        zoneId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Units and lines in the shopper's cart (the badge) */
  getCartCount: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CartCount"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Adds units of a variant (to its line if there is one); more than the stock answers 422 (without the exact count above the "Only N left" limit) */
  postCartLines: {
    parameters: {
      query?: {
        zoneId?: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          variantId: number;
          quantity: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Removes a line */
  deleteCartLinesByLineId: {
    parameters: {
      query?: {
        zoneId?: number;
      };
      path: {
        lineId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Sets a line's quantity (at most the stock) */
  patchCartLinesByLineId: {
    parameters: {
      query?: {
        zoneId?: number;
      };
      path: {
        lineId: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          quantity: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Moves a line's product to the wishlist and removes the line */
  postCartLinesByLineIdSaveForLater: {
    parameters: {
      query?: {
        zoneId?: number;
      };
      path: {
        lineId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Accepts the current prices of every line (their seen price becomes the price now) */
  postCartAcknowledgePrices: {
    parameters: {
      query?: {
        zoneId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Cart"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The shopper's wishlist as product cards, newest first (the signed-in user, else the guest of `x-guest-token`; 401 for neither) */
  getWishlist: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Wishlist"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The product ids on the shopper's wishlist (hearts and the badge) */
  getWishlistIds: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WishlistIds"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Adds a published product (adding it twice changes nothing); unknown or unpublished answers 404 */
  postWishlistItems: {
    requestBody: {
      content: {
        "application/json": {
          productId: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WishlistIds"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Removes a product from the wishlist; 404 when it is not on it */
  deleteWishlistItemsByProductId: {
    parameters: {
      path: {
        productId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["WishlistIds"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Adds a size and color of a wishlisted product to the cart and removes it from the wishlist */
  postWishlistItemsByProductIdMoveToCart: {
    parameters: {
      path: {
        productId: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          variantId: number;
          /** @default 1 */
          quantity?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CartCount"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * All delivery zones, active or not
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  getAdminSettingsDeliveryZones: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["DeliveryZone"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Adds a delivery zone (409 when the name is taken)
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  postAdminSettingsDeliveryZones: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default */
          description?: string;
          fee: number;
          /** @default null */
          freeOver?: number | null;
          /** @default */
          estimate?: string;
          /** @default true */
          isActive?: boolean;
          /** @default 0 */
          sortOrder?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["DeliveryZone"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Replaces a delivery zone
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  putAdminSettingsDeliveryZonesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          /** @default */
          description?: string;
          fee: number;
          /** @default null */
          freeOver?: number | null;
          /** @default */
          estimate?: string;
          /** @default true */
          isActive?: boolean;
          /** @default 0 */
          sortOrder?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["DeliveryZone"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a delivery zone (orders keep its name)
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  deleteAdminSettingsDeliveryZonesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            deleted: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * All tax rates
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  getAdminSettingsTaxRates: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["TaxRate"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Adds a tax rate for a region (409 when the region has one)
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  postAdminSettingsTaxRates: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          region: string;
          rateBasisPoints: number;
          /** @default false */
          appliesToDelivery?: boolean;
          /** @default true */
          isActive?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["TaxRate"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Replaces a tax rate
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  putAdminSettingsTaxRatesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          region: string;
          rateBasisPoints: number;
          /** @default false */
          appliesToDelivery?: boolean;
          /** @default true */
          isActive?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["TaxRate"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a tax rate
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  deleteAdminSettingsTaxRatesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            deleted: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Payment methods, return window and card hold
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  getAdminSettingsCheckout: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CheckoutSettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Saves payment methods, return window and card hold
   * @description Needs a staff role with the "settings" permission (or an admin API token given it).
   */
  putAdminSettingsCheckout: {
    requestBody: {
      content: {
        "application/json": {
          cashOnDelivery: {
            enabled: boolean;
          };
          manualTransfer: {
            enabled: boolean;
            title: string;
            /** @default */
            instructions?: string;
          };
          returnWindowDays: number;
          cardHoldMinutes: number;
          timeZone?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CheckoutSettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Delivery zones, payment methods, and the signed-in customer's addresses */
  getCheckoutOptions: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CheckoutOptions"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Prices the shopper's cart for a zone and destination (nothing is reserved) */
  postCheckoutQuote: {
    requestBody: {
      content: {
        "application/json": {
          /** @default null */
          deliveryZoneId?: number | null;
          /** @default null */
          destination?: {
            country: string;
            /** @default */
            region?: string;
          } | null;
          /** @default null */
          couponCode?: string | null;
          /** @default null */
          email?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CheckoutQuote"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Places an order from the shopper's cart in one transaction. Needs an Idempotency-Key header: the same key and body answer the same order; another body with that key is 409. */
  postCheckoutOrders: {
    requestBody: {
      content: {
        "application/json": {
          contact: {
            /** Format: email */
            email: string;
            phone: string;
          };
          /** @default null */
          savedAddressId?: number | null;
          /** @default null */
          address?: {
            fullName: string;
            phone: string;
            line1: string;
            /** @default */
            line2?: string;
            city: string;
            /** @default */
            region?: string;
            /** @default */
            postalCode?: string;
            country: string;
          } | null;
          /** @default false */
          saveAddress?: boolean;
          deliveryZoneId: number;
          /** @enum {string} */
          paymentMethod: "cod" | "manual_transfer" | "card";
          /** @default null */
          transferReference?: string | null;
          /** @default null */
          couponCode?: string | null;
          /** @default */
          note?: string;
          /** @default null */
          customizationRequestId?: number | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["PlaceOrderAnswer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The shopper's own order as just placed (404 for anyone else's) */
  getCheckoutOrdersByNumber: {
    parameters: {
      path: {
        number: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["PlacedOrder"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** What the request form offers: the product types */
  getCustomizationRequestsOptions: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationOptions"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The caller's customization requests, newest first */
  getCustomizationRequests: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationList"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Ask for a customized piece (signed-in shopper or guest by `x-guest-token`) */
  postCustomizationRequests: {
    requestBody: {
      content: {
        "application/json": {
          /** @default null */
          productId?: number | null;
          /** @default null */
          productTypeId?: number | null;
          /** @default */
          size?: string;
          /** @default */
          color?: string;
          quantity: number;
          description: string;
          /** @default [] */
          images?: string[];
          contact: {
            name: string;
            /** Format: email */
            email: string;
            /** @default */
            phone?: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** One of the caller's customization requests (another's is 404) */
  getCustomizationRequestsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Accept the quote (then pay it through checkout with `customizationRequestId`) */
  postCustomizationRequestsByIdAccept: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Withdraw a request (before it is ordered) */
  postCustomizationRequestsByIdCancel: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The spec's call: every customization request with id and isChecked, unchecked first then id descending; `email` and `id` grant nothing
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminGetAllCustomizationRequests: {
    parameters: {
      query?: {
        email?: string;
        id?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationList"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One customization request for staff
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminCustomizationRequestsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Mark checked (sets checkedDate) or undo; a stale version is 409
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminCustomizationRequestsByIdCheck: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          isChecked: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Reply with a quote (unit price and delivery time); mailed to the shopper
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminCustomizationRequestsByIdQuote: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          price: number;
          deliveryTime: string;
          /** @default */
          note?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Reject with a reason; mailed to the shopper
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminCustomizationRequestsByIdReject: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          reason: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CustomizationRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Customers' cancel and return requests, open first then newest; filter by kind, status and dates
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminOrderRequests: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        kind?: "cancel" | "return";
        status?: "open" | "approved" | "rejected" | "received" | "refunded";
        from?: string;
        to?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminOrderRequestsPage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Approve: a cancellation cancels the order, restocks it and refunds what was paid; a return mails the return instructions
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminOrderRequestsByIdApprove: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          /** @default */
          note?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminOrderRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Reject with a reason (a refused return puts the order back to delivered); the customer is mailed
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminOrderRequestsByIdReject: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          reason: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminOrderRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * An approved return arrived: the returned units go back to stock and their price is refunded
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminOrderRequestsByIdReceived: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          restockWarehouseId?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminOrderRequest"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** New arrivals (curated, recent or newest), published products only */
  getNewArrivals: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["NewArrivalsPage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * How new arrivals are chosen
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminPromotionsNewArrivals: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["NewArrivalsSettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Choose new arrivals: newest, published in the last N days, or a curated order with a schedule
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  putAdminPromotionsNewArrivals: {
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          mode: "newest" | "recent" | "curated";
          /** @default 30 */
          days?: number;
          /** @default [] */
          productIds?: number[];
          /** @default null */
          startsAt?: string | null;
          /** @default null */
          endsAt?: string | null;
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["NewArrivalsSettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Scheduled discounts (sale prices), running and scheduled first
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminPromotionsDiscounts: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ScheduledDiscount"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Schedule a discount: percent or fixed off products, categories, series or types for a period
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  postAdminPromotionsDiscounts: {
    requestBody: {
      content: {
        "application/json": {
          title: string;
          /** @enum {string} */
          kind: "percent" | "fixed";
          value: number;
          /** @enum {string} */
          targetType: "all" | "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType";
          /** @default [] */
          targetIds?: number[];
          /** Format: date-time */
          startsAt: string;
          /** @default null */
          endsAt?: string | null;
          /** @default true */
          isActive?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ScheduledDiscount"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Change a scheduled discount (a stale version answers 409)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  putAdminPromotionsDiscountsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          title: string;
          /** @enum {string} */
          kind: "percent" | "fixed";
          value: number;
          /** @enum {string} */
          targetType: "all" | "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType";
          /** @default [] */
          targetIds?: number[];
          /** Format: date-time */
          startsAt: string;
          /** @default null */
          endsAt?: string | null;
          /** @default true */
          isActive?: boolean;
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ScheduledDiscount"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Delete a scheduled discount (orders keep the prices they were placed at)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  deleteAdminPromotionsDiscountsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            deleted: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Coupons and automatic discounts: search, status filter, sort, pages
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  getAdminPromotionsCoupons: {
    parameters: {
      query?: {
        q?: string;
        status?: "active" | "scheduled" | "expired" | "disabled" | "used_up";
        sort?: "newest" | "oldest" | "title" | "ends" | "used";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CouponPage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Create a coupon (or automatic discount)
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  postAdminPromotionsCoupons: {
    requestBody: {
      content: {
        "application/json": {
          title: string;
          /** @enum {string} */
          method: "code" | "automatic";
          code?: string | null;
          /** @enum {string} */
          kind: "percent" | "fixed" | "free_delivery" | "buy_x_get_y";
          /** @default null */
          percentOff?: number | null;
          /** @default null */
          amountOff?: number | null;
          /** @default null */
          buyQuantity?: number | null;
          /** @default null */
          getQuantity?: number | null;
          /** @default null */
          getPercentOff?: number | null;
          /**
           * @default order
           * @enum {string}
           */
          appliesTo?: "order" | "items";
          /** @default [] */
          targets?: ({
              /** @enum {string} */
              type: "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType" | "collab";
              id: number;
            })[];
          /** @default null */
          minSubtotal?: number | null;
          /** @default null */
          minQuantity?: number | null;
          /** @default null */
          startsAt?: string | null;
          /** @default null */
          endsAt?: string | null;
          /**
           * @default everyone
           * @enum {string}
           */
          eligibility?: "everyone" | "signed_in" | "first_order" | "customers";
          /** @default [] */
          customerEmails?: string[];
          /** @default null */
          usageLimit?: number | null;
          /** @default null */
          perCustomerLimit?: number | null;
          /** @default false */
          combinesWithOrder?: boolean;
          /** @default false */
          combinesWithProduct?: boolean;
          /** @default true */
          combinesWithDelivery?: boolean;
          /** @default false */
          releaseOnRefund?: boolean;
          /** @default true */
          isActive?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Coupon"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * What a coupon or discount may target: categories at every level, series, types, products matching q
   * @description Needs a staff role (or any admin API token).
   */
  getAdminPromotionsTargets: {
    parameters: {
      query?: {
        q?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CouponTargetOptions"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Coupon usage: who, which order, code, amount, when
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  getAdminPromotionsUsage: {
    parameters: {
      query?: {
        couponId?: number;
        q?: string;
        from?: string;
        to?: string;
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CouponUsagePage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Coupon usage as CSV (text/csv)
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  getAdminPromotionsUsageExport: {
    parameters: {
      query?: {
        couponId?: number;
        q?: string;
        from?: string;
        to?: string;
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One coupon
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  getAdminPromotionsCouponsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Coupon"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Edit a coupon; a stale version answers 409. Orders already placed keep their prices.
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  putAdminPromotionsCouponsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          title: string;
          /** @enum {string} */
          method: "code" | "automatic";
          code?: string | null;
          /** @enum {string} */
          kind: "percent" | "fixed" | "free_delivery" | "buy_x_get_y";
          /** @default null */
          percentOff?: number | null;
          /** @default null */
          amountOff?: number | null;
          /** @default null */
          buyQuantity?: number | null;
          /** @default null */
          getQuantity?: number | null;
          /** @default null */
          getPercentOff?: number | null;
          /**
           * @default order
           * @enum {string}
           */
          appliesTo?: "order" | "items";
          /** @default [] */
          targets?: ({
              /** @enum {string} */
              type: "product" | "category" | "subCategory" | "subSubCategory" | "series" | "productType" | "collab";
              id: number;
            })[];
          /** @default null */
          minSubtotal?: number | null;
          /** @default null */
          minQuantity?: number | null;
          /** @default null */
          startsAt?: string | null;
          /** @default null */
          endsAt?: string | null;
          /**
           * @default everyone
           * @enum {string}
           */
          eligibility?: "everyone" | "signed_in" | "first_order" | "customers";
          /** @default [] */
          customerEmails?: string[];
          /** @default null */
          usageLimit?: number | null;
          /** @default null */
          perCustomerLimit?: number | null;
          /** @default false */
          combinesWithOrder?: boolean;
          /** @default false */
          combinesWithProduct?: boolean;
          /** @default true */
          combinesWithDelivery?: boolean;
          /** @default false */
          releaseOnRefund?: boolean;
          /** @default true */
          isActive?: boolean;
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Coupon"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Delete a coupon that was never used (409 otherwise: disable it instead)
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  deleteAdminPromotionsCouponsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            deleted: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Enable or disable a coupon
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  postAdminPromotionsCouponsByIdActive: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          isActive: boolean;
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Coupon"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Copy a coupon (disabled, with a new code)
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  postAdminPromotionsCouponsByIdDuplicate: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Coupon"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * A coupon's generated codes with their uses
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  getAdminPromotionsCouponsByIdCodes: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: ({
                id: number;
                code: string;
                usageLimit: number | null;
                used: number;
                createdAt: string;
              })[];
            page: number;
            pageSize: number;
            total: number;
            pageCount: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Generate N unique codes for a coupon
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  postAdminPromotionsCouponsByIdCodes: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          count: number;
          prefix?: string;
          /** @default 8 */
          length?: number;
          /** @default 1 */
          usageLimit?: number | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            created: number;
            codes: string[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * A coupon's codes as CSV (text/csv)
   * @description Needs a staff role with the "coupons" permission (or an admin API token given it).
   */
  getAdminPromotionsCouponsByIdCodesExport: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A published product's stock per variant for a delivery zone: in stock, only N left, or sold out */
  getProductsByProductIdAvailability: {
    parameters: {
      query?: {
        zoneId?: number;
      };
      path: {
        productId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ProductAvailability"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Warehouses with their zones and units on hand
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  getAdminInventoryWarehouses: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            warehouses: components["schemas"]["Warehouse"][];
            zones: {
                id: number;
                name: string;
              }[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Add a warehouse
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  postAdminInventoryWarehouses: {
    requestBody: {
      content: {
        "application/json": {
          name: string;
          code: string;
          /** @default */
          address?: string;
          /** @default 100 */
          priority?: number;
          /** @default true */
          isActive?: boolean;
          /** @default false */
          isDefault?: boolean;
          /** @default true */
          shipsToAllZones?: boolean;
          /** @default [] */
          zoneIds?: number[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Warehouse"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Edit a warehouse; deactivating one that holds stock answers 409 with what to do
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  putAdminInventoryWarehousesById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
          code: string;
          /** @default */
          address?: string;
          /** @default 100 */
          priority?: number;
          /** @default true */
          isActive?: boolean;
          /** @default false */
          isDefault?: boolean;
          /** @default true */
          shipsToAllZones?: boolean;
          /** @default [] */
          zoneIds?: number[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["Warehouse"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Stock status: variants with on hand, reserved and available per warehouse
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  getAdminInventoryStock: {
    parameters: {
      query?: {
        q?: string;
        categoryId?: number;
        seriesId?: number;
        productTypeId?: number;
        warehouseId?: number;
        state?: "in" | "low" | "out";
        sort?: "name" | "sku" | "available-asc" | "available-desc" | "on-hand-desc";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: components["schemas"]["StockRow"][];
            page: number;
            pageSize: number;
            total: number;
            pageCount: number;
            warehouses: {
                id: number;
                name: string;
                code: string;
                isActive: boolean;
              }[];
            filters: {
              categories: {
                  id: number;
                  name: string;
                }[];
              series: {
                  id: number;
                  name: string;
                }[];
              productTypes: {
                  id: number;
                  name: string;
                }[];
            };
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Stock status as CSV (same filters)
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  getAdminInventoryStockExport: {
    parameters: {
      query?: {
        q?: string;
        categoryId?: number;
        seriesId?: number;
        productTypeId?: number;
        warehouseId?: number;
        state?: "in" | "low" | "out";
        sort?: "name" | "sku" | "available-asc" | "available-desc" | "on-hand-desc";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Adjust a level (received, damaged, lost, correction); a stale version answers 409
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  postAdminInventoryStockAdjust: {
    requestBody: {
      content: {
        "application/json": {
          variantId: number;
          warehouseId: number;
          change: number;
          /** @enum {string} */
          reason: "received" | "damaged" | "lost" | "correction";
          /** @default */
          note?: string;
          version?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            level: {
              warehouseId: number;
              onHand: number;
              reserved: number;
              available: number;
              incoming: number;
              incomingExpectedOn: string | null;
              version: number;
            };
            variantStock: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Set the incoming quantity and expected date of a level
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  postAdminInventoryStockIncoming: {
    requestBody: {
      content: {
        "application/json": {
          variantId: number;
          warehouseId: number;
          incoming: number;
          expectedOn: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            level: {
              warehouseId: number;
              onHand: number;
              reserved: number;
              available: number;
              incoming: number;
              incomingExpectedOn: string | null;
              version: number;
            };
            variantStock: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * A variant's levels and stock ledger
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  getAdminInventoryVariantsByIdHistory: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["VariantStockHistory"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Transfers between warehouses, newest first
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  getAdminInventoryTransfers: {
    parameters: {
      query?: {
        status?: "in_transit" | "received";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["StockTransfer"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Send units to another warehouse (out now, in when received); more than available answers 409
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  postAdminInventoryTransfers: {
    requestBody: {
      content: {
        "application/json": {
          variantId: number;
          fromWarehouseId: number;
          toWarehouseId: number;
          quantity: number;
          /** @default */
          note?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["StockTransfer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Receive a transfer in transit into its destination
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  postAdminInventoryTransfersByIdReceive: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["StockTransfer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Post counted quantities for a warehouse (or a dry run): the differences go to the ledger
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  postAdminInventoryCounts: {
    requestBody: {
      content: {
        "application/json": {
          warehouseId: number;
          lines: {
              sku: string;
              counted: number;
            }[];
          /** @default */
          note?: string;
          /** @default false */
          dryRun?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["StockCountReport"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * A stock count from CSV (sku,counted): a dry run reports by line; any error posts nothing
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  postAdminInventoryCountsImport: {
    requestBody: {
      content: {
        "application/json": {
          warehouseId: number;
          csv: string;
          /** @default true */
          dryRun?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["StockCountReport"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Variants at or under their low-stock threshold, with days of cover and a suggested reorder
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  getAdminInventoryLowStock: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: ({
                variantId: number;
                productId: number;
                productName: string;
                sku: string;
                sizeName: string;
                colorName: string;
                available: number;
                incoming: number;
                threshold: number;
                /** @enum {string} */
                thresholdSource: "variant" | "product" | "store";
                soldLast30Days: number;
                daysOfCover: number | null;
                suggestedReorder: number;
              })[];
            page: number;
            pageSize: number;
            total: number;
            pageCount: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Set or clear a low-stock threshold of a variant or a product
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  putAdminInventoryThresholds: {
    requestBody: {
      content: {
        "application/json": {
          variantId?: number;
          productId?: number;
          threshold: number | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            threshold: number | null;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Inventory settings: store low-stock default, 'Only N left' limit, reorder cover
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  getAdminInventorySettings: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["InventorySettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Save the inventory settings
   * @description Needs a staff role with the "inventory" permission (or an admin API token given it).
   */
  putAdminInventorySettings: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["InventorySettingsInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["InventorySettings"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every pop-up with its status (active, scheduled, ended, disabled), newest first
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminPopups: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminPopup"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a pop-up (422 naming the field: end before start, unsafe link, …)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  postAdminPopups: {
    requestBody: {
      content: {
        "application/json": {
          title: string;
          /** @default */
          text?: string;
          /** @default null */
          imageFilename?: string | null;
          /** @default */
          imageAlt?: string;
          /** @default */
          buttonLabel?: string;
          /** @default */
          buttonHref?: string;
          /** @default null */
          couponCode?: string | null;
          /** @default null */
          startsAt?: string | null;
          /** @default null */
          endsAt?: string | null;
          /**
           * @default everyone
           * @enum {string}
           */
          audience?: "everyone" | "guests" | "signed-in" | "first-visit";
          /**
           * @default home
           * @enum {string}
           */
          placement?: "home" | "all" | "category";
          /** @default null */
          categoryId?: number | null;
          /**
           * @default session
           * @enum {string}
           */
          frequency?: "session" | "day" | "once";
          /** @default true */
          isEnabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminPopup"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One pop-up
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminPopupsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminPopup"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Replaces a pop-up's content, schedule and targeting
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  putAdminPopupsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          title: string;
          /** @default */
          text?: string;
          /** @default null */
          imageFilename?: string | null;
          /** @default */
          imageAlt?: string;
          /** @default */
          buttonLabel?: string;
          /** @default */
          buttonHref?: string;
          /** @default null */
          couponCode?: string | null;
          /** @default null */
          startsAt?: string | null;
          /** @default null */
          endsAt?: string | null;
          /**
           * @default everyone
           * @enum {string}
           */
          audience?: "everyone" | "guests" | "signed-in" | "first-visit";
          /**
           * @default home
           * @enum {string}
           */
          placement?: "home" | "all" | "category";
          /** @default null */
          categoryId?: number | null;
          /**
           * @default session
           * @enum {string}
           */
          frequency?: "session" | "day" | "once";
          /** @default true */
          isEnabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminPopup"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Deletes a pop-up
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  deleteAdminPopupsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            deleted: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Turns a pop-up on or off without touching its schedule
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  postAdminPopupsByIdEnabled: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          isEnabled: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminPopup"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The enabled pop-ups whose schedule runs at this second, for the home page or another page (of a category); audience and frequency are the browser's to apply */
  getPopupsActive: {
    parameters: {
      query?: {
        page?: "home" | "other";
        categoryId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ActivePopup"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every collaborator (drafts too), newest first
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminCollabs: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCollaborator"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a collaborator (409 when the slug is taken; 422 for a rate outside 0-100%)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  postAdminCollabs: {
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          kind: "artist" | "influencer";
          name: string;
          slug: string;
          /** @default null */
          portrait?: string | null;
          /** @default null */
          banner?: string | null;
          /** @default */
          bio?: string;
          /** @default [] */
          socialLinks?: {
              label: string;
              url: string;
            }[];
          /** @default null */
          country?: string | null;
          /**
           * @default draft
           * @enum {string}
           */
          status?: "draft" | "live" | "ended";
          /** @default [] */
          productIds?: number[];
          /** @default [] */
          seriesIds?: number[];
          /**
           * @default percent
           * @enum {string}
           */
          rateKind?: "percent" | "fixed";
          /** @default null */
          ratePercent?: number | null;
          /** @default null */
          rateAmount?: number | null;
          /** @default null */
          rateStartsAt?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCollaborator"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One collaborator
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminCollabsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCollaborator"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Replaces a collaborator (409 when changed since `version` or the slug is taken)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  putAdminCollabsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          kind: "artist" | "influencer";
          name: string;
          slug: string;
          /** @default null */
          portrait?: string | null;
          /** @default null */
          banner?: string | null;
          /** @default */
          bio?: string;
          /** @default [] */
          socialLinks?: {
              label: string;
              url: string;
            }[];
          /** @default null */
          country?: string | null;
          /**
           * @default draft
           * @enum {string}
           */
          status?: "draft" | "live" | "ended";
          /** @default [] */
          productIds?: number[];
          /** @default [] */
          seriesIds?: number[];
          /**
           * @default percent
           * @enum {string}
           */
          rateKind?: "percent" | "fixed";
          /** @default null */
          ratePercent?: number | null;
          /** @default null */
          rateAmount?: number | null;
          /** @default null */
          rateStartsAt?: string | null;
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCollaborator"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Makes a coupon of the promotions engine this influencer's referral coupon
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  postAdminCollabsByIdCoupons: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          couponId: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCollaborator"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Stops attributing a coupon's orders to this collaborator (orders already placed stay attributed)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  deleteAdminCollabsByIdCouponsByCouponId: {
    parameters: {
      path: {
        id: number;
        couponId: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminCollaborator"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Products to pick for a collaborator or a drop: by name or SKU, by ids, or a collaborator's
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminCollabsProductOptions: {
    parameters: {
      query?: {
        q?: string;
        ids?: string;
        collaboratorId?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CollabProductOption"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Code coupons that can be linked as referral codes (for staff with `promotions`, without `coupons`)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminCollabsCouponOptions: {
    parameters: {
      query?: {
        q?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CollabCouponOption"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every drop, latest launch first
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminDrops: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminDrop"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Creates a drop; a launch time in the past answers with a warning (the drop is open at once)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  postAdminDrops: {
    requestBody: {
      content: {
        "application/json": {
          title: string;
          /** @default null */
          collaboratorId?: number | null;
          productIds: number[];
          /** Format: date-time */
          launchAt: string;
          /** @default null */
          endsAt?: string | null;
          /**
           * @default coming_soon
           * @enum {string}
           */
          beforeLaunch?: "hidden" | "coming_soon";
          /** @default null */
          perCustomerLimit?: number | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminDrop"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One drop
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminDropsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminDrop"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Replaces a drop; moving an upcoming launch into the past answers with a warning (it opens at once)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  putAdminDropsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          title: string;
          /** @default null */
          collaboratorId?: number | null;
          productIds: number[];
          /** Format: date-time */
          launchAt: string;
          /** @default null */
          endsAt?: string | null;
          /**
           * @default coming_soon
           * @enum {string}
           */
          beforeLaunch?: "hidden" | "coming_soon";
          /** @default null */
          perCustomerLimit?: number | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminDrop"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * A collaborator's statements, latest period first
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminCollabsByIdStatements: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CollabStatement"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Computes and stores a statement for a period (409 when it overlaps another)
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  postAdminCollabsByIdStatements: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: date-time */
          periodStart: string;
          /** Format: date-time */
          periodEnd: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CollabStatement"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One statement with its order-level detail
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminCollabsStatementsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CollabStatement"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One statement's order-level detail as CSV
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  getAdminCollabsStatementsByIdCsv: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Marks a statement paid (who, when, reference); 409 when it already is
   * @description Needs a staff role with the "promotions" permission (or an admin API token given it).
   */
  postAdminCollabsStatementsByIdPaid: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          reference: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CollabStatement"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Live collaborators (of one kind, when given) */
  getCollabs: {
    parameters: {
      query?: {
        kind?: "artist" | "influencer";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CollaboratorCard"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** A live (or ended) collaborator's page; drafts are 404 */
  getCollabsByKindBySlug: {
    parameters: {
      path: {
        kind: "artist" | "influencer";
        slug: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["CollaboratorPage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** The live collaborators and the drop of a product */
  getCollabsProductById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ProductCollabInfo"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Notify me: stores an email for a drop's launch or a variant back in stock and mails a confirmation link (the same answer whether already registered) */
  postCollabsNotify: {
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
          /** @default null */
          dropId?: number | null;
          /** @default null */
          variantId?: number | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            message: string;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /** Confirms a Notify me subscription (the link in the mail) */
  postCollabsNotifyConfirm: {
    requestBody: {
      content: {
        "application/json": {
          token: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            /** @enum {boolean} */
            confirmed: true;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The spec's buying-history records: one per order line with its history, totalPrice and customer (drafts left out)
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminGetAllBuyingHistory: {
    parameters: {
      query?: {
        email?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["BuyingHistoryRecord"][];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The side menu's badges: unchecked orders (capped at 99), unchecked customization requests ÷ 2 (floor, capped)
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminBadges: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminBadges"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Orders grouped by history id, drafts hidden, searched, filtered, sorted and paged
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminOrders: {
    parameters: {
      query?: {
        q?: string;
        status?: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
        paymentMethod?: "cod" | "manual_transfer" | "card";
        paymentState?: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
        from?: string;
        to?: string;
        zone?: string;
        checked?: "yes" | "no";
        sort?: "spec" | "newest" | "oldest" | "total-desc" | "total-asc";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminOrderPage"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The filtered orders as CSV (text/csv)
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminOrdersExport: {
    parameters: {
      query?: {
        q?: string;
        status?: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
        paymentMethod?: "cod" | "manual_transfer" | "card";
        paymentState?: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
        from?: string;
        to?: string;
        zone?: string;
        checked?: "yes" | "no";
        sort?: "spec" | "newest" | "oldest" | "total-desc" | "total-asc";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Marks orders checked / unchecked or moves them to a status; each order succeeds or fails on its own
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminOrdersBulk: {
    requestBody: {
      content: {
        "application/json": OneOf<[{
          /** @enum {string} */
          action: "check";
          ids: number[];
        }, {
          /** @enum {string} */
          action: "uncheck";
          ids: number[];
        }, {
          /** @enum {string} */
          action: "status";
          /** @enum {string} */
          to: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
          ids: number[];
        }]>;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            updated: number;
            failed: {
                id: number;
                number: string;
                message: string;
              }[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Customers' carts with items: who, what, value, last activity, open or abandoned
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminCarts: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: ({
                id: number;
                customer: string;
                email: string | null;
                isGuest: boolean;
                items: ({
                    name: string;
                    quantity: number;
                    filename: string | null;
                  })[];
                itemCount: number;
                value: number;
                currency: string;
                lastActivity: string;
                /** @enum {string} */
                state: "open" | "abandoned";
              })[];
            abandonedAfterHours: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One order with lines, payments and its whole timeline
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  getAdminOrdersById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["AdminOrder"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Marks the order checked (sets checkedDate) or unchecked
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminOrdersByIdCheck: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          checked: boolean;
          version: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            version: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Moves the order to a next status (shipping names the courier and tracking number; cancelling restocks)
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminOrdersByIdStatus: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          to: "pending_payment" | "placed" | "confirmed" | "packed" | "shipped" | "delivered" | "cancelled" | "return_requested" | "returned" | "refunded";
          version: number;
          courier?: string;
          trackingNumber?: string;
          message?: string;
          restockWarehouseId?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            version: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Refunds part or all of what was paid (never more than paid minus refunded)
   * @description Needs a staff role with the "refunds" permission (or an admin API token given it).
   */
  postAdminOrdersByIdRefund: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          amount: number;
          /** @default */
          reason?: string;
          version: number;
          idempotencyKey?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            version: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Records the payment of a manual-transfer (verified) or cash order: paid
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminOrdersByIdVerifyPayment: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          reference?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            version: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Adds a staff note to the order's timeline (not shown to the customer)
   * @description Needs a staff role with the "orders" permission (or an admin API token given it).
   */
  postAdminOrdersByIdNotes: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          message: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            version: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Payment ledger rows with search, filters, sort, pagination and totals for the filter
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsTransactions: {
    parameters: {
      query?: {
        q?: string;
        method?: "cod" | "manual_transfer" | "card";
        event?: "authorised" | "captured" | "failed" | "voided" | "refunded" | "cash_collected" | "transfer_verified" | "transfer_rejected" | "dispute_opened" | "dispute_won" | "dispute_lost";
        status?: "succeeded" | "pending" | "failed";
        from?: string;
        to?: string;
        sort?: "newest" | "oldest" | "amount-desc" | "amount-asc";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: ({
                id: number;
                orderId: number;
                orderNumber: string;
                customerName: string;
                email: string;
                /** @enum {string} */
                event: "authorised" | "captured" | "failed" | "voided" | "refunded" | "cash_collected" | "transfer_verified" | "transfer_rejected" | "dispute_opened" | "dispute_won" | "dispute_lost";
                /** @enum {string} */
                status: "succeeded" | "pending" | "failed";
                /** @enum {string} */
                method: "cod" | "manual_transfer" | "card";
                amount: number;
                fee: number;
                feePending: boolean;
                currency: string;
                direction: -1 | 0 | 1;
                providerReference: string | null;
                reason: string;
                actorName: string;
                createdAt: string;
              })[];
            page: number;
            pageSize: number;
            total: number;
            pageCount: number;
            totals: {
              moneyIn: number;
              moneyOut: number;
              net: number;
              fees: number;
              netAfterFees: number;
              currency: string;
            };
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The filtered ledger rows as CSV (text/csv; formulas neutralised)
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsTransactionsExport: {
    parameters: {
      query?: {
        q?: string;
        method?: "cod" | "manual_transfer" | "card";
        event?: "authorised" | "captured" | "failed" | "voided" | "refunded" | "cash_collected" | "transfer_verified" | "transfer_rejected" | "dispute_opened" | "dispute_won" | "dispute_lost";
        status?: "succeeded" | "pending" | "failed";
        from?: string;
        to?: string;
        sort?: "newest" | "oldest" | "amount-desc" | "amount-asc";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * One ledger row with its order, provider data and the order's other events
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsTransactionsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            transaction: {
              id: number;
              orderId: number;
              orderNumber: string;
              customerName: string;
              email: string;
              /** @enum {string} */
              event: "authorised" | "captured" | "failed" | "voided" | "refunded" | "cash_collected" | "transfer_verified" | "transfer_rejected" | "dispute_opened" | "dispute_won" | "dispute_lost";
              /** @enum {string} */
              status: "succeeded" | "pending" | "failed";
              /** @enum {string} */
              method: "cod" | "manual_transfer" | "card";
              amount: number;
              fee: number;
              feePending: boolean;
              currency: string;
              direction: -1 | 0 | 1;
              providerReference: string | null;
              reason: string;
              actorName: string;
              createdAt: string;
              providerData: {
                [key: string]: unknown;
              };
            };
            order: {
              id: number;
              number: string;
              customerName: string;
              email: string;
              status: string;
              /** @enum {string} */
              paymentMethod: "cod" | "manual_transfer" | "card";
              /** @enum {string} */
              paymentState: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
              total: number;
              paid: number;
              refunded: number;
              refundable: number;
              currency: string;
              version: number;
              transferReference: string | null;
              courier: string | null;
              lines: {
                  id: number;
                  productName: string;
                  sizeName: string;
                  colorName: string;
                  quantity: number;
                  paid: number;
                }[];
            };
            events: ({
                id: number;
                orderId: number;
                orderNumber: string;
                customerName: string;
                email: string;
                /** @enum {string} */
                event: "authorised" | "captured" | "failed" | "voided" | "refunded" | "cash_collected" | "transfer_verified" | "transfer_rejected" | "dispute_opened" | "dispute_won" | "dispute_lost";
                /** @enum {string} */
                status: "succeeded" | "pending" | "failed";
                /** @enum {string} */
                method: "cod" | "manual_transfer" | "card";
                amount: number;
                fee: number;
                feePending: boolean;
                currency: string;
                direction: -1 | 0 | 1;
                providerReference: string | null;
                reason: string;
                actorName: string;
                createdAt: string;
              })[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * An order's money by its number: paid, refunded, refundable, lines (for issuing a refund)
   * @description Needs a staff role with the "refunds" permission (or an admin API token given it).
   */
  getAdminPaymentsOrdersByNumber: {
    parameters: {
      path: {
        number: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            number: string;
            customerName: string;
            email: string;
            status: string;
            /** @enum {string} */
            paymentMethod: "cod" | "manual_transfer" | "card";
            /** @enum {string} */
            paymentState: "unpaid" | "awaiting_verification" | "paid" | "partially_refunded" | "refunded" | "failed" | "expired";
            total: number;
            paid: number;
            refunded: number;
            refundable: number;
            currency: string;
            version: number;
            transferReference: string | null;
            courier: string | null;
            lines: {
                id: number;
                productName: string;
                sizeName: string;
                colorName: string;
                quantity: number;
                paid: number;
              }[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Every refund with reason, actor, order and method; `view=pending` is the manual-action queue
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsRefunds: {
    parameters: {
      query?: {
        q?: string;
        view?: "all" | "pending" | "succeeded" | "failed";
        page?: number;
        pageSize?: number;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: ({
                id: number;
                orderId: number;
                orderNumber: string;
                customerName: string;
                email: string;
                /** @enum {string} */
                event: "authorised" | "captured" | "failed" | "voided" | "refunded" | "cash_collected" | "transfer_verified" | "transfer_rejected" | "dispute_opened" | "dispute_won" | "dispute_lost";
                /** @enum {string} */
                status: "succeeded" | "pending" | "failed";
                /** @enum {string} */
                method: "cod" | "manual_transfer" | "card";
                amount: number;
                fee: number;
                feePending: boolean;
                currency: string;
                direction: -1 | 0 | 1;
                providerReference: string | null;
                reason: string;
                actorName: string;
                createdAt: string;
                needsAction: boolean;
              })[];
            page: number;
            pageSize: number;
            total: number;
            pageCount: number;
            pendingCount: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Refunds part of an order by amount or by lines (never above paid minus refunded)
   * @description Needs a staff role with the "refunds" permission (or an admin API token given it).
   */
  postAdminPaymentsRefunds: {
    requestBody: {
      content: {
        "application/json": {
          orderId: number;
          version: number;
          amount?: number;
          lines?: {
              orderLineId: number;
              quantity: number;
            }[];
          reason: string;
          reference?: string;
          idempotencyKey?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            refundId: number;
            /** @enum {string} */
            status: "succeeded" | "pending" | "failed";
            replayed: boolean;
            amount: number;
            version: number;
            paid: number;
            refunded: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Completes a pending refund by hand (money handed back, with its reference) or marks it failed
   * @description Needs a staff role with the "refunds" permission (or an admin API token given it).
   */
  postAdminPaymentsRefundsByIdSettle: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @enum {string} */
          outcome: "succeeded" | "failed";
          /** @default */
          reference?: string;
          /** @default */
          note?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            version: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Manual transfers waiting for verification, oldest first
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsVerifications: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            items: ({
                orderId: number;
                orderNumber: string;
                customerName: string;
                email: string;
                total: number;
                currency: string;
                transferReference: string | null;
                placedAt: string;
                version: number;
              })[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Verifies (paid) or rejects a manual transfer with a note
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  postAdminPaymentsVerificationsById: {
    parameters: {
      path: {
        id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          version: number;
          /** @enum {string} */
          decision: "verify" | "reject";
          /** @default */
          note?: string;
          reference?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            version: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Cash owed per courier for delivered cash orders, and recent remittances
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsRemittances: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            couriers: ({
                courier: string;
                owed: number;
                remitted: number;
                orders: ({
                    orderId: number;
                    orderNumber: string;
                    total: number;
                    deliveredAt: string | null;
                  })[];
              })[];
            recent: {
                id: number;
                courier: string;
                amount: number;
                orderNumbers: string[];
                reference: string;
                note: string;
                actorName: string;
                createdAt: string;
              }[];
            currency: string;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Records cash a courier handed over for a set of delivered cash orders
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  postAdminPaymentsRemittances: {
    requestBody: {
      content: {
        "application/json": {
          courier: string;
          orderIds: number[];
          amount: number;
          /** @default */
          reference?: string;
          /** @default */
          note?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            id: number;
            amount: number;
            orders: number;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Stripe payouts with their balance transactions, matched to orders, with fees
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsPayouts: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            configured: boolean;
            payouts: ({
                id: string;
                amount: number;
                currency: string;
                status: string;
                arrivalDate: string;
                fees: number;
                lines: ({
                    id: string;
                    type: string;
                    amount: number;
                    fee: number;
                    net: number;
                    source: string | null;
                    orderId: number | null;
                    orderNumber: string | null;
                  })[];
              })[];
            error: string | null;
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Per period and method: captured, refunded, fees, net, paid out, outstanding; and mismatches
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsReconciliation: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        group?: "day" | "week" | "month";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": {
            from: string;
            to: string;
            currency: string;
            rows: ({
                period: string;
                /** @enum {string} */
                method: "cod" | "manual_transfer" | "card";
                captured: number;
                refunded: number;
                fees: number;
                net: number;
                paidOut: number;
                outstanding: number;
              })[];
            mismatches: ({
                /** @enum {string} */
                kind: "webhook_missing" | "payout_line_without_order" | "refund_pending" | "cash_not_remitted";
                message: string;
                orderId: number | null;
                orderNumber: string | null;
                reference: string | null;
              })[];
          };
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * The reconciliation summary as CSV
   * @description Needs a staff role with the "payments" permission (or an admin API token given it).
   */
  getAdminPaymentsReconciliationExport: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        group?: "day" | "week" | "month";
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Sales report: totals with comparison, the chart's series and the table
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsSales: {
    parameters: {
      query?: {
        preset?: string;
        from?: string;
        to?: string;
        compare?: string;
        group?: string;
        view?: string;
        category?: string;
        series?: string;
        type?: string;
        collab?: string;
        warehouse?: string;
        paymentMethod?: string;
        zone?: string;
        deadDays?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ReportAnswer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Sales report's table as CSV (text/csv), exactly as the page shows it
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsSalesExport: {
    parameters: {
      query?: {
        preset?: string;
        from?: string;
        to?: string;
        compare?: string;
        group?: string;
        view?: string;
        category?: string;
        series?: string;
        type?: string;
        collab?: string;
        warehouse?: string;
        paymentMethod?: string;
        zone?: string;
        deadDays?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Inventory report: totals with comparison, the chart's series and the table
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsInventory: {
    parameters: {
      query?: {
        preset?: string;
        from?: string;
        to?: string;
        compare?: string;
        group?: string;
        view?: string;
        category?: string;
        series?: string;
        type?: string;
        collab?: string;
        warehouse?: string;
        paymentMethod?: string;
        zone?: string;
        deadDays?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ReportAnswer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Inventory report's table as CSV (text/csv), exactly as the page shows it
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsInventoryExport: {
    parameters: {
      query?: {
        preset?: string;
        from?: string;
        to?: string;
        compare?: string;
        group?: string;
        view?: string;
        category?: string;
        series?: string;
        type?: string;
        collab?: string;
        warehouse?: string;
        paymentMethod?: string;
        zone?: string;
        deadDays?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Customers report: totals with comparison, the chart's series and the table
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsCustomers: {
    parameters: {
      query?: {
        preset?: string;
        from?: string;
        to?: string;
        compare?: string;
        group?: string;
        view?: string;
        category?: string;
        series?: string;
        type?: string;
        collab?: string;
        warehouse?: string;
        paymentMethod?: string;
        zone?: string;
        deadDays?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ReportAnswer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Customers report's table as CSV (text/csv), exactly as the page shows it
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsCustomersExport: {
    parameters: {
      query?: {
        preset?: string;
        from?: string;
        to?: string;
        compare?: string;
        group?: string;
        view?: string;
        category?: string;
        series?: string;
        type?: string;
        collab?: string;
        warehouse?: string;
        paymentMethod?: string;
        zone?: string;
        deadDays?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Tax report: totals with comparison, the chart's series and the table
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsTax: {
    parameters: {
      query?: {
        preset?: string;
        from?: string;
        to?: string;
        compare?: string;
        group?: string;
        view?: string;
        category?: string;
        series?: string;
        type?: string;
        collab?: string;
        warehouse?: string;
        paymentMethod?: string;
        zone?: string;
        deadDays?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["ReportAnswer"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Tax report's table as CSV (text/csv), exactly as the page shows it
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsTaxExport: {
    parameters: {
      query?: {
        preset?: string;
        from?: string;
        to?: string;
        compare?: string;
        group?: string;
        view?: string;
        category?: string;
        series?: string;
        type?: string;
        collab?: string;
        warehouse?: string;
        paymentMethod?: string;
        zone?: string;
        deadDays?: string;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": string;
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Today's key figures (the admin home), from the sales report's queries
   * @description Needs a staff role with the "reports" permission (or an admin API token given it).
   */
  getAdminReportsToday: {
    responses: {
      /** @description Default Response */
      200: {
        content: {
          "application/json": components["schemas"]["TodayFigures"];
        };
      };
      /** @description Default Response */
      "4XX": {
        content: {
          "application/json": components["schemas"]["ErrorBody"];
        };
      };
    };
  };
  /**
   * Order placed
   * @description Sent to every endpoint subscribed to `order.placed` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookOrderPlaced: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "order.placed";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookOrderData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Order paid
   * @description Sent to every endpoint subscribed to `order.paid` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookOrderPaid: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "order.paid";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookOrderData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Order fulfilled (shipped)
   * @description Sent to every endpoint subscribed to `order.fulfilled` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookOrderFulfilled: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "order.fulfilled";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookOrderData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Order cancelled
   * @description Sent to every endpoint subscribed to `order.cancelled` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookOrderCancelled: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "order.cancelled";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookOrderData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Refund created
   * @description Sent to every endpoint subscribed to `refund.created` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookRefundCreated: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "refund.created";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookRefundData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Cancel or return request opened
   * @description Sent to every endpoint subscribed to `request.opened` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookRequestOpened: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "request.opened";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookRequestData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Product created
   * @description Sent to every endpoint subscribed to `product.created` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookProductCreated: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "product.created";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookProductData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Product updated
   * @description Sent to every endpoint subscribed to `product.updated` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookProductUpdated: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "product.updated";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookProductData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Product deleted
   * @description Sent to every endpoint subscribed to `product.deleted` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookProductDeleted: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "product.deleted";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookProductDeletedData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Stock low
   * @description Sent to every endpoint subscribed to `stock.low` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookStockLow: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "stock.low";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookStockLowData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Customer account created
   * @description Sent to every endpoint subscribed to `customer.created` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookCustomerCreated: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "customer.created";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookCustomerData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
  /**
   * Test event
   * @description Sent to every endpoint subscribed to `webhook.test` (Role Management, Webhooks in the admin), through the job queue: retried with exponential backoff for about a day until it answers 2xx within 10 seconds, in order with the other events of the same resource.
   */
  webhookWebhookTest: {
    parameters: {
      header: {
        /** @description The message's id (`msg_…`): the same on every retry and redelivery of it, to ignore repeats. */
        "webhook-id": string;
        /** @description When this attempt was signed, in seconds since the epoch: refuse one far from your clock. */
        "webhook-timestamp": string;
        /** @description `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint's secret; during a rotation's overlap a second one, space-separated, made with the previous secret. Check it with a Standard Webhooks library. */
        "webhook-signature": string;
      };
    };
    requestBody: {
      content: {
        "application/json": {
          /** @constant */
          type: "webhook.test";
          /**
           * Format: date-time
           * @description When the change happened
           */
          timestamp: string;
          /** @constant */
          version: 1;
          data: components["schemas"]["WebhookTestData"];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx acknowledges it) */
      200: {
        content: never;
      };
      /** @description Refused (e.g. a bad signature): retried, then marked failed */
      400: {
        content: never;
      };
    };
  };
}
