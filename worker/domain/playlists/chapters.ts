// Chapters of a playlist. Every item starts a chapter, titled by its file's
// name made editorial (`editorialTitle`: no extension, episode codes, version,
// bpm or length tokens; sentence case) unless the member renamed it; an item a program filled is 'Sponsor' unless the member named
// that chapter, so listeners never read a spot's file name in the page, the
// chapters JSON, the ID3 chapters or the render. Members add marks inside items. Marks
// are stored relative to their item, so when a program swaps an item's media
// for one of another length every later chapter moves by the difference by
// construction; marks inside the swapped item are dropped (the spot is new)
// and kept with the application so undo restores them exactly.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { CHAPTER_MARK_TAKEN } from "../../../app/kernel/schemas/chapters";
import { inChunks } from "../../db/chunks";
import type { Database } from "../../db/client";
import { type ChapterSnapshot, type PlaylistChapter, type PlaylistItem, playlistChapters } from "../../db/schema";
import { unlessDuplicate } from "../../db/unique";
import type { Deps } from "../deps";
import { Conflict, Invalid } from "../errors";
import { memberData } from "../member-data";
import { editorialTitle } from "./chapter-title";
import { ownItem, ownPlaylist, playlistItemsOf } from "./playlists";

/** "sunrise_over_the_barley_fields_ep12_intro.wav" → "Sunrise over the barley fields — intro". */
export function defaultChapterTitle(fileName: string): string {
  return editorialTitle(fileName);
}

/** What listeners read for a chapter a program's spot fills, unless the member named it. */
export const SPONSOR_CHAPTER = "Sponsor";

/** An unnamed chapter's title: the spot a program fills is 'Sponsor', never its file's name. */
function unnamedTitle(item: ItemFacts): string {
  return item.programFileId ? SPONSOR_CHAPTER : defaultChapterTitle(item.fileName);
}

export interface Chapter {
  /** The stored row; null for an item's own chapter that was never renamed. */
  id: string | null;
  itemId: string;
  /** 1-based position of the item. */
  n: number;
  offsetSeconds: number;
  /** From the playlist's start; null while an earlier item's duration is unknown. */
  startSeconds: number | null;
  title: string;
  /** An item's own chapter (offset 0), whose title follows the file unless renamed. */
  itemStart: boolean;
  renamed: boolean;
  /** Titled from its file's name: an item's own chapter the member has not named (a program's spot reads 'Sponsor'). */
  fromFileName: boolean;
}

type ItemFacts = Pick<PlaylistItem, "id" | "fileName" | "durationSeconds" | "programFileId">;
type Mark = Pick<PlaylistChapter, "id" | "itemId" | "offsetSeconds" | "title">;

/** The playlist's chapters in playing order, from its items (in order) and its stored marks. */
export function chapterList(items: readonly ItemFacts[], marks: readonly Mark[]): Chapter[] {
  const chapters: Chapter[] = [];
  let itemStart: number | null = 0;
  items.forEach((item, index) => {
    const own = marks.filter((m) => m.itemId === item.id).sort((a, b) => a.offsetSeconds - b.offsetSeconds);
    const renamed = own.find((m) => m.offsetSeconds === 0);
    chapters.push({
      id: renamed?.id ?? null,
      itemId: item.id,
      n: index + 1,
      offsetSeconds: 0,
      startSeconds: itemStart,
      title: renamed?.title ?? unnamedTitle(item),
      itemStart: true,
      renamed: Boolean(renamed?.title),
      fromFileName: !renamed?.title && !item.programFileId,
    });
    for (const mark of own.filter((m) => m.offsetSeconds > 0)) {
      chapters.push({
        id: mark.id,
        itemId: item.id,
        n: index + 1,
        offsetSeconds: mark.offsetSeconds,
        startSeconds: itemStart === null ? null : itemStart + mark.offsetSeconds,
        title: mark.title ?? unnamedTitle(item),
        itemStart: false,
        renamed: true,
        fromFileName: false,
      });
    }
    itemStart = itemStart === null || item.durationSeconds === null ? null : itemStart + item.durationSeconds;
  });
  return chapters;
}

export function marksOf(db: Database, playlistId: string) {
  return db
    .select()
    .from(playlistChapters)
    .where(eq(playlistChapters.playlistId, playlistId))
    .orderBy(asc(playlistChapters.offsetSeconds));
}

export async function playlistChaptersOf(deps: Deps, userId: string, playlistId: string) {
  await ownPlaylist(deps, userId, playlistId);
  const [items, marks] = await Promise.all([playlistItemsOf(deps, playlistId), marksOf(deps.db, playlistId)]);
  return chapterList(items, marks);
}

function insideItem(item: PlaylistItem, offsetSeconds: number) {
  if (offsetSeconds <= 0) throw new Invalid("A mark inside an item starts after the item's own chapter (0:00).");
  if (item.durationSeconds !== null && offsetSeconds >= item.durationSeconds)
    throw new Invalid("The mark must fall inside the item.", { at: ["The mark must fall inside the item."] });
}

/** One mark per time in an item: the unique index decides. */
async function claimingMark<T>(write: () => Promise<T>): Promise<T> {
  return unlessDuplicate(write, () => {
    throw new Conflict(CHAPTER_MARK_TAKEN, { at: [CHAPTER_MARK_TAKEN] });
  });
}

export async function addChapterMark(deps: Deps, userId: string, input: { itemId: string; at: number; title: string }) {
  const item = await ownItem(deps, userId, input.itemId, "edit");
  insideItem(item, input.at);
  const id = crypto.randomUUID();
  await claimingMark(() =>
    deps.db.insert(playlistChapters).values({
      id,
      playlistId: item.playlistId,
      itemId: item.id,
      userId,
      offsetSeconds: input.at,
      title: input.title,
    }),
  );
  return { id, message: "Chapter mark added." };
}

/** Renames and/or moves a mark inside its item; an item's own chapter can only be renamed. */
export async function editChapterMark(
  deps: Deps,
  userId: string,
  chapterId: string,
  edit: { at?: number; title?: string },
) {
  const mark = await memberData(deps.db, userId).chapter(chapterId, "edit");
  if (edit.at !== undefined && mark.offsetSeconds === 0)
    throw new Invalid("An item's own chapter starts with the item; add a mark to start one later.");
  if (edit.at !== undefined) insideItem(await ownItem(deps, userId, mark.itemId), edit.at);
  await claimingMark(() =>
    deps.db
      .update(playlistChapters)
      .set({
        ...(edit.at !== undefined ? { offsetSeconds: edit.at } : {}),
        ...(edit.title !== undefined ? { title: edit.title } : {}),
      })
      .where(eq(playlistChapters.id, mark.id)),
  );
  return { message: "Chapter saved." };
}

export async function removeChapterMark(deps: Deps, userId: string, chapterId: string) {
  const mark = await memberData(deps.db, userId).chapter(chapterId, "edit");
  await deps.db.delete(playlistChapters).where(eq(playlistChapters.id, mark.id));
  return { message: mark.offsetSeconds === 0 ? "Chapter title reset to the file's name." : "Chapter mark removed." };
}

/** Renames an item's own chapter; null goes back to the file's name (and follows the file again). */
export async function renameItemChapter(deps: Deps, userId: string, itemId: string, title: string | null) {
  const item = await ownItem(deps, userId, itemId, "edit");
  const atStart = and(eq(playlistChapters.itemId, item.id), eq(playlistChapters.offsetSeconds, 0));
  if (title === null) {
    await deps.db.delete(playlistChapters).where(atStart);
    return { message: "Chapter title reset to the file's name." };
  }
  await deps.db
    .insert(playlistChapters)
    .values({ id: crypto.randomUUID(), playlistId: item.playlistId, itemId: item.id, userId, offsetSeconds: 0, title })
    .onConflictDoUpdate({ target: [playlistChapters.itemId, playlistChapters.offsetSeconds], set: { title } });
  return { message: "Chapter saved." };
}

// ── following a program ──

/** The marks of every item of these playlists (any number, queried in chunks), by item. */
export async function snapshotMarksOf(
  db: Database,
  playlistIds: readonly string[],
): Promise<Map<string, ChapterSnapshot[]>> {
  const rows = await inChunks(playlistIds, (chunk) =>
    db
      .select()
      .from(playlistChapters)
      .where(inArray(playlistChapters.playlistId, chunk))
      .orderBy(asc(playlistChapters.offsetSeconds)),
  );
  const byItem = new Map<string, ChapterSnapshot[]>();
  for (const r of rows.sort((a, b) => a.offsetSeconds - b.offsetSeconds)) {
    const list = byItem.get(r.itemId) ?? [];
    list.push({ id: r.id, offsetSeconds: r.offsetSeconds, title: r.title });
    byItem.set(r.itemId, list);
  }
  return byItem;
}

/**
 * These items now play new media: marks inside them point at content that is gone (their renamed
 * titles stay). At most IDS_PER_STATEMENT ids.
 */
export function dropMarksInsideAll(db: Database, itemIds: string[]): BatchItem<"sqlite"> {
  return db
    .delete(playlistChapters)
    .where(and(inArray(playlistChapters.itemId, itemIds), gt(playlistChapters.offsetSeconds, 0)));
}

/** Puts an item's marks back exactly as recorded. */
export function restoreMarks(
  db: Database,
  item: { id: string; playlistId: string; userId: string },
  marks: ChapterSnapshot[],
): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [db.delete(playlistChapters).where(eq(playlistChapters.itemId, item.id))];
  // Six bound parameters a row: D1 allows 100 a statement.
  for (let i = 0; i < marks.length; i += 15)
    statements.push(
      db
        .insert(playlistChapters)
        .values(
          marks
            .slice(i, i + 15)
            .map((m) => ({ ...m, itemId: item.id, playlistId: item.playlistId, userId: item.userId })),
        ),
    );
  return statements;
}
