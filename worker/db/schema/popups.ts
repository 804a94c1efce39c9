// The site-wide popup an admin edits (seed 001).
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, users } from "./accounts";

export const popups = sqliteTable(
  "popups",
  {
    id: text("id").primaryKey(),
    header: text("header").notNull().default(""),
    headerStyle: text("header_style").notNull().default(""),
    paragraphText: text("paragraph_text").notNull().default(""),
    paragraphStyle: text("paragraph_style").notNull().default(""),
    buttonLabel: text("button_label").notNull().default(""),
    linkAddress: text("link_address").notNull().default(""),
    imageKey: text("image_key"),
    imageUrl: text("image_url"),
    /** The uploaded image's checked type (migration 0017): served inline as that type. */
    imageType: text("image_type"),
    /** The editor's alt text (migration 0017); empty means decorative. */
    imageAlt: text("image_alt").notNull().default(""),
    active: integer("active", { mode: "boolean" }).notNull().default(false),
    /** Optional show window (migration 0008): shown from startsAt, until endsAt. */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    /** Visitors remember a closed popup by id and version. */
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("popups_one_active").on(t.active).where(sql`${t.active} = 1`)],
);

export type Popup = typeof popups.$inferSelect;
