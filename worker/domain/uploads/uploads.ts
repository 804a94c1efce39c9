// The one upload module: sign → the browser PUTs straight to storage (in
// parts above 100 MB, resumable) → complete verifies the object (size as
// announced, type by its first bytes) before any record points at it.
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { MULTIPART_THRESHOLD, PART_SIZE, type UploadRequest } from "../../../app/kernel/schemas/files";
import { type Upload, uploadParts, uploads } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import { sendJobs } from "../../jobs/jobs";
import { sanitizeFileName } from "../../storage/keys";
import { announcedKind, kindsAgree, SNIFF_BYTES, sniff } from "../../storage/media";
import type { SignedRequest } from "../../storage/signer";
import type { Deps } from "../deps";
import { DomainError, Invalid, NotFound } from "../errors";
import type { Completion } from "./purpose";
import { PURPOSES } from "./purposes";

/** A signed URL lives this long; a multipart upload may be resumed for a day. */
export const SIGNED_URL_SECONDS = 15 * 60;
export const SINGLE_UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
export const MULTIPART_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * An upload row that has done its work (completed, or ended and purged) is kept this long, then
 * deleted. Longer than anything that still reads it: claiming a completed upload (a day, ./claims.ts)
 * and a popup's image check right after its upload.
 */
export const ENDED_UPLOAD_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface UploadTicket {
  uploadId: string;
  key: string;
  fileName: string;
  size: number;
  /** Single PUT for small files. */
  put?: SignedRequest;
  /** Multipart: equal-size parts (the last may be shorter); only the parts still missing are listed. */
  multipart?: {
    partSize: number;
    partCount: number;
    done: number[];
    parts: (SignedRequest & { partNumber: number; size: number })[];
  };
}

export function partCount(size: number, partSize = PART_SIZE) {
  return Math.ceil(size / partSize);
}

function partLength(upload: Pick<Upload, "size" | "partSize">, partNumber: number) {
  const partSize = upload.partSize!;
  return Math.min(partSize, upload.size - (partNumber - 1) * partSize);
}

async function ticket(deps: Deps, upload: Upload, done: number[]): Promise<UploadTicket> {
  const base = { uploadId: upload.id, key: upload.key, fileName: upload.fileName, size: upload.size };
  const { signer } = deps.storage;
  if (!upload.multipartId) {
    return {
      ...base,
      put: await signer.signPut(
        { key: upload.key, contentType: upload.contentType, size: upload.size },
        SIGNED_URL_SECONDS,
      ),
    };
  }
  const count = partCount(upload.size, upload.partSize!);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !done.includes(n));
  const parts = await Promise.all(
    missing.map(async (partNumber) => {
      const size = partLength(upload, partNumber);
      const signed = await signer.signPut(
        {
          key: upload.key,
          contentType: upload.contentType,
          size,
          part: { multipartId: upload.multipartId!, partNumber },
        },
        SIGNED_URL_SECONDS,
      );
      return { ...signed, partNumber, size };
    }),
  );
  return { ...base, multipart: { partSize: upload.partSize!, partCount: count, done, parts } };
}

export async function requestUpload(deps: Deps, userId: string, request: UploadRequest): Promise<UploadTicket> {
  const purpose = PURPOSES[request.purpose];
  const claimed = announcedKind(request.contentType, request.fileName);
  if (!purpose.allowedKinds.includes(claimed)) {
    throw new Invalid("File type is not allowed.", { contentType: ["File type is not allowed."] });
  }
  const { target, key } = await purpose.prepare(deps, userId, request);
  const multipart = request.size > MULTIPART_THRESHOLD;
  const multipartId = multipart
    ? (await deps.storage.createMultipartUpload(key, { httpMetadata: { contentType: request.contentType } })).uploadId
    : null;
  const [upload] = await deps.db
    .insert(uploads)
    .values({
      id: crypto.randomUUID(),
      userId,
      purpose: request.purpose,
      target,
      key,
      fileName: sanitizeFileName(request.fileName),
      contentType: request.contentType,
      size: request.size,
      accessType: request.accessType,
      multipartId,
      partSize: multipart ? PART_SIZE : null,
      expiresAt: new Date(deps.now() + (multipart ? MULTIPART_UPLOAD_LIFETIME_MS : SINGLE_UPLOAD_LIFETIME_MS)),
    })
    .returning();
  return ticket(deps, upload!, []);
}

async function pendingUpload(deps: Deps, userId: string, uploadId: string): Promise<Upload> {
  const [upload] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId)));
  if (upload?.status !== "pending" || upload.expiresAt.getTime() <= deps.now()) throw new NotFound("Upload not found.");
  return upload;
}

async function storedParts(deps: Deps, uploadId: string) {
  return deps.db
    .select()
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, uploadId))
    .orderBy(asc(uploadParts.partNumber));
}

/** For resuming: fresh URLs for the parts not stored yet. */
export async function resumeUpload(deps: Deps, userId: string, uploadId: string): Promise<UploadTicket> {
  const upload = await pendingUpload(deps, userId, uploadId);
  return ticket(
    deps,
    upload,
    (await storedParts(deps, uploadId)).map((p) => p.partNumber),
  );
}

/** The browser reports each part stored (with the ETag storage answered), so a reload can resume. */
export async function recordPart(
  deps: Deps,
  userId: string,
  uploadId: string,
  part: { partNumber: number; etag: string },
) {
  const upload = await pendingUpload(deps, userId, uploadId);
  if (!upload.multipartId || part.partNumber > partCount(upload.size, upload.partSize!))
    throw new Invalid("No such part.");
  await recordStoredPart(deps, upload, part.partNumber, part.etag);
}

export async function recordStoredPart(
  deps: Deps,
  upload: Pick<Upload, "id" | "size" | "partSize">,
  partNumber: number,
  etag: string,
) {
  const size = partLength(upload, partNumber);
  await deps.db
    .insert(uploadParts)
    .values({ uploadId: upload.id, partNumber, etag, size })
    .onConflictDoUpdate({ target: [uploadParts.uploadId, uploadParts.partNumber], set: { etag, size } });
}

/**
 * Ends an upload that will not become a record: its status changes first (the development storage
 * route then refuses its links at once), then its bytes go. A presigned production link cannot be
 * revoked, so `expiresAt` becomes the moment its last link expires, after which
 * `purgeEndedUploads` deletes the key once more (ADR 013).
 */
async function endUpload(deps: Deps, upload: Upload, status: "failed" | "aborted") {
  await deps.db
    .update(uploads)
    .set({ status, expiresAt: new Date(deps.now() + SIGNED_URL_SECONDS * 1000) })
    .where(eq(uploads.id, upload.id));
  await deleteBytes(deps, upload);
}

async function deleteBytes(deps: Deps, upload: Upload) {
  if (upload.multipartId) {
    await deps.storage
      .resumeMultipartUpload(upload.key, upload.multipartId)
      .abort()
      .catch(() => {});
  }
  await deps.storage.delete(upload.key);
}

/** Refuses the stored object: the upload marked failed, its bytes deleted, the reason told. */
async function refuse(deps: Deps, upload: Upload, reason: string): Promise<never> {
  await endUpload(deps, upload, "failed");
  throw new Invalid(reason, { file: [reason] });
}

export async function completeUpload(deps: Deps, userId: string, uploadId: string) {
  const upload = await pendingUpload(deps, userId, uploadId);
  const storage = deps.storage;

  if (upload.multipartId) {
    const parts = await storedParts(deps, upload.id);
    const expected = partCount(upload.size, upload.partSize!);
    if (parts.length !== expected) {
      throw new Invalid(`Upload is incomplete: ${parts.length} of ${expected} parts stored.`);
    }
    try {
      await storage
        .resumeMultipartUpload(upload.key, upload.multipartId)
        .complete(parts.map(({ partNumber, etag }) => ({ partNumber, etag })));
    } catch (error) {
      console.error("multipart complete failed", error);
      return refuse(deps, upload, "The upload could not be assembled. Please upload the file again.");
    }
  }

  const head = await storage.head(upload.key);
  if (!head) throw new Invalid("The file has not been received yet.");
  if (head.size !== upload.size) {
    return refuse(deps, upload, `File size does not match: expected ${upload.size} bytes, received ${head.size}.`);
  }
  const start = await storage.get(upload.key, { range: { offset: 0, length: SNIFF_BYTES } });
  const sniffed = sniff(new Uint8Array(await start!.arrayBuffer()));
  const purpose = PURPOSES[upload.purpose as UploadRequest["purpose"]];
  if (!purpose.allowedKinds.includes(sniffed.kind)) return refuse(deps, upload, "File type is not allowed.");
  if (!kindsAgree(announcedKind(upload.contentType, upload.fileName), sniffed.kind, sniffed.contentType)) {
    return refuse(deps, upload, "File content does not match its type.");
  }

  // A rule of the target (a playlist's media kind, a slot letter taken meanwhile) refuses the file too.
  let completion: Completion;
  try {
    completion = await purpose.complete(deps, upload, sniffed);
    await deps.db.batch([
      deps.db.update(uploads).set({ status: "completed" }).where(eq(uploads.id, upload.id)),
      ...completion.statements,
    ]);
  } catch (error) {
    if (error instanceof DomainError) return refuse(deps, upload, error.message);
    if (isUniqueViolation(error)) return refuse(deps, upload, "Duplicate slot position detected.");
    throw error;
  }
  // A message lost here leaves its job 'queued'; the sweep sends it again.
  await sendJobs(deps, completion.messages);
  for (const key of completion.replaced ?? []) await storage.delete(key);
  return completion.record;
}

export async function abortUpload(deps: Deps, userId: string, uploadId: string) {
  const upload = await pendingUpload(deps, userId, uploadId);
  await endUpload(deps, upload, "aborted");
}

/** The pending upload a development storage link writes to, or null once the upload has ended. */
export async function uploadTakingBytes(deps: Deps, key: string, multipartId?: string) {
  const [upload] = await deps.db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.key, key),
        eq(uploads.status, "pending"),
        multipartId ? eq(uploads.multipartId, multipartId) : isNull(uploads.multipartId),
      ),
    );
  return upload && upload.expiresAt.getTime() > deps.now() ? upload : null;
}

/** Sweep: abandoned uploads (pending past their lifetime) are aborted and their bytes deleted. */
export async function sweepAbandonedUploads(deps: Deps) {
  const abandoned = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, "pending"), lt(uploads.expiresAt, new Date(deps.now()))))
    .limit(100);
  for (const upload of abandoned) await endUpload(deps, upload, "aborted");
  return abandoned.length;
}

/** Sweep: failed and aborted uploads whose last link has expired lose their key for good. */
export async function purgeEndedUploads(deps: Deps) {
  const ended = await deps.db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(uploads.status, ["failed", "aborted"]),
        isNull(uploads.purgedAt),
        lt(uploads.expiresAt, new Date(deps.now())),
      ),
    )
    .limit(100);
  for (const upload of ended) {
    await deleteBytes(deps, upload);
    await deps.db
      .update(uploads)
      .set({ purgedAt: new Date(deps.now()) })
      .where(eq(uploads.id, upload.id));
  }
  return ended.length;
}

/**
 * Sweep: bookkeeping of uploads that have ended. Part rows only serve resuming, so any upload no
 * longer pending loses them at once; completed rows and ended rows whose key was purged go after
 * ENDED_UPLOAD_RETENTION_MS. A pending upload (still in progress, resumable) is never touched.
 */
export async function sweepEndedUploadRows(deps: Pick<Deps, "db" | "now">) {
  const { db } = deps;
  const before = new Date(deps.now() - ENDED_UPLOAD_RETENTION_MS);
  const [parts, rows] = await db.batch([
    db
      .delete(uploadParts)
      .where(
        inArray(uploadParts.uploadId, db.select({ id: uploads.id }).from(uploads).where(ne(uploads.status, "pending"))),
      )
      .returning({ uploadId: uploadParts.uploadId }),
    db
      .delete(uploads)
      .where(
        or(
          and(eq(uploads.status, "completed"), lt(uploads.createdAt, before)),
          and(
            inArray(uploads.status, ["failed", "aborted"]),
            isNotNull(uploads.purgedAt),
            lt(uploads.purgedAt, before),
          ),
        ),
      )
      .returning({ id: uploads.id }),
  ]);
  return { parts: parts.length, uploads: rows.length };
}
