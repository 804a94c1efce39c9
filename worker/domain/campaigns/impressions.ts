// Campaign impressions (issue 47): the statements that turn one listener's counted download into
// impressions, appended to the download's own batch (../shows/downloads.ts). An impression is a
// campaign spot whose every byte the listener's merged ranges cover, on a download that counts;
// the download row remembers the spots it credited, so a listener is one impression per spot per
// day however many requests (or parallel ranges) they make. The statements are the same three
// whatever the number of campaigns on the episode: the spots travel as one JSON parameter and are
// joined to their campaigns in SQL. Impressions are added to daily rows, never stored one by one.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { campaignDaily, campaigns, episodeDownloads } from "../../db/schema";

/** A spot as served in one response: the program file it plays and its [start, end) in the audio. */
export type SpotSpan = [programFileId: string, start: number, end: number];

export interface ListenerDay {
  episodeId: string;
  day: string;
  listener: string;
}

/** The campaign spots this (counted) download now covers and has not credited yet: one row per spot. */
function credits(at: ListenerDay, spots: readonly SpotSpan[]): SQL {
  return sql`
    select c.id as campaign_id, s.file_id as file_id, d.day as day, d.episode_id as episode_id,
           d.app as app, d.country as country
      from episode_downloads d
      join (
        select json_extract(value, '$[0]') as file_id, json_extract(value, '$[1]') as s,
               json_extract(value, '$[2]') as e
          from json_each(${JSON.stringify(spots)})
      ) s
      join program_files pf on pf.id = s.file_id
      join campaigns c on c.program_id = pf.program_id
     where d.episode_id = ${at.episodeId} and d.day = ${at.day} and d.listener = ${at.listener}
       and d.counted = 1
       and not exists (select 1 from json_each(d.impressed) i where i.value = s.file_id)
       and exists (
         select 1 from json_each(d.ranges) r
          where json_extract(r.value, '$[0]') <= s.s and json_extract(r.value, '$[1]') >= s.e
       )`;
}

/** A campaign's running total after this download's impressions were added. */
export interface CampaignTotal {
  id: string;
  impressions: number;
  goalImpressions: number | null;
  state: string;
}

/**
 * Three statements to run in the download's batch, after its ranges are merged and `counted` set:
 * add the new impressions to the daily rows, to the campaigns' running totals (answering them, for
 * pacing), and record the spots as credited on the download. Query builders, not raw SQL: a D1
 * batch through drizzle binds only built queries.
 */
export function impressionStatements(db: Database, at: ListenerDay, spots: readonly SpotSpan[]) {
  const credited = () => credits(at, spots);
  return [
    db
      .insert(campaignDaily)
      .select(
        sql`select campaign_id, day, episode_id, app, country, count(*) from (${credited()}) where true
             group by campaign_id`,
      )
      .onConflictDoUpdate({
        target: [
          campaignDaily.campaignId,
          campaignDaily.day,
          campaignDaily.episodeId,
          campaignDaily.app,
          campaignDaily.country,
        ],
        set: { impressions: sql`${campaignDaily.impressions} + excluded.impressions` },
      }),
    db
      .update(campaigns)
      .set({
        impressions: sql`${campaigns.impressions} + (
          select count(*) from (${credited()}) x where x.campaign_id = ${campaigns.id})`,
      })
      .where(sql`${campaigns.id} in (select campaign_id from (${credited()}))`)
      .returning({
        id: campaigns.id,
        impressions: campaigns.impressions,
        goalImpressions: campaigns.goalImpressions,
        state: campaigns.state,
      }),
    db
      .update(episodeDownloads)
      .set({
        impressed: sql`(select json_group_array(v) from (
          select value as v from json_each(${episodeDownloads.impressed})
          union select file_id from (${credited()})))`,
      })
      .where(
        and(
          eq(episodeDownloads.episodeId, at.episodeId),
          eq(episodeDownloads.day, at.day),
          eq(episodeDownloads.listener, at.listener),
        ),
      ),
  ] as const;
}

/** Whether a total has reached its campaign's goal while the campaign still places its spots. */
export const reachedGoal = (total: CampaignTotal) =>
  total.state === "live" && total.goalImpressions !== null && total.impressions >= total.goalImpressions;
