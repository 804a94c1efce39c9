// Resume bookkeeping: which upload id an unfinished upload of this file to
// this target had, kept in localStorage so a reload or a re-selected file
// continues it. The server (GET /api/uploads/:id) says which parts it holds.
import type { UploadTarget } from "./types";

/** A multipart upload can be resumed for a day (the server's lifetime). */
const RESUME_LIFETIME_MS = 24 * 60 * 60 * 1000;
const STORAGE_PREFIX = "cp-upload:";

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

export function recall(key: string): Saved | null {
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

export function remember(key: string, uploadId: string) {
  try {
    storage()?.setItem(key, JSON.stringify({ uploadId, savedAt: Date.now() } satisfies Saved));
  } catch {}
}

export function forget(key: string) {
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
