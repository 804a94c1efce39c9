// Team collaboration and document signing (issue 34; ADRs 041, 042).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner, users } from "./accounts";
import { files, projects } from "./files";
import { programs } from "./playlists";
import { shows } from "./shows";

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

/** People a show is shared with (ADR 054): editors publish and edit episodes, viewers see its private pages and stats. */
export const showMembers = sqliteTable(
  "show_members",
  {
    showId: text("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    userId: owner(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.showId, t.userId] }), index("show_members_user_idx").on(t.userId)],
);

/** An e-mailed invitation to a project, a program or a show (exactly one); the link's token is stored only as its SHA-256. */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    programId: text("program_id").references(() => programs.id, { onDelete: "cascade" }),
    showId: text("show_id").references(() => shows.id, { onDelete: "cascade" }),
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
    index("invitations_show_idx").on(t.showId),
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
