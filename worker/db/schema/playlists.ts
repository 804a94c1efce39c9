// Playlists, programs, renders (issue 4).
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner } from "./accounts";
import { ACCESS_TYPES, type MEDIA_COLUMNS, mediaColumns, projects } from "./files";
import { JOB_STATES } from "./jobs";

export const PLAYLIST_MEDIA = ["audio", "video"] as const;
export type PlaylistMedia = (typeof PLAYLIST_MEDIA)[number];

/** One playlist per project (seed 000 §3), locked to audio or video by its first item. */
export const playlists = sqliteTable(
  "playlists",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    mediaType: text("media_type", { enum: PLAYLIST_MEDIA }),
    /** Set when a render of this playlist finished: a scheduled program change re-renders it. */
    renderedAt: integer("rendered_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("playlists_project_unique").on(t.projectId), index("playlists_user_idx").on(t.userId)],
);

export const playlistItems = sqliteTable(
  "playlist_items",
  {
    id: text("id").primaryKey(),
    playlistId: text("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    userId: owner(),
    ...mediaColumns(),
    slotPosition: text("slot_position"),
    seqPos: integer("seq_pos").notNull(),
    /** The project file it was copied from, if any. */
    sourceFileId: text("source_file_id"),
    /** The program file whose media it currently plays, while a program is applied. */
    programFileId: text("program_file_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("playlist_items_playlist_idx").on(t.playlistId, t.seqPos),
    // Slot letters are unique within a playlist, enforced by the database even under concurrent edits.
    uniqueIndex("playlist_items_slot_unique")
      .on(t.playlistId, t.slotPosition)
      .where(sql`${t.slotPosition} IS NOT NULL`),
  ],
);

export const programs = sqliteTable(
  "programs",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    title: text("title").notNull(),
    mediaType: text("media_type", { enum: PLAYLIST_MEDIA }),
    accessType: text("access_type", { enum: ACCESS_TYPES }).notNull().default("private"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Scheduled programs: applied by the sweep at startsAt, reverted at endsAt. */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    /** Playlists a scheduled program applies to. */
    schedulePlaylistIds: text("schedule_playlist_ids", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    scheduleState: text("schedule_state", { enum: ["none", "pending", "applied", "ended"] })
      .notNull()
      .default("none"),
    createdAt: createdAt(),
  },
  (t) => [index("programs_user_idx").on(t.userId), index("programs_schedule_idx").on(t.scheduleState)],
);

export const programFiles = sqliteTable(
  "program_files",
  {
    id: text("id").primaryKey(),
    programId: text("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    userId: owner(),
    ...mediaColumns(),
    slotPosition: text("slot_position").notNull(),
    seqPos: integer("seq_pos").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("program_files_slot_unique").on(t.programId, t.slotPosition)],
);

/** What a program application records of an item's media: every media column, and the program file it played. */
export type ItemMedia = Pick<PlaylistItem, (typeof MEDIA_COLUMNS)[number]> & { programFileId: string | null };

/**
 * A chapter mark inside a playlist item, `offsetSeconds` from the item's start.
 * Every item starts a chapter: a row at offset 0 exists only when the member
 * renamed it; otherwise its title is the item's file name. Anchoring marks to
 * items makes every later chapter follow when an item's duration changes.
 */
export const playlistChapters = sqliteTable(
  "playlist_chapters",
  {
    id: text("id").primaryKey(),
    playlistId: text("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => playlistItems.id, { onDelete: "cascade" }),
    userId: owner(),
    offsetSeconds: real("offset_seconds").notNull().default(0),
    title: text("title"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("playlist_chapters_mark_unique").on(t.itemId, t.offsetSeconds),
    index("playlist_chapters_playlist_idx").on(t.playlistId),
  ],
);

/** The chapter rows of a replaced item as they were, so undo restores them exactly. */
export interface ChapterSnapshot {
  id: string;
  offsetSeconds: number;
  title: string | null;
}

/** One application of a program to one playlist, with what it replaced, so it can be undone. */
export const programApplications = sqliteTable(
  "program_applications",
  {
    id: text("id").primaryKey(),
    programId: text("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    playlistId: text("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    userId: owner(),
    changes: text("changes", { mode: "json" })
      .$type<
        {
          itemId: string;
          slot: string;
          action: "replaced" | "appended";
          previous: ItemMedia | null;
          /** The replaced item's chapter rows before the change (none for an appended item). */
          chapters?: ChapterSnapshot[];
        }[]
      >()
      .notNull(),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("program_applications_playlist_idx").on(t.playlistId)],
);

export interface RenderChapter {
  startTime: number;
  title: string;
}

export interface LoudnessReport {
  /** −16 (stereo) or −19 (mono) LUFS. */
  target: number;
  items: {
    n: number;
    fileName: string;
    /** LUFS before; null for silence. */
    measured: number | null;
    /** Gain applied, dB. */
    gainDb: number;
    /** "normalised", "silence", "short" (boost capped), "no audio". */
    outcome: string;
    /** False when the file's stored measurement was used. */
    measuredNow: boolean;
  }[];
}

/** A rendered playlist: one per render job (id = job id). */
export const renders = sqliteTable(
  "renders",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    playlistId: text("playlist_id").references(() => playlists.id, { onDelete: "set null" }),
    projectTitle: text("project_title").notNull(),
    fileName: text("file_name").notNull(),
    key: text("key").notNull(),
    /** Audio playlists also get an M4A. */
    audioKey: text("audio_key"),
    /** Its job's status, copied for listing; the progress is only the job's (`jobs.progress`, migration 0028). */
    status: text("status", { enum: JOB_STATES }).notNull().default("queued"),
    error: text("error"),
    durationSeconds: real("duration_seconds"),
    frameRate: real("frame_rate"),
    resolution: text("resolution"),
    size: integer("size"),
    /** The M4A's size (audio playlists). */
    audioSize: integer("audio_size"),
    /** Where each chapter landed in the rendered file (also embedded, and as JSON at chaptersKey). */
    chapters: text("chapters", { mode: "json" }).$type<RenderChapter[]>(),
    /** The Podcasting 2.0 JSON chapters file beside the render. */
    chaptersKey: text("chapters_key"),
    /** What loudness normalisation did to each item. */
    loudnessReport: text("loudness_report", { mode: "json" }).$type<LoudnessReport>(),
    createdAt: createdAt(),
  },
  (t) => [index("renders_user_idx").on(t.userId)],
);

export type Playlist = typeof playlists.$inferSelect;
export type PlaylistItem = typeof playlistItems.$inferSelect;
export type Program = typeof programs.$inferSelect;
export type Render = typeof renders.$inferSelect;
export type PlaylistChapter = typeof playlistChapters.$inferSelect;
