// Probe job: ffprobe (in the renderer) reads the file through a signed URL;
// its duration, frame rate and resolution are written to the file record and
// to every playlist item playing it (worker/domain/media/facts.ts).
import { eq } from "drizzle-orm";
import { files, type Job, playlistItems, productFiles, programFiles } from "../db/schema";
import type { Deps } from "../domain/deps";
import { writeFacts } from "../domain/media/facts";
import { runOnRenderer } from "../renderer/client";
import { markDone, markFailed, markRunning } from "./store";

export interface ProbeResult {
  durationSeconds: number | null;
  frameRate: number | null;
  resolution: string | null;
  /** Audio facts (a store product's file shows them). */
  sampleRate?: number | null;
  channels?: number | null;
  bitrate?: number | null;
}

const INPUT_URL_SECONDS = 60 * 60;

/** What a probe writes to: a project file, a playlist item, a program file (all share the media columns) or a product's audio file. */
const TARGETS = {
  file: files,
  "playlist-item": playlistItems,
  "program-file": programFiles,
  "product-file": productFiles,
} as const;
export type ProbeTarget = keyof typeof TARGETS;

export interface ProbeInput {
  target?: ProbeTarget;
  /** The record's id (`fileId` in jobs queued before targets existed). */
  id?: string;
  fileId?: string;
  key: string;
  origin: string;
}

function targetOf(job: Job) {
  const input = job.input as unknown as ProbeInput;
  const target = input.target ?? "file";
  return { table: TARGETS[target], target, id: (input.id ?? input.fileId)!, key: input.key };
}

export async function runProbe(deps: Deps, env: Env, job: Job) {
  const { table, target, id: fileId, key } = targetOf(job);
  const [file] = await deps.db.select({ id: table.id }).from(table).where(eq(table.id, fileId));
  if (!file) {
    await markDone(deps.db, job.id, { skipped: "file deleted" });
    return;
  }
  await deps.db.batch([
    markRunning(deps.db, job.id),
    ...(target === "product-file"
      ? [deps.db.update(productFiles).set({ probeStatus: "running" }).where(eq(productFiles.id, fileId))]
      : writeFacts(deps.db, { target, id: fileId }, { probeStatus: "running" })),
  ]);
  const input = await deps.storage.signer.signGet({ key }, INPUT_URL_SECONDS);
  const result = await runOnRenderer<ProbeResult>(env, "/jobs/probe", { jobId: job.id, input: { url: input.url } });
  const facts = {
    durationSeconds: result.durationSeconds,
    frameRate: result.frameRate,
    resolution: result.resolution,
    probeStatus: "done" as const,
  };
  await deps.db.batch([
    markDone(deps.db, job.id, { ...result }),
    ...(target === "product-file"
      ? [
          deps.db
            .update(productFiles)
            .set({
              durationSeconds: result.durationSeconds,
              sampleRate: result.sampleRate ?? null,
              channels: result.channels ?? null,
              bitrate: result.bitrate ?? null,
              probeStatus: "done",
              probeError: null,
            })
            .where(eq(productFiles.id, fileId)),
        ]
      : writeFacts(deps.db, { target, id: fileId }, facts)),
    ...(table === files ? [deps.db.update(files).set({ probeError: null }).where(eq(files.id, fileId))] : []),
  ]);
}

export async function failProbe(deps: Deps, job: Job, reason: string) {
  const { table, target, id } = targetOf(job);
  await deps.db.batch([
    markFailed(deps.db, job.id, reason),
    ...(target === "product-file"
      ? [deps.db.update(productFiles).set({ probeStatus: "failed", probeError: reason }).where(eq(productFiles.id, id))]
      : writeFacts(deps.db, { target, id }, { probeStatus: "failed" })),
    ...(table === files ? [deps.db.update(files).set({ probeError: reason }).where(eq(files.id, id))] : []),
  ]);
}
