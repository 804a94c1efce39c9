// A free beat for an e-mail address (issue 33, ADR 055). A visitor on a free beat's page gives an
// address and agrees to hear from the producer; the link arrives by e-mail through the mail module,
// so the address is real and the producer's list holds only people who asked. Rate-limited per
// client and per address, so the form cannot be used to flood someone's inbox.
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import {
  FREE_ASKS_EMAIL,
  FREE_DELIVERY_FREE_ONLY,
  FREE_DOWNLOADS_DIRECTLY,
  FREE_LINK_DAYS,
  FREE_LINK_INVALID,
  FREE_LINK_SENT,
  FREE_MAIL_FAILED,
  FREE_NOT_OFFERED,
  type FreeDelivery,
  type FreeDownloadForm,
} from "../../../app/kernel/schemas/free-downloads";
import { PRODUCT_NOT_FOUND, STEMS_TYPE } from "../../../app/kernel/schemas/products";
import { freeDownloads, productFiles, products, users } from "../../db/schema";
import { isLinkToken, randomId, sha256 } from "../../security/crypto";
import { takeAttempt } from "../../security/rate-limit";
import type { Caller, Deps } from "../deps";
import { Conflict, NotFound, Unavailable } from "../errors";
import { listedFiles, ownProduct, requireOnSale, storeChanged } from "./products";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
export const FREE_DOWNLOAD_LIMITS = { perClient: 10, perAddress: 3, windowMs: HOUR };
/** Direct downloads of free originals per browser: enough for a whole catalogue, not for a scraper's loop. */
export const DIRECT_FILE_LIMITS = { perClient: 60, windowMs: HOUR };
/** The signed file links on the download page: long enough to finish a slow download. */
const FILE_LINK_SECONDS = 60 * 60;

export async function sendFreeDownload(deps: Deps, caller: Caller, productId: string, form: FreeDownloadForm) {
  const { perClient, perAddress, windowMs } = FREE_DOWNLOAD_LIMITS;
  await takeAttempt(
    deps.db,
    [
      { scope: "free-download-client", subject: caller.clientId, max: perClient, windowMs },
      { scope: "free-download-address", subject: form.email, max: perAddress, windowMs },
    ],
    deps.now(),
  );
  const [product] = await deps.db
    .select({
      id: products.id,
      title: products.title,
      sellerId: products.userId,
      licenseType: products.licenseType,
      freeAsksEmail: products.freeAsksEmail,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "active"), eq(products.accessType, "public-read")));
  if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
  if (product.licenseType !== "free") throw new Conflict(FREE_NOT_OFFERED);
  if (!product.freeAsksEmail) throw new Conflict(FREE_DOWNLOADS_DIRECTLY);
  const [seller] = await deps.db.select({ username: users.username }).from(users).where(eq(users.id, product.sellerId));

  const token = randomId(32);
  const now = deps.now();
  const link = {
    tokenHash: await sha256(token),
    consentedAt: new Date(now),
    expiresAt: new Date(now + FREE_LINK_DAYS * DAY),
  };
  // The same address asking again gets a new link on its one row: the old link stops working.
  await deps.db
    .insert(freeDownloads)
    .values({ id: crypto.randomUUID(), productId, sellerId: product.sellerId, email: form.email, ...link })
    .onConflictDoUpdate({ target: [freeDownloads.productId, freeDownloads.email], set: link });
  const producer = seller?.username ?? "the producer";
  try {
    await deps.mail.send({
      to: form.email,
      subject: `Your free download: ${product.title}`,
      text: [
        `Here is ${product.title} by ${producer}, free under the Free License (Non-Commercial Use).`,
        "",
        `Download it within ${FREE_LINK_DAYS} days: ${deps.origin}/free/${token}`,
        "",
        `You get this e-mail because you asked for the beat on its page and agreed to hear from ${producer}.`,
        "If that was not you, ignore this message: nothing else will be sent from this request.",
      ].join("\n"),
    });
  } catch (error) {
    // The link never arrived: the form says to try again (the row keeps a token no one holds).
    console.error(error);
    throw new Unavailable(FREE_MAIL_FAILED);
  }
  return { message: FREE_LINK_SENT };
}

/** The download page of an e-mailed link: the beat and its original files, behind short-lived signed links. */
export async function freeDownloadPage(deps: Deps, token: string) {
  if (!isLinkToken(token)) throw new NotFound(FREE_LINK_INVALID);
  const [row] = await deps.db
    .select({
      id: freeDownloads.id,
      productId: products.id,
      title: products.title,
      seller: users.username,
      expiresAt: freeDownloads.expiresAt,
    })
    .from(freeDownloads)
    .innerJoin(products, eq(products.id, freeDownloads.productId))
    .innerJoin(users, eq(users.id, freeDownloads.sellerId))
    .where(
      and(
        eq(freeDownloads.tokenHash, await sha256(token)),
        gt(freeDownloads.expiresAt, new Date(deps.now())),
        ne(products.status, "deleted"),
      ),
    );
  if (!row) throw new NotFound(FREE_LINK_INVALID);
  // The opening is recorded beside the files' read: one wait for both.
  const [, files] = await Promise.all([
    deps.db
      .update(freeDownloads)
      .set({ openedAt: new Date(deps.now()) })
      .where(eq(freeDownloads.id, row.id)),
    listedFiles(deps, [row.productId]),
  ]);
  return {
    title: row.title,
    seller: row.seller,
    expiresAt: row.expiresAt.toISOString(),
    files: await Promise.all(
      files.map(async (file) => ({
        id: file.id,
        fileName: file.fileName,
        size: file.size,
        url: (
          await deps.storage.signer.signGet(
            { key: file.key, contentType: file.contentType, downloadName: file.fileName },
            FILE_LINK_SECONDS,
          )
        ).url,
      })),
    ),
  };
}

/** The seller's leads: who asked for which free beat, newest first (bounded). */
export async function freeDownloadLeads(deps: Pick<Deps, "db">, sellerId: string) {
  const rows = await deps.db
    .select({
      id: freeDownloads.id,
      email: freeDownloads.email,
      title: products.title,
      consentedAt: freeDownloads.consentedAt,
      openedAt: freeDownloads.openedAt,
    })
    .from(freeDownloads)
    .innerJoin(products, eq(products.id, freeDownloads.productId))
    .where(eq(freeDownloads.sellerId, sellerId))
    .orderBy(desc(freeDownloads.consentedAt))
    .limit(1000);
  return rows.map((row) => ({
    ...row,
    consentedAt: row.consentedAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
  }));
}
export type FreeDownloadLead = Awaited<ReturnType<typeof freeDownloadLeads>>[number];

/** The seller's switch for a free beat (ADR 062): asks for an e-mail (the default) or downloads directly. */
export async function setFreeDelivery(deps: Deps, userId: string, productId: string, { asksEmail }: FreeDelivery) {
  const product = requireOnSale(await ownProduct(deps, userId, productId));
  if (product.licenseType !== "free") throw new Conflict(FREE_DELIVERY_FREE_ONLY);
  await deps.db
    .update(products)
    .set({ freeAsksEmail: asksEmail, updatedAt: new Date(deps.now()) })
    .where(and(eq(products.id, productId), eq(products.userId, userId)));
  storeChanged(userId, productId);
}

/**
 * A short-lived link to one original of a free beat its seller lets download directly (ADR 062):
 * listed, public, free and not asking for an e-mail; anything else is refused as the page would.
 */
export async function directFreeFile(
  deps: Deps,
  caller: Caller,
  listener: string | null,
  productId: string,
  fileId: string,
): Promise<string> {
  const { perClient, windowMs } = DIRECT_FILE_LIMITS;
  await takeAttempt(
    deps.db,
    [{ scope: "free-file-client", subject: caller.clientId, max: perClient, windowMs }],
    deps.now(),
  );
  const [row] = await deps.db
    .select({
      sellerId: products.userId,
      licenseType: products.licenseType,
      freeAsksEmail: products.freeAsksEmail,
      key: productFiles.key,
      fileName: productFiles.fileName,
      contentType: productFiles.contentType,
    })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(
      and(
        eq(productFiles.id, fileId),
        eq(productFiles.productId, productId),
        isNull(productFiles.removedAt),
        ne(productFiles.contentType, STEMS_TYPE),
        eq(products.status, "active"),
        eq(products.accessType, "public-read"),
      ),
    );
  if (!row) throw new NotFound(PRODUCT_NOT_FOUND);
  if (row.licenseType !== "free") throw new Conflict(FREE_NOT_OFFERED);
  if (row.freeAsksEmail) throw new Conflict(FREE_ASKS_EMAIL);
  // Counted for the seller's sales view, as a preview play is; the seller's own downloads are not.
  if (listener !== row.sellerId) {
    await deps.db
      .update(products)
      .set({ directDownloads: sql`${products.directDownloads} + 1` })
      .where(eq(products.id, productId));
  }
  const signed = await deps.storage.signer.signGet(
    { key: row.key, contentType: row.contentType, downloadName: row.fileName },
    FILE_LINK_SECONDS,
  );
  return signed.url;
}
