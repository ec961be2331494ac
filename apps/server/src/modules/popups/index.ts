/**
 * Pop-ups (issue 13, item 5): staff manage them at /admin/add/add-new-pop-up and
 * /admin/edit/update-pop-up; the storefront asks GET /api/popups/active after it painted.
 */
export { popupRoutes } from "./routes.ts";
export { type PopupService, popupService } from "./service.ts";
