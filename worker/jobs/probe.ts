// Probe job: ffprobe (in the renderer) reads the file through a signed URL;
// its duration, frame rate and resolution are written to the file record and
// to every playlist item playing it (worker/domain/media/facts.ts).
import { eq, sql } from "drizzle-orm";
import type { RendererJobs } from "../../render-container/src/contract";
import { files, type Job, playlistItems, productFiles, programFiles } from "../db/schema";
import type { Deps } from "../domain/deps";
import { writeFacts } from "../domain/media/facts";
import type { RendererCall } from "./handoff";
import type { JobInput, ProbeTarget } from "./jobs";
import { markDone, markFailed, markRunning } from "./store";

/** The renderer's answer (render-container/src/contract.ts) with the audio facts a product file shows. */
export type ProbeResult = RendererJobs["/jobs/probe"]["result"] & {
  durationSeconds: number | null;
  frameRate: number | null;
  resolution: string | null;
  /** Audio facts (a store product's file shows them). */
  sampleRate?: number | null;
  channels?: number | null;
  bitrate?: number | null;
};

const INPUT_URL_SECONDS = 60 * 60;

/** What a probe writes to: a project file, a playlist item, a program file (all share the media columns) or a product's audio file. */
const TARGETS = {
  file: files,
  "playlist-item": playlistItems,
  "program-file": programFiles,
  "product-file": productFiles,
} as const satisfies Record<ProbeTarget, unknown>;

/** Marks the file's probe running and hands the renderer a signed URL of it; null when the file is gone. */
export async function startProbe(
  deps: Deps,
  job: Job,
  { target, id: fileId, key }: JobInput<"probe">,
): Promise<RendererCall<"/jobs/probe"> | null> {
  const table = TARGETS[target];
  const [file] = await deps.db.select({ id: table.id }).from(table).where(eq(table.id, fileId));
  if (!file) {
    await markDone(deps.db, job.id, { skipped: "file deleted" });
    return null;
  }
  await deps.db.batch([
    markRunning(deps.db, job.id),
    ...(target === "product-file"
      ? [deps.db.update(productFiles).set({ probeStatus: "running" }).where(eq(productFiles.id, fileId))]
      : writeFacts(deps.db, { target, id: fileId }, { probeStatus: "running" })),
  ]);
  const input = await deps.storage.signer.signGet({ key }, INPUT_URL_SECONDS);
  // A beat on sale gets a BPM suggestion (ours: issue 33); other media do not pay for the decoding.
  return { path: "/jobs/probe", input: { url: input.url, ...(target === "product-file" ? { tempo: true } : {}) } };
}

/** The renderer's facts, written to the file and every playlist item playing it. */
export async function finishProbe(
  deps: Deps,
  job: Job,
  { target, id: fileId }: JobInput<"probe">,
  result: ProbeResult,
) {
  const table = TARGETS[target];
  const facts = {
    durationSeconds: result.durationSeconds,
    frameRate: result.frameRate,
    resolution: result.resolution,
    peaks: result.peaks ?? null,
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
              // The preview's own peaks (what the store plays) win; the original's fill in until then.
              peaks: sql`coalesce(${productFiles.peaks}, ${result.peaks ? JSON.stringify(result.peaks) : null})`,
              tempoBpm: result.tempo?.bpm ?? null,
              tempoConfidence: result.tempo?.confidence ?? null,
              probeStatus: "done",
              probeError: null,
            })
            .where(eq(productFiles.id, fileId)),
        ]
      : writeFacts(deps.db, { target, id: fileId }, facts)),
    ...(table === files ? [deps.db.update(files).set({ probeError: null }).where(eq(files.id, fileId))] : []),
  ]);
}

export async function failProbe(deps: Deps, job: Job, { target, id }: JobInput<"probe">, reason: string) {
  const table = TARGETS[target];
  await deps.db.batch([
    markFailed(deps.db, job.id, reason),
    ...(target === "product-file"
      ? [deps.db.update(productFiles).set({ probeStatus: "failed", probeError: reason }).where(eq(productFiles.id, id))]
      : writeFacts(deps.db, { target, id }, { probeStatus: "failed" })),
    ...(table === files ? [deps.db.update(files).set({ probeError: reason }).where(eq(files.id, id))] : []),
  ]);
}
