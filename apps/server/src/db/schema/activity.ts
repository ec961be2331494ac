/**
 * The staff activity log: who changed what and when, with the changed fields' values
 * before and after (redacted: no secrets). Written in the same transaction as the change
 * it records (modules/activity-log), so an entry exists exactly when the change committed.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

export const activityLog = pgTable(
  "activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null once the staff account is deleted; the name and email below stay. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull().default(""),
    actorEmail: text("actor_email").notNull().default(""),
    /** A key of `activityActions` in the contract, e.g. `product.update`, `order.refund`. */
    action: varchar("action", { length: 60 }).notNull(),
    /** What was changed: `product`, `order`, `role`, `user`, `settings`, `coupon`… */
    subjectType: varchar("subject_type", { length: 40 }).notNull(),
    subjectId: varchar("subject_id", { length: 64 }).notNull().default(""),
    /** How the subject was called when it changed (a product's name, an order's number). */
    subjectLabel: text("subject_label").notNull().default(""),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("activity_log_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("activity_log_actor_idx").on(t.actorId, t.createdAt.desc().nullsFirst()),
    index("activity_log_subject_idx").on(t.subjectType, t.subjectId),
    index("activity_log_action_idx").on(t.action, t.createdAt.desc().nullsFirst()),
  ],
);
