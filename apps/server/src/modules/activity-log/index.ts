/**
 * The staff activity log (issue 20). Other modules call `recordActivity(tx, …)` inside the
 * transaction of the change they make; staff with `roles` read it at /api/admin/activity-log.
 */
export { REDACTED, redact } from "./redact.ts";
export { activityLogRoutes } from "./routes.ts";
export {
  type ActivityActor,
  type ActivityEntryInput,
  activityActor,
  changedFields,
  recordActivity,
  systemActor,
} from "./service.ts";
