// Render job: the renderer concatenates the playlist's items (signed input
// URLs, in order) and PUTs the result to a signed output URL. It gets each
// item's chapter marks and stored loudness; what it measured goes back to
// the items' files (so the next render measures only what changed), and the
// chapters it placed are kept on the render and beside it as JSON.
import { asc, eq } from "drizzle-orm";
import type { RendererJobs } from "../../render-container/src/contract";
import {
  type Job,
  type LoudnessReport,
  type MeasuredLoudness,
  playlistItems,
  playlists,
  type RenderChapter,
  renders,
} from "../db/schema";
import type { Deps } from "../domain/deps";
import { homeOf, writeFacts } from "../domain/media/facts";
import { chapterList, marksOf } from "../domain/playlists/chapters";
import { chaptersKey, renderKey } from "../storage/keys";
import type { RendererCall } from "./handoff";
import type { JobInput } from "./jobs";
import { markDone, markFailed, markRunning } from "./store";

const URL_SECONDS = 6 * 60 * 60;

/** The renderer's answer (render-container/src/contract.ts) and what the chapter and loudness work adds to it. */
export type RenderResult = RendererJobs["/jobs/render"]["result"] & {
  chapters?: RenderChapter[];
  loudness?: {
    target: number;
    items: (LoudnessReport["items"][number] & { loudness: MeasuredLoudness | null })[];
  };
};

/** The Podcasting 2.0 JSON chapters format (application/json+chapters). */
export function podcastChapters(chapters: RenderChapter[]) {
  return { version: "1.2.0", chapters: chapters.map((c) => ({ startTime: c.startTime, title: c.title })) };
}

/** What a render works on: its row, its playlist and the playlist's items in order; null when deleted. */
async function renderParts(deps: Deps, { renderId, playlistId }: JobInput<"render">) {
  const [render] = await deps.db.select().from(renders).where(eq(renders.id, renderId));
  const [playlist] = await deps.db.select().from(playlists).where(eq(playlists.id, playlistId));
  if (!render || !playlist) return null;
  const items = await deps.db
    .select()
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.seqPos));
  return { render, playlist, items, audio: playlist.mediaType === "audio" };
}

/** Where attempt `attempt` of a render writes: its own keys, so a superseded attempt cannot overwrite the current one's. */
function attemptKeys(userId: string, renderId: string, attempt: number, audio: boolean) {
  return {
    key: renderKey(userId, renderId, "mp4", attempt),
    audioKey: audio ? renderKey(userId, renderId, "m4a", attempt) : null,
  };
}

export async function startRender(
  deps: Deps,
  job: Job,
  input: JobInput<"render">,
): Promise<RendererCall<"/jobs/render"> | null> {
  const { renderId, playlistId, loudness } = input;
  const parts = await renderParts(deps, input);
  if (!parts) {
    await markFailed(deps.db, job.id, "The playlist was deleted.");
    return null;
  }
  const { render, playlist, items, audio } = parts;
  if (items.length === 0) throw new Error("The playlist has no files.");
  await deps.db.batch([
    markRunning(deps.db, job.id),
    deps.db.update(renders).set({ status: "running", error: null }).where(eq(renders.id, renderId)),
  ]);
  const { key, audioKey } = attemptKeys(render.userId, renderId, job.attempts + 1, audio);

  const { signer } = deps.storage;
  const chapters = chapterList(items, await marksOf(deps.db, playlistId));
  return {
    path: "/jobs/render",
    input: {
      mediaType: playlist.mediaType ?? "video",
      loudness,
      items: await Promise.all(
        items.map(async (item) => ({
          url: (await signer.signGet({ key: item.key }, URL_SECONDS)).url,
          chapters: chapters
            .filter((c) => c.itemId === item.id)
            .map((c) => ({ offsetSeconds: c.offsetSeconds, title: c.title })),
          ...(item.loudness ? { loudness: item.loudness } : {}),
        })),
      ),
      output: await signer.signPut({ key, contentType: "video/mp4", output: true }, URL_SECONDS),
      audioOutput: audioKey
        ? await signer.signPut({ key: audioKey, contentType: "audio/mp4", output: true }, URL_SECONDS)
        : undefined,
    },
  };
}

/** The renderer's result: the render's facts, its chapters beside it as JSON, and loudness learned per item's file. */
export async function finishRender(deps: Deps, job: Job, input: JobInput<"render">, result: RenderResult) {
  const { renderId, playlistId } = input;
  const parts = await renderParts(deps, input);
  if (!parts) {
    await markFailed(deps.db, job.id, "The playlist was deleted.");
    return;
  }
  const { render, items, audio } = parts;
  const { key, audioKey } = attemptKeys(render.userId, renderId, job.attempts, audio);
  const placed = result.chapters ?? [];
  const jsonKey = placed.length ? chaptersKey(render.userId, renderId) : null;
  if (jsonKey)
    await deps.storage.put(jsonKey, JSON.stringify(podcastChapters(placed)), {
      httpMetadata: { contentType: "application/json+chapters" },
    });
  // Measured now: kept with each item's file, so the next render measures only what changed.
  const learned = (result.loudness?.items ?? []).flatMap((r) => {
    const item = items[r.n - 1];
    return item && r.measuredNow && r.loudness ? writeFacts(deps.db, homeOf(item), { loudness: r.loudness }) : [];
  });
  const report: LoudnessReport | null = result.loudness
    ? {
        target: result.loudness.target,
        items: result.loudness.items.map(({ loudness: measured, ...rest }) => ({
          ...rest,
          measured: measured?.integrated ?? null,
          fileName: items[rest.n - 1]?.fileName ?? `Item ${rest.n}`,
        })),
      }
    : null;
  await deps.db.batch([
    deps.db
      .update(renders)
      .set({
        status: "done",
        error: null,
        durationSeconds: result.durationSeconds,
        frameRate: result.frameRate,
        resolution: result.resolution,
        size: result.size,
        key,
        audioKey: result.audioOutput ? audioKey : null,
        audioSize: result.audioOutput?.size ?? null,
        chapters: placed,
        chaptersKey: jsonKey,
        loudnessReport: report,
      })
      .where(eq(renders.id, renderId)),
    deps.db
      .update(playlists)
      .set({ renderedAt: new Date(deps.now()) })
      .where(eq(playlists.id, playlistId)),
    markDone(deps.db, job.id, { ...result }),
    ...learned,
  ]);
  // What earlier attempts may have written before they were superseded (the first render's key had no attempt).
  const earlier = [render.key, render.audioKey].filter((k): k is string => Boolean(k) && k !== key && k !== audioKey);
  for (let n = 1; n < job.attempts; n++) {
    const old = attemptKeys(render.userId, renderId, n, audio);
    earlier.push(old.key, ...(old.audioKey ? [old.audioKey] : []));
  }
  if (earlier.length) await deps.storage.delete(earlier);
}

/** A superseded attempt's report was refused: the files it wrote are deleted (the current attempt writes its own). */
export async function discardRender(deps: Deps, _job: Job, input: JobInput<"render">, attempt: number) {
  const [render] = await deps.db.select().from(renders).where(eq(renders.id, input.renderId));
  if (!render) return;
  const [playlist] = await deps.db.select().from(playlists).where(eq(playlists.id, input.playlistId));
  const { key, audioKey } = attemptKeys(render.userId, render.id, attempt, playlist?.mediaType === "audio");
  // Never the files the render points at (a stale report naming the attempt that finished cannot happen, but cheap to rule out).
  const stale = [key, audioKey].filter((k): k is string => Boolean(k) && k !== render.key && k !== render.audioKey);
  if (stale.length) await deps.storage.delete(stale);
}

export async function failRender(deps: Deps, job: Job, { renderId }: JobInput<"render">, reason: string) {
  await deps.db.batch([
    markFailed(deps.db, job.id, reason),
    deps.db.update(renders).set({ status: "failed", error: reason }).where(eq(renders.id, renderId)),
  ]);
}
