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

import type { UploadTicket } from "../../worker/domain/uploads/uploads";
import type { SignedRequest } from "../../worker/storage/signer";
import { MAX_FILE_SIZE, type UploadRequest } from "./schemas/files";

export type { UploadTicket };

/** What the caller says about the upload; name, type and size come from the File. */
export type UploadTarget = Omit<UploadRequest, "fileName" | "contentType" | "size">;

/** The answer of POST /api/uploads/:id/complete for a project file. */
export interface UploadResult {
  message: string;
  fileId: string;
  projectId: string;
  projectTitle: string;
  kind: string;
  probeStatus: string;
  [key: string]: unknown;
}

export interface UploadOptions {
  /** Fraction of the bytes sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** An upload failure with the server's message (or a network message). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    readonly code = "upload_failed",
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** How many times a failed PUT is tried again, and the first back-off delay. */
export const MAX_RETRIES = 3;
const BACKOFF_MS = 1000;
/** Parts sent at the same time. */
const PART_CONCURRENCY = 2;
/** Signed URLs live 15 minutes; ask for fresh ones before they get close. */
const TICKET_REFRESH_MS = 10 * 60 * 1000;
/** A multipart upload can be resumed for a day (the server's lifetime). */
const RESUME_LIFETIME_MS = 24 * 60 * 60 * 1000;
const STORAGE_PREFIX = "cp-upload:";
const NETWORK_ERROR = "Network error: the connection was lost. Select the file again to resume.";

type MultipartPart = NonNullable<UploadTicket["multipart"]>["parts"][number];

export async function uploadFile(
  file: File,
  request: UploadTarget,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const { signal } = options;
  const report = progressReporter(file.size, options.onProgress);
  const resumeKey = resumeKeyFor(file, request);
  signal?.throwIfAborted();

  let ticket = await resumedTicket(resumeKey, file, signal);
  if (!ticket) {
    ticket = await api<UploadTicket>("/api/uploads", {
      method: "POST",
      json: { ...request, fileName: file.name, contentType: file.type || "application/octet-stream", size: file.size },
      signal,
    });
    remember(resumeKey, ticket.uploadId);
  }

  if (ticket.multipart) {
    await sendParts(file, ticket, report, signal);
  } else if (ticket.put) {
    const put = ticket.put;
    const uploadId = ticket.uploadId;
    await withRetries(signal, async (attempt) => {
      // A retry after an expired link asks for a fresh one.
      const target =
        attempt === 0 ? put : ((await api<UploadTicket>(`/api/uploads/${uploadId}`, { signal })).put ?? put);
      await xhrPut(target, file, (loaded) => report.set(0, loaded), signal);
    });
  } else {
    throw new UploadError("The upload ticket has no upload URL.");
  }
  report.finish();

  const result = await api<UploadResult>(`/api/uploads/${ticket.uploadId}/complete`, { method: "POST", signal }).catch(
    (error: unknown) => {
      // A refused file (wrong size or type) cannot be resumed: start afresh next time.
      if (error instanceof UploadError && error.status >= 400 && error.status < 500) forget(resumeKey);
      throw error;
    },
  );
  forget(resumeKey);
  return result;
}

/** A fresh ticket for an upload of this file left unfinished earlier, or null. */
async function resumedTicket(resumeKey: string, file: File, signal?: AbortSignal): Promise<UploadTicket | null> {
  const saved = recall(resumeKey);
  if (!saved) return null;
  try {
    const ticket = await api<UploadTicket>(`/api/uploads/${encodeURIComponent(saved.uploadId)}`, { signal });
    if (ticket.size === file.size) return ticket;
  } catch (error) {
    if (signal?.aborted) throw error;
    // Expired, completed, refused or unknown: start a new upload.
  }
  forget(resumeKey);
  return null;
}

async function sendParts(file: File, first: UploadTicket, report: ProgressReporter, outer?: AbortSignal) {
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

// ── progress ────────────────────────────────────────────────────────────────

interface ProgressReporter {
  /** Bytes sent so far of one part (0 for a single PUT; -1 for bytes stored before). */
  set(part: number, loaded: number): void;
  finish(): void;
}

function progressReporter(total: number, onProgress?: (fraction: number) => void): ProgressReporter {
  const sent = new Map<number, number>();
  let last = -1;
  const emit = (fraction: number) => {
    const clamped = Math.min(1, Math.max(0, fraction));
    if (clamped === last) return;
    last = clamped;
    onProgress?.(clamped);
  };
  return {
    set(part, loaded) {
      sent.set(part, loaded);
      let sum = 0;
      for (const value of sent.values()) sum += value;
      emit(total > 0 ? sum / total : 1);
    },
    finish: () => emit(1),
  };
}

// ── retries ─────────────────────────────────────────────────────────────────

/** Runs `send` and tries again up to MAX_RETRIES times (1 s, 2 s, 4 s) unless aborted or refused for good. */
async function withRetries(signal: AbortSignal | undefined, send: (attempt: number) => Promise<void>) {
  for (let attempt = 0; ; attempt++) {
    try {
      await send(attempt);
      return;
    } catch (error) {
      if (signal?.aborted || attempt >= MAX_RETRIES || !retriable(error)) throw error;
      await sleep(BACKOFF_MS * 2 ** attempt, signal);
    }
  }
}

function retriable(error: unknown): boolean {
  if (!(error instanceof UploadError)) return false;
  // Network drops, time-outs, rate limits, server errors; 401/403 from storage is an expired link (refreshed on retry).
  return (
    error.status === 0 ||
    error.status === 401 ||
    error.status === 403 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500
  );
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function abortError(signal?: AbortSignal): unknown {
  return signal?.reason ?? new DOMException("The upload was cancelled.", "AbortError");
}

// ── transport ───────────────────────────────────────────────────────────────

/** PUTs the bytes with XMLHttpRequest, for upload progress events. */
function xhrPut(
  request: SignedRequest,
  body: Blob,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<{ etag: string | null }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const xhr = new XMLHttpRequest();
    xhr.open(request.method || "PUT", request.url);
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      // The browser sets Content-Length itself and refuses to be told.
      if (name.toLowerCase() !== "content-length") xhr.setRequestHeader(name, value);
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size);
        resolve({ etag: xhr.getResponseHeader("etag") });
      } else {
        reject(
          new UploadError(
            errorMessage(xhr.responseText, `Storage refused the upload (HTTP ${xhr.status}).`),
            xhr.status,
          ),
        );
      }
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(NETWORK_ERROR));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError(signal));
    };
    xhr.send(body);
  });
}

/** A JSON call to the app's API; failures become UploadError with the server's message. */
async function api<T = unknown>(
  path: string,
  init: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers:
        init.json === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: init.signal,
    });
  } catch (_error) {
    if (init.signal?.aborted) throw abortError(init.signal);
    throw new UploadError(NETWORK_ERROR);
  }
  const text = await response.text();
  if (!response.ok) {
    let code = "upload_failed";
    let fields: Record<string, string[]> | undefined;
    try {
      const body = JSON.parse(text) as { error?: { code?: string; fields?: Record<string, string[]> } };
      code = body.error?.code ?? code;
      fields = body.error?.fields;
    } catch {}
    throw new UploadError(
      errorMessage(text, `The server answered HTTP ${response.status}.`),
      response.status,
      code,
      fields,
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** `{error: {message}}` from a JSON body, else the fallback. */
function errorMessage(text: string, fallback: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof body.error?.message === "string" && body.error.message) return body.error.message;
  } catch {}
  return fallback;
}

// ── resume bookkeeping (localStorage) ───────────────────────────────────────

interface Saved {
  uploadId: string;
  savedAt: number;
}

/** The same file (name, size, lastModified) sent to the same target. */
export function resumeKeyFor(file: Pick<File, "name" | "size" | "lastModified">, request: UploadTarget): string {
  const target = Object.entries(request)
    .filter(([, value]) => value !== undefined && value !== "")
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${String(value)}`)
    .join("&");
  return `${STORAGE_PREFIX}${JSON.stringify([file.name, file.size, file.lastModified, target])}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function recall(key: string): Saved | null {
  const store = storage();
  if (!store) return null;
  try {
    pruneExpired(store);
    const saved = JSON.parse(store.getItem(key) ?? "null") as Saved | null;
    return saved && typeof saved.uploadId === "string" ? saved : null;
  } catch {
    return null;
  }
}

function remember(key: string, uploadId: string) {
  try {
    storage()?.setItem(key, JSON.stringify({ uploadId, savedAt: Date.now() } satisfies Saved));
  } catch {}
}

function forget(key: string) {
  try {
    storage()?.removeItem(key);
  } catch {}
}

function pruneExpired(store: Storage) {
  for (let i = store.length - 1; i >= 0; i--) {
    const key = store.key(i);
    if (!key?.startsWith(STORAGE_PREFIX)) continue;
    try {
      const saved = JSON.parse(store.getItem(key) ?? "null") as Saved | null;
      if (!saved || Date.now() - saved.savedAt > RESUME_LIFETIME_MS) store.removeItem(key);
    } catch {
      store.removeItem(key);
    }
  }
}

// ── drop zones ──────────────────────────────────────────────────────────────

/** What a project file may be (the previewable kinds the server accepts), as react-dropzone's `accept`. */
export const PROJECT_FILE_ACCEPT: Record<string, string[]> = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
  "video/mp4": [".mp4", ".m4v"],
  "video/quicktime": [".mov"],
  "video/webm": [".webm"],
  "video/x-msvideo": [".avi"],
  "audio/mpeg": [".mp3"],
  "audio/wav": [".wav"],
  "audio/mp4": [".m4a"],
  "audio/aac": [".aac"],
  "audio/ogg": [".ogg", ".oga"],
  "application/pdf": [".pdf"],
  "text/plain": [".txt", ".log"],
  "text/markdown": [".md"],
  "text/csv": [".csv"],
  "application/json": [".json"],
};

/** The project drop zones' limits: the accepted kinds, no empty files, and the server's size cap. */
export const PROJECT_FILE_LIMITS: DropLimits = { accept: PROJECT_FILE_ACCEPT, minSize: 1, maxSize: MAX_FILE_SIZE };

export interface DropLimits {
  accept?: Record<string, string[]>;
  minSize?: number;
  maxSize?: number;
}

/**
 * Seed 000 §5 drop-zone messages for react-dropzone's error codes:
 * 'File type must be ...', 'File is larger than N bytes', 'File is smaller than N bytes', 'Too many files'.
 */
export function dropRejectionMessage(error: { code: string; message: string }, limits: DropLimits): string {
  switch (error.code) {
    case "file-invalid-type": {
      const extensions = [...new Set(Object.values(limits.accept ?? {}).flat())];
      return extensions.length ? `File type must be one of ${extensions.join(", ")}` : error.message;
    }
    case "file-too-large":
      return `File is larger than ${limits.maxSize} bytes`;
    case "file-too-small":
      return `File is smaller than ${limits.minSize} bytes`;
    case "too-many-files":
      return "Too many files";
    default:
      return error.message;
  }
}
