// The whole D1 schema, in one place: the one import point (`../db/schema`) and
// the file drizzle-kit reads. Numbered SQL files in migrations/ are what
// wrangler applies; each is mirrored here, in its area's section (the `// ──`
// lines: accounts, projects and files, shipping, auction, playlists, store,
// community, orders).
//
// Why one file of ~900 lines, against the ~300-line rule: it is declarations
// only (no logic), and it is the append zone every branch that adds a
// migration edits at once; splitting it into worker/db/tables/<area>.ts while
// branches with schema changes are in flight would make each of them redo its
// change by hand. The split is mechanical (one file per section, this file
// re-exporting them, helpers such as `owner()` beside `users`): do it when no
// branch holds an unlanded migration.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    /** Always stored lower-cased; uniqueness is on this column. */
    email: text("email").notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    /** The member's saved theme (accent colour, font size, dark mode), applied on every device. */
    theme: text("theme", { mode: "json" }).$type<{
      isDarkMode: boolean;
      accentColor: string;
      fontPercentage: number;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    index("users_created_idx").on(t.createdAt, t.id),
  ],
);

/** The member a row belongs to; their rows go when the account goes. */
const owner = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the cookie's random id: a leaked table cannot be replayed. */
    idHash: text("id_hash").primaryKey(),
    userId: owner(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** A sign-up waiting for its e-mailed code. Becomes a user only with a valid code. */
export const signups = sqliteTable(
  "signups",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Where to go once signed in: `/beatbattle` when beat-battle data was carried in. */
    next: text("next"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("signups_email_idx").on(t.email)],
);

/** Fixed-window counters, one row per (scope, subject, window). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

/** Development only: every e-mail the app would have sent, shown at /dev/mail. */
export const devOutbox = sqliteTable("dev_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

export const popups = sqliteTable(
  "popups",
  {
    id: text("id").primaryKey(),
    header: text("header").notNull().default(""),
    headerStyle: text("header_style").notNull().default(""),
    paragraphText: text("paragraph_text").notNull().default(""),
    paragraphStyle: text("paragraph_style").notNull().default(""),
    buttonLabel: text("button_label").notNull().default(""),
    linkAddress: text("link_address").notNull().default(""),
    imageKey: text("image_key"),
    imageUrl: text("image_url"),
    /** The uploaded image's checked type (migration 0017): served inline as that type. */
    imageType: text("image_type"),
    /** The editor's alt text (migration 0017); empty means decorative. */
    imageAlt: text("image_alt").notNull().default(""),
    active: integer("active", { mode: "boolean" }).notNull().default(false),
    /** Optional show window (migration 0008): shown from startsAt, until endsAt. */
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    /** Visitors remember a closed popup by id and version. */
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("popups_one_active").on(t.active).where(sql`${t.active} = 1`)],
);

export type User = typeof users.$inferSelect;
export type Popup = typeof popups.$inferSelect;

// ── Projects, files, notes, uploads, jobs (issue 3) ─────────────────────────

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

export const JOB_KINDS = ["probe", "render", "package", "poster", "purchase", "preview", "segment"] as const;
export const JOB_STATES = ["queued", "running", "done", "failed"] as const;

export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    status: text("status", { enum: JOB_STATES }).notNull().default("queued"),
    /** 0 to 100. */
    progress: integer("progress").notNull().default(0),
    input: text("input", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    output: text("output", { mode: "json" }).$type<Record<string, unknown>>(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /** Development's pull queue (ADR 014): who holds the row and until when (ms); null = visible. */
    leaseId: text("lease_id"),
    leaseUntil: integer("lease_until"),
  },
  (t) => [
    index("jobs_user_idx").on(t.userId),
    index("jobs_status_idx").on(t.status, t.updatedAt),
    index("jobs_lease_idx").on(t.leaseId),
  ],
);

export type Project = typeof projects.$inferSelect;
export type FileRecord = typeof files.$inferSelect;
export type Note = typeof notes.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type Job = typeof jobs.$inferSelect;

// ── Shipping addresses (issue 5) ─────────────────────────────────────────────

export const shippingAddresses = sqliteTable(
  "shipping_addresses",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    recipientName: text("recipient_name").notNull(),
    phone: text("phone"),
    streetAddress: text("street_address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull().default("USA"),
    neighborhood: text("neighborhood"),
    landmark: text("landmark"),
    createdAt: createdAt(),
  },
  (t) => [index("shipping_user_idx").on(t.userId)],
);

export type ShippingAddress = typeof shippingAddresses.$inferSelect;

// ── Auction (issue 5) ────────────────────────────────────────────────────────
// The BidItem Durable Object is the source of truth for an item's price,
// state and offers; these rows are the gallery's listing, written through
// after each change.

export const bidItems = sqliteTable(
  "bid_items",
  {
    /** 6 characters, uppercase letters and digits; also the Durable Object's name. */
    shortCode: text("short_code").primaryKey(),
    ticketNumber: integer("ticket_number").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Current price in cents. */
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    /** Storage keys of the item's media: [{key, fileName, kind}]. */
    media: text("media", { mode: "json" })
      .$type<{ key: string; fileName: string; kind: string; contentType?: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Bids placed, as the DO counts them (written through with the price). */
    bidCount: integer("bid_count").notNull().default(0),
    /** The DO's change counter: a write-through never overwrites newer state with older. */
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("bid_items_ticket_unique").on(t.ticketNumber)],
);

export const memberItems = sqliteTable(
  "member_items",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    shortCode: text("short_code").notNull(),
    status: text("status", { enum: ["pending", "approved", "denied"] })
      .notNull()
      .default("pending"),
    approvedBy: text("approved_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("member_items_status_idx").on(t.status), uniqueIndex("member_items_code_unique").on(t.shortCode)],
);

export type BidItemRow = typeof bidItems.$inferSelect;
export type MemberItem = typeof memberItems.$inferSelect;

// ── Playlists, programs, renders (issue 4) ──────────────────────────────────

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
    status: text("status", { enum: JOB_STATES }).notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    durationSeconds: real("duration_seconds"),
    frameRate: real("frame_rate"),
    resolution: text("resolution"),
    size: integer("size"),
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
export type ProgramFile = typeof programFiles.$inferSelect;
export type Render = typeof renders.$inferSelect;
export type PlaylistChapter = typeof playlistChapters.$inferSelect;

// ── Digital store: products (issue 9, seller side; ADR 009) ─────────────────
// Rows are never deleted by the seller: `status` hides them, so what buyers
// bought (orders reference products and product files) stays deliverable.

export const LICENSE_TYPES = ["free", "non-exclusive", "exclusive"] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];
export const PRODUCT_STATES = ["active", "withdrawn", "deleted"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** Whole cents: 0 for a free licence, at least 1 otherwise. */
    priceCents: integer("price_cents").notNull(),
    /** Copies left to sell; null means no limit. */
    quantity: integer("quantity"),
    licenseType: text("license_type", { enum: LICENSE_TYPES }).notNull().default("free"),
    accessType: text("access_type", { enum: ACCESS_TYPES }).notNull().default("private"),
    /** withdrawn: an exclusive was sold; deleted: the seller deleted it. */
    status: text("status", { enum: PRODUCT_STATES }).notNull().default("active"),
    /** users/{userId}/digiStore/{productId}/images/{ts}-{rand}-{name} */
    coverKey: text("cover_key"),
    coverContentType: text("cover_content_type"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("products_user_idx").on(t.userId, t.status),
    check("products_license", sql`${t.licenseType} IN ('free', 'non-exclusive', 'exclusive')`),
    check("products_access", sql`${t.accessType} IN ('private', 'public-read')`),
    check("products_status", sql`${t.status} IN ('active', 'withdrawn', 'deleted')`),
    check("products_quantity", sql`${t.quantity} IS NULL OR (${t.quantity} BETWEEN 0 AND 1000)`),
    check(
      "products_price",
      sql`(${t.licenseType} = 'free' AND ${t.priceCents} = 0) OR (${t.licenseType} <> 'free' AND ${t.priceCents} >= 1)`,
    ),
  ],
);

/** The waveform drawn by pages: peaks between 0 and 1, computed once by the renderer. */
export type Peaks = number[];

export const productFiles = sqliteTable(
  "product_files",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: owner(),
    /** The original: users/{userId}/digiStore/{productId}/audioFiles/{ts}-{rand}-{name}; never public. */
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    seqPos: integer("seq_pos").notNull().default(0),
    durationSeconds: real("duration_seconds"),
    sampleRate: integer("sample_rate"),
    channels: integer("channels"),
    /** Bits per second. */
    bitrate: integer("bitrate"),
    probeStatus: text("probe_status", { enum: PROBE_STATES }).notNull().default("none"),
    probeError: text("probe_error"),
    /** The streaming preview: MP3 128 kbit/s with the seller's voice tag mixed in. */
    previewKey: text("preview_key"),
    previewStatus: text("preview_status", { enum: PROBE_STATES }).notNull().default("none"),
    previewError: text("preview_error"),
    peaks: text("peaks", { mode: "json" }).$type<Peaks>(),
    /** Removed by the seller: gone from the product, kept for buyers who bought it. */
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_files_product_idx").on(t.productId, t.seqPos),
    uniqueIndex("product_files_key_unique").on(t.key),
    check("product_files_probe", sql`${t.probeStatus} IN ('none', 'queued', 'running', 'done', 'failed')`),
    check("product_files_preview", sql`${t.previewStatus} IN ('none', 'queued', 'running', 'done', 'failed')`),
  ],
);

/** A seller's voice tag, uploaded once and mixed into every preview every 30 s. */
export const voiceTags = sqliteTable("voice_tags", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  createdAt: createdAt(),
});

export type Product = typeof products.$inferSelect;
export type ProductFile = typeof productFiles.$inferSelect;
export type VoiceTag = typeof voiceTags.$inferSelect;

// ── Community (issue 10): sign-ups, beat battles, episodes, donations ───────

/** 'Early Risers' community form: one row per e-mail (a second sign-up updates it). */
export const communitySignups = sqliteTable(
  "community_signups",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased; uniqueness is on this column. */
    email: text("email").notNull(),
    message: text("message").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("community_signups_email_unique").on(t.email)],
);

export const beatBattles = sqliteTable("beat_battles", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  deadline: integer("deadline", { mode: "timestamp_ms" }).notNull(),
  /** Judging is blind until the admin reveals the producers. */
  revealed: integer("revealed", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

export const beatBattleEntries = sqliteTable(
  "beat_battle_entries",
  {
    id: text("id").primaryKey(),
    battleId: text("battle_id")
      .notNull()
      .references(() => beatBattles.id, { onDelete: "cascade" }),
    userId: owner(),
    /** The entry's number in its battle, shown to judges instead of the producer. */
    number: integer("number").notNull(),
    email: text("email").notNull(),
    projectTitle: text("project_title").notNull(),
    producerName: text("producer_name").notNull(),
    location: text("location").notNull().default(""),
    socialContact: text("social_contact").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("beat_battle_entries_one_per_member").on(t.battleId, t.userId),
    uniqueIndex("beat_battle_entries_number_unique").on(t.battleId, t.number),
    index("beat_battle_entries_user_idx").on(t.userId),
  ],
);

export const beatBattleFiles = sqliteTable(
  "beat_battle_files",
  {
    id: text("id").primaryKey(),
    entryId: text("entry_id")
      .notNull()
      .references(() => beatBattleEntries.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    isCoverArt: integer("is_cover_art", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("beat_battle_files_key_unique").on(t.key), index("beat_battle_files_entry_idx").on(t.entryId)],
);

export const POSTER_STATES = ["none", "queued", "done", "failed"] as const;

/** A FarmerTV episode: written only once its video is verified in storage. */
export const episodes = sqliteTable(
  "episodes",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    videoKey: text("video_key").notNull(),
    videoFileName: text("video_file_name").notNull(),
    videoContentType: text("video_content_type").notNull(),
    videoSize: integer("video_size").notNull(),
    coverKey: text("cover_key"),
    /** A frame of the video made by the renderer when no cover was given. */
    posterKey: text("poster_key"),
    posterStatus: text("poster_status", { enum: POSTER_STATES }).notNull().default("none"),
    durationSeconds: real("duration_seconds"),
    width: integer("width"),
    height: integer("height"),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex("episodes_video_key_unique").on(t.videoKey),
    uniqueIndex("episodes_cover_key_unique").on(t.coverKey),
    index("episodes_public_idx").on(t.hidden, t.createdAt),
  ],
);

export const DONATION_STATES = ["pending", "succeeded", "failed"] as const;

/** A donation: 'pending' when its payment is started, 'succeeded' only on the verified webhook. */
export const donations = sqliteTable(
  "donations",
  {
    id: text("id").primaryKey(),
    paymentIntentId: text("payment_intent_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: DONATION_STATES }).notNull().default("pending"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    donorName: text("donor_name").notNull().default(""),
    message: text("message").notNull().default(""),
    showName: integer("show_name", { mode: "boolean" }).notNull().default(true),
    showAmount: integer("show_amount", { mode: "boolean" }).notNull().default(true),
    /** The webhook event that confirmed it: a repeated event changes nothing. */
    eventId: text("event_id"),
    /** A keyed hash of the starting client (migration 0017): its open intent is reused. */
    clientKey: text("client_key"),
    createdAt: createdAt(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("donations_intent_unique").on(t.paymentIntentId),
    uniqueIndex("donations_event_unique").on(t.eventId),
    index("donations_status_idx").on(t.status, t.confirmedAt),
    index("donations_client_idx").on(t.clientKey, t.status, t.createdAt),
    index("donations_pending_idx").on(t.status, t.createdAt),
  ],
);

export type CommunitySignup = typeof communitySignups.$inferSelect;
export type BeatBattle = typeof beatBattles.$inferSelect;
export type BeatBattleEntry = typeof beatBattleEntries.$inferSelect;
export type Episode = typeof episodes.$inferSelect;
export type Donation = typeof donations.$inferSelect;

// ── Digital store: carts, orders, payments (issue 9, buyer side; ADR 010) ────

export const cartItems = sqliteTable(
  "cart_items",
  {
    userId: owner(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: integer("added_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("cart_items_product_idx").on(t.productId)],
);

export const ORDER_STATES = ["pending", "paid", "refunded", "canceled"] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const PAYMENT_PROVIDERS = ["stripe", "test", "none"] as const;

/** One checkout. Revenue = amountCents − refundedCents of paid (and refunded) orders. */
export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** The buyer; kept null when the account goes so the sales record stays. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    status: text("status", { enum: ORDER_STATES }).notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundDueCents: integer("refund_due_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    paymentIntentId: text("payment_intent_id"),
    lastPaymentError: text("last_payment_error"),
    packageJobId: text("package_job_id"),
    notice: text("notice"),
    /** A free-licence claim's product (migration 0017): one such order per member and product. */
    freeProductId: text("free_product_id"),
    createdAt: createdAt(),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("orders_free_claim_unique").on(t.userId, t.freeProductId).where(sql`${t.freeProductId} IS NOT NULL`),
    uniqueIndex("orders_number_unique").on(t.number),
    uniqueIndex("orders_payment_intent_unique").on(t.paymentIntentId),
    index("orders_status_idx").on(t.status, t.paidAt),
    check("orders_status", sql`${t.status} IN ('pending', 'paid', 'refunded', 'canceled')`),
  ],
);

export const ORDER_ITEM_STATES = ["pending", "fulfilled", "refunded"] as const;

/** A product in an order, frozen at checkout (title, seller, licence, price). */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    sellerUsername: text("seller_username").notNull(),
    title: text("title").notNull(),
    licenseType: text("license_type", { enum: LICENSE_TYPES }).notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: ORDER_ITEM_STATES }).notNull().default("pending"),
    fulfilmentRun: text("fulfilment_run"),
    fileIds: text("file_ids", { mode: "json" }).$type<string[]>(),
    licenceCode: text("licence_code").notNull(),
    licenceKey: text("licence_key"),
    fulfilledAt: integer("fulfilled_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("order_items_order_product_unique").on(t.orderId, t.productId),
    uniqueIndex("order_items_licence_unique").on(t.licenceCode),
    index("order_items_product_idx").on(t.productId, t.status),
    index("order_items_run_idx").on(t.fulfilmentRun),
  ],
);

/** The payment webhook's ledger, one row per event id. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  paymentIntentId: text("payment_intent_id"),
  status: text("status", { enum: ["processing", "done"] })
    .notNull()
    .default("processing"),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

/** The local test provider's payment intents (development only). */
export const testPaymentIntents = sqliteTable(
  "test_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    amountRefunded: integer("amount_refunded").notNull().default(0),
    refundKeys: text("refund_keys", { mode: "json" }).$type<string[]>().notNull().default([]),
    currency: text("currency").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull(),
    status: text("status").notNull().default("requires_payment_method"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("test_payment_intents_idempotency_unique").on(t.idempotencyKey),
    uniqueIndex("test_payment_intents_secret_unique").on(t.clientSecret),
  ],
);

export type CartItem = typeof cartItems.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;

// ── Shows, episodes, stitched delivery, downloads (issue 30) ─────────────────

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
}

/** What a stitched episode is made of: its segments in order and its chapters (seconds from the audio's start). */
export interface ServedVersion {
  segments: ServedSegment[];
  chapters: RenderChapter[];
}

/** A playlist published as an episode of a show (deleted with its playlist). */
export const showEpisodes = sqliteTable(
  "show_episodes",
  {
    id: text("id").primaryKey(),
    showId: text("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    playlistId: text("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("show_episodes_playlist_unique").on(t.playlistId),
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
export type DeliverySegment = typeof deliverySegments.$inferSelect;

// ── Team collaboration and document signing (issue 34; ADRs 041, 042) ─────────

/** What a member may do: viewer (see, play, download) < editor (change) < owner (share, delete). */
export const MEMBER_ROLES = ["viewer", "editor", "owner"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** People a project is shared with; its creator (`projects.user_id`) is always its owner and has no row here. */
export const projectMembers = sqliteTable(
  "project_members",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: owner(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user_idx").on(t.userId)],
);

/** People a program is shared with, as for projects. */
export const programMembers = sqliteTable(
  "program_members",
  {
    programId: text("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    userId: owner(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.userId] }), index("program_members_user_idx").on(t.userId)],
);

/** An e-mailed invitation to a project or a program; the link's token is stored only as its SHA-256. */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    programId: text("program_id").references(() => programs.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_token_unique").on(t.tokenHash),
    index("invitations_project_idx").on(t.projectId),
    index("invitations_program_idx").on(t.programId),
  ],
);

/** The project page's activity list: who did what, when. */
export const projectActivity = sqliteTable(
  "project_activity",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("project_activity_project_idx").on(t.projectId, t.createdAt)],
);

export const SIGNATURE_STATES = ["sent", "viewed", "signed", "voided"] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];

export const signatureRequests = sqliteTable(
  "signature_requests",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fileId: text("file_id").references(() => files.id, { onDelete: "set null" }),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    originalKey: text("original_key").notNull(),
    originalSha256: text("original_sha256").notNull(),
    pageCount: integer("page_count").notNull(),
    status: text("status", { enum: SIGNATURE_STATES }).notNull().default("sent"),
    code: text("code").notNull(),
    signedFileId: text("signed_file_id").references(() => files.id, { onDelete: "set null" }),
    signedKey: text("signed_key"),
    signedSha256: text("signed_sha256"),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("signature_requests_code_unique").on(t.code),
    index("signature_requests_project_idx").on(t.projectId, t.createdAt),
    index("signature_requests_signed_hash_idx").on(t.signedSha256),
  ],
);

export const signatureSigners = sqliteTable(
  "signature_signers",
  {
    id: text("id").primaryKey(),
    requestId: text("request_id")
      .notNull()
      .references(() => signatureRequests.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: SIGNATURE_STATES }).notNull().default("sent"),
    fullName: text("full_name"),
    signatureKind: text("signature_kind", { enum: ["typed", "drawn"] }),
    /** A drawn signature: an SVG path of its strokes in a 400 x 150 box (the certificate draws it as vectors). */
    signaturePath: text("signature_path"),
    ipHash: text("ip_hash"),
    viewedAt: integer("viewed_at", { mode: "timestamp_ms" }),
    signedAt: integer("signed_at", { mode: "timestamp_ms" }),
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("signature_signers_token_unique").on(t.tokenHash),
    index("signature_signers_request_idx").on(t.requestId),
    index("signature_signers_remind_idx").on(t.status, t.createdAt),
  ],
);

export type SignatureRequest = typeof signatureRequests.$inferSelect;
export type SignatureSigner = typeof signatureSigners.$inferSelect;
