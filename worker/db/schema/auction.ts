// Auction (issue 5).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner, users } from "./accounts";

// The BidItem Durable Object is the source of truth for an item's price,
// state and offers; these rows are the gallery's listing, written through
// after each change.

export const bidItems = sqliteTable(
  "bid_items",
  {
    /** 6 characters, uppercase letters and digits; also the Durable Object's name. */
    shortCode: text("short_code").primaryKey(),
    ticketNumber: integer("ticket_number").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Current price in cents. */
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    /** Storage keys of the item's media: [{key, fileName, kind}]. */
    media: text("media", { mode: "json" })
      .$type<{ key: string; fileName: string; kind: string; contentType?: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Bids placed, as the DO counts them (written through with the price). */
    bidCount: integer("bid_count").notNull().default(0),
    /** The DO's change counter: a write-through never overwrites newer state with older. */
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("bid_items_ticket_unique").on(t.ticketNumber)],
);

export const memberItems = sqliteTable(
  "member_items",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    shortCode: text("short_code").notNull(),
    status: text("status", { enum: ["pending", "approved", "denied"] })
      .notNull()
      .default("pending"),
    approvedBy: text("approved_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("member_items_status_idx").on(t.status), uniqueIndex("member_items_code_unique").on(t.shortCode)],
);
