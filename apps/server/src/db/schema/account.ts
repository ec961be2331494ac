/**
 * What the customer dashboard keeps beside better-auth's user row (issue 6): the
 * profile's phone. A table of our own, so better-auth's `user` stays as its adapter expects.
 */
import { pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

export const customerProfiles = pgTable("customer_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: varchar("phone", { length: 32 }).notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
