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

/** Merges [start, end) ranges. */
export function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = ranges.filter(([a, b]) => b > a).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

export const covered = (ranges: [number, number][]) => ranges.reduce((n, [a, b]) => n + b - a, 0);

/**
 * Whether the request can be a download at all: GET, some audio bytes, not a known bot. Podcast
 * apps are listeners even where isbot's list calls them crawlers (Overcast and Pocket Casts put a
 * URL in their user agent, which isbot reads as a bot's).
 */
export function countable(method: string, userAgent: string, served: [number, number]) {
  if (method !== "GET" || served[1] <= served[0]) return false;
  return PODCAST_APPS.some(([pattern]) => pattern.test(userAgent)) || !isbot(userAgent);
}

/** Adds the served range to the listener's day for the episode; counts the download once it covers a minute. */
export async function recordDownload(deps: Deps, request: DownloadRequest) {
  const day = utcDay(deps.now());
  const listener = await listenerHash(await saltOf(deps, day), request.address, request.userAgent);
  const key = and(
    eq(episodeDownloads.episodeId, request.episodeId),
    eq(episodeDownloads.day, day),
    eq(episodeDownloads.listener, listener),
  );
  const [existing] = await deps.db.select({ ranges: episodeDownloads.ranges }).from(episodeDownloads).where(key);
  const ranges = mergeRanges([...(existing?.ranges ?? []), request.served]);
  const needed = Math.min(MINUTE_BYTES, request.audioBytes);
  const counted = covered(ranges) >= needed;
  await deps.db
    .insert(episodeDownloads)
    .values({
      episodeId: request.episodeId,
      showId: request.showId,
      day,
      listener,
      app: appOf(request.userAgent),
      country: request.country,
      ranges,
      counted,
    })
    .onConflictDoUpdate({
      target: [episodeDownloads.episodeId, episodeDownloads.day, episodeDownloads.listener],
      // A concurrent range may have landed meanwhile: counted never goes back to false.
      set: { ranges, counted: sql`${episodeDownloads.counted} OR ${counted ? 1 : 0}` },
    });
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
