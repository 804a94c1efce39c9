// Sponsors and campaigns (issue 47), shared by the pages and the API: the campaign form, what the
// API answers (campaigns, the delivery report, share links) and the counting method as stated to
// the sponsor.
import { z } from "zod";
import { idList } from "./ids";
import { money, toCents } from "./money";
import { emailAddress } from "./teams";
import { memberText } from "./text";

export const SPONSOR_REQUIRED = "Sponsor name is required.";
export const EPISODES_REQUIRED = "Choose at least one show or episode.";
export const GOAL_INVALID = "Impression goal must be a whole number from 1 to 100,000,000.";
export const CAMPAIGN_NOT_FOUND = "Campaign not found.";
export const PROGRAM_ALREADY_CAMPAIGN = "This program is already a campaign.";
export const PROGRAM_HAS_NO_SPOTS = "This program has no audio spots yet.";
export const ONLY_PROGRAM_CREATOR = "Only the program's creator can make it a campaign.";
export const CAMPAIGN_STOPPED = "The campaign has stopped and can no longer change.";
export const SHARE_LINK_NOT_FOUND = "This report link is not valid or was revoked.";
export const END_AFTER_START = "The end must be after the start.";
export const END_IN_FUTURE = "The end must be in the future.";

export const GOAL_MAX = 100_000_000;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const goal = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: GOAL_INVALID })
    .int(GOAL_INVALID)
    .min(1, GOAL_INVALID)
    .max(GOAL_MAX, GOAL_INVALID)
    .optional(),
);

/** CPM in dollars ("25", "12.50"), stored as integer cents; blank = not priced. */
const cpm = z.preprocess(
  blankToUndefined,
  money({ message: { tooSmall: "CPM must be at least $0.01." } })
    .transform((dollars) => toCents(dollars))
    .optional(),
);

const when = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.iso.datetime({ offset: true, local: true, error: `${label} must be a date and time.` }).optional(),
  );

const sponsorName = memberText({ error: SPONSOR_REQUIRED })
  .trim()
  .min(1, SPONSOR_REQUIRED)
  .max(200, "Sponsor name must be at most 200 characters.");

/**
 * Making a program a campaign. The flight is the program's schedule: `startsAt` empty = now (the
 * spots go in at once), `endsAt` empty = until the goal. Shows stand for all their episodes.
 */
export const campaignSchema = z
  .object({
    programId: z.string({ error: "Choose a program." }).trim().min(1, "Choose a program.").max(64),
    sponsorName,
    sponsorEmail: emailAddress,
    goalImpressions: goal,
    cpm,
    startsAt: when("Start"),
    endsAt: when("End"),
    episodeIds: idList(200).default([]),
    showIds: idList(50).default([]),
  })
  .refine((c) => c.episodeIds.length + c.showIds.length > 0, { message: EPISODES_REQUIRED, path: ["episodeIds"] })
  .refine((c) => !c.startsAt || !c.endsAt || Date.parse(c.endsAt) > Date.parse(c.startsAt), {
    message: END_AFTER_START,
    path: ["endsAt"],
  });
export type CampaignForm = z.output<typeof campaignSchema>;

/** Changing a campaign: every field optional; `null` clears the goal, the CPM or the end. */
export const campaignUpdateSchema = z.object({
  sponsorName: sponsorName.optional(),
  sponsorEmail: emailAddress.optional(),
  goalImpressions: z.union([z.null(), goal]).optional(),
  cpm: z.union([z.null(), cpm]).optional(),
  endsAt: z.union([z.null(), when("End")]).optional(),
});
export type CampaignUpdate = z.output<typeof campaignUpdateSchema>;

export type CampaignStatus = "scheduled" | "running" | "delivered" | "ended";

export const CAMPAIGN_STATUS_LABEL: Record<CampaignStatus, string> = {
  scheduled: "Scheduled",
  running: "Running",
  delivered: "Delivered",
  ended: "Ended",
};

export interface CampaignSpot {
  fileId: string;
  fileName: string;
  slotPosition: string;
  durationSeconds: number | null;
}

export interface CampaignEpisode {
  episodeId: string;
  title: string;
  showId: string;
  showTitle: string;
  showSlug: string;
}

export interface ShareLink {
  id: string;
  /** The sponsor's page: `campaignSharePath(token)` on the app's origin. */
  url: string;
  token: string;
  createdAt: string;
}

/** A campaign as the creator's pages see it (dates as ISO strings). */
export interface CampaignView {
  id: string;
  programId: string;
  programTitle: string;
  sponsorName: string;
  sponsorEmail: string;
  goalImpressions: number | null;
  cpmCents: number | null;
  /** goal × CPM, what the insertion order totals; null without both. */
  orderTotalCents: number | null;
  impressions: number;
  status: CampaignStatus;
  statusLabel: string;
  /** When it was delivered or ended. */
  stoppedAt: string | null;
  startsAt: string | null;
  endsAt: string | null;
  spots: CampaignSpot[];
  episodes: CampaignEpisode[];
  createdAt: string;
}

export interface CampaignDetail extends CampaignView {
  shareLinks: ShareLink[];
}

/** The delivery report: the creator's and (without the contact e-mail) the sponsor's. */
export interface CampaignReport {
  campaign: {
    id: string;
    sponsorName: string;
    programTitle: string;
    status: CampaignStatus;
    statusLabel: string;
    stoppedAt: string | null;
    startsAt: string | null;
    endsAt: string | null;
    goalImpressions: number | null;
    cpmCents: number | null;
  };
  /** The first and last UTC day the report covers (the flight so far); null before any day. */
  period: { from: string; to: string } | null;
  impressions: number;
  /** Impressions billed: all of them, at most the goal. */
  billableImpressions: number;
  /** impressions / goal, 0–1 (more when over-delivered); null without a goal. */
  goalProgress: number | null;
  /** billableImpressions × CPM / 1000, integer cents; null without a CPM. */
  amountDueCents: number | null;
  byDay: { day: string; impressions: number }[];
  byEpisode: { episodeId: string; title: string; showTitle: string; impressions: number }[];
  byApp: { app: string; impressions: number }[];
  byCountry: { country: string; impressions: number }[];
  method: string;
  generatedAt: string;
}

/** The counting rules as the report states them. */
export const IMPRESSION_METHOD =
  "Impressions are counted by the IAB Podcast Measurement Guidelines (v2.2) for ad delivery. " +
  "A download counts once per listener per episode per day (UTC), once at least one minute of audio, or the whole episode, has reached them. " +
  "A listener is recognised by their connection and app without keeping their address. " +
  "Known bots and requests that fetch no audio are left out. " +
  "An impression counts when that download also reached the whole spot in the episode; " +
  "a listener who stopped before the spot gave a download but no impression. " +
  "Pieces of one episode fetched side by side by the same listener count as one download.";

/** The sponsor's read-only page for a share token. */
export const campaignSharePath = (token: string) => `/campaign-reports/${token}`;

export function orderTotalCents(goalImpressions: number | null, cpmCents: number | null) {
  return goalImpressions === null || cpmCents === null ? null : Math.round((goalImpressions * cpmCents) / 1000);
}

export function amountDueCents(impressions: number, goalImpressions: number | null, cpmCents: number | null) {
  if (cpmCents === null) return null;
  const billable = goalImpressions === null ? impressions : Math.min(impressions, goalImpressions);
  return Math.round((billable * cpmCents) / 1000);
}
