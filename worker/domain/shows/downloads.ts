// Downloads counted as the podcast industry counts them (IAB Podcast
// Measurement Technical Guidelines 2.x): one listener is one salted hash of
// the address and user agent; their requests for one episode within a UTC
// day count once, and only once the ranges served to them cover a minute of
// audio (or the whole file when shorter). Known bots, HEAD and zero-byte
// requests are no downloads. No raw address is kept: the day's salt is random
// and deleted the next day. Locally and in tests the events land in D1
// through this module alone; an Analytics Engine writer would sit behind
// `recordDownload` in production.
import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { downloadSalts, episodeDownloads } from "../../db/schema";
import { type CampaignTotal, impressionStatements, type SpotSpan } from "../campaigns/impressions";
import type { Deps } from "../deps";

/** 128 kbit/s: a minute of delivery-profile audio. */
export const MINUTE_BYTES = 60 * 16_000;

export interface DownloadRequest {
  episodeId: string;
  showId: string;
  address: string;
  userAgent: string;
  country: string;
  /** The bytes served, [start, end) in the audio (the tag excluded). */
  served: [number, number];
  /** The audio's size: a file shorter than a minute counts once all of it is served. */
  audioBytes: number;
  /** The program files' segments in the version served, [start, end) in the audio: campaign spots are among them. */
  spots?: readonly SpotSpan[];
}

const PODCAST_APPS: [RegExp, string][] = [
  [/AppleCoreMedia|Podcasts\/|iTunes/i, "Apple Podcasts"],
  [/Spotify/i, "Spotify"],
  [/Overcast/i, "Overcast"],
  [/Pocket ?Casts/i, "Pocket Casts"],
  [/Castro/i, "Castro"],
  [/PodcastAddict/i, "Podcast Addict"],
  [/CastBox/i, "Castbox"],
  [/AntennaPod/i, "AntennaPod"],
  [/Podverse/i, "Podverse"],
  [/Fountain/i, "Fountain"],
];

/** The podcast app a user agent names, as the stats page lists them. */
export function appOf(userAgent: string): string {
  const known: [RegExp, string][] = [
    ...PODCAST_APPS,
    [/Edg\//, "Edge"],
    [/Firefox\//, "Firefox"],
    [/Chrom(e|ium)\//, "Chrome"],
    [/Safari\//, "Safari"],
    [/curl\//i, "curl"],
  ];
  return known.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Other";
}

export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

const salts = new Map<string, string>();

/** The day's salt: made by whoever asks first, read by everyone else; older days' salts are deleted. */
async function saltOf(deps: Deps, day: string) {
  const cached = salts.get(day);
  if (cached) return cached;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const fresh = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  const [, [row]] = await deps.db.batch([
    deps.db.insert(downloadSalts).values({ day, salt: fresh }).onConflictDoNothing(),
    deps.db.select().from(downloadSalts).where(eq(downloadSalts.day, day)),
    deps.db.delete(downloadSalts).where(lt(downloadSalts.day, day)),
  ]);
  salts.clear();
  salts.set(day, row!.salt);
  return row!.salt;
}

async function listenerHash(salt: string, address: string, userAgent: string) {
  const data = new TextEncoder().encode(`${salt}\n${address}\n${userAgent}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether the request can be a download at all: GET, some audio bytes, not a known bot. Podcast
 * apps are listeners even where isbot's list calls them crawlers (Overcast and Pocket Casts put a
 * URL in their user agent, which isbot reads as a bot's).
 */
export function countable(method: string, userAgent: string, served: [number, number]) {
  if (method !== "GET" || served[1] <= served[0]) return false;
  return PODCAST_APPS.some(([pattern]) => pattern.test(userAgent)) || !isbot(userAgent);
}

/**
 * The listener's stored ranges with [start, end) added, merged, as a JSON array: one SQL
 * expression over the row being updated, so the read and the write are one statement and no
 * concurrent range is lost (a player fetching one file as several parallel ranges, issue 44).
 * Sorted by start, a range opens a new run when it begins past the furthest end before it; each
 * run is one merged range.
 */
function mergedRanges(start: number, end: number) {
  return sql`(
    select json_group_array(json_array(a, b)) from (
      select min(s) as a, max(e) as b from (
        select s, e, sum(opens) over (order by s, e rows unbounded preceding) as run from (
          select s, e,
            case when s <= max(e) over (order by s, e rows between unbounded preceding and 1 preceding)
              then 0 else 1 end as opens
          from (
            select json_extract(value, '$[0]') as s, json_extract(value, '$[1]') as e
              from json_each(${episodeDownloads.ranges})
            union all select ${start}, ${end}
          )
          where e > s
        )
      )
      group by run
      order by a
    )
  )`;
}

/**
 * Adds the served range to the listener's day for the episode; counts the download once it covers
 * a minute. Two statements in one batch (one transaction, D1 runs it alone): the merge happens in
 * the upsert itself, then `counted` is set from the merged ranges, so concurrent requests from
 * one client each add their range and whichever completes the minute counts it, once. When the
 * version served holds program files, three more statements in the same batch credit the campaign
 * spots the download now covers (../campaigns/impressions.ts); the answer is the campaigns' totals.
 */
export async function recordDownload(deps: Deps, request: DownloadRequest): Promise<CampaignTotal[]> {
  const day = utcDay(deps.now());
  const listener = await listenerHash(await saltOf(deps, day), request.address, request.userAgent);
  const [start, end] = request.served;
  const needed = Math.min(MINUTE_BYTES, request.audioBytes);
  const [, , , totals] = await deps.db.batch([
    deps.db
      .insert(episodeDownloads)
      .values({
        episodeId: request.episodeId,
        showId: request.showId,
        day,
        listener,
        app: appOf(request.userAgent),
        country: request.country,
        ranges: end > start ? [[start, end]] : [],
        counted: false,
      })
      .onConflictDoUpdate({
        target: [episodeDownloads.episodeId, episodeDownloads.day, episodeDownloads.listener],
        set: { ranges: mergedRanges(start, end) },
      }),
    deps.db
      .update(episodeDownloads)
      .set({ counted: true })
      .where(
        and(
          eq(episodeDownloads.episodeId, request.episodeId),
          eq(episodeDownloads.day, day),
          eq(episodeDownloads.listener, listener),
          eq(episodeDownloads.counted, false),
          // The ranges are merged: their lengths add up to the bytes covered.
          sql`(select coalesce(sum(json_extract(value, '$[1]') - json_extract(value, '$[0]')), 0)
                 from json_each(${episodeDownloads.ranges})) >= ${needed}`,
        ),
      ),
    ...(request.spots?.length
      ? impressionStatements(deps.db, { episodeId: request.episodeId, day, listener }, request.spots)
      : []),
  ]);
  return (totals as CampaignTotal[] | undefined) ?? [];
}

export interface DownloadStats {
  total: number;
  byDay: { day: string; downloads: number }[];
  byApp: { app: string; downloads: number }[];
  byCountry: { country: string; downloads: number }[];
  byEpisode: { episodeId: string; downloads: number }[];
}

/** Counted downloads of a show (or one of its episodes) over the last `days` days. */
export async function downloadStats(
  deps: Deps,
  showId: string,
  episodeId: string | null,
  days = 30,
): Promise<DownloadStats> {
  const since = utcDay(deps.now() - (days - 1) * 86_400_000);
  const where = and(
    eq(episodeDownloads.showId, showId),
    eq(episodeDownloads.counted, true),
    gte(episodeDownloads.day, since),
    episodeId ? eq(episodeDownloads.episodeId, episodeId) : undefined,
  );
  const n = count();
  const [byDay, byApp, byCountry, byEpisode] = await deps.db.batch([
    deps.db
      .select({ day: episodeDownloads.day, downloads: n })
      .from(episodeDownloads)
      .where(where)
      .groupBy(episodeDownloads.day)
      .orderBy(asc(episodeDownloads.day)),
    deps.db
      .select({ app: episodeDownloads.app, downloads: n })
      .from(episodeDownloads)
      .where(where)
      .groupBy(episodeDownloads.app)
      .orderBy(sql`2 desc`),
    deps.db
      .select({ country: episodeDownloads.country, downloads: n })
      .from(episodeDownloads)
      .where(where)
      .groupBy(episodeDownloads.country)
      .orderBy(sql`2 desc`),
    deps.db
      .select({ episodeId: episodeDownloads.episodeId, downloads: n })
      .from(episodeDownloads)
      .where(where)
      .groupBy(episodeDownloads.episodeId),
  ]);
  // Every day of the window, downloads or not, so the chart's bars are days.
  const perDay = new Map(byDay.map((d) => [d.day, d.downloads]));
  const window = Array.from({ length: days }, (_, i) => utcDay(deps.now() - (days - 1 - i) * 86_400_000));
  return {
    total: byDay.reduce((t, d) => t + d.downloads, 0),
    byDay: window.map((day) => ({ day, downloads: perDay.get(day) ?? 0 })),
    byApp,
    byCountry,
    byEpisode,
  };
}
