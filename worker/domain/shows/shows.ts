// Shows and their episodes (issue 30). A show is a member's podcast; an
// episode is one of the member's playlists published under it. The episode
// reads its playlist live, so whatever a program puts into a slot is what the
// next listener gets (./delivery.ts), and deleting the playlist deletes the
// episode with it (the foreign key cascades): no episode outlives its media.
// A show is shared like a project (ADR 054): its creator owns it, editors publish and edit its
// episodes, viewers see its private pages and stats; every check goes through `memberData`.
import { and, asc, desc, eq, inArray, lte, or, type SQLWrapper } from "drizzle-orm";
import {
  EPISODE_MEDIA_MISMATCH,
  type EpisodeForm,
  PLAYLIST_ALREADY_EPISODE,
  type ShowForm,
  SLUG_TAKEN,
} from "../../../app/kernel/schemas/shows";
import { chunksOf, IDS_PER_STATEMENT } from "../../db/chunks";
import { type MemberRole, type Show, type ShowEpisode, showEpisodes, showMembers, shows, users } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import { noteChange } from "../changes";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import { memberData, type Need } from "../member-data";
import { claimable } from "../uploads/claims";
import { ensureSegments } from "./segments";

export const SHOW_NOT_FOUND = "Show not found.";
export const EPISODE_NOT_FOUND = "Episode not found.";
const ARTWORK_MISSING = "The uploaded artwork was not found. Please upload it again.";

async function artworkOf(deps: Deps, userId: string, uploadId: string | undefined) {
  if (!uploadId) return null;
  const [upload] = await claimable(deps, userId, "show-artwork", [uploadId], ARTWORK_MISSING);
  return { artworkKey: upload!.key, artworkType: upload!.contentType };
}

export async function createShow(deps: Deps, userId: string, form: ShowForm): Promise<Show> {
  const { artworkUploadId, ...fields } = form;
  const artwork = await artworkOf(deps, userId, artworkUploadId);
  try {
    const [show] = await deps.db
      .insert(shows)
      .values({ id: crypto.randomUUID(), userId, ...fields, ...artwork, podcastGuid: crypto.randomUUID() })
      .returning();
    return show!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    throw error;
  }
}

export async function updateShow(deps: Deps, userId: string, showId: string, form: ShowForm): Promise<Show> {
  const show = await showFor(deps, userId, showId, "edit");
  const { artworkUploadId, ...fields } = form;
  const artwork = await artworkOf(deps, userId, artworkUploadId);
  try {
    const [updated] = await deps.db
      .update(shows)
      .set({ ...fields, ...artwork })
      .where(eq(shows.id, show.id))
      .returning();
    if (artwork && show.artworkKey && show.artworkKey !== artwork.artworkKey)
      await deps.storage.delete(show.artworkKey);
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(SLUG_TAKEN, { slug: [SLUG_TAKEN] });
    throw error;
  }
}

/** The show if the member belongs to it (else NotFound) and their role allows `need` (else Forbidden). */
export function showFor(deps: Deps, userId: string, showId: string, need: Need = "view"): Promise<Show> {
  return memberData(deps.db, userId).show(showId, need);
}

/** The show at this address as a member of its team sees it, with their role; NotFound for anyone else. */
export async function teamShow(deps: Deps, userId: string, slug: string): Promise<{ show: Show; role: MemberRole }> {
  const [row] = await deps.db
    .select({ show: shows, role: showMembers.role })
    .from(shows)
    .leftJoin(showMembers, and(eq(showMembers.showId, shows.id), eq(showMembers.userId, userId)))
    .where(eq(shows.slug, slug))
    .limit(1);
  return teamShowFrom(row, userId);
}

/** A show and the member's row in its team as the member sees it: the show and their role; NotFound for anyone else. */
export function teamShowFrom(
  row: { show: Show; role: MemberRole | null } | undefined,
  userId: string,
): { show: Show; role: MemberRole } {
  if (row?.show.userId === userId) return { show: row.show, role: "owner" };
  if (!row?.role) throw new NotFound(SHOW_NOT_FOUND);
  return { show: row.show, role: row.role };
}

/** The member's shows and the ones shared with them, newest first, each with their role and its creator's name. */
export async function myShows(deps: Deps, userId: string) {
  const rows = await deps.db
    .select({ show: shows, role: showMembers.role, creatorName: users.name })
    .from(shows)
    .innerJoin(users, eq(users.id, shows.userId))
    .leftJoin(showMembers, and(eq(showMembers.showId, shows.id), eq(showMembers.userId, userId)))
    .where(or(eq(shows.userId, userId), eq(showMembers.userId, userId)))
    .orderBy(desc(shows.createdAt));
  return rows.map(({ show, role, creatorName }) =>
    show.userId === userId
      ? { ...show, role: "owner" as MemberRole, sharedBy: null }
      : { ...show, role: role!, sharedBy: creatorName },
  );
}

export async function showBySlug(deps: Deps, slug: string): Promise<Show> {
  const [show] = await deps.db.select().from(shows).where(eq(shows.slug, slug));
  if (!show) throw new NotFound(SHOW_NOT_FOUND);
  return show;
}

/** The show's episodes listeners see: published, and due. */
export function publicEpisodes(deps: Deps, showId: string | SQLWrapper) {
  return deps.db
    .select()
    .from(showEpisodes)
    .where(listedIn(deps, typeof showId === "string" ? [showId] : showId))
    .orderBy(desc(showEpisodes.publishAt));
}

/** The episodes listeners see of the shows `showIds` selects (a list or a subquery): published, and due. */
export function listedIn(deps: Deps, showIds: SQLWrapper | readonly string[]) {
  return and(
    inArray(showEpisodes.showId, showIds),
    eq(showEpisodes.published, true),
    lte(showEpisodes.publishAt, new Date(deps.now())),
  );
}

/** Every episode of the member's show, drafts and scheduled ones too. */
export function showEpisodesOf(deps: Deps, showId: string) {
  return deps.db
    .select()
    .from(showEpisodes)
    .where(eq(showEpisodes.showId, showId))
    .orderBy(asc(showEpisodes.publishAt));
}

export function isListed(episode: Pick<ShowEpisode, "published" | "publishAt">, now: number) {
  return episode.published && episode.publishAt.getTime() <= now;
}

/** A listed episode of the show, or NotFound (a draft or a scheduled one is not there yet for listeners). */
export async function publicEpisode(deps: Deps, show: Show, episodeId: string): Promise<ShowEpisode> {
  const [episode] = await deps.db
    .select()
    .from(showEpisodes)
    .where(and(eq(showEpisodes.id, episodeId), eq(showEpisodes.showId, show.id)));
  if (!episode || !isListed(episode, deps.now())) throw new NotFound(EPISODE_NOT_FOUND);
  return episode;
}

/** An episode of a show the member may change (its owners and editors); NotFound / Forbidden otherwise. */
function editableEpisode(deps: Deps, userId: string, episodeId: string): Promise<ShowEpisode> {
  return memberData(deps.db, userId).episode(episodeId, "edit");
}

/**
 * Publishes a playlist the member may change as an episode of a show they may change; its segments
 * are queued for encoding at once, for the show's creator (whose shows the segment sweep reads).
 */
export async function publishEpisode(deps: Deps, userId: string, showId: string, form: EpisodeForm) {
  const show = await showFor(deps, userId, showId, "edit");
  // Publishing distributes the project's audio: a viewer of a shared project may not.
  const playlist = await memberData(deps.db, userId).playlist(form.playlistId, "edit");
  if (playlist.mediaType && playlist.mediaType !== show.mediaType)
    throw new Invalid(EPISODE_MEDIA_MISMATCH, { playlistId: [EPISODE_MEDIA_MISMATCH] });
  const { playlistId, publishAt, ...fields } = form;
  let episode: ShowEpisode;
  try {
    [episode] = (await deps.db
      .insert(showEpisodes)
      .values({
        id: crypto.randomUUID(),
        showId: show.id,
        playlistId: playlist.id,
        userId,
        ...fields,
        season: fields.season ?? null,
        episodeNumber: fields.episodeNumber ?? null,
        publishAt: publishAt ? new Date(publishAt) : new Date(deps.now()),
        guid: crypto.randomUUID(),
      })
      .returning()) as [ShowEpisode];
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict(PLAYLIST_ALREADY_EPISODE, { playlistId: [PLAYLIST_ALREADY_EPISODE] });
    throw error;
  }
  if (show.mediaType === "audio") await ensureSegments(deps, show.userId);
  noteChange({ kind: "showEpisode", slug: show.slug, episodeId: episode.id });
  return episode;
}

export async function updateEpisode(
  deps: Deps,
  userId: string,
  episodeId: string,
  form: Omit<EpisodeForm, "playlistId">,
) {
  const episode = await editableEpisode(deps, userId, episodeId);
  const { publishAt, ...fields } = form;
  const [updated] = await deps.db
    .update(showEpisodes)
    .set({
      ...fields,
      season: fields.season ?? null,
      episodeNumber: fields.episodeNumber ?? null,
      ...(publishAt ? { publishAt: new Date(publishAt) } : {}),
    })
    .where(eq(showEpisodes.id, episode.id))
    .returning();
  await episodesChanged(deps, [episode]);
  return updated!;
}

export async function setEpisodePublished(deps: Deps, userId: string, episodeId: string, published: boolean) {
  const episode = await editableEpisode(deps, userId, episodeId);
  const [updated] = await deps.db
    .update(showEpisodes)
    .set({ published })
    .where(eq(showEpisodes.id, episode.id))
    .returning();
  await episodesChanged(deps, [episode]);
  return updated!;
}

/** Deletes the episode, not its playlist. */
export async function deleteEpisode(deps: Deps, userId: string, episodeId: string) {
  const episode = await editableEpisode(deps, userId, episodeId);
  await episodesChanged(deps, [episode]);
  await deps.db.delete(showEpisodes).where(eq(showEpisodes.id, episode.id));
}

/** The episodes these playlists are published as changed (edited, or a program applied): their addresses are purged. */
export async function episodesChanged(deps: Pick<Deps, "db">, of: { playlistId: string | null }[]) {
  for (const chunk of chunksOf(
    of.flatMap((o) => (o.playlistId ? [o.playlistId] : [])),
    IDS_PER_STATEMENT,
  )) {
    const changed = await deps.db
      .select({ slug: shows.slug, episodeId: showEpisodes.id })
      .from(showEpisodes)
      .innerJoin(shows, eq(shows.id, showEpisodes.showId))
      .where(inArray(showEpisodes.playlistId, chunk));
    for (const { slug, episodeId } of changed) noteChange({ kind: "showEpisode", slug, episodeId });
  }
}
