// The upload queue of this browser tab: every upload screen hands its files
// here (`startUpload`) and the tray in the app shell shows them all. It lives
// at module level, so an upload keeps going while the member moves between
// pages (client-side navigation keeps this module loaded), and it keeps each
// file in IndexedDB (persist.ts) so an upload cut by a closed browser is
// offered again on the next visit and continues with only the missing parts.
//
// Per file: queued → uploading → done | failed | cancelled, with paused
// (stopped by the member, resumable) and interrupted (found in IndexedDB after
// a restart) between. The bytes travel through `uploadFile` (four parts at a
// time, per-part retries; ADR 019). Framework-free: the React hooks are in
// app/components/uploads/useUploads.ts.
import { uploadApi } from "./api";
import { abortError, UploadError } from "./errors";
import { type Landing, landingFor } from "./landing";
import { drop, keep, keptUploads, noteUploadId } from "./persist";
import { queueLoaded } from "./presence";
import { type RateTracker, rateTracker } from "./rate";
import type { UploadResult, UploadTarget } from "./types";
import { uploadFile } from "./upload";

// The shell's tray loads on demand: this tells it a screen has started the queue.
queueLoaded();

/** Files sending at once; each already keeps four parts in flight (ADR 019). */
export const FILES_AT_ONCE = 2;
/** Progress redraws at most this often (XMLHttpRequest reports every few milliseconds per part). */
const REDRAW_MS = 250;

export type UploadStatus = "queued" | "uploading" | "paused" | "interrupted" | "done" | "failed" | "cancelled";

export interface UploadEntry {
  id: string;
  name: string;
  size: number;
  target: UploadTarget;
  status: UploadStatus;
  /** Fraction of the bytes stored, 0..1. */
  fraction: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** What went wrong, naming the file and giving the server's reason. */
  error: string | null;
  /** Where the finished upload can be seen. */
  landing: Landing | null;
  result?: UploadResult;
}

export interface UploadsState {
  uploads: UploadEntry[];
  /** The browser would not keep a file (private mode, full storage): uploads stop if the tab closes. */
  storageRefused: boolean;
  /** Uploads the current page shows itself (the tray need not show them too). */
  onScreen: ReadonlySet<string>;
}

export interface UploadHandle {
  id: string;
  /** Settles once: the server's answer, or the failure (an UploadError) or cancel (an AbortError). */
  done: Promise<UploadResult>;
}

interface Item {
  entry: UploadEntry;
  file: File;
  uploadId: string | null;
  controller: AbortController | null;
  rate: RateTracker;
  /** The outcome a screen awaits, until the run that settles it. */
  settle: { promise: Promise<UploadResult>; resolve(result: UploadResult): void; reject(error: unknown): void } | null;
  /** Releases this tab's Web Lock on the upload (another tab then may resume it). */
  release?: () => void;
}

const items = new Map<string, Item>();
let state: UploadsState = { uploads: [], storageRefused: false, onScreen: new Set() };
const screenCounts = new Map<string, number>();
const listeners = new Set<() => void>();
let redrawTimer: ReturnType<typeof setTimeout> | null = null;
let restored: Promise<void> | null = null;

function publish() {
  if (redrawTimer) clearTimeout(redrawTimer);
  redrawTimer = null;
  state = { ...state, uploads: [...items.values()].map((item) => item.entry) };
  for (const listener of listeners) listener();
}

function update(item: Item, change: Partial<UploadEntry>, soon = false) {
  item.entry = { ...item.entry, ...change };
  if (!soon) publish();
  else redrawTimer ??= setTimeout(publish, REDRAW_MS);
}

export function subscribeUploads(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const uploadsState = () => state;
const EMPTY: UploadsState = { uploads: [], storageRefused: false, onScreen: new Set() };
export const serverUploadsState = () => EMPTY;

/** A page shows these uploads itself while mounted; answers the undo. */
export function showOnScreen(ids: readonly string[]): () => void {
  const count = (id: string, by: number) => {
    const next = (screenCounts.get(id) ?? 0) + by;
    if (next > 0) screenCounts.set(id, next);
    else screenCounts.delete(id);
  };
  for (const id of ids) count(id, 1);
  state = { ...state, onScreen: new Set(screenCounts.keys()) };
  publish();
  return () => {
    for (const id of ids) count(id, -1);
    state = { ...state, onScreen: new Set(screenCounts.keys()) };
    publish();
  };
}

/** Queues `file` for `target` and starts it when a lane is free. */
export function startUpload(file: File, target: UploadTarget): UploadHandle {
  const id = crypto.randomUUID();
  const item = newItem(id, file, target, "queued", null);
  const done = outcome(item);
  items.set(id, item);
  void holdLock(item);
  void keep(
    { id, name: file.name, size: file.size, type: file.type, target, uploadId: null, savedAt: Date.now() },
    file,
  ).then((kept) => {
    if (!kept && !state.storageRefused) {
      state = { ...state, storageRefused: true };
      publish();
    }
    if (!kept) return;
    // Finished or cancelled before the file was kept: nothing to offer later.
    if (item.entry.status === "done" || item.entry.status === "cancelled") void drop(id);
    // The server may have answered before the file was kept.
    else if (item.uploadId) void noteUploadId(id, item.uploadId);
  });
  publish();
  pump();
  return { id, done };
}

/**
 * A screen's file through the queue: a second try resumes its earlier upload (`queueId`, the parts the
 * server holds are not sent again), a first one starts it and tells `onStart` its id.
 */
export function sendOrResume(
  file: File,
  target: UploadTarget,
  queueId: string | undefined,
  onStart: (id: string) => void,
  start: (file: File, target: UploadTarget) => UploadHandle = startUpload,
): Promise<UploadResult> {
  // A cancelled upload left nothing to resume: the file starts again.
  if (queueId && items.has(queueId) && items.get(queueId)!.entry.status !== "cancelled") return resumeUpload(queueId);
  const handle = start(file, target);
  onStart(handle.id);
  return handle.done;
}

/** Stops sending; the parts stored stay on the server for `resumeUpload`. */
export function pauseUpload(id: string) {
  const item = items.get(id);
  if (!item || (item.entry.status !== "uploading" && item.entry.status !== "queued")) return;
  update(item, { status: "paused", bytesPerSecond: null, secondsLeft: null });
  item.controller?.abort(new DOMException("The upload was paused.", "AbortError"));
}

/** Sends again what the server lacks (a paused, failed or interrupted upload); answers its outcome. */
export function resumeUpload(id: string): Promise<UploadResult> {
  const item = items.get(id);
  if (!item) return Promise.reject(new UploadError("This upload is no longer in the list."));
  const { status, result } = item.entry;
  if (status === "done" && result) return Promise.resolve(result);
  if (status === "cancelled") return Promise.reject(abortError());
  const done = outcome(item);
  if (status === "paused" || status === "failed" || status === "interrupted") {
    update(item, { status: "queued", error: null });
    pump();
  }
  return done;
}

/** The promise of the item's next outcome (the same one until it settles). */
function outcome(item: Item): Promise<UploadResult> {
  if (item.settle) return item.settle.promise;
  let resolve!: (result: UploadResult) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<UploadResult>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Marked handled: whoever awaits it still gets the failure.
  promise.catch(() => {});
  item.settle = { promise, resolve, reject };
  return promise;
}

/** Stops the upload and deletes on the server whatever of it was stored, and the kept file. */
export async function cancelUpload(id: string) {
  const item = items.get(id);
  if (!item || item.entry.status === "done" || item.entry.status === "cancelled") return;
  const running = item.entry.status === "uploading";
  update(item, { status: "cancelled", bytesPerSecond: null, secondsLeft: null, error: null });
  if (running) item.controller?.abort(new DOMException("The upload was cancelled.", "AbortError"));
  // A running upload is cleaned up by its run when `uploadFile` has stopped (its id may be on its way).
  else await discard(item);
}

/** Takes finished and cancelled uploads off the list. */
export function clearFinished() {
  for (const [id, item] of items) {
    if (item.entry.status === "done" || item.entry.status === "cancelled") items.delete(id);
  }
  publish();
}

/** Offers the uploads a closed tab or browser left unfinished (once per page load). */
export function restoreKeptUploads(): Promise<void> {
  restored ??= (async () => {
    for (const { upload, file } of await keptUploads()) {
      if (items.has(upload.id)) continue;
      const item = newItem(upload.id, file, upload.target, "interrupted", upload.uploadId);
      // Another tab still sending it holds its lock: leave it to that tab.
      if (!(await holdLock(item))) continue;
      items.set(upload.id, item);
    }
    publish();
  })();
  return restored;
}

function newItem(id: string, file: File, target: UploadTarget, status: UploadStatus, uploadId: string | null): Item {
  return {
    entry: {
      id,
      name: file.name,
      size: file.size,
      target,
      status,
      fraction: 0,
      bytesPerSecond: null,
      secondsLeft: null,
      error: null,
      landing: null,
    },
    file,
    uploadId,
    controller: null,
    rate: rateTracker(),
    settle: null,
  };
}

function pump() {
  let running = [...items.values()].filter((item) => item.entry.status === "uploading").length;
  for (const item of items.values()) {
    if (running >= FILES_AT_ONCE) break;
    if (item.entry.status !== "queued") continue;
    running++;
    void run(item);
  }
}

async function run(item: Item) {
  const controller = new AbortController();
  item.controller = controller;
  item.rate.reset();
  update(item, { status: "uploading", error: null });
  try {
    const result = await uploadFile(item.file, item.entry.target, {
      signal: controller.signal,
      uploadId: item.uploadId ?? undefined,
      onTicket(uploadId) {
        if (item.uploadId === uploadId) return;
        item.uploadId = uploadId;
        void noteUploadId(item.entry.id, uploadId);
      },
      onProgress(fraction) {
        const bytes = fraction * item.entry.size;
        item.rate.add(Date.now(), bytes);
        update(
          item,
          { fraction, bytesPerSecond: item.rate.speed(), secondsLeft: item.rate.secondsLeft(item.entry.size) },
          true,
        );
      },
    });
    // Cancelled after the last byte: `complete` already ran, so the file stays (it is the member's now).
    update(item, {
      status: "done",
      fraction: 1,
      result,
      landing: landingFor(item.entry.target, result),
      bytesPerSecond: null,
      secondsLeft: 0,
    });
    await drop(item.entry.id);
    item.release?.();
    item.settle?.resolve(result);
    item.settle = null;
  } catch (error) {
    const status = item.entry.status;
    if (status === "cancelled") {
      await discard(item);
    } else if (status !== "paused") {
      update(item, { status: "failed", error: failureMessage(item.entry.name, error), bytesPerSecond: null });
      item.settle?.reject(error);
      item.settle = null;
    }
  } finally {
    item.controller = null;
    pump();
  }
}

/** A cancelled upload: its stored bytes deleted on the server, its kept file removed. */
async function discard(item: Item) {
  await drop(item.entry.id);
  if (item.uploadId) {
    try {
      await uploadApi.abort(item.uploadId);
    } catch (error) {
      // Already ended on the server (expired, completed, refused): nothing of it is left to delete.
      if (!(error instanceof UploadError && (error.status === 404 || error.status === 409))) {
        update(item, {
          error: `${item.entry.name}: the server did not confirm the cancel (${errorText(error)}). Unfinished uploads are deleted after a day.`,
        });
      }
    }
  }
  item.release?.();
  item.settle?.reject(abortError());
  item.settle = null;
}

/** The member cancelled it (the screen need not report a failure). */
export function isCancelled(error: unknown) {
  return error instanceof DOMException && error.name === "AbortError";
}

/** Seed 000's 'Failed to upload file: {name}', with the server's reason. */
export function failureMessage(name: string, error: unknown) {
  return `Failed to upload file: ${name} — ${errorText(error)}`;
}

function errorText(error: unknown) {
  return error instanceof Error && error.message ? error.message : "The upload failed.";
}

function holdLock(item: Item): Promise<boolean> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    void locks
      .request(`upload:${item.entry.id}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        if (!lock) return;
        return new Promise<void>((release) => {
          item.release = release;
        });
      })
      .catch(() => resolve(true));
  });
}
