/** Store-wide settings (one row) and the media files the image store holds. */

import type { ContactPlace } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { ManualTransferSettings } from "./commerce.ts";

export const storeSettings = pgTable(
  "store_settings",
  {
    id: smallint("id").primaryKey().default(1),
    name: varchar("name", { length: 80 }).notNull(),
    tagline: varchar("tagline", { length: 200 }).notNull().default(""),
    currency: varchar("currency", { length: 3 }).notNull().default("USD"),
    locale: varchar("locale", { length: 20 }).notNull().default("en-US"),
    /** ISO 3166-1 alpha-2 of the shop: the default delivery country and tax region. */
    country: varchar("country", { length: 2 }).notNull().default("US"),
    contact: jsonb("contact").$type<{ headquarters: ContactPlace; displayCenters: ContactPlace[] }>().notNull(),
    social: jsonb("social").$type<{ network: string; label: string; url: string }[]>().notNull().default([]),
    /** Which payment methods checkout offers, and the manual-transfer account details. */
    payments: jsonb("payments")
      .$type<{ cashOnDelivery: { enabled: boolean }; manualTransfer: ManualTransferSettings }>()
      .notNull()
      .default({
        cashOnDelivery: { enabled: true },
        manualTransfer: { enabled: true, title: "Mobile money or bank transfer", instructions: "" },
      }),
    /** Days after delivery in which a customer may ask to return items. */
    returnWindowDays: smallint("return_window_days").notNull().default(14),
    /** Minutes an unpaid card order holds its stock before it expires. */
    cardHoldMinutes: smallint("card_hold_minutes").notNull().default(30),
    /** IANA name of the store's time zone: schedules and reports are read and entered in it. */
    timeZone: varchar("time_zone", { length: 64 }).notNull().default("UTC"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("store_settings_singleton", sql`${t.id} = 1`)],
);

export const mediaFiles = pgTable("media_files", {
  filename: varchar("filename", { length: 200 }).primaryKey(),
  contentType: varchar("content_type", { length: 60 }).notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  byteSize: integer("byte_size").notNull(),
  alt: text("alt").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
