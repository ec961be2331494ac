/** Store-wide settings (one row) and the media files the image store holds. */

import type { ContactPlace } from "@atelier/contract";
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";

export const storeSettings = pgTable(
  "store_settings",
  {
    id: smallint("id").primaryKey().default(1),
    name: varchar("name", { length: 80 }).notNull(),
    tagline: varchar("tagline", { length: 200 }).notNull().default(""),
    currency: varchar("currency", { length: 3 }).notNull().default("USD"),
    locale: varchar("locale", { length: 20 }).notNull().default("en-US"),
    contact: jsonb("contact").$type<{ headquarters: ContactPlace; displayCenters: ContactPlace[] }>().notNull(),
    social: jsonb("social").$type<{ network: string; label: string; url: string }[]>().notNull().default([]),
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
