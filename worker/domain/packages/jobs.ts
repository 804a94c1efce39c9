// Package jobs: a zip of the selected playlists' files (one folder per
// playlist) or of a purchase's originals and licence PDFs, streamed from R2
// through fflate into an R2 multipart upload in equal parts, so memory stays
// at about one part whatever the total size. They run in the Worker's queue
// consumer (no ffmpeg needed).
import type { Job } from "../../db/schema";
import type { JobInput } from "../../jobs/jobs";
import { recordProgress } from "../../jobs/progress";
import { markDone, markFailed, markRunning } from "../../jobs/store";
import { packageKey } from "../../storage/keys";
import type { Deps } from "../deps";
import { purchaseEntries } from "../orders/package";
import { packageEntries } from "./packages";
import { fixedChunks, zipStream } from "./zip";

export const PACKAGE_PART_SIZE = 8 * 1024 * 1024;

export async function runPackage(deps: Deps, _env: Env, job: Job, { playlistIds }: JobInput<"package">) {
  await markRunning(deps.db, job.id);
  const entries = await packageEntries(deps, job.userId, playlistIds);
  const fileName = `playlists-${new Date(deps.now()).toISOString().slice(0, 10)}.zip`;
  await zipToStorage(deps, job, entries, fileName);
}

export async function runPurchasePackage(deps: Deps, _env: Env, job: Job, { orderId }: JobInput<"purchase">) {
  await markRunning(deps.db, job.id);
  const { entries, fileName } = await purchaseEntries(deps, job.userId, orderId);
  await zipToStorage(deps, job, entries, fileName);
}

export interface StoredEntry {
  name: string;
  size: number;
  key: string;
}

/**
 * Streams stored objects into one zip in storage and marks the job done with
 * its key; progress is recorded every 5 %. Shared by every job that packages.
 */
export async function zipToStorage(deps: Deps, job: Job, entries: StoredEntry[], fileName: string) {
  const storage = deps.storage;
  const total = entries.reduce((sum, e) => sum + e.size, 0) || 1;
  let reported = 0;

  const zipped = zipStream(
    entries.map((entry) => ({
      name: entry.name,
      size: entry.size,
      async open() {
        const object = await storage.get(entry.key);
        if (!object) throw new Error(`${entry.name} is missing from storage`);
        return object.body;
      },
    })),
  );
  const key = packageKey(job.userId, job.id);
  const upload = await storage.createMultipartUpload(key, { httpMetadata: { contentType: "application/zip" } });
  try {
    const parts: R2UploadedPart[] = [];
    let size = 0;
    for await (const chunk of fixedChunks(zipped, PACKAGE_PART_SIZE)) {
      parts.push(await upload.uploadPart(parts.length + 1, chunk));
      size += chunk.length;
      const done = Math.min(total, size);
      if ((done / total) * 100 - reported >= 5) {
        reported = Math.floor((done / total) * 100);
        await recordProgress(deps.db, job.id, reported);
      }
    }
    await upload.complete(parts);
    // Each entry's bytes were counted against its size (zipStream); the stored zip is checked whole
    // before the job is reported done (issue 37).
    const stored = await storage.head(key);
    if (stored?.size !== size)
      throw new Error(`The package was stored with ${stored?.size ?? 0} of its ${size} bytes.`);
    await markDone(deps.db, job.id, { key, fileName, size, files: entries.length });
  } catch (error) {
    await upload.abort().catch(() => {});
    throw error;
  }
}

/** Playlist and purchase packages alike: only the job row records the failure. */
export async function failPackage(deps: Deps, job: Job, _input: unknown, reason: string) {
  await markFailed(deps.db, job.id, reason);
}
