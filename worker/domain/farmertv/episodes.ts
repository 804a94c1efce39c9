// FarmerTV episodes (seed 001 §7 `/farmertv-s3-url`, `/save-farmertv-meta`,
// `/get-farmertv-public`). An episode is written only from a verified video
// upload (and an optional cover), in one statement; its media are served
// through stable app URLs that redirect to fresh signed links, so players can
// seek (storage honours Range) and the feed's enclosures never expire.
import { and, desc, eq } from "drizzle-orm";
import { EPISODE_UPLOAD_MISSING } from "../../../app/kernel/schemas/farmertv";
import { type Episode, episodes, users } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import { enqueue, sendJobs } from "../../jobs/jobs";
import { imageExtension, imageTypeOf } from "../../storage/images";
import { noteChange } from "../changes";
import type { Deps } from "../deps";
import { Conflict, NotFound } from "../errors";
import { claimable } from "../uploads/claims";

const LINK_SECONDS = 60 * 60;

export interface EpisodeInput {
  title: string;
  description: string;
  videoUploadId: string;
  coverUploadId?: string;
}

/** The claimed cover's key and checked type (kept: the cover is served as it, issue 44 item 3). */
async function coverOf(deps: Deps, userId: string, coverUploadId: string | undefined) {
  if (!coverUploadId) return null;
  const [cover] = await claimable(deps, userId, "episode-cover", [coverUploadId], EPISODE_UPLOAD_MISSING);
  return { coverKey: cover!.key, coverContentType: cover!.contentType };
}

export async function createEpisode(deps: Deps, userId: string, input: EpisodeInput) {
  const [video] = await claimable(deps, userId, "episode-video", [input.videoUploadId], EPISODE_UPLOAD_MISSING);
  const id = crypto.randomUUID();
  // The poster job is written with the episode: neither exists without the other.
  const poster = enqueue(deps, userId, "poster", { episodeId: id, origin: deps.origin });
  try {
    const [[episode]] = await deps.db.batch([
      deps.db
        .insert(episodes)
        .values({
          id,
          userId: userId,
          title: input.title,
          description: input.description,
          videoKey: video!.key,
          videoFileName: video!.fileName,
          videoContentType: video!.contentType,
          videoSize: video!.size,
          ...(await coverOf(deps, userId, input.coverUploadId)),
          posterStatus: "queued",
        })
        .returning(),
      poster.statement,
    ]);
    await sendJobs(deps, [poster.message]);
    noteChange({ kind: "episode", episodeId: id });
    return episodeView(deps, episode!, null);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(EPISODE_UPLOAD_MISSING);
    throw error;
  }
}

async function ownEpisode(deps: Deps, userId: string, id: string) {
  const [episode] = await deps.db
    .select()
    .from(episodes)
    .where(and(eq(episodes.id, id), eq(episodes.userId, userId)));
  if (!episode) throw new NotFound("Episode not found.");
  return episode;
}

export async function updateEpisode(
  deps: Deps,
  userId: string,
  id: string,
  change: { title?: string; description?: string; coverUploadId?: string },
) {
  const episode = await ownEpisode(deps, userId, id);
  const cover = await coverOf(deps, userId, change.coverUploadId);
  const [updated] = await deps.db
    .update(episodes)
    .set({
      ...(change.title ? { title: change.title } : {}),
      ...(change.description ? { description: change.description } : {}),
      ...(cover ?? {}),
      updatedAt: new Date(deps.now()),
    })
    .where(eq(episodes.id, episode.id))
    .returning();
  if (cover && episode.coverKey) await deps.storage.delete(episode.coverKey);
  noteChange({ kind: "episode", episodeId: id });
  return episodeView(deps, updated!, null);
}

export async function deleteEpisode(deps: Deps, userId: string, id: string) {
  const episode = await ownEpisode(deps, userId, id);
  await deps.db.delete(episodes).where(eq(episodes.id, episode.id));
  noteChange({ kind: "episode", episodeId: id });
  await deps.storage.delete(
    [episode.videoKey, episode.coverKey, episode.posterKey].filter((key): key is string => Boolean(key)),
  );
}

/** The admin hides (or shows again) any episode. */
export async function setEpisodeHidden(deps: Deps, id: string, hidden: boolean) {
  const [updated] = await deps.db
    .update(episodes)
    .set({ hidden, updatedAt: new Date(deps.now()) })
    .where(eq(episodes.id, id))
    .returning({ id: episodes.id, hidden: episodes.hidden });
  if (!updated) throw new NotFound("Episode not found.");
  noteChange({ kind: "episode", episodeId: id });
  return updated;
}

/** Seed §3 field names beside ours; the user name falls back to 'unknown'. */
function episodeView(deps: Pick<Deps, "origin">, episode: Episode, username: string | null) {
  const base = `${deps.origin}/api/episodes/${episode.id}`;
  const picture = episodePicture(episode);
  return {
    id: episode.id,
    fileId: episode.id,
    fileTitle: episode.title,
    fileDescription: episode.description,
    fileName: episode.videoFileName,
    userId: episode.userId,
    userName: username || "unknown",
    createdAt: episode.createdAt.toISOString(),
    url: `${base}/video`,
    type: episode.videoContentType,
    size: episode.videoSize,
    durationSeconds: episode.durationSeconds,
    coverUrl: picture ? `${base}/cover.${picture.extension}` : null,
    hidden: episode.hidden,
  };
}
export type EpisodeView = ReturnType<typeof episodeView>;

/** Public episodes, newest first (the admin also sees hidden ones, marked). */
export async function listEpisodes(deps: Deps, { includeHidden = false } = {}) {
  const rows = await deps.db
    .select({ episode: episodes, username: users.username })
    .from(episodes)
    .leftJoin(users, eq(users.id, episodes.userId))
    .where(includeHidden ? undefined : eq(episodes.hidden, false))
    .orderBy(desc(episodes.createdAt))
    .limit(100);
  return rows.map(({ episode, username }) => episodeView(deps, episode, username));
}

/** One episode for its own page (/farmereps/:id); a hidden one only for the admin. */
export async function getEpisode(deps: Deps, id: string, { includeHidden = false } = {}) {
  const [row] = await deps.db
    .select({ episode: episodes, username: users.username })
    .from(episodes)
    .leftJoin(users, eq(users.id, episodes.userId))
    .where(and(eq(episodes.id, id), includeHidden ? undefined : eq(episodes.hidden, false)));
  if (!row) throw new NotFound("Episode not found.");
  return episodeView(deps, row.episode, row.username);
}

/** The renderer's poster is a JPEG (worker/jobs/poster.ts). */
const POSTER_TYPE = "image/jpeg";

/**
 * An episode's picture: its cover, else the poster the renderer made; with the image type it is
 * served as and the extension its stable address ends in (`/api/episodes/:id/cover.<extension>`).
 */
export function episodePicture(episode: Pick<Episode, "coverKey" | "coverContentType" | "posterKey">) {
  const key = episode.coverKey ?? episode.posterKey;
  if (!key) return null;
  const contentType = episode.coverKey ? imageTypeOf(episode.coverContentType, episode.coverKey) : POSTER_TYPE;
  if (!contentType) return null;
  return { key, contentType, extension: imageExtension(contentType, key) };
}

async function publicEpisode(deps: Deps, id: string) {
  const [episode] = await deps.db
    .select()
    .from(episodes)
    .where(and(eq(episodes.id, id), eq(episodes.hidden, false)));
  return episode;
}

/** A fresh signed link to a public episode's video (404 when hidden or missing). */
export async function episodeVideoUrl(deps: Deps, id: string) {
  const episode = await publicEpisode(deps, id);
  if (!episode) throw new NotFound();
  const { videoKey: key, videoContentType: contentType } = episode;
  return (await deps.storage.signer.signGet({ key, contentType }, LINK_SECONDS)).url;
}

/** A public episode's picture, served by the Worker at its stable address (404 when hidden or missing). */
export async function episodeCover(deps: Deps, id: string) {
  const episode = await publicEpisode(deps, id);
  const picture = episode ? episodePicture(episode) : null;
  if (!picture) throw new NotFound();
  return picture;
}
