// Shows, episodes, stitched delivery, downloads (issue 30).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner } from "./accounts";
import { playlists, type RenderChapter } from "./playlists";

export const SHOW_MEDIA = ["audio", "video"] as const;

/** A podcast: its feed is /shows/:slug/feed.xml, its page /shows/:slug. */
export const shows = sqliteTable(
  "shows",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    author: text("author").notNull(),
    category: text("category").notNull(),
    language: text("language").notNull(),
    explicit: integer("explicit", { mode: "boolean" }).notNull().default(false),
    mediaType: text("media_type", { enum: SHOW_MEDIA }).notNull().default("audio"),
    artworkKey: text("artwork_key"),
    artworkType: text("artwork_type"),
    /** Podcasting 2.0 `podcast:guid`: stays with the show whatever its address becomes. */
    podcastGuid: text("podcast_guid").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("shows_slug_unique").on(t.slug), index("shows_user_idx").on(t.userId)],
);

/** One segment of what an episode last served complete: the stitched file is these, in order. */
export interface ServedSegment {
  itemId: string;
  sourceKey: string;
  key: string;
  bytes: number;
  durationSeconds: number;
  /** The program file it plays, when a program put it there: a campaign's spot is one (issue 47). */
  programFileId?: string;
}

/** What a stitched episode is made of: its segments in order and its chapters (seconds from the audio's start). */
export interface ServedVersion {
  segments: ServedSegment[];
  chapters: RenderChapter[];
}

export const POSTER_STATES = ["none", "queued", "done", "failed"] as const;

/**
 * An episode of a show: a playlist published under it (deleted with its playlist), or a file
 * uploaded to it (FarmerTV's episodes, `media*`), served as it is.
 */
export const showEpisodes = sqliteTable(
  "show_episodes",
  {
    id: text("id").primaryKey(),
    showId: text("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    playlistId: text("playlist_id").references(() => playlists.id, { onDelete: "cascade" }),
    userId: owner(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    season: integer("season"),
    episodeNumber: integer("episode_number"),
    /** Listed (and served) from this time on. */
    publishAt: integer("publish_at", { mode: "timestamp_ms" }).notNull(),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    guid: text("guid").notNull(),
    /** The last complete stitched version, served while a newer segment is still being encoded. */
    served: text("served", { mode: "json" }).$type<ServedVersion>(),
    /** An uploaded episode's file, written only once the upload is verified in storage. */
    mediaKey: text("media_key"),
    mediaFileName: text("media_file_name"),
    mediaContentType: text("media_content_type"),
    mediaSize: integer("media_size"),
    durationSeconds: real("duration_seconds"),
    width: integer("width"),
    height: integer("height"),
    /** An uploaded episode's cover and its checked type; else a frame the renderer made (`posterKey`). */
    coverKey: text("cover_key"),
    coverType: text("cover_type"),
    posterKey: text("poster_key"),
    posterStatus: text("poster_status", { enum: POSTER_STATES }).notNull().default("none"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("show_episodes_playlist_unique").on(t.playlistId),
    uniqueIndex("show_episodes_media_key_unique").on(t.mediaKey),
    uniqueIndex("show_episodes_cover_key_unique").on(t.coverKey),
    index("show_episodes_show_idx").on(t.showId, t.publishAt),
  ],
);

export const SEGMENT_STATES = ["queued", "ready", "failed"] as const;

/** A source object encoded once to the delivery profile (MP3 CBR 128k, 44.1 kHz, stereo, no headers). */
export const deliverySegments = sqliteTable(
  "delivery_segments",
  {
    sourceKey: text("source_key").primaryKey(),
    userId: owner(),
    status: text("status", { enum: SEGMENT_STATES }).notNull().default("queued"),
    key: text("key"),
    bytes: integer("bytes"),
    durationSeconds: real("duration_seconds"),
    jobId: text("job_id"),
    error: text("error"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("delivery_segments_job_idx").on(t.jobId)],
);

/** A listener's requests for one episode on one UTC day; `counted` once they cover a minute of audio. */
export const episodeDownloads = sqliteTable(
  "episode_downloads",
  {
    episodeId: text("episode_id")
      .notNull()
      .references(() => showEpisodes.id, { onDelete: "cascade" }),
    showId: text("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    listener: text("listener").notNull(),
    app: text("app").notNull(),
    country: text("country").notNull(),
    /** Merged [start, end) byte ranges of the audio served so far. */
    ranges: text("ranges", { mode: "json" }).$type<[number, number][]>().notNull().default(sql`'[]'`),
    counted: integer("counted", { mode: "boolean" }).notNull().default(false),
    /** The campaign spots (program file ids) this download already gave an impression (issue 47). */
    impressed: text("impressed", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.episodeId, t.day, t.listener] }),
    index("episode_downloads_show_idx").on(t.showId, t.day),
  ],
);

export const downloadSalts = sqliteTable("download_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

export type Show = typeof shows.$inferSelect;
export type ShowEpisode = typeof showEpisodes.$inferSelect;
