// Campaigns (issue 47): a program sold to a sponsor. Its spots are the program's audio files, its
// flight the program's schedule (written here: start empty = now, when the spots go in at once),
// its episodes the ones it places them in. Only the campaign's creator sees or changes it: every
// read is scoped to `campaigns.user_id`, anyone else's is "Campaign not found.".
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_STATUS_LABEL,
  CAMPAIGN_STOPPED,
  type CampaignDetail,
  type CampaignForm,
  type CampaignStatus,
  type CampaignUpdate,
  type CampaignView,
  END_AFTER_START,
  END_IN_FUTURE,
  ONLY_PROGRAM_CREATOR,
  orderTotalCents,
  PROGRAM_ALREADY_CAMPAIGN,
  PROGRAM_HAS_NO_SPOTS,
} from "../../../app/kernel/schemas/campaigns";
import { runBatch } from "../../db/batch";
import {
  type Campaign,
  campaignEpisodes,
  campaignShares,
  campaigns,
  type Program,
  programApplications,
  programFiles,
  programs,
  showEpisodes,
  shows,
} from "../../db/schema";
import type { Deps } from "../deps";
import { Conflict, Forbidden, Invalid, NotFound } from "../errors";
import { memberData } from "../member-data";
import { applyProgram } from "../programs/applications";
import { stopCampaign } from "./pacing";
import { shareLinkOf } from "./shares";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Delivered or ended as stopped; live is scheduled until the program's schedule places the spots. */
export function statusOf(campaign: Pick<Campaign, "state">, program: Pick<Program, "scheduleState">): CampaignStatus {
  if (campaign.state !== "live") return campaign.state;
  return program.scheduleState === "pending" ? "scheduled" : "running";
}

/** The reads a campaign view is made of, for the campaigns `where` selects: one batch. */
function campaignReads(deps: Deps, userId: string, campaignId?: string) {
  const mine = and(eq(campaigns.userId, userId), campaignId ? eq(campaigns.id, campaignId) : undefined);
  const ids = deps.db.select({ id: campaigns.id }).from(campaigns).where(mine);
  const programIds = deps.db.select({ id: campaigns.programId }).from(campaigns).where(mine);
  return [
    deps.db.select().from(campaigns).where(mine).orderBy(desc(campaigns.createdAt)),
    deps.db.select().from(programs).where(inArray(programs.id, programIds)),
    deps.db
      .select({
        programId: programFiles.programId,
        fileId: programFiles.id,
        fileName: programFiles.fileName,
        slotPosition: programFiles.slotPosition,
        durationSeconds: programFiles.durationSeconds,
      })
      .from(programFiles)
      .where(inArray(programFiles.programId, programIds))
      .orderBy(asc(programFiles.slotPosition)),
    deps.db
      .select({
        // Unique column names: a batch answers rows as objects (equal names would overwrite each other).
        campaignId: campaignEpisodes.campaignId,
        episodeId: campaignEpisodes.episodeId,
        title: showEpisodes.title,
        showId: showEpisodes.showId,
        showTitle: sql<string>`${shows.title}`.as("show_title"),
        showSlug: shows.slug,
      })
      .from(campaignEpisodes)
      .innerJoin(showEpisodes, eq(showEpisodes.id, campaignEpisodes.episodeId))
      .innerJoin(shows, eq(shows.id, showEpisodes.showId))
      .where(inArray(campaignEpisodes.campaignId, ids))
      .orderBy(asc(shows.title), asc(showEpisodes.publishAt)),
    deps.db
      .select()
      .from(campaignShares)
      .where(and(inArray(campaignShares.campaignId, ids), isNull(campaignShares.revokedAt)))
      .orderBy(asc(campaignShares.createdAt)),
  ] as const;
}

async function loadCampaigns(deps: Deps, userId: string, campaignId?: string) {
  const [rows, programRows, files, episodes, shares] = await deps.db.batch(campaignReads(deps, userId, campaignId));
  const programById = new Map(programRows.map((p) => [p.id, p]));
  const views = rows.map((campaign): CampaignView => {
    const program = programById.get(campaign.programId)!;
    const status = statusOf(campaign, program);
    return {
      id: campaign.id,
      programId: program.id,
      programTitle: program.title,
      sponsorName: campaign.sponsorName,
      sponsorEmail: campaign.sponsorEmail,
      goalImpressions: campaign.goalImpressions,
      cpmCents: campaign.cpmCents,
      orderTotalCents: orderTotalCents(campaign.goalImpressions, campaign.cpmCents),
      impressions: campaign.impressions,
      status,
      statusLabel: CAMPAIGN_STATUS_LABEL[status],
      stoppedAt: iso(campaign.stoppedAt),
      startsAt: iso(program.startsAt),
      endsAt: iso(program.endsAt),
      spots: files.filter((f) => f.programId === program.id).map(({ programId: _, ...spot }) => spot),
      episodes: episodes.filter((e) => e.campaignId === campaign.id).map(({ campaignId: _, ...episode }) => episode),
      createdAt: campaign.createdAt.toISOString(),
    };
  });
  return { views, rows, programById, shares };
}

/** The member's campaigns, newest first: one D1 round trip. */
export async function listCampaigns(deps: Deps, userId: string): Promise<CampaignView[]> {
  return (await loadCampaigns(deps, userId)).views;
}

/** One of the member's campaigns with its active share links: one D1 round trip. NotFound for anyone else's. */
export async function campaignDetail(deps: Deps, userId: string, campaignId: string): Promise<CampaignDetail> {
  const { views, shares } = await loadCampaigns(deps, userId, campaignId);
  const [view] = views;
  if (!view) throw new NotFound(CAMPAIGN_NOT_FOUND);
  return { ...view, shareLinks: await Promise.all(shares.map((share) => shareLinkOf(deps, share))) };
}

/** The member's own campaign row, or NotFound. */
export async function ownCampaign(deps: Deps, userId: string, campaignId: string) {
  const [campaign] = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  if (!campaign) throw new NotFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

/** The audio episodes of the member's own shows that the form names (a show: all its episodes). */
async function episodesFor(deps: Deps, userId: string, form: Pick<CampaignForm, "episodeIds" | "showIds">) {
  const found = await deps.db
    .select({ id: showEpisodes.id, playlistId: showEpisodes.playlistId, showId: showEpisodes.showId })
    .from(showEpisodes)
    .innerJoin(shows, eq(shows.id, showEpisodes.showId))
    .where(
      and(
        eq(shows.userId, userId),
        eq(shows.mediaType, "audio"),
        or(
          form.episodeIds.length ? inArray(showEpisodes.id, form.episodeIds) : undefined,
          form.showIds.length ? inArray(showEpisodes.showId, form.showIds) : undefined,
        ),
      ),
    );
  const ids = new Set(found.map((e) => e.id));
  if (form.episodeIds.some((id) => !ids.has(id))) throw new NotFound("Episode not found.");
  const showIds = new Set(found.map((e) => e.showId));
  if (form.showIds.some((id) => !showIds.has(id))) throw new NotFound("Show not found.");
  return found;
}

/**
 * Makes the member's own audio program a campaign on episodes of their own audio shows. The flight
 * is written to the program's schedule; a start that has come applies the spots now (the episodes
 * serve them at the next request), a later one leaves it to the schedule's sweep.
 */
export async function createCampaign(deps: Deps, userId: string, form: CampaignForm) {
  const program = await memberData(deps.db, userId).program(form.programId, "own");
  // Its creator's only: the schedule applies it, and pacing withdraws it, as the program's creator.
  if (program.userId !== userId) throw new Forbidden(ONLY_PROGRAM_CREATOR);
  const [files, [existing], [applied]] = await deps.db.batch([
    deps.db.select({ id: programFiles.id }).from(programFiles).where(eq(programFiles.programId, program.id)),
    deps.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.programId, program.id)),
    deps.db
      .select({ id: programApplications.id })
      .from(programApplications)
      .where(and(eq(programApplications.programId, program.id), isNull(programApplications.undoneAt)))
      .limit(1),
  ]);
  const spotsInvalid = () => new Invalid(PROGRAM_HAS_NO_SPOTS, { programId: [PROGRAM_HAS_NO_SPOTS] });
  if (files.length === 0 || program.mediaType !== "audio") throw spotsInvalid();
  if (existing) throw new Conflict(PROGRAM_ALREADY_CAMPAIGN, { programId: [PROGRAM_ALREADY_CAMPAIGN] });
  if (applied)
    throw new Conflict("This program is applied to playlists. Undo it there first, then make it a campaign.");
  const episodes = await episodesFor(deps, userId, form);
  const now = deps.now();
  const startsAt = form.startsAt ? new Date(form.startsAt) : new Date(now);
  const endsAt = form.endsAt ? new Date(form.endsAt) : null;
  if (endsAt && endsAt.getTime() <= now) throw new Invalid(END_IN_FUTURE, { endsAt: [END_IN_FUTURE] });
  if (endsAt && endsAt <= startsAt) throw new Invalid(END_AFTER_START, { endsAt: [END_AFTER_START] });
  const id = crypto.randomUUID();
  // Only episodes made from a playlist have slots (an uploaded video has none).
  const playlistIds = episodes.flatMap((e) => (e.playlistId ? [e.playlistId] : []));
  await runBatch(deps.db, [
    deps.db.insert(campaigns).values({
      id,
      userId,
      programId: program.id,
      sponsorName: form.sponsorName,
      sponsorEmail: form.sponsorEmail,
      goalImpressions: form.goalImpressions ?? null,
      cpmCents: form.cpm ?? null,
    }),
    deps.db.insert(campaignEpisodes).values(episodes.map((e) => ({ campaignId: id, episodeId: e.id }))),
    deps.db
      .update(programs)
      .set({ startsAt, endsAt, schedulePlaylistIds: playlistIds, scheduleState: "pending" })
      .where(eq(programs.id, program.id)),
  ]);
  if (startsAt.getTime() <= now) {
    await applyProgram(deps, userId, program.id, playlistIds);
    await deps.db.update(programs).set({ scheduleState: "applied" }).where(eq(programs.id, program.id));
  }
  return campaignDetail(deps, userId, id);
}

/** Changes the sponsor, goal, CPM or end. A goal now reached, or an end now passed, stops it at once. */
export async function updateCampaign(deps: Deps, userId: string, campaignId: string, update: CampaignUpdate) {
  const campaign = await ownCampaign(deps, userId, campaignId);
  if (campaign.state !== "live") throw new Conflict(CAMPAIGN_STOPPED);
  const [program] = await deps.db.select().from(programs).where(eq(programs.id, campaign.programId));
  const now = deps.now();
  if (update.endsAt) {
    const endsAt = Date.parse(update.endsAt);
    if (endsAt <= now) throw new Invalid(END_IN_FUTURE, { endsAt: [END_IN_FUTURE] });
    if (program?.startsAt && endsAt <= program.startsAt.getTime())
      throw new Invalid(END_AFTER_START, { endsAt: [END_AFTER_START] });
  }
  await runBatch(deps.db, [
    deps.db
      .update(campaigns)
      .set({
        ...(update.sponsorName !== undefined ? { sponsorName: update.sponsorName } : {}),
        ...(update.sponsorEmail !== undefined ? { sponsorEmail: update.sponsorEmail } : {}),
        ...(update.goalImpressions !== undefined ? { goalImpressions: update.goalImpressions } : {}),
        ...(update.cpm !== undefined ? { cpmCents: update.cpm } : {}),
      })
      .where(eq(campaigns.id, campaign.id)),
    ...(update.endsAt !== undefined
      ? [
          deps.db
            .update(programs)
            .set({ endsAt: update.endsAt ? new Date(update.endsAt) : null })
            .where(eq(programs.id, campaign.programId)),
        ]
      : []),
  ]);
  const goal = update.goalImpressions === undefined ? campaign.goalImpressions : update.goalImpressions;
  if (goal !== null && campaign.impressions >= goal) await stopCampaign(deps, campaign.id, "delivered");
  return campaignDetail(deps, userId, campaign.id);
}

/** Deletes the campaign and its report; a live one withdraws its spots first. The program stays. */
export async function deleteCampaign(deps: Deps, userId: string, campaignId: string) {
  const campaign = await ownCampaign(deps, userId, campaignId);
  if (campaign.state === "live") await stopCampaign(deps, campaign.id, "ended");
  await deps.db.delete(campaigns).where(eq(campaigns.id, campaign.id));
}
