// The one browser upload helper: every upload in the product goes through
// `uploadFile`. It asks the API for a ticket, sends the bytes straight to
// storage (one PUT for small files, equal-size parts above the multipart
// threshold), and asks the API to verify and complete the upload.
//
// Multipart uploads are resumable: the upload id is kept in localStorage under
// a key made of the file's name, size and lastModified and the request's
// target, so re-selecting the same file after a network drop or a reload asks
// GET /api/uploads/:id for the parts still missing and sends only those.
//
// Framework-free on purpose (no React): it only needs fetch, XMLHttpRequest
// (for upload progress events) and localStorage.
import { uploadApi } from "./api";
import { UploadError } from "./errors";
import { sendMultipart } from "./multipart";
import { progressReporter } from "./progress";
import { forget, recall, remember, resumeKeyFor } from "./resume";
import { withRetries } from "./retry";
import { xhrPut } from "./transport";
import type { UploadOptions, UploadResult, UploadTarget, UploadTicket } from "./types";

export async function uploadFile(
  file: File,
  request: UploadTarget,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const { signal } = options;
  const report = progressReporter(file.size, options.onProgress);
  const resumeKey = resumeKeyFor(file, request);
  signal?.throwIfAborted();

  let ticket = await resumedTicket(options.uploadId ?? recall(resumeKey)?.uploadId, resumeKey, file, signal);
  if (!ticket) {
    ticket = await uploadApi.start(
      { ...request, fileName: file.name, contentType: file.type || "application/octet-stream", size: file.size },
      signal,
    );
    remember(resumeKey, ticket.uploadId);
  }
  options.onTicket?.(ticket.uploadId);

  if (ticket.multipart) {
    await sendMultipart(file, ticket, report, { signal });
  } else if (ticket.put) {
    const put = ticket.put;
    const uploadId = ticket.uploadId;
    await withRetries(signal, async (attempt) => {
      // A retry after an expired link asks for a fresh one.
      const target = attempt === 0 ? put : ((await uploadApi.ticket(uploadId, signal)).put ?? put);
      await xhrPut(target, file, (loaded) => report.set(0, loaded), signal);
    });
  } else {
    throw new UploadError("The upload ticket has no upload URL.");
  }
  report.finish();

  const result = await uploadApi.complete(ticket.uploadId, signal).catch((error: unknown) => {
    // A refused file (wrong size or type) cannot be resumed: start afresh next time.
    if (error instanceof UploadError && error.status >= 400 && error.status < 500) forget(resumeKey);
    throw error;
  });
  forget(resumeKey);
  // The record's fields depend on the upload's purpose (the server types it as a plain record).
  return result as UploadResult;
}

/** A fresh ticket for an upload of this file left unfinished earlier, or null. */
async function resumedTicket(
  uploadId: string | undefined,
  resumeKey: string,
  file: File,
  signal?: AbortSignal,
): Promise<UploadTicket | null> {
  if (!uploadId) return null;
  try {
    const ticket = await uploadApi.ticket(uploadId, signal);
    if (ticket.size === file.size) return ticket;
  } catch (error) {
    if (signal?.aborted) throw error;
    // Expired, completed, refused or unknown: start a new upload.
  }
  forget(resumeKey);
  return null;
}
