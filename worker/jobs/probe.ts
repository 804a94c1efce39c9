// Probe job: ffprobe (in the renderer) reads the file through a signed URL;
// its duration, frame rate and resolution are written to the file record.
import { eq } from "drizzle-orm";
import { files, type Job } from "../db/schema";
import type { Deps } from "../domain/deps";
import { runOnRenderer } from "../renderer/client";
import { markDone, markFailed, markRunning } from "./store";

export interface ProbeResult {
  durationSeconds: number | null;
  frameRate: number | null;
  resolution: string | null;
}

const INPUT_URL_SECONDS = 60 * 60;

export async function runProbe(deps: Deps, env: Env, job: Job) {
  const { fileId, key } = job.input as { fileId: string; key: string };
  const [file] = await deps.db.select({ id: files.id }).from(files).where(eq(files.id, fileId));
  if (!file) {
    await markDone(deps.db, job.id, { skipped: "file deleted" });
    return;
  }
  await deps.db.batch([markRunning(deps.db, job.id), deps.db.update(files).set({ probeStatus: "running" }).where(eq(files.id, fileId))]);
  const input = await deps.storage.signer.signGet({ key }, INPUT_URL_SECONDS);
  const result = await runOnRenderer<ProbeResult>(env, "/jobs/probe", { jobId: job.id, input: { url: input.url } });
  await deps.db.batch([
    deps.db
      .update(files)
      .set({
        durationSeconds: result.durationSeconds,
        frameRate: result.frameRate,
        resolution: result.resolution,
        probeStatus: "done",
        probeError: null,
      })
      .where(eq(files.id, fileId)),
    markDone(deps.db, job.id, { ...result }),
  ]);
}

export async function failProbe(deps: Deps, job: Job, reason: string) {
  const { fileId } = job.input as { fileId: string };
  await deps.db.batch([
    markFailed(deps.db, job.id, reason),
    deps.db.update(files).set({ probeStatus: "failed", probeError: reason }).where(eq(files.id, fileId)),
  ]);
}
