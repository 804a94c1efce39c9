// Multipart: sends the parts the server still lacks, several at a time, each
// with its own retries, reporting every stored part (with its ETag) so a
// later visit can resume.
import { api } from "./api";
import { abortError, UploadError } from "./errors";
import type { ProgressReporter } from "./progress";
import { withRetries } from "./retry";
import { xhrPut } from "./transport";
import type { MultipartPart, UploadTicket } from "./types";

/** Parts sent at the same time. */
const PART_CONCURRENCY = 2;
/** Signed URLs live 15 minutes; ask for fresh ones before they get close. */
const TICKET_REFRESH_MS = 10 * 60 * 1000;

export async function sendParts(file: File, first: UploadTicket, report: ProgressReporter, outer?: AbortSignal) {
  // One part failing for good stops the other part in flight too.
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  const signal = stop.signal;
  const multipart = first.multipart!;
  const uploadId = first.uploadId;
  let ticketAt = Date.now();
  let urls = new Map<number, MultipartPart>(multipart.parts.map((part) => [part.partNumber, part]));
  const missing = multipart.parts.map((part) => part.partNumber);
  // Parts already stored count as sent.
  report.set(-1, file.size - multipart.parts.reduce((sum, part) => sum + part.size, 0));

  /** The part's signed request, fetching fresh URLs when they are old or refused. */
  async function partRequest(partNumber: number, refresh: boolean): Promise<MultipartPart> {
    if (refresh || Date.now() - ticketAt > TICKET_REFRESH_MS) {
      const fresh = await api<UploadTicket>(`/api/uploads/${uploadId}`, { signal });
      urls = new Map((fresh.multipart?.parts ?? []).map((part) => [part.partNumber, part]));
      ticketAt = Date.now();
    }
    const part = urls.get(partNumber);
    if (!part) throw new UploadError(`Part ${partNumber} is not expected by the server.`);
    return part;
  }

  async function sendPart(partNumber: number) {
    await withRetries(signal, async (attempt) => {
      const part = await partRequest(partNumber, attempt > 0);
      const start = (partNumber - 1) * multipart.partSize;
      const blob = file.slice(start, start + part.size);
      const { etag } = await xhrPut(part, blob, (loaded) => report.set(partNumber, loaded), signal);
      if (!etag) {
        throw new UploadError(
          "Storage did not return the part's ETag (the bucket's CORS rules must expose the ETag header).",
          0,
          "no_etag",
        );
      }
      await api(`/api/uploads/${uploadId}/parts`, { method: "POST", json: { partNumber, etag }, signal });
    });
  }

  let next = 0;
  const worker = async () => {
    while (next < missing.length && !signal.aborted) {
      const partNumber = missing[next++]!;
      await sendPart(partNumber);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(PART_CONCURRENCY, missing.length) }, () =>
        worker().catch((error: unknown) => {
          stop.abort();
          throw error;
        }),
      ),
    );
  } finally {
    outer?.removeEventListener("abort", onOuterAbort);
  }
  if (outer?.aborted) throw abortError(outer);
}
