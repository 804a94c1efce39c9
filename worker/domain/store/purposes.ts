// Store uploads through the one upload module: a product's cover, its audio
// files, and the seller's voice tag (seed 001 §7 /digi-signed-url,
// /replace-product-image, /generate-upload-url + /upload-digi-file).
//
// A file for a product that exists is attached when it is verified. A file
// for a product being created is only verified ("staged"): the product and
// all its files are written together by `createProduct`, so a product never
// exists with files missing, and a file that failed is told to the seller.
import { and, count, eq, isNull, max } from "drizzle-orm";
import {
  AUDIO_EXTENSIONS,
  AUDIO_TOO_LARGE,
  AUDIO_TYPE_INVALID,
  COVER_EXTENSIONS,
  COVER_TOO_LARGE,
  COVER_TYPE_INVALID,
  hasExtension,
  MAX_AUDIO_BYTES,
  MAX_AUDIO_FILES,
  MAX_COVER_BYTES,
  MAX_STEMS_BYTES,
  STEMS_EXTENSIONS,
  STEMS_NEED_PRODUCT,
  STEMS_TOO_LARGE,
  STEMS_TYPE,
  STEMS_TYPE_INVALID,
  TOO_MANY_AUDIO_FILES,
} from "../../../app/kernel/schemas/products";
import { productFiles, products, type Upload, uploads, voiceTags } from "../../db/schema";
import { productFileKey, voiceTagKey } from "../../storage/keys";
import type { Sniffed } from "../../storage/media";
import type { Deps } from "../deps";
import { Invalid } from "../errors";
import type { Completion, Purpose } from "../uploads/purpose";
import { productFileJobs, retagJobs } from "./jobs";
import { ownProduct, productExists, requireOnSale, storeChanged } from "./products";

const COVER_TYPES = ["image/png", "image/jpeg", "image/gif"];
/** An m4a whose brand is not M4A sniffs as video/mp4: the announced audio type decides it is audio. */
const AUDIO_TYPES = ["audio/mpeg", "audio/mp4", "video/mp4", "audio/wav", "audio/aac"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkFile(
  request: { fileName: string; size: number },
  rule: { extensions: readonly string[]; typeMessage: string; maxBytes: number; sizeMessage: string },
) {
  if (!hasExtension(request.fileName, rule.extensions))
    throw new Invalid(rule.typeMessage, { file: [rule.typeMessage] });
  if (request.size > rule.maxBytes) throw new Invalid(rule.sizeMessage, { file: [rule.sizeMessage] });
}
const COVER_RULE = {
  extensions: COVER_EXTENSIONS,
  typeMessage: COVER_TYPE_INVALID,
  maxBytes: MAX_COVER_BYTES,
  sizeMessage: COVER_TOO_LARGE,
};
const AUDIO_RULE = {
  extensions: AUDIO_EXTENSIONS,
  typeMessage: AUDIO_TYPE_INVALID,
  maxBytes: MAX_AUDIO_BYTES,
  sizeMessage: AUDIO_TOO_LARGE,
};

const STEMS_RULE = {
  extensions: STEMS_EXTENSIONS,
  typeMessage: STEMS_TYPE_INVALID,
  maxBytes: MAX_STEMS_BYTES,
  sizeMessage: STEMS_TOO_LARGE,
};

/** The product a file goes to: the seller's own (not deleted), or a fresh id for a product being created. */
async function targetProduct(deps: Deps, userId: string, productId: string | undefined): Promise<string> {
  if (!productId) return crypto.randomUUID();
  if (!UUID.test(productId)) throw new Invalid("Product id is invalid.");
  if (await productExists(deps, productId)) await ownProduct(deps, userId, productId);
  return productId;
}

/** A product file's columns taken from its verified upload (audio and stems alike). */
function uploadedFile(upload: Upload, productId: string, id: string, contentType: string) {
  return {
    id,
    productId,
    userId: upload.userId,
    key: upload.key,
    fileName: upload.fileName,
    contentType,
    size: upload.size,
  };
}

/** The stored type of a verified audio file: its bytes' type, an mp4 container named audio. */
const audioType = (sniffed: Sniffed) => (sniffed.contentType === "video/mp4" ? "audio/mp4" : sniffed.contentType);

/** Verified for a product not saved yet: the upload keeps the type its bytes say, for createProduct. */
function staged(deps: Deps, upload: Upload, contentType: string): Completion {
  return {
    statements: [deps.db.update(uploads).set({ contentType }).where(eq(uploads.id, upload.id))],
    messages: [],
    record: { uploadId: upload.id, productId: upload.target.productId, fileName: upload.fileName, staged: true },
  };
}

export const productCover: Purpose = {
  allowedKinds: ["image"],

  async prepare(deps, userId, request) {
    checkFile(request, COVER_RULE);
    const productId = await targetProduct(deps, userId, request.productId);
    return { target: { productId }, key: productFileKey(userId, productId, "images", request.fileName, deps.now()) };
  },

  async complete(deps, upload, sniffed) {
    if (!COVER_TYPES.includes(sniffed.contentType)) throw new Invalid(COVER_TYPE_INVALID);
    const productId = upload.target.productId!;
    if (!(await productExists(deps, productId))) return staged(deps, upload, sniffed.contentType);
    const product = requireOnSale(await ownProduct(deps, upload.userId, productId));
    storeChanged(upload.userId, productId);
    return {
      statements: [
        deps.db
          .update(products)
          .set({ coverKey: upload.key, coverContentType: sniffed.contentType, updatedAt: new Date(deps.now()) })
          .where(eq(products.id, productId)),
      ],
      messages: [],
      record: { uploadId: upload.id, productId, fileName: upload.fileName },
      replaced: product.coverKey ? [product.coverKey] : [],
    };
  },
};

export const productAudio: Purpose = {
  allowedKinds: ["audio", "video"],

  async prepare(deps, userId, request) {
    checkFile(request, AUDIO_RULE);
    const productId = await targetProduct(deps, userId, request.productId);
    return {
      target: { productId },
      key: productFileKey(userId, productId, "audioFiles", request.fileName, deps.now()),
    };
  },

  async complete(deps, upload, sniffed) {
    if (!AUDIO_TYPES.includes(sniffed.contentType)) throw new Invalid(AUDIO_TYPE_INVALID);
    const productId = upload.target.productId!;
    if (!(await productExists(deps, productId))) return staged(deps, upload, audioType(sniffed));
    requireOnSale(await ownProduct(deps, upload.userId, productId));
    storeChanged(upload.userId, productId);
    const listed = and(eq(productFiles.productId, productId), isNull(productFiles.removedAt));
    const [{ files, last } = { files: 0, last: 0 }] = await deps.db
      .select({ files: count(), last: max(productFiles.seqPos) })
      .from(productFiles)
      .where(listed);
    if (files >= MAX_AUDIO_FILES) throw new Invalid(TOO_MANY_AUDIO_FILES);
    const fileId = crypto.randomUUID();
    const queued = productFileJobs(deps, upload.userId, { id: fileId, key: upload.key });
    return {
      statements: [
        deps.db.insert(productFiles).values({
          ...uploadedFile(upload, productId, fileId, audioType(sniffed)),
          seqPos: (last ?? 0) + 1,
          probeStatus: "queued",
          previewStatus: "queued",
        }),
        ...queued.statements,
      ],
      messages: queued.messages,
      record: { uploadId: upload.id, productId, fileId, fileName: upload.fileName },
    };
  },
};

/**
 * A beat's stems (ADR 055): one zip, attached to a saved beat, replacing the one before. It gets no
 * probe or preview; fulfilment delivers it only with a tier whose formats include stems.
 */
export const productStems: Purpose = {
  allowedKinds: ["other"],

  async prepare(deps, userId, request) {
    checkFile(request, STEMS_RULE);
    if (!request.productId || !UUID.test(request.productId)) throw new Invalid(STEMS_NEED_PRODUCT);
    requireOnSale(await ownProduct(deps, userId, request.productId));
    return {
      target: { productId: request.productId },
      key: productFileKey(userId, request.productId, "stems", request.fileName, deps.now()),
    };
  },

  async complete(deps, upload, sniffed) {
    if (sniffed.contentType !== STEMS_TYPE) throw new Invalid(STEMS_TYPE_INVALID);
    const productId = upload.target.productId!;
    requireOnSale(await ownProduct(deps, upload.userId, productId));
    const fileId = crypto.randomUUID();
    const now = new Date(deps.now());
    return {
      statements: [
        // Kept for buyers who bought the old zip; gone from what new sales deliver.
        deps.db
          .update(productFiles)
          .set({ removedAt: now })
          .where(
            and(
              eq(productFiles.productId, productId),
              eq(productFiles.contentType, STEMS_TYPE),
              isNull(productFiles.removedAt),
            ),
          ),
        deps.db.insert(productFiles).values({ ...uploadedFile(upload, productId, fileId, STEMS_TYPE), seqPos: 1000 }),
      ],
      messages: [],
      record: { uploadId: upload.id, productId, fileId, fileName: upload.fileName },
    };
  },
};

/** The seller's voice tag: one per seller; a new one replaces the old and every preview is made again. */
export const voiceTag: Purpose = {
  allowedKinds: ["audio", "video"],

  async prepare(deps, userId, request) {
    checkFile(request, AUDIO_RULE);
    return { target: {}, key: voiceTagKey(userId, request.fileName, deps.now()) };
  },

  async complete(deps, upload, sniffed) {
    if (!AUDIO_TYPES.includes(sniffed.contentType)) throw new Invalid(AUDIO_TYPE_INVALID);
    const [old] = await deps.db.select().from(voiceTags).where(eq(voiceTags.userId, upload.userId));
    const tag = {
      key: upload.key,
      fileName: upload.fileName,
      contentType: audioType(sniffed),
      size: upload.size,
      createdAt: new Date(deps.now()),
    };
    const queued = await retagJobs(deps, upload.userId);
    return {
      statements: [
        deps.db
          .insert(voiceTags)
          .values({ userId: upload.userId, ...tag })
          .onConflictDoUpdate({ target: voiceTags.userId, set: tag }),
        ...queued.statements,
      ],
      messages: queued.messages,
      record: { voiceTag: { fileName: upload.fileName }, previews: queued.messages.length },
      replaced: old ? [old.key] : [],
    };
  },
};
