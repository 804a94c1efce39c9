// Sponsors and campaigns (issue 47): a program sold to a sponsor, its impressions counted from
// stitched downloads and rolled up per day, its share links for the sponsor.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner } from "./accounts";
import { programs } from "./playlists";
import { showEpisodes } from "./shows";

/** live: placing its spots (or waiting for its flight); delivered: goal reached; ended: flight over. */
export const CAMPAIGN_STATES = ["live", "delivered", "ended"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** A program made a campaign: one campaign per program; its flight is the program's schedule. */
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    programId: text("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    sponsorName: text("sponsor_name").notNull(),
    sponsorEmail: text("sponsor_email").notNull(),
    /** Impressions bought; null = no goal (the flight's end stops it). */
    goalImpressions: integer("goal_impressions"),
    /** Price per thousand impressions, integer cents; null = not priced. */
    cpmCents: integer("cpm_cents"),
    /** Running total of impressions (the daily rows' sum), kept by the counting batch for pacing. */
    impressions: integer("impressions").notNull().default(0),
    state: text("state", { enum: CAMPAIGN_STATES }).notNull().default("live"),
    /** When it was delivered or ended. */
    stoppedAt: integer("stopped_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("campaigns_program_unique").on(t.programId),
    index("campaigns_user_idx").on(t.userId),
    index("campaigns_state_idx").on(t.state),
  ],
);

/** The episodes a campaign runs on (its program's scheduled playlists are theirs). */
export const campaignEpisodes = sqliteTable(
  "campaign_episodes",
  {
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    episodeId: text("episode_id")
      .notNull()
      .references(() => showEpisodes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.episodeId] })],
);

/**
 * Impressions rolled up per campaign, UTC day, episode, app and country: the counting batch adds
 * to these rows, never one row per impression. No foreign key on the episode: a deleted episode's
 * impressions stay in the sponsor's report.
 */
export const campaignDaily = sqliteTable(
  "campaign_daily",
  {
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    episodeId: text("episode_id").notNull(),
    app: text("app").notNull(),
    country: text("country").notNull(),
    impressions: integer("impressions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day, t.episodeId, t.app, t.country] })],
);

/** A read-only link to the report for the sponsor: its token is an HMAC of the id, only its hash stored. */
export const campaignShares = sqliteTable(
  "campaign_shares",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("campaign_shares_token_unique").on(t.tokenHash),
    index("campaign_shares_campaign_idx").on(t.campaignId),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;
export type CampaignShare = typeof campaignShares.$inferSelect;
