// Stitched delivery (issue 30): an audio episode's enclosure is its playlist's
// segments joined at request time, behind one ID3 tag made for the request.
// What a request gets is read from D1 each time, in one round trip (ADR 053): a program applied to a slot
// changes the playlist item's source key, and the next request serves the
// program file's segment (already encoded, since every program file that fits
// a slot is), with the chapters moved by the real durations. Nothing is
// rendered again, and nothing is cached that could serve the old spot longer.
//
// Until every segment of the current playlist is encoded, the episode serves
// its last complete version (`served`), and 503 when it has none.
import { and, asc, eq, inArray, type SQLWrapper } from "drizzle-orm";
import {
  deliverySegments,
  type PlaylistChapter,
  type PlaylistItem,
  playlistChapters,
  playlistItems,
  type RenderChapter,
  type ServedSegment,
  type ServedVersion,
  type Show,
  type ShowEpisode,
  showEpisodes,
  showMembers,
  shows,
} from "../../db/schema";
import type { Bucket } from "../../storage/bucket";
import { imageExtension } from "../../storage/images";
import type { SpotSpan } from "../campaigns/impressions";
import type { Deps } from "../deps";
import { NotFound } from "../errors";
import { chapterList } from "../playlists/chapters";
import { id3Tag } from "./id3";
import { EPISODE_NOT_FOUND, isListed, listedIn, publicEpisodes, SHOW_NOT_FOUND, teamShowFrom } from "./shows";

type Subquery = SQLWrapper | readonly string[];

/**
 * The reads a stitched version is made of, for the playlists `playlistIds` selects (a subquery, so
 * they can go in the same batch as the read that finds the playlist): items in order, the ready
 * segments of their source keys, chapter marks. Three SELECTs, no joins (a D1 batch answers rows
 * as objects, where joined tables' equal column names would overwrite each other).
 */
function playlistReads(deps: Deps, playlistIds: Subquery) {
  return [
    deps.db
      .select()
      .from(playlistItems)
      .where(inArray(playlistItems.playlistId, playlistIds))
      .orderBy(asc(playlistItems.seqPos)),
    deps.db
      .select()
      .from(deliverySegments)
      .where(
        and(
          eq(deliverySegments.status, "ready"),
          inArray(
            deliverySegments.sourceKey,
            deps.db
              .select({ key: playlistItems.key })
              .from(playlistItems)
              .where(inArray(playlistItems.playlistId, playlistIds)),
          ),
        ),
      ),
    deps.db
      .select()
      .from(playlistChapters)
      .where(inArray(playlistChapters.playlistId, playlistIds))
      .orderBy(asc(playlistChapters.offsetSeconds)),
  ] as const;
}

type Ready = Pick<typeof deliverySegments.$inferSelect, "sourceKey" | "key" | "bytes" | "durationSeconds">;

/** The playlist as segments, or null while one of them is not encoded yet (or it is empty). */
export function versionOf(
  items: readonly PlaylistItem[],
  ready: readonly Ready[],
  marks: readonly PlaylistChapter[],
): ServedVersion | null {
  if (items.length === 0) return null;
  const byKey = new Map(ready.map((segment) => [segment.sourceKey, segment]));
  const segments: ServedSegment[] = [];
  for (const item of items) {
    const segment = byKey.get(item.key);
    if (!segment?.key || segment.bytes === null || segment.durationSeconds === null) return null;
    segments.push({
      itemId: item.id,
      sourceKey: item.key,
      key: segment.key,
      bytes: segment.bytes,
      durationSeconds: segment.durationSeconds,
      ...(item.programFileId ? { programFileId: item.programFileId } : {}),
    });
  }
  // Chapters from the encoded durations, so they fall where the joined audio has them.
  const timed = items.map((item, i) => ({ ...item, durationSeconds: segments[i]!.durationSeconds }));
  const chapters: RenderChapter[] = chapterList(timed, marks).map((c) => ({
    startTime: Math.round((c.startSeconds ?? 0) * 1000) / 1000,
    title: c.title,
  }));
  return { segments, chapters };
}

/** Each playlist's current version (by playlist id) from one batch of `playlistReads` over several playlists. */
function versionsByPlaylist(
  items: readonly PlaylistItem[],
  ready: readonly Ready[],
  marks: readonly PlaylistChapter[],
): Map<string, ServedVersion | null> {
  const ids = new Set(items.map((item) => item.playlistId));
  return new Map(
    [...ids].map((id) => [
      id,
      versionOf(
        items.filter((item) => item.playlistId === id),
        ready,
        marks.filter((mark) => mark.playlistId === id),
      ),
    ]),
  );
}

/**
 * The show at `slug` with its listed episodes (newest first) and each one's current version, in ONE
 * D1 round trip (the show's page). NotFound for an unknown show.
 */
export async function listedShow(deps: Deps, slug: string) {
  const showId = deps.db.select({ id: shows.id }).from(shows).where(eq(shows.slug, slug));
  const playlistIds = deps.db.select({ id: showEpisodes.playlistId }).from(showEpisodes).where(listedIn(deps, showId));
  const [[show], episodes, items, ready, marks] = await deps.db.batch([
    deps.db.select().from(shows).where(eq(shows.slug, slug)),
    publicEpisodes(deps, showId),
    ...playlistReads(deps, playlistIds),
  ]);
  if (!show) throw new NotFound(SHOW_NOT_FOUND);
  const versions = versionsByPlaylist(items, ready, marks);
  const itemPeaks = new Map(items.map((item) => [item.id, item.peaks]));
  return {
    show,
    episodes,
    current: (episode: ShowEpisode) => (episode.playlistId ? (versions.get(episode.playlistId) ?? null) : null),
    /** The waveform of a stitched version of one of these episodes, from its items' peaks. */
    peaks: (segments: readonly ServedSegment[]) => joinedPeaks(segments, (itemId) => itemPeaks.get(itemId)),
  };
}

/**
 * One waveform for segments played one after another: `count` levels, each read from the segment
 * playing at that moment (its share is its duration). Null when a segment has no peaks yet.
 */
export function joinedPeaks(
  segments: readonly Pick<ServedSegment, "itemId" | "durationSeconds">[],
  peaksOf: (itemId: string) => readonly number[] | null | undefined,
  count = 200,
): number[] | null {
  const total = segments.reduce((sum, segment) => sum + segment.durationSeconds, 0);
  const levels = segments.map((segment) => peaksOf(segment.itemId));
  if (total <= 0 || levels.some((peaks) => !peaks?.length)) return null;
  const joined: number[] = [];
  let segment = 0;
  let start = 0;
  for (let i = 0; i < count; i++) {
    const at = ((i + 0.5) / count) * total;
    while (segment < segments.length - 1 && at >= start + segments[segment]!.durationSeconds) {
      start += segments[segment]!.durationSeconds;
      segment += 1;
    }
    const peaks = levels[segment]!;
    const within = Math.min(0.999999, Math.max(0, (at - start) / segments[segment]!.durationSeconds));
    joined.push(peaks[Math.floor(within * peaks.length)]!);
  }
  return joined;
}

/**
 * The show at `slug` as a member of its team sees it (their role; NotFound for anyone else), with
 * every episode (drafts too, as `showEpisodesOf` orders them) and each one's current version, in
 * ONE D1 round trip (the manage page). No joins: a batch answers rows as objects.
 */
export async function teamShowWithVersions(deps: Deps, userId: string, slug: string) {
  const showId = deps.db.select({ id: shows.id }).from(shows).where(eq(shows.slug, slug));
  const playlistIds = deps.db
    .select({ id: showEpisodes.playlistId })
    .from(showEpisodes)
    .where(inArray(showEpisodes.showId, showId));
  const [[found], [membership], episodes, items, ready, marks] = await deps.db.batch([
    deps.db.select().from(shows).where(eq(shows.slug, slug)),
    deps.db
      .select({ role: showMembers.role })
      .from(showMembers)
      .where(and(inArray(showMembers.showId, showId), eq(showMembers.userId, userId))),
    deps.db
      .select()
      .from(showEpisodes)
      .where(inArray(showEpisodes.showId, showId))
      .orderBy(asc(showEpisodes.publishAt)),
    ...playlistReads(deps, playlistIds),
  ]);
  const { show, role } = teamShowFrom(found && { show: found, role: membership?.role ?? null }, userId);
  const versions = versionsByPlaylist(items, ready, marks);
  return {
    show,
    role,
    episodes,
    current: (episode: ShowEpisode) => (episode.playlistId ? (versions.get(episode.playlistId) ?? null) : null),
  };
}

/** The current playlist as segments (one D1 round trip), or null while one of them is not encoded yet. */
export async function currentVersion(deps: Deps, episode: ShowEpisode): Promise<ServedVersion | null> {
  if (!episode.playlistId) return null;
  const [items, ready, marks] = await deps.db.batch(playlistReads(deps, [episode.playlistId]));
  return versionOf(items, ready, marks);
}

/**
 * The listed episode at a listener's address, its show and its current version, in ONE D1 round
 * trip (a batch of five SELECTs: the playlist is found by a subquery, not by a first read), so an
 * enclosure's first byte waits for D1 once. NotFound for an unknown show, and for an episode
 * that is not this show's or not listed yet.
 */
export async function listenedEpisode(deps: Deps, slug: string, episodeId: string) {
  const showId = deps.db.select({ id: shows.id }).from(shows).where(eq(shows.slug, slug));
  const playlistId = deps.db
    .select({ id: showEpisodes.playlistId })
    .from(showEpisodes)
    .where(and(eq(showEpisodes.id, episodeId), inArray(showEpisodes.showId, showId)));
  const [[show], [episode], items, ready, marks] = await deps.db.batch([
    deps.db.select().from(shows).where(eq(shows.slug, slug)),
    deps.db
      .select()
      .from(showEpisodes)
      .where(and(eq(showEpisodes.id, episodeId), inArray(showEpisodes.showId, showId))),
    ...playlistReads(deps, playlistId),
  ]);
  if (!show) throw new NotFound(SHOW_NOT_FOUND);
  if (!episode || !isListed(episode, deps.now())) throw new NotFound(EPISODE_NOT_FOUND);
  return { show, episode, current: show.mediaType === "audio" ? versionOf(items, ready, marks) : null };
}

function sameVersion(a: ServedVersion | null, b: ServedVersion) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What the episode serves, given its current version: the current one when complete, else the
 * last complete one (`served`), else null. `record` is the write that keeps a complete version
 * that differs from the recorded one (null when there is nothing to write); a listener's request
 * runs it after answering, so no write precedes the first byte.
 */
export function chooseVersion(deps: Deps, episode: ShowEpisode, current: ServedVersion | null) {
  if (!current) return { version: episode.served ?? null, record: null };
  if (sameVersion(episode.served, current)) return { version: current, record: null };
  return {
    version: current,
    record: async () => {
      await deps.db.update(showEpisodes).set({ served: current }).where(eq(showEpisodes.id, episode.id));
    },
  };
}

/** What the episode serves now, the last complete version recorded when it changed. */
export async function servedVersion(deps: Deps, episode: ShowEpisode): Promise<ServedVersion | null> {
  const { version, record } = chooseVersion(deps, episode, await currentVersion(deps, episode));
  if (record) await record();
  return version;
}

/** The segments a program put in, as [program file, start, end) in the audio: where campaign spots are. */
export function spotSpans(segments: readonly ServedSegment[]): SpotSpan[] {
  const spans: SpotSpan[] = [];
  let start = 0;
  for (const segment of segments) {
    if (segment.programFileId) spans.push([segment.programFileId, start, start + segment.bytes]);
    start += segment.bytes;
  }
  return spans;
}

export function durationOf(version: ServedVersion) {
  return version.segments.reduce((total, s) => total + s.durationSeconds, 0);
}

/** A stitched file: its tag, its segments, its length and its entity tag. */
export interface Stitched {
  tag: Uint8Array;
  segments: ServedVersion["segments"];
  chapters: RenderChapter[];
  size: number;
  durationSeconds: number;
  etag: string;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The artwork's path: stable, ending in the image's extension, served directly (issue 44 item 2). */
export function artworkPath(show: Pick<Show, "slug" | "artworkKey" | "artworkType">) {
  return show.artworkKey
    ? `/api/shows/${show.slug}/artwork.${imageExtension(show.artworkType, show.artworkKey)}`
    : null;
}

export function artworkUrl(origin: string, show: Pick<Show, "slug" | "artworkKey" | "artworkType">) {
  const path = artworkPath(show);
  return path ? `${origin}${path}` : null;
}

export async function stitch(deps: Deps, show: Show, episode: ShowEpisode, version: ServedVersion): Promise<Stitched> {
  const durationSeconds = durationOf(version);
  const starts = version.chapters.slice(0, 255);
  const tag = id3Tag({
    title: episode.title,
    album: show.title,
    artist: show.author,
    artworkUrl: artworkUrl(deps.origin, show),
    durationMs: durationSeconds * 1000,
    chapters: starts.map((chapter, i) => ({
      title: chapter.title,
      startMs: chapter.startTime * 1000,
      endMs: (starts[i + 1]?.startTime ?? durationSeconds) * 1000,
    })),
  });
  const audioBytes = version.segments.reduce((total, s) => total + s.bytes, 0);
  // The tag's bytes and every segment's key: any change of either is another file.
  const identity = new TextEncoder().encode(version.segments.map((s) => `${s.key}:${s.bytes}`).join("\n"));
  const whole = new Uint8Array(new ArrayBuffer(tag.length + identity.length));
  whole.set(tag);
  whole.set(identity, tag.length);
  return {
    tag,
    segments: version.segments,
    chapters: version.chapters,
    size: tag.length + audioBytes,
    durationSeconds,
    etag: `"${await sha256Hex(whole)}"`,
  };
}

/** How a stitched body ended: the file offset it reached, and whether storage failed it (not the listener leaving). */
export interface StitchedEnd {
  reached: number;
  storageFailed: boolean;
}

/**
 * The bytes [offset, offset + length) of the stitched file, streamed: the tag's part, then each
 * segment's part read from R2 as a ranged stream, one segment after another. No segment is held
 * whole; at most one R2 body is open at a time. A segment storage cannot give whole (missing, of
 * another size, failing mid-read) errors the stream where it stands: the listener never gets a
 * later segment's bytes in its place.
 */
export function stitchedBody(
  storage: Bucket,
  file: Stitched,
  offset: number,
  length: number,
): { body: ReadableStream; done: Promise<StitchedEnd> } {
  const { readable, writable } = new FixedLengthStream(length);
  const writer = writable.getWriter();
  const end = offset + length;
  let position = offset;
  let storageFailed = false;
  /** A chunk from storage, or storage's failure marked as such. */
  const fromStorage = async <T>(read: () => Promise<T>) => {
    try {
      return await read();
    } catch (error) {
      storageFailed = true;
      throw error;
    }
  };
  const write = async () => {
    if (position < file.tag.length) {
      const part = file.tag.slice(position, Math.min(end, file.tag.length));
      await writer.write(part);
      position += part.length;
    }
    let start = file.tag.length;
    for (const segment of file.segments) {
      const segmentEnd = start + segment.bytes;
      if (position < segmentEnd && position < end) {
        const from = position - start;
        const take = Math.min(end, segmentEnd) - position;
        const object = await fromStorage(async () => {
          const found = await storage.get(segment.key, { range: { offset: from, length: take } });
          if (found?.size !== segment.bytes) throw new Error(`segment ${segment.key} is not stored whole`);
          return found;
        });
        const reader = object.body.getReader();
        try {
          for (let left = take; left > 0; ) {
            const { done, value } = await fromStorage(() => reader.read());
            if (done || value.length > left) {
              storageFailed = true;
              throw new Error(`segment ${segment.key} gave ${take - left} of ${take} bytes`);
            }
            await writer.write(value);
            position += value.length;
            left -= value.length;
          }
        } catch (error) {
          await reader.cancel(error).catch(() => {});
          throw error;
        }
      }
      start = segmentEnd;
      if (position >= end) break;
    }
    await writer.close();
  };
  const ended = () => ({ reached: position, storageFailed });
  const done = write().then(ended, (error) => writer.abort(error).then(ended, ended));
  return { body: readable, done };
}
