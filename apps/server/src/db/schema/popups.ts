/**
 * Pop-ups (issue 13, item 5): the storefront's promotional modals. The schedule is
 * evaluated in SQL against now() (to the second); audience and frequency are the
 * browser's to apply, so the pages themselves stay cacheable.
 */
import type { PopupAudience, PopupFrequency, PopupPlacement } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { categories } from "./catalog.ts";

export const popups = pgTable(
  "popups",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 120 }).notNull(),
    /** Plain text, rendered as text (never HTML) on the storefront. */
    body: text("body").notNull().default(""),
    imageFilename: varchar("image_filename", { length: 200 }),
    imageAlt: varchar("image_alt", { length: 200 }).notNull().default(""),
    buttonLabel: varchar("button_label", { length: 40 }).notNull().default(""),
    /** A same-site path or an http(s) URL (checked by the contract). */
    buttonHref: varchar("button_href", { length: 500 }).notNull().default(""),
    couponCode: varchar("coupon_code", { length: 64 }),
    /** Null: from its creation on. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    /** Null: until staff end or disable it. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    audience: varchar("audience", { length: 20 }).$type<PopupAudience>().notNull().default("everyone"),
    placement: varchar("placement", { length: 20 }).$type<PopupPlacement>().notNull().default("home"),
    /** The top-level category whose pages show it; a deleted category leaves it showing nowhere. */
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    frequency: varchar("frequency", { length: 20 }).$type<PopupFrequency>().notNull().default("session"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("popups_schedule_order", sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("popups_audience", sql`${t.audience} in ('everyone', 'guests', 'signed-in', 'first-visit')`),
    check("popups_placement", sql`${t.placement} in ('home', 'all', 'category')`),
    check("popups_frequency", sql`${t.frequency} in ('session', 'day', 'once')`),
    index("popups_enabled_idx").on(t.isEnabled, t.startsAt),
  ],
);
