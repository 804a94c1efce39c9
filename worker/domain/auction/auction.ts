// Auction rules outside the BidItem object: creating items (admin, or by
// approving a member's item), the gallery listing, offers with their
// preconditions, closing and approving (admin).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { bidItemDraft, type MemberItemForm, NO_VALID_ITEMS } from "../../../app/kernel/schemas/auction";
import { toCents } from "../../../app/kernel/schemas/money";
import { bidItems, memberItems, uploads } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import { readableCode } from "../../security/crypto";
import { imageTypeOf } from "../../storage/images";
import { PHOTO_SIZE_TYPE, PHOTO_WIDTHS, type PhotoWidth, photoSize } from "../../storage/photo-sizes";
import { noteChange } from "../changes";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import type { Offer } from "./bid-item";
import { APPROVE_ONLY_WINNER, lotState } from "./lot-state";

const MEDIA_URL_SECONDS = 60 * 60;

/** 6 characters, uppercase letters and digits (seed 001 §9), none of them I, L, O or U. */
export function shortCode(): string {
  return readableCode(6);
}

export function bidItem(deps: Deps, code: string) {
  return deps.bidItems.get(deps.bidItems.idFromName(code));
}

/**
 * A member's pseudonym on one item: what watchers see of who leads and who bid, so a page can tell
 * its member "you lead" without the object sending anyone's identity. Member ids are random UUIDs,
 * so the hash cannot be traced back, and it differs from item to item.
 */
export async function bidderTag(code: string, userId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`bid-item:${code}:${userId}`));
  return [...new Uint8Array(digest, 0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Writes the listing row (retrying on a short-code or ticket collision), then opens the object. */
async function list(
  deps: Deps,
  item: {
    title: string;
    description: string;
    priceCents: number;
    media: { key: string; fileName: string; kind: string; contentType?: string }[];
    createdBy: string;
    endsAt: number | null;
    code?: string;
  },
) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = item.code ?? shortCode();
    try {
      await deps.db.insert(bidItems).values({
        shortCode: code,
        ticketNumber: sql`(SELECT COALESCE(MAX(${bidItems.ticketNumber}), 1000) + 1 FROM ${bidItems})`,
        title: item.title,
        description: item.description,
        priceCents: item.priceCents,
        media: item.media,
        createdBy: item.createdBy,
        endsAt: item.endsAt ? new Date(item.endsAt) : null,
      });
      noteChange({ kind: "auction" });
      await bidItem(deps, code).open({
        shortCode: code,
        title: item.title,
        priceCents: item.priceCents,
        endsAt: item.endsAt,
      });
      return code;
    } catch (error) {
      if (!isUniqueViolation(error) || item.code) throw error;
    }
  }
  throw new Error("could not allocate a unique short code");
}

export interface CreateResult {
  created: { shortCode: string; title: string }[];
  skipped: { index: number; message: string }[];
}

export async function createBidItems(deps: Deps, adminId: string, drafts: unknown[]): Promise<CreateResult> {
  const result: CreateResult = { created: [], skipped: [] };
  for (const [index, draft] of drafts.entries()) {
    const parsed = bidItemDraft.safeParse(draft);
    if (!parsed.success) {
      result.skipped.push({ index, message: parsed.error.issues[0]!.message });
      continue;
    }
    const media = await deps.db
      .select({ id: uploads.id, key: uploads.key, fileName: uploads.fileName, contentType: uploads.contentType })
      .from(uploads)
      .where(
        and(
          inArray(uploads.id, parsed.data.mediaIds),
          eq(uploads.userId, adminId),
          eq(uploads.purpose, "bid-media"),
          eq(uploads.status, "completed"),
        ),
      );
    if (media.length !== new Set(parsed.data.mediaIds).size) {
      result.skipped.push({ index, message: "A file of this item was not uploaded." });
      continue;
    }
    const code = await list(deps, {
      title: parsed.data.title,
      description: parsed.data.description,
      priceCents: toCents(parsed.data.price),
      media: media.map((m) => ({
        key: m.key,
        fileName: m.fileName,
        kind: m.contentType.split("/")[0] ?? "other",
        contentType: m.contentType,
      })),
      createdBy: adminId,
      endsAt: parsed.data.endsAt ? Date.parse(parsed.data.endsAt) : null,
    });
    result.created.push({ shortCode: code, title: parsed.data.title });
  }
  if (result.created.length === 0)
    throw new Invalid(NO_VALID_ITEMS, { items: [...new Set(result.skipped.map((s) => s.message)), NO_VALID_ITEMS] });
  return result;
}

/** What the gallery shows of a listed item; the rest of the row (creator, timestamps) stays on the server. */
const GALLERY_COLUMNS = {
  shortCode: bidItems.shortCode,
  ticketNumber: bidItems.ticketNumber,
  title: bidItems.title,
  description: bidItems.description,
  priceCents: bidItems.priceCents,
  bidCount: bidItems.bidCount,
  status: bidItems.status,
  endsAt: bidItems.endsAt,
  media: bidItems.media,
};

type ListedRow = {
  [K in keyof typeof GALLERY_COLUMNS]: (typeof bidItems.$inferSelect)[K];
};

/** A listing row as a page shows it: the end as epoch ms, each medium with a signed URL that lasts an hour. */
async function shown(deps: Deps, { endsAt, media, ...listed }: ListedRow) {
  const signed = async ({ key, contentType, kind, fileName }: ListedRow["media"][number], index: number) => ({
    kind,
    fileName,
    // A photo's smaller copies (lotPhoto), for an <img srcset>; the smallest for thumbnails.
    ...(kind === "image"
      ? {
          srcSet: PHOTO_WIDTHS.map((width) => `${lotPhotoPath(listed.shortCode, index, width)} ${width}w`).join(", "),
          small: lotPhotoPath(listed.shortCode, index, PHOTO_WIDTHS[0]),
        }
      : {}),
    // A photo says it is one even when its row predates the kept type (issue 44 item 3).
    url: (
      await deps.storage.signer.signGet(
        { key, contentType: kind === "image" ? (imageTypeOf(contentType, key) ?? contentType) : contentType },
        MEDIA_URL_SECONDS,
      )
    ).url,
  });
  return { ...listed, endsAt: endsAt?.getTime() ?? null, media: await Promise.all(media.map(signed)) };
}

const lotPhotoPath = (code: string, index: number, width: PhotoWidth) =>
  `/api/bid-items/${code}/photos/${index}?w=${width}`;

/**
 * A lot's photo number `index` at most `width` px wide (../../storage/photo-sizes.ts): the key and
 * type to serve; the original when the binding cannot resize it. Lots are public, as their page is.
 */
export async function lotPhoto(deps: Deps, param: string, index: number, width: PhotoWidth) {
  const code = await resolveLotCode(deps, param);
  const [row] = code
    ? await deps.db.select({ media: bidItems.media }).from(bidItems).where(eq(bidItems.shortCode, code))
    : [];
  const medium = row?.media[index];
  const type = medium?.kind === "image" ? imageTypeOf(medium.contentType, medium.key) : null;
  if (!medium || !type) throw new NotFound("This lot has no such photo.");
  const sized = await photoSize(deps.storage, deps.images, medium.key, width);
  return sized ? { key: sized, contentType: PHOTO_SIZE_TYPE } : { key: medium.key, contentType: type };
}

/** The listing, newest first, each medium with a signed URL that lasts an hour. */
export async function listGallery(deps: Deps) {
  const rows = await deps.db.select(GALLERY_COLUMNS).from(bidItems).orderBy(desc(bidItems.createdAt));
  return Promise.all(rows.map((row) => shown(deps, row)));
}

/** A lot's address: its short code, in any case (`/bidgallery/ab12cd` finds `AB12CD`). */
export function lotCode(param: string) {
  return param.trim().toUpperCase();
}

/** A code as read, not as written: O is 0, I and L are 1 (codes made before the alphabet lost them). */
export function asRead(code: string) {
  return lotCode(code).replace(/O/g, "0").replace(/[IL]/g, "1");
}

/**
 * The stored code a typed one names: itself in any case, else the one it reads as (`L3S005` finds
 * `L3SOO5`, `9rc761` finds `9RC76I`). Exact first; of several look-alikes, the oldest. Null if none.
 */
export async function resolveLotCode(deps: Deps, param: string): Promise<string | null> {
  const code = lotCode(param);
  if (!/^[A-Z0-9]{1,16}$/.test(code)) return null;
  const readable = asRead(code);
  const stored = sql<string>`replace(replace(replace(upper(${bidItems.shortCode}), 'O', '0'), 'I', '1'), 'L', '1')`;
  const rows = await deps.db
    .select({ code: bidItems.shortCode })
    .from(bidItems)
    .where(sql`${bidItems.shortCode} = ${code} or ${stored} = ${readable}`)
    .orderBy(asc(bidItems.createdAt))
    .limit(8);
  return rows.find((row) => row.code === code)?.code ?? rows[0]?.code ?? null;
}

/**
 * One lot's page (`/bidgallery/:code`): the listing row with the object's live state over it (the
 * listing trails an accepted offer by one write, ADR 155), the newest public bids (masked names and
 * per-item tags only) and, for a signed-in viewer, their own tag and maximum. Nothing else of the
 * offers (e-mails, usernames, other maximums) leaves the object. An unknown code is `NotFound`.
 */
export async function lotView(deps: Deps, param: string, viewerId: string | null) {
  const code = await resolveLotCode(deps, param);
  if (!code) throw new NotFound(NO_SUCH_ITEM);
  const [row] = await deps.db.select(GALLERY_COLUMNS).from(bidItems).where(eq(bidItems.shortCode, code));
  if (!row) throw new NotFound(NO_SUCH_ITEM);
  const stub = bidItem(deps, code);
  const tag = viewerId ? await bidderTag(code, viewerId) : null;
  const [item, state, history, maxCents] = await Promise.all([
    shown(deps, row),
    stub.state(),
    stub.history(),
    tag ? stub.maximumOf(tag) : Promise.resolve(null),
  ]);
  return {
    item: state
      ? {
          ...item,
          priceCents: state.priceCents,
          status: state.status,
          endsAt: state.endsAt,
          bidCount: state.bids,
        }
      : item,
    leader: state?.leader ?? null,
    version: state?.version ?? 0,
    history,
    you: tag ? { tag, maxCents } : null,
  };
}

/** The item's object, for a watcher's WebSocket; only listed items have one. */
export async function liveItem(deps: Deps, code: string) {
  await listedItem(deps, code);
  return bidItem(deps, code);
}

export const NO_SUCH_ITEM = "This item does not exist.";

async function listedItem(deps: Deps, code: string) {
  const [listed] = await listedQuery(deps, code);
  if (!listed) throw new NotFound(NO_SUCH_ITEM);
}

/** The listing row of an item (one row or none), for callers that batch it with their own reads. */
export function listedQuery(deps: Deps, code: string) {
  return deps.db.select({ code: bidItems.shortCode }).from(bidItems).where(eq(bidItems.shortCode, code));
}

export async function closeBidItem(deps: Deps, code: string) {
  await listedItem(deps, code);
  noteChange({ kind: "auction" });
  return (await bidItem(deps, code).close())!;
}

export async function approveOffer(deps: Deps, code: string, offerId: number) {
  await listedItem(deps, code);
  const result = await bidItem(deps, code).approveOffer(offerId);
  if (!result.ok && result.reason === "missing") throw new NotFound("No such offer on this item.");
  if (!result.ok) throw new Conflict(APPROVE_ONLY_WINNER);
  return result.offer;
}

const offerItems = (deps: Pick<Deps, "db">) =>
  deps.db
    .select({ shortCode: bidItems.shortCode, title: bidItems.title, status: bidItems.status })
    .from(bidItems)
    .orderBy(asc(bidItems.ticketNumber));

/** Offers grouped by item, for the admin (seed 001 §3 'Offer group'). */
export async function allOffers(deps: Deps) {
  return offerGroups(deps, await offerItems(deps));
}

/**
 * The dashboard's auction section: pending member items and the offer groups, with D1 read in one
 * round trip (ADR 024); the offers themselves come from each item's object.
 */
export async function auctionBoard(deps: Deps) {
  const [pending, items] = await deps.db.batch([pendingItems(deps), offerItems(deps)]);
  return { memberItems: pending, offerGroups: await offerGroups(deps, items) };
}

function offerGroups(deps: Deps, rows: { shortCode: string; title: string; status: string }[]) {
  return Promise.all(
    rows.map(async (row) => {
      const stub = bidItem(deps, row.shortCode);
      const [state, offers] = await Promise.all([stub.state(), stub.offers()]);
      const status = state?.status ?? row.status;
      return {
        shortCode: row.shortCode,
        title: row.title,
        closed: status === "closed",
        ...lotState(status, offers, state?.leader ?? null),
        endsAt: state?.endsAt ?? null,
        priceCents: state?.priceCents ?? null,
        ...standing(offers, state?.leader ?? null),
        offers,
      };
    }),
  );
}

/** Who leads (the winner once closed) and the runner-up: each bidder's highest maximum, the leader's first. */
function standing(offers: Offer[], leaderTag: string | null) {
  const best = new Map<string, Offer>();
  for (const offer of offers) {
    if (offer.kind === "auto") continue;
    const known = best.get(offer.tag);
    if (!known || offer.maxCents > known.maxCents) best.set(offer.tag, offer);
  }
  const bidder = (offer: Offer | undefined) =>
    offer ? { username: offer.username, email: offer.email, maxCents: offer.maxCents } : null;
  // The runner-up: the highest other maximum, the earlier of two equal ones.
  const others = [...best.values()].filter((offer) => offer.tag !== leaderTag);
  others.sort((a, b) => b.maxCents - a.maxCents || a.id - b.id);
  return { leader: bidder(leaderTag === null ? undefined : best.get(leaderTag)), runnerUp: bidder(others[0]) };
}

// ── member items ──

export async function submitMemberItem(deps: Deps, userId: string, form: MemberItemForm) {
  const [item] = await deps.db
    .insert(memberItems)
    .values({
      id: crypto.randomUUID(),
      userId,
      title: form.title,
      description: form.description,
      priceCents: toCents(form.price),
      shortCode: shortCode(),
    })
    .returning();
  return item!;
}

export function listMemberItems(deps: Deps, status: "pending" | "approved" | "denied" = "pending") {
  return pendingItems(deps, status);
}

function pendingItems(deps: Pick<Deps, "db">, status: "pending" | "approved" | "denied" = "pending") {
  return deps.db.select().from(memberItems).where(eq(memberItems.status, status)).orderBy(asc(memberItems.createdAt));
}

async function decide(deps: Deps, adminId: string, id: string, status: "approved" | "denied") {
  const [decided] = await deps.db
    .update(memberItems)
    .set({ status, approvedBy: adminId, decidedAt: new Date(deps.now()) })
    .where(and(eq(memberItems.id, id), eq(memberItems.status, "pending")))
    .returning();
  if (!decided) throw new NotFound("No pending item with this id.");
  return decided;
}

/** Approving puts the item in the gallery under its short code; the approver is recorded. */
export async function approveMemberItem(deps: Deps, adminId: string, id: string) {
  const [item] = await deps.db
    .select()
    .from(memberItems)
    .where(and(eq(memberItems.id, id), eq(memberItems.status, "pending")));
  if (!item) throw new NotFound("No pending item with this id.");
  // Listed first: a failure leaves the item pending, never approved but missing from the gallery.
  await list(deps, {
    title: item.title,
    description: item.description,
    priceCents: item.priceCents,
    media: [],
    createdBy: item.userId,
    endsAt: null,
    code: item.shortCode,
  });
  return decide(deps, adminId, id, "approved");
}

export function denyMemberItem(deps: Deps, adminId: string, id: string) {
  return decide(deps, adminId, id, "denied");
}
