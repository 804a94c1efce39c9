// Multipart: sends the parts the server still lacks (PART_CONCURRENCY at a
// time, each with its own retries; see scheduler.ts), reporting every stored
// part with its ETag so that a later visit resumes with only the rest.
import { uploadApi } from "./api";
import { UploadError } from "./errors";
import type { ProgressReporter } from "./progress";
import { type ScheduleOptions, scheduleParts } from "./scheduler";
import { xhrPut } from "./transport";
import type { MultipartPart, UploadTicket } from "./types";

/** Signed URLs live 15 minutes; ask for fresh ones before they get close. */
const TICKET_REFRESH_MS = 10 * 60 * 1000;

/** How bytes and API calls travel; the browser's by default, a stand-in in unit tests. */
export interface MultipartTransport extends Pick<typeof uploadApi, "ticket" | "recordPart"> {
  put: typeof xhrPut;
}

export interface MultipartOptions extends Pick<ScheduleOptions, "concurrency" | "backoffMs"> {
  signal?: AbortSignal;
  transport?: MultipartTransport;
}

export async function sendMultipart(
  file: Blob,
  first: UploadTicket,
  report: ProgressReporter,
  {
    signal,
    transport = { put: xhrPut, ticket: uploadApi.ticket, recordPart: uploadApi.recordPart },
    ...schedule
  }: MultipartOptions = {},
) {
  const multipart = first.multipart!;
  const uploadId = first.uploadId;
  let ticketAt = Date.now();
  let urls = new Map<number, MultipartPart>(multipart.parts.map((part) => [part.partNumber, part]));
  let done = new Set(multipart.done);
  // Parts already stored count as sent.
  report.set(-1, file.size - multipart.parts.reduce((sum, part) => sum + part.size, 0));

  /** The part's signed request (fresh URLs when old or refused), or null once the server holds the part. */
  async function partRequest(partNumber: number, refresh: boolean, partSignal: AbortSignal) {
    if (refresh || Date.now() - ticketAt > TICKET_REFRESH_MS) {
      const fresh = await transport.ticket(uploadId, partSignal);
      urls = new Map((fresh.multipart?.parts ?? []).map((part) => [part.partNumber, part]));
      done = new Set(fresh.multipart?.done ?? []);
      ticketAt = Date.now();
    }
    // Stored by an attempt whose answer was lost (development records parts itself).
    if (done.has(partNumber)) return null;
    const part = urls.get(partNumber);
    if (!part) throw new UploadError(`Part ${partNumber} is not expected by the server.`, 400);
    return part;
  }

  await scheduleParts(
    multipart.parts.map((part) => part.partNumber),
    {
      ...schedule,
      signal,
      onRetry: (partNumber) => report.set(partNumber, 0),
      async send(partNumber, attempt, partSignal) {
        const part = await partRequest(partNumber, attempt > 0, partSignal);
        const start = (partNumber - 1) * multipart.partSize;
        if (!part) {
          report.set(partNumber, Math.min(multipart.partSize, file.size - start));
          return;
        }
        const blob = file.slice(start, start + part.size);
        const { etag } = await transport.put(part, blob, (loaded) => report.set(partNumber, loaded), partSignal);
        if (!etag) {
          throw new UploadError(
            "Storage did not return the part's ETag (the bucket's CORS rules must expose the ETag header).",
            0,
            "no_etag",
          );
        }
        await transport.recordPart(uploadId, { partNumber, etag }, partSignal);
      },
    },
  );
}
