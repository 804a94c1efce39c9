// Playlists: one per project, audio or video (locked by the first item),
// slot letters unique within it (a unique index makes that hold under
// concurrent edits), order saved explicitly.
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import {
  allFilesMustBe,
  DUPLICATE_SLOT,
  FILES_ADDED,
  NO_FILES_SELECTED,
  ONLY_AUDIO_OR_VIDEO,
  onlyTypeInPlaylist,
  SLOT_TAKEN,
} from "../../../app/kernel/schemas/playlists";
import { inChunks, insertChunks } from "../../db/chunks";
import {
  files,
  type Playlist,
  type PlaylistItem,
  type PlaylistMedia,
  playlistItems,
  playlists,
  projects,
} from "../../db/schema";
import { copyObject } from "../../storage/copy";
import { playlistKeyFor } from "../../storage/keys";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import { syncFromHomes } from "../media/facts";
import { mediaOf } from "../media/media";
import { memberData, type Need } from "../member-data";
import { claimingSlot, isSlotFreeIn, saveOrder } from "../ordering";
import { activity } from "../teams/activity";

/** The project's playlist, created on first use. */
export async function ensurePlaylist(
  deps: Deps,
  userId: string,
  projectId: string,
  need: Need = "view",
): Promise<Playlist> {
  const project = await memberData(deps.db, userId).project(projectId, need);
  // The playlist is the project's, whichever member opens it first.
  await deps.db
    .insert(playlists)
    .values({ id: crypto.randomUUID(), userId: project.userId, projectId })
    .onConflictDoNothing();
  const [playlist] = await deps.db.select().from(playlists).where(eq(playlists.projectId, projectId));
  return playlist!;
}

export async function ownPlaylist(deps: Deps, userId: string, playlistId: string, need: Need = "view") {
  return memberData(deps.db, userId).playlist(playlistId, need);
}

export function playlistItemsOf(deps: Deps, playlistId: string) {
  return deps.db
    .select()
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.seqPos));
}

function withTotals(items: PlaylistItem[]) {
  let total = 0;
  return items.map((item) => {
    total += item.durationSeconds ?? 0;
    return { ...item, runningTotalSeconds: total };
  });
}

/**
 * Every playlist of the member with its project title and items (seed 000 §7 get-user-playlists),
 * theirs and those of projects shared with them; with `edit`, only those they may change.
 */
export async function listPlaylists(deps: Deps, userId: string, need: "view" | "edit" = "view") {
  const rows = await deps.db
    .select({ playlist: playlists, projectTitle: projects.title })
    .from(playlists)
    .innerJoin(projects, eq(projects.id, playlists.projectId))
    .where(memberData(deps.db, userId).mine(playlists, need))
    .orderBy(asc(projects.title));
  const ids = rows.map((r) => r.playlist.id);
  const items = await itemsOfPlaylists(deps, ids);
  return rows.map(({ playlist, projectTitle }) => {
    const own = withTotals(items.filter((i) => i.playlistId === playlist.id));
    return { ...playlist, projectTitle, items: own, totalSeconds: own.at(-1)?.runningTotalSeconds ?? 0 };
  });
}

export async function projectPlaylist(deps: Deps, userId: string, projectId: string) {
  const playlist = await ensurePlaylist(deps, userId, projectId);
  const items = withTotals(await playlistItemsOf(deps, playlist.id));
  return { ...playlist, items, totalSeconds: items.at(-1)?.runningTotalSeconds ?? 0 };
}

/** The media kind a set of files would lock the playlist to, or the seed's refusal. */
export function lockedKind(current: PlaylistMedia | null, kinds: string[]): PlaylistMedia {
  if (kinds.some((k) => k !== "audio" && k !== "video")) throw new Invalid(ONLY_AUDIO_OR_VIDEO);
  const first = (current ?? kinds[0]) as PlaylistMedia;
  if (current && kinds.some((k) => k !== current)) throw new Invalid(onlyTypeInPlaylist(current));
  if (kinds.some((k) => k !== first)) throw new Invalid(allFilesMustBe(first));
  return first;
}

/**
 * 'Add to playlist': copies each selected project file from files/ to
 * playlists/ in R2 and records it after the last item. Objects are copied
 * first and removed again if the records cannot be written.
 */
export async function addFilesToPlaylist(deps: Deps, userId: string, projectId: string, fileIds: string[]) {
  if (fileIds.length === 0) throw new Invalid(NO_FILES_SELECTED);
  const playlist = await ensurePlaylist(deps, userId, projectId, "edit");
  const selected = (await memberData(deps.db, userId).files(fileIds)).filter((f) => f.projectId === projectId);
  if (selected.length !== new Set(fileIds).size) throw new NotFound("File not found.");
  const ordered = fileIds.map((id) => selected.find((f) => f.id === id)!);
  const kind = lockedKind(
    playlist.mediaType,
    ordered.map((f) => f.kind),
  );
  await assertSlotsFree(deps, playlist.id, ordered);

  const [{ last } = { last: 0 }] = await deps.db
    .select({ last: max(playlistItems.seqPos) })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlist.id));
  const rows = ordered.map((file, i) => {
    const id = crypto.randomUUID();
    // The same file may be added twice: the item id keeps each copy's key unique.
    const key = playlistKeyFor(file.key).replace(/\/([^/]+)$/, `/${id.slice(0, 8)}-$1`);
    return {
      id,
      playlistId: playlist.id,
      userId,
      ...mediaOf(file),
      key,
      // The seed's transfer carries the file's slot letter into the playlist.
      slotPosition: file.slotPosition,
      seqPos: (last ?? 0) + i + 1,
      sourceFileId: file.id,
    };
  });
  await Promise.all(rows.map((row, i) => copyObject(deps.storage, ordered[i]!.key, row.key)));
  try {
    await claimingSlot(
      () =>
        deps.db.batch([
          deps.db.update(playlists).set({ mediaType: kind }).where(eq(playlists.id, playlist.id)),
          ...insertChunks(rows).map((chunk) => deps.db.insert(playlistItems).values(chunk)),
          // A probe of these files that finished since they were read is not lost.
          ...syncFromHomes(deps.db, playlist.id),
          activity(deps.db, projectId, userId, "playlistChanged", `added ${rows.length} file(s)`),
        ]),
      SLOT_TAKEN,
    );
  } catch (error) {
    await deps.storage.delete(rows.map((r) => r.key));
    throw error;
  }
  return { message: FILES_ADDED, playlistId: playlist.id, mediaType: kind, items: rows };
}

/** The files' slot letters must be free in the playlist and distinct among themselves (seed 000 §5 messages). */
async function assertSlotsFree(deps: Deps, playlistId: string, selected: { slotPosition: string | null }[]) {
  const letters = selected.flatMap((f) => (f.slotPosition ? [f.slotPosition] : []));
  if (letters.length === 0) return;
  if (new Set(letters).size !== letters.length) throw new Conflict(DUPLICATE_SLOT, { slotPosition: [DUPLICATE_SLOT] });
  const [taken] = await deps.db
    .select({ slot: playlistItems.slotPosition })
    .from(playlistItems)
    .where(and(eq(playlistItems.playlistId, playlistId), inArray(playlistItems.slotPosition, letters)))
    .limit(1);
  if (taken) throw new Conflict(SLOT_TAKEN, { slotPosition: [SLOT_TAKEN] });
}

export async function ownItem(deps: Deps, userId: string, itemId: string, need: Need = "view"): Promise<PlaylistItem> {
  return memberData(deps.db, userId).playlistItem(itemId, need);
}

export async function isSlotFree(deps: Deps, userId: string, playlistId: string, slot: string, exceptItemId?: string) {
  await ownPlaylist(deps, userId, playlistId);
  return isSlotFreeIn(deps.db, playlistItems, eq(playlistItems.playlistId, playlistId), slot, exceptItemId);
}

/** The items of these playlists, each playlist's in play order (queried in chunks: any number of ids). */
export function itemsOfPlaylists(deps: Deps, playlistIds: readonly string[]) {
  return inChunks(playlistIds, (chunk) =>
    deps.db
      .select()
      .from(playlistItems)
      .where(inArray(playlistItems.playlistId, chunk))
      .orderBy(asc(playlistItems.seqPos)),
  );
}

/** The caller's playlists among these ids with their project titles; NotFound if any is not theirs, Forbidden if not `need`. */
export async function ownPlaylistsWithTitles(
  deps: Deps,
  userId: string,
  playlistIds: readonly string[],
  need: Need = "view",
) {
  const found = await memberData(deps.db, userId).playlists(playlistIds, need);
  const titles = await inChunks(
    found.map((p) => p.projectId),
    (chunk) =>
      deps.db.select({ id: projects.id, title: projects.title }).from(projects).where(inArray(projects.id, chunk)),
  );
  return found.map((playlist) => ({
    playlist,
    projectTitle: titles.find((t) => t.id === playlist.projectId)?.title ?? "",
  }));
}

/**
 * The unique index decides, so two concurrent edits can never both take a letter. An item
 * copied from a project file gives the file the same letter (see `setSlotPosition`): one
 * letter per file, whichever page sets it.
 */
export async function setItemSlot(deps: Deps, userId: string, itemId: string, slotPosition: string | null) {
  const item = await ownItem(deps, userId, itemId, "edit");
  const playlist = await ownPlaylist(deps, userId, item.playlistId);
  await claimingSlot(
    () =>
      deps.db.batch([
        deps.db.update(playlistItems).set({ slotPosition }).where(eq(playlistItems.id, item.id)),
        ...(item.sourceFileId
          ? [deps.db.update(files).set({ slotPosition }).where(eq(files.id, item.sourceFileId))]
          : []),
        activity(deps.db, playlist.projectId, userId, "playlistChanged", `slot of ${item.fileName}`),
      ]),
    SLOT_TAKEN,
  );
  return { slotPosition };
}

/** 'Save Order': the given ids must be exactly the playlist's items; seqPos renumbered from 1. */
export async function reorderPlaylist(deps: Deps, userId: string, playlistId: string, itemIds: string[]) {
  const playlist = await ownPlaylist(deps, userId, playlistId, "edit");
  const items = await playlistItemsOf(deps, playlistId);
  const message = "The order must list every item of the playlist once.";
  await saveOrder(deps.db, { ids: itemIds, known: items, message }, (id, n) =>
    deps.db.update(playlistItems).set({ seqPos: n }).where(eq(playlistItems.id, id)),
  );
  await activity(deps.db, playlist.projectId, userId, "playlistChanged", "saved the order");
}

/** Removes an item and renumbers the rest; its object goes too unless a program owns it. */
export async function removeItem(deps: Deps, userId: string, itemId: string) {
  const item = await ownItem(deps, userId, itemId, "edit");
  const playlist = await ownPlaylist(deps, userId, item.playlistId);
  await deps.db.batch([
    activity(deps.db, playlist.projectId, userId, "itemRemoved", item.fileName),
    deps.db.delete(playlistItems).where(eq(playlistItems.id, item.id)),
    deps.db
      .update(playlistItems)
      .set({ seqPos: sql`${playlistItems.seqPos} - 1` })
      .where(and(eq(playlistItems.playlistId, item.playlistId), sql`${playlistItems.seqPos} > ${item.seqPos}`)),
  ]);
  if (!item.programFileId) await deps.storage.delete(item.key);
  const remaining = await deps.db
    .select({ id: playlistItems.id })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, item.playlistId))
    .limit(1);
  if (remaining.length === 0)
    await deps.db.update(playlists).set({ mediaType: null }).where(eq(playlists.id, item.playlistId));
  return { success: true, message: "Item removed from playlist." };
}
