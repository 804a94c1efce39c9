// Render job: the renderer concatenates the playlist's items (signed input
// URLs, in order) and PUTs the result to a signed output URL.
import { asc, eq } from "drizzle-orm";
import { type Job, playlistItems, playlists, renders } from "../db/schema";
import type { Deps } from "../domain/deps";
import { runOnRenderer } from "../renderer/client";
import { renderKey } from "../storage/keys";
import { progressUrl } from "./progress";
import { markDone, markFailed, markRunning } from "./store";

const URL_SECONDS = 6 * 60 * 60;

export interface RenderResult {
  method: "copy" | "reencode";
  durationSeconds: number | null;
  frameRate: number | null;
  resolution: string | null;
  size: number;
  audioOutput?: { size: number; durationSeconds: number | null };
}

export async function runRender(deps: Deps, env: Env, job: Job) {
  const { renderId, playlistId, loudness } = job.input as { renderId: string; playlistId: string; loudness?: boolean };
  const [render] = await deps.db.select().from(renders).where(eq(renders.id, renderId));
  const [playlist] = await deps.db.select().from(playlists).where(eq(playlists.id, playlistId));
  if (!render || !playlist) {
    await markFailed(deps.db, job.id, "The playlist was deleted.");
    return;
  }
  const items = await deps.db
    .select()
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.seqPos));
  if (items.length === 0) throw new Error("The playlist has no files.");
  await deps.db.batch([
    markRunning(deps.db, job.id),
    deps.db.update(renders).set({ status: "running" }).where(eq(renders.id, renderId)),
  ]);

  const { signer } = deps.storage;
  const audioKey = playlist.mediaType === "audio" ? renderKey(render.userId, renderId, "m4a") : null;
  const input = {
    mediaType: playlist.mediaType ?? "video",
    loudness: Boolean(loudness),
    items: await Promise.all(
      items.map(async (item) => ({ url: (await signer.signGet({ key: item.key }, URL_SECONDS)).url })),
    ),
    output: await signer.signPut({ key: render.key, contentType: "video/mp4" }, URL_SECONDS),
    audioOutput: audioKey ? await signer.signPut({ key: audioKey, contentType: "audio/mp4" }, URL_SECONDS) : undefined,
  };
  const result = await runOnRenderer<RenderResult>(env, "/jobs/render", {
    jobId: job.id,
    input,
    callbackUrl: await progressUrl(deps.origin, deps.secret, job.id),
  });
  await deps.db.batch([
    deps.db
      .update(renders)
      .set({
        status: "done",
        progress: 100,
        error: null,
        durationSeconds: result.durationSeconds,
        frameRate: result.frameRate,
        resolution: result.resolution,
        size: result.size,
        audioKey: result.audioOutput ? audioKey : null,
      })
      .where(eq(renders.id, renderId)),
    deps.db
      .update(playlists)
      .set({ renderedAt: new Date(deps.now()) })
      .where(eq(playlists.id, playlistId)),
    markDone(deps.db, job.id, { ...result }),
  ]);
}

export async function failRender(deps: Deps, job: Job, reason: string) {
  const { renderId } = job.input as { renderId: string };
  await deps.db.batch([
    markFailed(deps.db, job.id, reason),
    deps.db.update(renders).set({ status: "failed", error: reason }).where(eq(renders.id, renderId)),
  ]);
}
