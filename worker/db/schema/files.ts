// Projects and their files, notes and uploads (issue 3); the media columns every playable row carries.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner } from "./accounts";

export const ACCESS_TYPES = ["private", "public-read"] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    /** Spaces already replaced by underscores (seed 000 §5). */
    title: text("title").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("projects_user_idx").on(t.userId)],
);

export const MEDIA_KINDS = ["image", "video", "audio", "pdf", "text", "other"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const PROBE_STATES = ["none", "queued", "running", "done", "failed"] as const;

/**
 * A file's loudness as the renderer measured it (EBU R128, ffmpeg ebur128) in
 * its own channel layout: a media fact like its duration, so a render measures
 * each file only once.
 */
export interface MeasuredLoudness {
  /** Integrated loudness, LUFS; null for silence (nothing above the gate). */
  integrated: number | null;
  /** True peak, dBTP. */
  truePeak: number | null;
  channels: number;
}
const loudness = () => text("loudness", { mode: "json" }).$type<MeasuredLoudness>();

/** The waveform drawn by pages: peaks between 0 and 1, computed once by the renderer. */
export type Peaks = number[];

/**
 * The media a playable row carries: a project file, a playlist item, a program file. One list,
 * so a row that starts playing another's bytes copies all of them (`mediaOf()` in
 * worker/domain/media/media.ts) and a new fact is added once.
 */
export const mediaColumns = () => ({
  key: text("key").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  durationSeconds: real("duration_seconds"),
  frameRate: real("frame_rate"),
  resolution: text("resolution"),
  probeStatus: text("probe_status", { enum: PROBE_STATES }).notNull().default("none"),
  loudness: loudness(),
  /** Waveform levels 0..1 computed at probe time (migration 0019). */
  peaks: text("peaks", { mode: "json" }).$type<Peaks>(),
});
export const MEDIA_COLUMNS = Object.keys(mediaColumns()) as (keyof ReturnType<typeof mediaColumns>)[];

export const files = sqliteTable(
  "files",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /**
     * key: users/{userId}/projects/{projectId}/files/{ts}-{rand}-{sanitised};
     * fileName: the sanitised name, without the timestamp and random prefix.
     */
    ...mediaColumns(),
    kind: text("kind", { enum: MEDIA_KINDS }).notNull(),
    accessType: text("access_type", { enum: ACCESS_TYPES }).notNull().default("private"),
    slotPosition: text("slot_position"),
    seqPos: integer("seq_pos").notNull().default(0),
    probeError: text("probe_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("files_project_idx").on(t.projectId),
    index("files_user_idx").on(t.userId),
    uniqueIndex("files_key_unique").on(t.key),
  ],
);

export const notes = sqliteTable(
  "notes",
  {
    id: text("id").primaryKey(),
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    userId: owner(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("notes_file_idx").on(t.fileId)],
);

/** An upload in flight: signed, maybe partly stored, not yet verified. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    purpose: text("purpose").notNull(),
    /** Purpose-specific target, e.g. {projectId, projectTitle} for project files. */
    target: text("target", { mode: "json" }).$type<Record<string, string>>().notNull(),
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    accessType: text("access_type", { enum: ACCESS_TYPES }).notNull().default("private"),
    /** R2 multipart upload id, for files over the multipart threshold. */
    multipartId: text("multipart_id"),
    partSize: integer("part_size"),
    status: text("status", { enum: ["pending", "completed", "failed", "aborted"] })
      .notNull()
      .default("pending"),
    /** Pending: when the upload is abandoned. Ended (failed, aborted): when its last signed link expires. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When the key of a failed or aborted upload was deleted for good, after its links expired (ADR 013). */
    purgedAt: integer("purged_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("uploads_user_idx").on(t.userId),
    index("uploads_status_idx").on(t.status, t.expiresAt),
    index("uploads_purge_idx").on(t.status, t.purgedAt, t.expiresAt),
  ],
);

/** Parts of a multipart upload already stored, so an interrupted upload can resume. */
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

export type Project = typeof projects.$inferSelect;
export type FileRecord = typeof files.$inferSelect;
export type Note = typeof notes.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
