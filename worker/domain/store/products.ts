// A seller's products (seed 001 screens 1–2, §7 /digi-upload-product,
// /update-title-desc-price, /delete-product-image): create from verified
// uploads, change one field at a time, remove the cover or an audio file,
// delete. Nothing a buyer bought is ever removed: a deleted product and a
// removed file are marked, and their originals stay in storage.
import { and, asc, eq, gt, inArray, isNull, ne, type SQLWrapper } from "drizzle-orm";
import { toCents } from "../../../app/kernel/schemas/money";
import {
  ALREADY_SAVED,
  FREE_HAS_NO_PRICE,
  LAST_AUDIO_FILE,
  NOT_ON_SALE,
  PRODUCT_NOT_FOUND,
  type ProductChange,
  type ProductForm,
} from "../../../app/kernel/schemas/products";
import { type Product, productFiles, products, type Upload, uploads } from "../../db/schema";
import { noteChange } from "../changes";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import { productFileJobs, sendJobs } from "./jobs";

/** The seller's store and beat pages are cached for visitors (ADR 016): every change to what they show is noted, so they are purged. */
export function storeChanged(userId: string, productId: string) {
  noteChange({ kind: "product", sellerId: userId, productId });
}

export async function productExists(deps: Pick<Deps, "db">, productId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return Boolean(row);
}

/** The seller's own product, not deleted; anyone else's (or a missing one) is NotFound, so ids do not leak. */
export async function ownProduct(deps: Pick<Deps, "db">, userId: string, productId: string): Promise<Product> {
  const [product] = await deps.db
    .select()
    .from(products)
    .where(
      and(eq(products.id, productId), eq(products.userId, userId), inArray(products.status, ["active", "withdrawn"])),
    );
  if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
  return product;
}

/** A withdrawn product (an exclusive sold) is kept as it was sold. */
export function requireOnSale(product: Product): Product {
  if (product.status !== "active") throw new Conflict(NOT_ON_SALE);
  return product;
}

/** The seller's staged uploads named by the form, in its order; a missing or failed one is named. */
async function stagedUploads(deps: Deps, userId: string, form: ProductForm) {
  const ids = [...new Set([...(form.coverUploadId ? [form.coverUploadId] : []), ...form.audioUploadIds])];
  const rows = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, ids)));
  const find = (id: string, purpose: string, field: string): Upload => {
    const upload = rows.find((row) => row.id === id);
    if (upload?.status === "completed" && upload.purpose === purpose && upload.target.productId === form.productId) {
      return upload;
    }
    const message = `${upload?.fileName ?? "A file"} was not uploaded. Please upload it again.`;
    throw new Invalid(message, { [field]: [message] });
  };
  return {
    cover: form.coverUploadId ? find(form.coverUploadId, "product-cover", "coverUploadId") : null,
    audio: [...new Set(form.audioUploadIds)].map((id, i) => find(id, "product-audio", `audioUploadIds.${i}`)),
  };
}

/** Saves a product whose files were all verified: the product, its files and their jobs in one batch. */
export async function createProduct(deps: Deps, userId: string, form: ProductForm) {
  if (await productExists(deps, form.productId)) throw new Conflict(ALREADY_SAVED);
  const { cover, audio } = await stagedUploads(deps, userId, form);
  const files = audio.map((upload, i) => ({ upload, id: crypto.randomUUID(), seqPos: i + 1 }));
  const queued = files.map((file) => productFileJobs(deps, userId, { id: file.id, key: file.upload.key }));
  await deps.db.batch([
    deps.db.insert(products).values({
      id: form.productId,
      userId,
      title: form.title,
      description: form.description,
      priceCents: toCents(form.price),
      quantity: form.quantity,
      licenseType: form.licenseType,
      accessType: form.accessType,
      coverKey: cover?.key ?? null,
      coverContentType: cover?.contentType ?? null,
    }),
    // One statement per file: a multi-row insert would pass D1's 100 bound parameters.
    ...files.map(({ upload, id, seqPos }) =>
      deps.db.insert(productFiles).values({
        id,
        productId: form.productId,
        userId,
        key: upload.key,
        fileName: upload.fileName,
        contentType: upload.contentType,
        size: upload.size,
        seqPos,
        probeStatus: "queued",
        previewStatus: "queued",
      }),
    ),
    ...queued.flatMap((q) => q.statements),
  ]);
  await sendJobs(
    deps,
    queued.flatMap((q) => q.messages),
  );
  storeChanged(userId, form.productId);
  return { productId: form.productId, fileIds: files.map((file) => file.id) };
}

/** One field of the manager's inline edit, or the access toggle. */
export async function changeProduct(deps: Deps, userId: string, productId: string, change: ProductChange) {
  const product = requireOnSale(await ownProduct(deps, userId, productId));
  if (change.price !== undefined && product.licenseType === "free") {
    throw new Invalid(FREE_HAS_NO_PRICE, { price: [FREE_HAS_NO_PRICE] });
  }
  const { price, ...rest } = change;
  const [changed] = await deps.db
    .update(products)
    .set({ ...rest, ...(price !== undefined ? { priceCents: toCents(price) } : {}), updatedAt: new Date(deps.now()) })
    .where(and(eq(products.id, productId), eq(products.status, "active")))
    .returning();
  if (!changed) throw new Conflict(NOT_ON_SALE);
  storeChanged(userId, productId);
  return changed;
}

/** Deleted for the seller and the store; kept (rows and originals) for buyers who bought it. */
export async function deleteProduct(deps: Deps, userId: string, productId: string) {
  await ownProduct(deps, userId, productId);
  const now = new Date(deps.now());
  await deps.db
    .update(products)
    .set({ status: "deleted", deletedAt: now, updatedAt: now })
    .where(eq(products.id, productId));
  storeChanged(userId, productId);
}

export async function removeCover(deps: Deps, userId: string, productId: string) {
  const product = requireOnSale(await ownProduct(deps, userId, productId));
  if (!product.coverKey) return;
  await deps.db
    .update(products)
    .set({ coverKey: null, coverContentType: null, updatedAt: new Date(deps.now()) })
    .where(eq(products.id, productId));
  storeChanged(userId, productId);
  await deps.storage.delete(product.coverKey);
}

/** Takes an audio file out of the product (not out of buyers' purchases); its preview goes. */
export async function removeAudioFile(deps: Deps, userId: string, productId: string, fileId: string) {
  requireOnSale(await ownProduct(deps, userId, productId));
  const listed = and(eq(productFiles.productId, productId), isNull(productFiles.removedAt));
  const [file] = await deps.db
    .select()
    .from(productFiles)
    .where(and(listed, eq(productFiles.id, fileId)));
  if (!file) throw new NotFound("Audio file not found.");
  // The count is checked inside the UPDATE: two removals at once cannot leave the product empty.
  const others = deps.db.$count(productFiles, and(listed, ne(productFiles.id, fileId)));
  const removed = await deps.db
    .update(productFiles)
    .set({ removedAt: new Date(deps.now()), previewKey: null })
    .where(and(eq(productFiles.id, fileId), isNull(productFiles.removedAt), gt(others, 0)))
    .returning({ id: productFiles.id });
  if (removed.length === 0) throw new Conflict(LAST_AUDIO_FILE);
  storeChanged(userId, productId);
  if (file.previewKey) await deps.storage.delete(file.previewKey);
}

/** Products' listed audio files, in order: of the ids given, or of a subquery's (to batch it with the products). */
export function listedFilesQuery(deps: Pick<Deps, "db">, productIds: string[] | SQLWrapper) {
  return deps.db
    .select()
    .from(productFiles)
    .where(and(inArray(productFiles.productId, productIds), isNull(productFiles.removedAt)))
    .orderBy(asc(productFiles.seqPos));
}

/** A product's listed audio files, in order. */
export function listedFiles(deps: Pick<Deps, "db">, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return listedFilesQuery(deps, productIds);
}
