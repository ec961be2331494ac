/**
 * The activity log for staff holding `roles` (the contract declares it; the access hook
 * enforces it): a filtered page, and the same filter as CSV (the shared writer, formulas
 * neutralised so a spreadsheet never runs a product name).
 */
import { activityLogEndpoints as endpoints } from "@atelier/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { sendCsv, toCsv } from "../../http/csv.ts";
import { addRoute } from "../../http/routes.ts";
import { activityLogRepository } from "./repository.ts";

export const csvColumns = [
  "time",
  "staff",
  "staff_email",
  "action",
  "action_label",
  "subject_type",
  "subject_id",
  "subject",
  "before",
  "after",
] as const;

export function activityLogRoutes(deps: { db: Db }) {
  const log = activityLogRepository(deps.db);
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.list, (request) => log.page(request.query));
    addRoute(app, endpoints.exportCsv, async (request, reply) => {
      const rows = await log.exportRows(request.query);
      const csv = toCsv(
        csvColumns,
        rows.map((row) => [
          row.at,
          row.actor.name,
          row.actor.email,
          row.action,
          row.actionLabel,
          row.subject.type,
          row.subject.id,
          row.subject.label,
          row.before ? JSON.stringify(row.before) : "",
          row.after ? JSON.stringify(row.after) : "",
        ]),
      );
      return sendCsv(reply, "activity-log", csv);
    });
  };
}
