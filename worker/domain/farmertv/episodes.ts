// FarmerTV episodes (seed 001 §7 `/farmertv-s3-url`, `/save-farmertv-meta`,
// `/get-farmertv-public`): episodes of the show `farmertv`, which the platform
// owns (migration 0047), each one a member's uploaded video. An episode is
// written only from a verified video upload (and an optional cover), in one
// statement; its media are served through stable app URLs that redirect to
// fresh signed links, so players can seek (storage honours Range) and the
// feed's enclosures never expire. Hidden by the admin is unpublished.
import { and, desc, eq } from "drizzle-orm";
import { EPISODE_UPLOAD_MISSING } from "../../../app/kernel/schemas/farmertv";
import { showEpisodes as episodes, type ShowEpisode, users } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import { enqueue, sendJobs } from "../../jobs/jobs";
import { noteChange } from "../changes";
import type { Deps } from "../deps";
import { Conflict, NotFound } from "../errors";
import { episodePicture } from "../shows/uploaded";
import { claimable } from "../uploads/claims";

const LINK_SECONDS = 60 * 60;

/** The platform's own account (migration 0047): it owns FarmerTV and signs nobody in. */
export const PLATFORM_USER_ID = "platform";
/** The show FarmerTV's episodes belong to; its slug is reserved for it. */
export const FARMERTV_SHOW_ID = "farmertv";
export const FARMERTV_SLUG = "farmertv";

type Episode = ShowEpisode;

/** The FarmerTV pages and feed, and the show's own pages and feed, are purged. */
function changed(episodeId: string) {
  noteChange({ kind: "episode", episodeId });
  noteChange({ kind: "showEpisode", slug: FARMERTV_SLUG, episodeId });
}
const ofFarmerTv = eq(episodes.showId, FARMERTV_SHOW_ID);

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
  return { coverKey: cover!.key, coverType: cover!.contentType };
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
          showId: FARMERTV_SHOW_ID,
          userId: userId,
          title: input.title,
          description: input.description,
          publishAt: new Date(deps.now()),
          guid: id,
          mediaKey: video!.key,
          mediaFileName: video!.fileName,
          mediaContentType: video!.contentType,
          mediaSize: video!.size,
          ...(await coverOf(deps, userId, input.coverUploadId)),
          posterStatus: "queued",
        })
        .returning(),
      poster.statement,
    ]);
    await sendJobs(deps, [poster.message]);
    changed(id);
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
    .where(and(eq(episodes.id, id), eq(episodes.userId, userId), ofFarmerTv));
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
  const fields = {
    ...(change.title ? { title: change.title } : {}),
    ...(change.description ? { description: change.description } : {}),
    ...(cover ?? {}),
  };
  if (Object.keys(fields).length === 0) return episodeView(deps, episode, null);
  const [updated] = await deps.db.update(episodes).set(fields).where(eq(episodes.id, episode.id)).returning();
  if (cover && episode.coverKey) await deps.storage.delete(episode.coverKey);
  changed(id);
  return episodeView(deps, updated!, null);
}

export async function deleteEpisode(deps: Deps, userId: string, id: string) {
  const episode = await ownEpisode(deps, userId, id);
  await deps.db.delete(episodes).where(eq(episodes.id, episode.id));
  changed(id);
  await deps.storage.delete(
    [episode.mediaKey, episode.coverKey, episode.posterKey].filter((key): key is string => Boolean(key)),
  );
}

/** The admin hides (or shows again) any episode. */
export async function setEpisodeHidden(deps: Deps, id: string, hidden: boolean) {
  const [updated] = await deps.db
    .update(episodes)
    .set({ published: !hidden })
    .where(and(eq(episodes.id, id), ofFarmerTv))
    .returning({ id: episodes.id, published: episodes.published });
  if (!updated) throw new NotFound("Episode not found.");
  changed(id);
  return { id: updated.id, hidden: !updated.published };
}

/** Seed §3 field names beside ours; the user name falls back to 'unknown'. */
function episodeView(deps: Pick<Deps, "origin">, episode: Episode, username: string | null, name?: string | null) {
  const base = `${deps.origin}/api/episodes/${episode.id}`;
  const picture = episodePicture(episode);
  return {
    id: episode.id,
    fileId: episode.id,
    fileTitle: episode.title,
    fileDescription: episode.description,
    fileName: episode.mediaFileName,
    userId: episode.userId,
    userName: username || "unknown",
    /** The uploader's display name for the public pages (their user name when they have none). */
    uploaderName: name?.trim() || username || "unknown",
    createdAt: episode.createdAt.toISOString(),
    url: `${base}/video`,
    type: episode.mediaContentType,
    size: episode.mediaSize,
    durationSeconds: episode.durationSeconds,
    coverUrl: picture ? `${base}/cover.${picture.extension}` : null,
    hidden: !episode.published,
  };
}
export type EpisodeView = ReturnType<typeof episodeView>;

/** Public episodes, newest first (the admin also sees hidden ones, marked). */
export async function listEpisodes(deps: Deps, { includeHidden = false } = {}) {
  const rows = await deps.db
    .select({ episode: episodes, username: users.username, name: users.name })
    .from(episodes)
    .leftJoin(users, eq(users.id, episodes.userId))
    .where(and(ofFarmerTv, includeHidden ? undefined : eq(episodes.published, true)))
    .orderBy(desc(episodes.createdAt))
    .limit(100);
  return rows.map(({ episode, username, name }) => episodeView(deps, episode, username, name));
}

/** One episode for its own page (/farmereps/:id); a hidden one only for the admin. */
export async function getEpisode(deps: Deps, id: string, { includeHidden = false } = {}) {
  const [row] = await deps.db
    .select({ episode: episodes, username: users.username, name: users.name })
    .from(episodes)
    .leftJoin(users, eq(users.id, episodes.userId))
    .where(and(eq(episodes.id, id), ofFarmerTv, includeHidden ? undefined : eq(episodes.published, true)));
  if (!row) throw new NotFound("Episode not found.");
  return episodeView(deps, row.episode, row.username, row.name);
}

async function publicEpisode(deps: Deps, id: string) {
  const [episode] = await deps.db
    .select()
    .from(episodes)
    .where(and(eq(episodes.id, id), ofFarmerTv, eq(episodes.published, true)));
  return episode;
}

/** A fresh signed link to a public episode's video (404 when hidden or missing). */
export async function episodeVideoUrl(deps: Deps, id: string) {
  const episode = await publicEpisode(deps, id);
  if (!episode) throw new NotFound();
  const { mediaKey: key, mediaContentType: contentType } = episode;
  if (!key) throw new NotFound();
  return (await deps.storage.signer.signGet({ key, contentType: contentType ?? undefined }, LINK_SECONDS)).url;
}

/** A public episode's picture, served by the Worker at its stable address (404 when hidden or missing). */
export async function episodeCover(deps: Deps, id: string) {
  const episode = await publicEpisode(deps, id);
  const picture = episode ? episodePicture(episode) : null;
  if (!picture) throw new NotFound();
  return picture;
}
