// What pages see of products (seed 001 §7 /digi-get-products, /digi-store/{userId}).
// The seller's manager gets short-lived links to the originals; the store
// page gets only previews and waveform peaks, never an original's key or link.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { StoreQuery } from "../../../app/kernel/schemas/beat-details";
import { PRODUCT_UNAVAILABLE } from "../../../app/kernel/schemas/checkout";
import { STEMS_TYPE } from "../../../app/kernel/schemas/products";
import type { Product, ProductFile, ProductTier } from "../../db/schema";
import { products, productTiers, users } from "../../db/schema";
import { imageTypeOf } from "../../storage/images";
import type { Deps } from "../deps";
import { NotFound } from "../errors";
import { listedFiles, listedFilesQuery } from "./products";
import { listedTiers, listedTiersQuery, type TierView, tierView } from "./tiers";

/** Page links live an hour: long enough to listen, short enough not to be shared for good. */
export const LINK_SECONDS = 60 * 60;
/** The most products one list shows (ours; also keeps `inArray` under D1's 100 bound parameters). */
export const MAX_LISTED_PRODUCTS = 90;

export interface AudioFileView {
  id: string;
  fileName: string;
  durationSeconds: number | null;
  sampleRate: number | null;
  channels: number | null;
  bitrate: number | null;
  probeStatus: ProductFile["probeStatus"];
  previewStatus: ProductFile["previewStatus"];
  peaks: number[] | null;
  /** The streaming preview (MP3 with the voice tag), once made. */
  previewUrl: string | null;
  /** The original: only in the seller's own views. */
  url?: string;
  contentType?: string;
}

/** The product's own columns every view shows as stored. */
const SHOWN_COLUMNS = [
  "id",
  "title",
  "description",
  "priceCents",
  "quantity",
  "licenseType",
  "accessType",
  "status",
  "bpm",
  "musicalKey",
  "genre",
  "mood",
  "tags",
  "plays",
  "freeAsksEmail",
] as const satisfies readonly (keyof Product)[];

/** A product as pages see it: its shown columns, typed from the schema, and what is made from its other rows. */
export type ProductView = Pick<Product, (typeof SHOWN_COLUMNS)[number]> & {
  coverUrl: string | null;
  files: AudioFileView[];
  /** Licence tiers beyond the product's own licence (ADR 044), in the seller's order. */
  tiers: TierView[];
  /** The BPM the probe heard in the beat's first timed audio file: the seller's views only, to confirm or edit. */
  suggestedBpm: { bpm: number; confidence: number } | null;
};

/** The suggestion of the first audio file (in the seller's order) the probe could time. */
export function suggestedBpm(files: readonly ProductFile[]): ProductView["suggestedBpm"] {
  const timed = files.find((file) => file.tempoBpm !== null && file.contentType !== STEMS_TYPE);
  return timed ? { bpm: Math.round(timed.tempoBpm!), confidence: timed.tempoConfidence ?? 0 } : null;
}

function shownColumns(row: Product) {
  return Object.fromEntries(SHOWN_COLUMNS.map((column) => [column, row[column]])) as Pick<
    Product,
    (typeof SHOWN_COLUMNS)[number]
  >;
}

/** A link serving the object as its checked type (images and audio inline). */
async function link(deps: Deps, key: string | null, contentType: string | null) {
  return key
    ? (await deps.storage.signer.signGet({ key, contentType: contentType ?? undefined }, LINK_SECONDS)).url
    : null;
}

async function fileView(deps: Deps, file: ProductFile, original: boolean): Promise<AudioFileView> {
  return {
    id: file.id,
    fileName: file.fileName,
    durationSeconds: file.durationSeconds,
    sampleRate: file.sampleRate,
    channels: file.channels,
    bitrate: file.bitrate,
    probeStatus: file.probeStatus,
    previewStatus: file.previewStatus,
    peaks: file.peaks ?? null,
    previewUrl: file.previewStatus === "done" ? await link(deps, file.previewKey, "audio/mpeg") : null,
    ...(original ? { url: (await link(deps, file.key, file.contentType))!, contentType: file.contentType } : {}),
  };
}

async function views(
  deps: Deps,
  rows: Product[],
  originals: boolean,
  listed?: ProductFile[],
  offered?: ProductTier[],
): Promise<ProductView[]> {
  const ids = rows.map((row) => row.id);
  // Side by side: one wait for both.
  const [files, tiers] = await Promise.all([listed ?? listedFiles(deps, ids), offered ?? listedTiers(deps, ids)]);
  return Promise.all(
    rows.map(async (row) => {
      const own = files.filter((file) => file.productId === row.id);
      return {
        ...shownColumns(row),
        coverUrl: await link(deps, row.coverKey, row.coverKey && imageTypeOf(row.coverContentType, row.coverKey)),
        files: await Promise.all(
          own
            // The stems zip is no preview: buyers see it as what a tier delivers, the seller among the files.
            .filter((file) => originals || file.contentType !== STEMS_TYPE)
            .map((file) => fileView(deps, file, originals)),
        ),
        tiers: tiers.filter((tier) => tier.productId === row.id).map(tierView),
        suggestedBpm: originals ? suggestedBpm(own) : null,
      };
    }),
  );
}

/** One of the seller's products as their manager shows it (originals linked). */
export async function ownProductView(deps: Deps, row: Product): Promise<ProductView> {
  const [view] = await views(deps, [row], true);
  return view!;
}

/** 'My Digital Products': the seller's products on sale or withdrawn (an exclusive sold), newest first. */
export async function listOwnProducts(deps: Deps, userId: string): Promise<ProductView[]> {
  const rows = await deps.db
    .select()
    .from(products)
    .where(and(eq(products.userId, userId), inArray(products.status, ["active", "withdrawn"])))
    .orderBy(desc(products.createdAt))
    .limit(MAX_LISTED_PRODUCTS);
  return views(deps, rows, true);
}

/** Who sells: the account's name is the display name (no bio, banner or links are stored). */
export interface SellerView {
  id: string;
  username: string;
  name: string;
  createdAt: Date;
}

const sellerColumns = { id: users.id, username: users.username, name: users.name, createdAt: users.createdAt };

export interface StoreView {
  seller: SellerView | null;
  /** The store's size whatever the filters: beats listed, their preview plays and their sales. */
  stats: { beats: number; plays: number; sales: number };
  /** The viewer is the seller: private products are listed too, marked. */
  own: boolean;
  products: ProductView[];
  /** The genres the store has, for its filter. */
  genres: string[];
}

/** A product's lowest price: its own licence or its cheapest tier on offer. */
export const fromPrice = sql<number>`COALESCE(min("products"."price_cents", (SELECT min(t.price_cents)
  FROM product_tiers t WHERE t.product_id = "products"."id" AND t.removed_at IS NULL)), "products"."price_cents")`;
/** Sales (fulfilled items) of a product, for the popularity sort. */
const sales = sql<number>`(SELECT count(*) FROM order_items s WHERE s.product_id = "products"."id" AND s.status = 'fulfilled')`;

function storeFilters(query: Partial<StoreQuery>) {
  const cents = (dollars: number) => Math.round(dollars * 100);
  return [
    query.q
      ? sql`(instr(lower("products"."title"), lower(${query.q})) > 0 OR instr(lower("products"."tags"), lower(${query.q})) > 0)`
      : undefined,
    query.genre ? sql`lower(${products.genre}) = lower(${query.genre})` : undefined,
    query.key ? eq(products.musicalKey, query.key) : undefined,
    query.bpmMin !== undefined ? gte(products.bpm, query.bpmMin) : undefined,
    query.bpmMax !== undefined ? lte(products.bpm, query.bpmMax) : undefined,
    query.priceMin !== undefined ? sql`${fromPrice} >= ${cents(query.priceMin)}` : undefined,
    query.priceMax !== undefined ? sql`${fromPrice} <= ${cents(query.priceMax)}` : undefined,
  ];
}

function storeOrder(sort: StoreQuery["sort"]) {
  switch (sort) {
    case "price-asc":
      return [asc(fromPrice), desc(products.createdAt)];
    case "price-desc":
      return [desc(fromPrice), desc(products.createdAt)];
    case "popular":
      return [desc(sales), desc(products.plays), desc(products.createdAt)];
    default:
      return [desc(products.createdAt)];
  }
}

/**
 * A seller's store: products on sale and public-read; the seller also sees
 * their private ones. Visitors may browse, filter (genre, key, BPM, price),
 * search titles and tags and sort (ADR 044). Previews only.
 */
export async function listStore(
  deps: Deps,
  viewerId: string | null,
  sellerId: string,
  query: Partial<StoreQuery> = {},
): Promise<StoreView> {
  const own = viewerId === sellerId;
  const inStore = and(
    eq(products.userId, sellerId),
    eq(products.status, "active"),
    own ? undefined : eq(products.accessType, "public-read"),
  );
  const listed = and(inStore, ...storeFilters(query));
  const order = storeOrder(query.sort);
  const shownIds = deps.db
    .select({ id: products.id })
    .from(products)
    .where(listed)
    .orderBy(...order)
    .limit(MAX_LISTED_PRODUCTS);
  // One D1 round trip (ADR 024): the seller, their listed products, those products' files and tiers,
  // the genres and the store's counts.
  const [[seller], rows, files, tiers, genres, [stats]] = await deps.db.batch([
    deps.db.select(sellerColumns).from(users).where(eq(users.id, sellerId)),
    deps.db
      .select()
      .from(products)
      .where(listed)
      .orderBy(...order)
      .limit(MAX_LISTED_PRODUCTS),
    listedFilesQuery(deps, shownIds),
    deps.db
      .select()
      .from(productTiers)
      .where(and(inArray(productTiers.productId, shownIds), isNull(productTiers.removedAt)))
      .orderBy(asc(productTiers.seqPos), asc(productTiers.createdAt)),
    deps.db
      .selectDistinct({ genre: products.genre })
      .from(products)
      .where(and(inStore, isNotNull(products.genre)))
      .orderBy(asc(products.genre))
      .limit(50),
    deps.db
      .select({
        beats: sql<number>`count(*)`,
        plays: sql<number>`coalesce(sum(${products.plays}), 0)`,
        sales: sql<number>`coalesce(sum(${sales}), 0)`,
      })
      .from(products)
      .where(inStore),
  ]);
  if (!seller) return { seller: null, stats: { beats: 0, plays: 0, sales: 0 }, own: false, products: [], genres: [] };
  return {
    seller,
    stats: {
      beats: Number(stats?.beats ?? 0),
      plays: Number(stats?.plays ?? 0),
      sales: Number(stats?.sales ?? 0),
    },
    own,
    products: await views(deps, rows, false, files, tiers),
    genres: genres.map((row) => row.genre!).filter(Boolean),
  };
}

export interface StoreProductView {
  seller: SellerView;
  own: boolean;
  product: ProductView;
}

/**
 * One product of a seller's store, for its own page (/digiprev/:userId/:productId): on sale and
 * public-read (the seller also sees their private one). Anything else is a 404. Previews only.
 */
export async function storeProduct(
  deps: Deps,
  viewerId: string | null,
  sellerId: string,
  productId: string,
): Promise<StoreProductView> {
  const own = viewerId === sellerId;
  const shown = and(
    eq(products.id, productId),
    eq(products.userId, sellerId),
    eq(products.status, "active"),
    own ? undefined : eq(products.accessType, "public-read"),
  );
  const [[seller], rows, files, tiers] = await deps.db.batch([
    deps.db.select(sellerColumns).from(users).where(eq(users.id, sellerId)),
    deps.db.select().from(products).where(shown),
    listedFilesQuery(deps, deps.db.select({ id: products.id }).from(products).where(shown)),
    listedTiersQuery(deps, [productId]),
  ]);
  if (!seller || !rows[0]) throw new NotFound(PRODUCT_UNAVAILABLE);
  const [product] = await views(deps, rows, false, files, tiers);
  return { seller, own, product: product! };
}
