// Digital store: licence tiers per beat, sellers' licence templates and discount codes (issue 33; ADR 044).
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, owner } from "./accounts";
import { products } from "./store";

export const TIER_TEMPLATES = ["mp3-lease", "wav-lease", "stems", "unlimited", "exclusive"] as const;
export type TierTemplate = (typeof TIER_TEMPLATES)[number];
export const TIER_FORMATS = ["mp3", "wav", "stems"] as const;
export type TierFormat = (typeof TIER_FORMATS)[number];
/** What a licence allows; a null count is unlimited. */
export interface TierTerms {
  distributionCopies: number | null;
  audioStreams: number | null;
  musicVideos: number | null;
  radioStations: number | null;
  creditLine: string;
}

export const productTiers = sqliteTable(
  "product_tiers",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: owner(),
    template: text("template", { enum: TIER_TEMPLATES }).notNull(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    exclusive: integer("exclusive", { mode: "boolean" }).notNull().default(false),
    formats: text("formats", { mode: "json" }).$type<TierFormat[]>().notNull(),
    terms: text("terms", { mode: "json" }).$type<TierTerms>().notNull(),
    seqPos: integer("seq_pos").notNull().default(0),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_tiers_product_idx").on(t.productId, t.seqPos),
    check(
      "product_tiers_template",
      sql`${t.template} IN ('mp3-lease', 'wav-lease', 'stems', 'unlimited', 'exclusive')`,
    ),
    check("product_tiers_price", sql`${t.priceCents} >= 1`),
  ],
);

export const licenceTemplates = sqliteTable(
  "licence_templates",
  {
    userId: owner(),
    template: text("template", { enum: TIER_TEMPLATES }).notNull(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    formats: text("formats", { mode: "json" }).$type<TierFormat[]>().notNull(),
    terms: text("terms", { mode: "json" }).$type<TierTerms>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.template] })],
);

export const DISCOUNT_KINDS = ["percent", "amount"] as const;

export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    code: text("code").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    /** Percent (1–100) or cents. */
    value: integer("value").notNull(),
    /** null: the seller's whole store. */
    productId: text("product_id").references(() => products.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_unique").on(t.userId, t.code).where(sql`${t.deletedAt} IS NULL`),
    check("discount_codes_kind", sql`${t.kind} IN ('percent', 'amount')`),
    check(
      "discount_codes_value",
      sql`(${t.kind} = 'percent' AND ${t.value} BETWEEN 1 AND 100) OR (${t.kind} = 'amount' AND ${t.value} >= 1)`,
    ),
    check("discount_codes_max", sql`${t.maxUses} IS NULL OR ${t.maxUses} >= 1`),
    check("discount_codes_uses", sql`${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses}`),
    check(
      "discount_codes_expiry",
      sql`${t.expiresAt} IS NULL OR ${t.lastUsedAt} IS NULL OR ${t.lastUsedAt} < ${t.expiresAt}`,
    ),
  ],
);

export type ProductTier = typeof productTiers.$inferSelect;
export type DiscountCode = typeof discountCodes.$inferSelect;
