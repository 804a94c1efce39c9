// The delivery report (issue 47): impressions by day, episode, app and country, goal progress and
// the amount due, read from the rolled-up daily rows in ONE D1 round trip (a batch of SELECTs,
// the campaign found by a subquery: the member's own, or the one a share link opens), however
// many downloads were counted. The CSV is the daily rows themselves, in one more batch.
import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql, sum } from "drizzle-orm";
import {
  amountDueCents,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_STATUS_LABEL,
  type CampaignReport,
  IMPRESSION_METHOD,
  SHARE_LINK_NOT_FOUND,
} from "../../../app/kernel/schemas/campaigns";
import { campaignDaily, campaigns, programs, showEpisodes, shows } from "../../db/schema";
import type { Deps } from "../deps";
import { NotFound } from "../errors";
import { utcDay } from "../shows/downloads";
import { statusOf } from "./campaigns";
import { sharedCampaignIds } from "./shares";

/** Whose report: the member's own campaign, or the one a share link's token opens. */
export type ReportScope = { userId: string; campaignId: string } | { token: string };

async function scopeOf(deps: Deps, scope: ReportScope): Promise<{ ids: SQLWrapper; missing: string } | null> {
  if ("token" in scope) {
    const shared = await sharedCampaignIds(deps, scope.token);
    return shared ? { ids: shared.ids, missing: SHARE_LINK_NOT_FOUND } : null;
  }
  return {
    ids: deps.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, scope.campaignId), eq(campaigns.userId, scope.userId))),
    missing: CAMPAIGN_NOT_FOUND,
  };
}

const total = () => sql<number>`cast(${sum(campaignDaily.impressions)} as integer)`;

/** Impressions by one column (app, country) as `key`, the largest first, ties by name. */
function largestFirst(
  deps: Deps,
  mine: SQL | undefined,
  column: typeof campaignDaily.app | typeof campaignDaily.country,
) {
  return deps.db
    .select({ key: column, impressions: total() })
    .from(campaignDaily)
    .where(mine)
    .groupBy(column)
    .orderBy(sql`2 desc`, asc(column));
}

/** The report in one D1 round trip; NotFound for a campaign not the member's, or a revoked or unknown link. */
export async function campaignReport(deps: Deps, scope: ReportScope): Promise<CampaignReport> {
  const found = await scopeOf(deps, scope);
  if (!found) throw new NotFound(SHARE_LINK_NOT_FOUND);
  const { ids } = found;
  const mine = inArray(campaignDaily.campaignId, ids);
  const [[campaign], [program], byDay, byEpisode, byApp, byCountry] = await deps.db.batch([
    deps.db.select().from(campaigns).where(inArray(campaigns.id, ids)),
    deps.db
      .select()
      .from(programs)
      .where(
        inArray(
          programs.id,
          deps.db.select({ id: campaigns.programId }).from(campaigns).where(inArray(campaigns.id, ids)),
        ),
      ),
    deps.db
      .select({ day: campaignDaily.day, impressions: total() })
      .from(campaignDaily)
      .where(mine)
      .groupBy(campaignDaily.day)
      .orderBy(asc(campaignDaily.day)),
    deps.db
      .select({
        episodeId: campaignDaily.episodeId,
        title: sql<string>`coalesce(${showEpisodes.title}, 'Deleted episode')`.as("episode_title"),
        showTitle: sql<string>`coalesce(${shows.title}, '')`.as("show_title"),
        impressions: total(),
      })
      .from(campaignDaily)
      .leftJoin(showEpisodes, eq(showEpisodes.id, campaignDaily.episodeId))
      .leftJoin(shows, eq(shows.id, showEpisodes.showId))
      .where(mine)
      .groupBy(campaignDaily.episodeId)
      .orderBy(sql`4 desc`, asc(showEpisodes.publishAt)),
    largestFirst(deps, mine, campaignDaily.app),
    largestFirst(deps, mine, campaignDaily.country),
  ]);
  if (!campaign || !program) throw new NotFound(found.missing);
  const now = deps.now();
  const status = statusOf(campaign, program);
  const impressions = byDay.reduce((t, d) => t + d.impressions, 0);
  const goal = campaign.goalImpressions;
  // Every day from the flight's first (or the first impression's) to its last so far: the chart's bars are days.
  const first = [program.startsAt ? utcDay(program.startsAt.getTime()) : null, byDay[0]?.day]
    .filter((d): d is string => Boolean(d))
    .sort()[0];
  const lastTime = Math.min(now, campaign.stoppedAt?.getTime() ?? now, program.endsAt?.getTime() ?? now);
  const last = [utcDay(lastTime), byDay.at(-1)?.day]
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  const period = first && last && first <= last ? { from: first, to: last } : null;
  const perDay = new Map(byDay.map((d) => [d.day, d.impressions]));
  return {
    campaign: {
      id: campaign.id,
      sponsorName: campaign.sponsorName,
      programTitle: program.title,
      status,
      statusLabel: CAMPAIGN_STATUS_LABEL[status],
      stoppedAt: campaign.stoppedAt?.toISOString() ?? null,
      startsAt: program.startsAt?.toISOString() ?? null,
      endsAt: program.endsAt?.toISOString() ?? null,
      goalImpressions: goal,
      cpmCents: campaign.cpmCents,
    },
    period,
    impressions,
    billableImpressions: goal === null ? impressions : Math.min(impressions, goal),
    goalProgress: goal === null ? null : impressions / goal,
    amountDueCents: amountDueCents(impressions, goal, campaign.cpmCents),
    byDay: period ? daysOf(period).map((day) => ({ day, impressions: perDay.get(day) ?? 0 })) : [],
    byEpisode,
    byApp: byApp.map(({ key, impressions }) => ({ app: key, impressions })),
    byCountry: byCountry.map(({ key, impressions }) => ({ country: key, impressions })),
    method: IMPRESSION_METHOD,
    generatedAt: new Date(now).toISOString(),
  };
}

/** Every UTC day from `from` to `to`, at most 400 (a longer flight shows its last 400 days). */
function daysOf({ from, to }: { from: string; to: string }) {
  const end = Date.parse(`${to}T00:00:00Z`);
  const start = Math.max(Date.parse(`${from}T00:00:00Z`), end - 399 * 86_400_000);
  const days: string[] = [];
  for (let t = start; t <= end; t += 86_400_000) days.push(utcDay(t));
  return days;
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ made inert. */
function csvField(value: string | number) {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The daily rows as CSV (day, show, episode, app, country, impressions): one D1 round trip. */
export async function campaignCsv(deps: Deps, scope: ReportScope): Promise<{ filename: string; csv: string }> {
  const found = await scopeOf(deps, scope);
  if (!found) throw new NotFound(SHARE_LINK_NOT_FOUND);
  const { ids } = found;
  const [[campaign], rows] = await deps.db.batch([
    deps.db
      .select({ id: campaigns.id, sponsorName: campaigns.sponsorName })
      .from(campaigns)
      .where(inArray(campaigns.id, ids)),
    deps.db
      .select({
        day: campaignDaily.day,
        show: sql<string>`coalesce(${shows.title}, '')`.as("show_title"),
        episode: sql<string>`coalesce(${showEpisodes.title}, 'Deleted episode')`.as("episode_title"),
        episodeId: campaignDaily.episodeId,
        app: campaignDaily.app,
        country: campaignDaily.country,
        impressions: campaignDaily.impressions,
      })
      .from(campaignDaily)
      .leftJoin(showEpisodes, eq(showEpisodes.id, campaignDaily.episodeId))
      .leftJoin(shows, eq(shows.id, showEpisodes.showId))
      .where(inArray(campaignDaily.campaignId, ids))
      .orderBy(
        asc(campaignDaily.day),
        asc(shows.title),
        asc(showEpisodes.title),
        asc(campaignDaily.app),
        asc(campaignDaily.country),
      ),
  ]);
  if (!campaign) throw new NotFound(found.missing);
  const lines = [
    ["day", "show", "episode", "episode_id", "app", "country", "impressions"].join(","),
    ...rows.map((r) =>
      [r.day, r.show, r.episode, r.episodeId, r.app, r.country, r.impressions].map(csvField).join(","),
    ),
  ];
  const slug =
    campaign.sponsorName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "campaign";
  return { filename: `${slug}-impressions.csv`, csv: `${lines.join("\r\n")}\r\n` };
}
