// Poster job: the renderer probes an uploaded (FarmerTV) episode's video (duration, width,
// height) and stores one frame of it as a JPEG. The player shows the
// uploader's cover when there is one and this frame otherwise, so an episode
// never plays from a blank box; the frame is made either way, so a cover
// removed later still leaves a picture.
import { eq } from "drizzle-orm";
import type { PosterResult } from "../../render-container/src/contract";
import { showEpisodes as episodes, type Job } from "../db/schema";
import { noteChange } from "../domain/changes";
import type { Deps } from "../domain/deps";
import { FARMERTV_SLUG } from "../domain/farmertv/episodes";
import { episodePosterKey } from "../storage/keys";
import type { RendererCall } from "./handoff";
import type { JobInput } from "./jobs";
import { markDone, markFailed, markRunning } from "./store";

const URL_SECONDS = 60 * 60;

export async function startPoster(
  deps: Deps,
  job: Job,
  { episodeId }: JobInput<"poster">,
): Promise<RendererCall<"/jobs/poster"> | null> {
  const [episode] = await deps.db.select().from(episodes).where(eq(episodes.id, episodeId));
  if (!episode?.mediaKey) {
    await markDone(deps.db, job.id, { skipped: "episode deleted" });
    return null;
  }
  await markRunning(deps.db, job.id);
  const { signer } = deps.storage;
  const posterKey = episodePosterKey(episode.userId, episode.id);
  return {
    path: "/jobs/poster",
    input: {
      source: await signer.signGet({ key: episode.mediaKey }, URL_SECONDS),
      output: await signer.signPut({ key: posterKey, contentType: "image/jpeg", output: true }, URL_SECONDS),
    },
  };
}

export async function finishPoster(deps: Deps, job: Job, { episodeId }: JobInput<"poster">, result: PosterResult) {
  const [episode] = await deps.db.select({ userId: episodes.userId }).from(episodes).where(eq(episodes.id, episodeId));
  if (!episode) {
    await markDone(deps.db, job.id, { skipped: "episode deleted" });
    return;
  }
  const posterKey = episodePosterKey(episode.userId, episodeId);
  const { durationSeconds, width, height } = result;
  await deps.db.batch([
    deps.db
      .update(episodes)
      .set({ posterKey, posterStatus: "done", durationSeconds, width, height })
      .where(eq(episodes.id, episodeId)),
    markDone(deps.db, job.id, { posterKey, size: result.size }),
  ]);
  // The picture and duration now show, on FarmerTV's pages and the show's.
  noteChange({ kind: "episode", episodeId });
  noteChange({ kind: "showEpisode", slug: FARMERTV_SLUG, episodeId });
}

/** The reason stays on the job row; the episode keeps its cover (if any) and plays without a poster. */
export async function failPoster(deps: Deps, job: Job, { episodeId }: JobInput<"poster">, reason: string) {
  await deps.db.batch([
    markFailed(deps.db, job.id, reason),
    deps.db.update(episodes).set({ posterStatus: "failed" }).where(eq(episodes.id, episodeId)),
  ]);
}
