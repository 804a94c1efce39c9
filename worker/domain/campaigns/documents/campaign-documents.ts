// The campaign's documents from the campaign itself: its terms (sponsor, spots, flight, goal, CPM)
// and its report make the insertion order and the delivery report (./pdf.ts, ./documents.ts).
import { eq, inArray } from "drizzle-orm";
import {
  type CampaignDetail,
  type CampaignReport,
  SHARE_LINK_NOT_FOUND,
} from "../../../../app/kernel/schemas/campaigns";
import { campaigns, playlists, projects, showEpisodes, users } from "../../../db/schema";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import { campaignDetail } from "../campaigns";
import { campaignReport } from "../report";
import { issueDeliveryReport, sendInsertionOrder } from "./documents";
import type { CampaignSheet, DeliveryFigures } from "./pdf";

const date = (iso: string | null) => (iso ? new Date(iso) : null);

async function sheetOf(deps: Deps, campaign: CampaignDetail | CampaignView, ownerId: string): Promise<CampaignSheet> {
  const [creator] = await deps.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, ownerId));
  return {
    reference: `C-${campaign.id.slice(0, 8).toUpperCase()}`,
    title: `${campaign.sponsorName} on ${campaign.programTitle}`,
    creatorName: creator?.name ?? "",
    creatorEmail: creator?.email ?? "",
    sponsorName: campaign.sponsorName,
    sponsorEmail: campaign.sponsorEmail,
    spots: campaign.spots.map((s) => ({ slot: s.slotPosition, name: s.fileName, durationSeconds: s.durationSeconds })),
    runsOn: campaign.episodes.map((e) => `${e.showTitle}: ${e.title}`),
    flightStart: date(campaign.startsAt) ?? date(campaign.createdAt),
    flightEnd: date(campaign.endsAt),
    goal: campaign.goalImpressions,
    cpmCents: campaign.cpmCents,
  };
}

type CampaignView = Omit<CampaignDetail, "shareLinks">;

export function figuresOf(report: CampaignReport): DeliveryFigures {
  const today = report.generatedAt.slice(0, 10);
  return {
    periodStart: report.period?.from ?? today,
    periodEnd: report.period?.to ?? today,
    impressions: report.impressions,
    billableImpressions: report.billableImpressions,
    amountDueCents: report.amountDueCents,
    method: report.method,
    deliveredAt: report.campaign.status === "delivered" ? date(report.campaign.stoppedAt) : null,
    statusText:
      report.campaign.stoppedAt && report.campaign.status !== "running"
        ? `${report.campaign.statusLabel} ${report.campaign.stoppedAt.slice(0, 10)}`
        : report.campaign.statusLabel,
    byDay: report.byDay.map((d) => ({ label: d.day, impressions: d.impressions })),
    byEpisode: report.byEpisode.map((e) => ({ label: `${e.showTitle}: ${e.title}`, impressions: e.impressions })),
    byApp: report.byApp.map((a) => ({ label: a.app, impressions: a.impressions })),
    byCountry: report.byCountry.map((c) => ({ label: c.country, impressions: c.impressions })),
  };
}

/** The project of the campaign's first episode (where the insertion order and its signed copy live). */
async function projectOf(deps: Deps, episodeIds: string[]) {
  if (episodeIds.length === 0) return null;
  const rows = await deps.db
    .select({ episodeId: showEpisodes.id, projectId: projects.id, ownerId: projects.userId })
    .from(showEpisodes)
    .innerJoin(playlists, eq(playlists.id, showEpisodes.playlistId))
    .innerJoin(projects, eq(projects.id, playlists.projectId))
    .where(inArray(showEpisodes.id, episodeIds));
  const first = episodeIds.map((id) => rows.find((r) => r.episodeId === id)).find(Boolean);
  return first ?? null;
}

/** Sends the sponsor the insertion order made from the campaign as it stands. */
export async function sendCampaignInsertionOrder(deps: Deps, userId: string, campaignId: string) {
  const campaign = await campaignDetail(deps, userId, campaignId);
  const project = await projectOf(
    deps,
    campaign.episodes.map((e) => e.episodeId),
  );
  return sendInsertionOrder(
    deps,
    userId,
    campaign.id,
    project?.projectId ?? null,
    project?.ownerId ?? userId,
    await sheetOf(deps, campaign, userId),
  );
}

/** The creator's delivery report, issued now. */
export async function creatorDeliveryReport(deps: Deps, userId: string, campaignId: string) {
  const campaign = await campaignDetail(deps, userId, campaignId);
  const report = await campaignReport(deps, { userId, campaignId: campaign.id });
  return issueDeliveryReport(deps, userId, campaign.id, await sheetOf(deps, campaign, userId), figuresOf(report));
}

/** The sponsor's delivery report from their share link (the same figures as their page). */
export async function sharedDeliveryReport(deps: Deps, token: string) {
  const report = await campaignReport(deps, { token });
  const [row] = await deps.db
    .select({ userId: campaigns.userId })
    .from(campaigns)
    .where(eq(campaigns.id, report.campaign.id));
  if (!row) throw new NotFound(SHARE_LINK_NOT_FOUND);
  const campaign = await campaignDetail(deps, row.userId, report.campaign.id);
  return issueDeliveryReport(
    deps,
    row.userId,
    campaign.id,
    await sheetOf(deps, campaign, row.userId),
    figuresOf(report),
  );
}
