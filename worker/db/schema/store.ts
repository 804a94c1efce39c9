// Digital store, seller side: products, their files, voice tags (issue 9; ADR 009).
import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner, users } from "./accounts";
import { ACCESS_TYPES, type Peaks, PROBE_STATES } from "./files";

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
    /** Beat details (migration 0024, ADR 044). */
    bpm: integer("bpm"),
    musicalKey: text("musical_key"),
    genre: text("genre"),
    mood: text("mood"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Preview plays, counted when a visitor starts one. */
    plays: integer("plays").notNull().default(0),
    /** Downloads of a free beat's originals straight from its page (ADR 062), not the seller's own. */
    directDownloads: integer("direct_downloads").notNull().default(0),
    /**
     * A free beat: true, a visitor gets it through an e-mailed link (ADR 055); false, the page
     * downloads it directly (ADR 062). Migration 0035.
     */
    freeAsksEmail: integer("free_asks_email", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    index("products_user_idx").on(t.userId, t.status),
    index("products_genre_idx").on(t.userId, t.status, t.genre),
    check("products_bpm", sql`${t.bpm} IS NULL OR (${t.bpm} BETWEEN 20 AND 400)`),
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
    /** The BPM the probe suggests (render-container/src/tempo.ts) and how sure it is, 0..1; migration 0035. */
    tempoBpm: real("tempo_bpm"),
    tempoConfidence: real("tempo_confidence"),
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

/**
 * A free beat sent to an e-mail address whose owner agreed to hear from the seller (ADR 055): the
 * seller's list of leads, and the link's token (its SHA-256) with its expiry.
 */
export const freeDownloads = sqliteTable(
  "free_downloads",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    consentedAt: integer("consented_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When the link's page was last opened: the seller sees which leads came for the beat. */
    openedAt: integer("opened_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("free_downloads_product_email_unique").on(t.productId, t.email),
    uniqueIndex("free_downloads_token_unique").on(t.tokenHash),
    index("free_downloads_seller_idx").on(t.sellerId, t.consentedAt),
  ],
);

export type Product = typeof products.$inferSelect;
export type ProductFile = typeof productFiles.$inferSelect;
