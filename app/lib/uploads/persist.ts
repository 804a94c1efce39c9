// The files of unfinished uploads, kept in this browser's IndexedDB so that an
// upload survives a closed tab or a browser restart (issue 32, ADR 043).
//
// Two entries per upload: `<id>:file` holds the File as it is (the browser keeps
// the bytes; nothing is read into memory here) and `<id>:meta` the small facts
// that change (the server's upload id). They are apart so that recording the
// upload id does not write the file again. Entries older than 7 days are
// dropped; complete and cancel remove them at once.
import { createStore, del, delMany, entries, get, set, type UseStore } from "idb-keyval";
import type { UploadTarget } from "./types";

export const KEEP_FOR_MS = 7 * 24 * 60 * 60 * 1000;

export interface StoredUpload {
  id: string;
  name: string;
  size: number;
  type: string;
  target: UploadTarget;
  /** The server's upload id, once it has one. */
  uploadId: string | null;
  savedAt: number;
}

let store: UseStore | null = null;
function db(): UseStore {
  store ??= createStore("creator-uploads", "uploads");
  return store;
}

/** Keeps the file and its facts; false when the browser refuses (private mode, quota, no IndexedDB). */
export async function keep(upload: StoredUpload, file: File): Promise<boolean> {
  try {
    if (typeof indexedDB === "undefined") return false;
    await set(`${upload.id}:meta`, upload, db());
    await set(`${upload.id}:file`, file, db());
    return true;
  } catch {
    await drop(upload.id);
    return false;
  }
}

/** Records the server's upload id beside the kept file. */
export async function noteUploadId(id: string, uploadId: string) {
  try {
    const meta = (await get(`${id}:meta`, db())) as StoredUpload | undefined;
    if (meta) await set(`${id}:meta`, { ...meta, uploadId } satisfies StoredUpload, db());
  } catch {}
}

export async function drop(id: string) {
  try {
    await delMany([`${id}:meta`, `${id}:file`], db());
  } catch {}
}

/** The kept uploads still within their 7 days, with their files; older or broken ones are removed. */
export async function keptUploads(now = Date.now()): Promise<{ upload: StoredUpload; file: File }[]> {
  if (typeof indexedDB === "undefined") return [];
  let all: [IDBValidKey, unknown][];
  try {
    all = await entries(db());
  } catch {
    return [];
  }
  const values = new Map(all.map(([key, value]) => [String(key), value]));
  const kept: { upload: StoredUpload; file: File }[] = [];
  for (const [key, value] of values) {
    if (!key.endsWith(":meta")) continue;
    const upload = value as StoredUpload;
    const file = values.get(`${upload.id}:file`);
    if (now - upload.savedAt > KEEP_FOR_MS || !(file instanceof Blob)) {
      await drop(upload.id);
      continue;
    }
    kept.push({ upload, file: file as File });
  }
  // A file whose facts were never written (closed mid-save) is useless: remove it.
  for (const key of values.keys()) {
    if (key.endsWith(":file") && !values.has(key.replace(/:file$/, ":meta"))) await del(key, db()).catch(() => {});
  }
  return kept.sort((a, b) => a.upload.savedAt - b.upload.savedAt);
}
