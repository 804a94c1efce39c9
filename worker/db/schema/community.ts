// Community (issue 10): sign-ups, beat battles, FarmerTV episodes, donations.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner, users } from "./accounts";

/** 'Early Risers' community form: one row per e-mail (a second sign-up updates it). */
export const communitySignups = sqliteTable(
  "community_signups",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased; uniqueness is on this column. */
    email: text("email").notNull(),
    message: text("message").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("community_signups_email_unique").on(t.email)],
);

export const beatBattles = sqliteTable("beat_battles", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  deadline: integer("deadline", { mode: "timestamp_ms" }).notNull(),
  /** What the winner gets, in the admin's words ("$500 and a feature on the show"); empty: not announced. */
  prize: text("prize").notNull().default(""),
  /** Judging is blind until the admin reveals the producers. */
  revealed: integer("revealed", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

export const beatBattleEntries = sqliteTable(
  "beat_battle_entries",
  {
    id: text("id").primaryKey(),
    battleId: text("battle_id")
      .notNull()
      .references(() => beatBattles.id, { onDelete: "cascade" }),
    userId: owner(),
    /** The entry's number in its battle, shown to judges instead of the producer. */
    number: integer("number").notNull(),
    email: text("email").notNull(),
    projectTitle: text("project_title").notNull(),
    producerName: text("producer_name").notNull(),
    location: text("location").notNull().default(""),
    socialContact: text("social_contact").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("beat_battle_entries_one_per_member").on(t.battleId, t.userId),
    uniqueIndex("beat_battle_entries_number_unique").on(t.battleId, t.number),
    index("beat_battle_entries_user_idx").on(t.userId),
  ],
);

export const beatBattleFiles = sqliteTable(
  "beat_battle_files",
  {
    id: text("id").primaryKey(),
    entryId: text("entry_id")
      .notNull()
      .references(() => beatBattleEntries.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    isCoverArt: integer("is_cover_art", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("beat_battle_files_key_unique").on(t.key), index("beat_battle_files_entry_idx").on(t.entryId)],
);

export const DONATION_STATES = ["pending", "succeeded", "failed"] as const;

/** A donation: 'pending' when its payment is started, 'succeeded' only on the verified webhook. */
export const donations = sqliteTable(
  "donations",
  {
    id: text("id").primaryKey(),
    paymentIntentId: text("payment_intent_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: DONATION_STATES }).notNull().default("pending"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    donorName: text("donor_name").notNull().default(""),
    message: text("message").notNull().default(""),
    showName: integer("show_name", { mode: "boolean" }).notNull().default(true),
    showAmount: integer("show_amount", { mode: "boolean" }).notNull().default(true),
    /** The webhook event that confirmed it: a repeated event changes nothing. */
    eventId: text("event_id"),
    /** A keyed hash of the starting client (migration 0017): its open intent is reused. */
    clientKey: text("client_key"),
    createdAt: createdAt(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("donations_intent_unique").on(t.paymentIntentId),
    uniqueIndex("donations_event_unique").on(t.eventId),
    index("donations_status_idx").on(t.status, t.confirmedAt),
    index("donations_client_idx").on(t.clientKey, t.status, t.createdAt),
    index("donations_pending_idx").on(t.status, t.createdAt),
  ],
);

export type BeatBattle = typeof beatBattles.$inferSelect;
export type Donation = typeof donations.$inferSelect;
