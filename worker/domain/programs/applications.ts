// Applying a program to playlists puts each program file into the playlist
// slot with the same letter (or appends it with that letter), keeping what it
// replaced so the change can be undone. This is how an expired ad spot is
// replaced everywhere.
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { NO_PROGRAM_SELECTED, PROGRAM_APPLIED } from "../../../app/kernel/schemas/playlists";
import { runBatch, type Statement } from "../../db/batch";
import { chunksOf, IDS_PER_STATEMENT, insertChunks } from "../../db/chunks";
import { type ItemMedia, playlistItems, playlists, programApplications, programFiles } from "../../db/schema";
import { observe, since } from "../../observability";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import { syncFromHomes } from "../media/facts";
import { mediaOf } from "../media/media";
import { memberData } from "../member-data";
import { dropMarksInsideAll, restoreMarks, snapshotMarksOf } from "../playlists/chapters";
import { itemsOfPlaylists, ownPlaylistsWithTitles } from "../playlists/playlists";
import { ensureEpisodeSegments } from "../shows/segments";
import { episodesChanged } from "../shows/shows";
import { activity, activityInEach } from "../teams/activity";

type ApplicationChange = (typeof programApplications.$inferSelect)["changes"][number];

export interface PlannedChange {
  slot: string;
  action: "replace" | "append";
  itemId: string | null;
  seqPos: number;
  from: string | null;
  to: string;
  programFileId: string;
}

export interface PlaylistPlan {
  playlistId: string;
  projectTitle: string;
  refused: string | null;
  changes: PlannedChange[];
}

async function plan(deps: Deps, userId: string, programId: string, playlistIds: string[]) {
  if (!programId) throw new Invalid(NO_PROGRAM_SELECTED);
  const data = memberData(deps.db, userId);
  const program = await data.program(programId);
  const fileRows = await deps.db
    .select()
    .from(programFiles)
    .where(eq(programFiles.programId, program.id))
    .orderBy(asc(programFiles.slotPosition));
  if (fileRows.length === 0) throw new Invalid("This program has no files yet.");
  // Previewing is the first step of changing the playlists: only their editors take it.
  const targets = await ownPlaylistsWithTitles(deps, userId, playlistIds, "edit");
  const items = await itemsOfPlaylists(deps, playlistIds);

  const plans: PlaylistPlan[] = targets.map(({ playlist, projectTitle }) => {
    const own = items.filter((i) => i.playlistId === playlist.id);
    if (playlist.mediaType && program.mediaType && playlist.mediaType !== program.mediaType) {
      return {
        playlistId: playlist.id,
        projectTitle,
        refused: `This program holds ${program.mediaType} files; this playlist plays ${playlist.mediaType}.`,
        changes: [],
      };
    }
    let next = (own.at(-1)?.seqPos ?? 0) + 1;
    const changes = fileRows.map((file): PlannedChange => {
      const target = own.find((i) => i.slotPosition === file.slotPosition);
      if (target)
        return {
          slot: file.slotPosition,
          action: "replace",
          itemId: target.id,
          seqPos: target.seqPos,
          from: target.fileName,
          to: file.fileName,
          programFileId: file.id,
        };
      return {
        slot: file.slotPosition,
        action: "append",
        itemId: null,
        seqPos: next++,
        from: null,
        to: file.fileName,
        programFileId: file.id,
      };
    });
    return { playlistId: playlist.id, projectTitle, refused: null, changes };
  });
  return { program, fileRows, items, plans, targets };
}

/** What applying would change, per playlist, before anything is changed. */
export async function previewApply(deps: Deps, userId: string, programId: string, playlistIds: string[]) {
  return (await plan(deps, userId, programId, playlistIds)).plans;
}

/**
 * Applies the program to every playlist at once. The writes are grouped, not made per playlist:
 * the items that take one program file are updated together (IDS_PER_STATEMENT ids a statement),
 * and the application records, appended items and media kinds go in multi-row statements, so
 * applying to a thousand episodes is a few dozen statements in one batch rather than
 * a round trip per episode.
 */
export async function applyProgram(deps: Deps, userId: string, programId: string, playlistIds: string[]) {
  const start = Date.now();
  const { program, fileRows, items, plans, targets } = await plan(deps, userId, programId, playlistIds);
  const live = plans.filter((p) => !p.refused);
  const marks = await snapshotMarksOf(
    deps.db,
    live.map((p) => p.playlistId),
  );
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const filesById = new Map(fileRows.map((file) => [file.id, file]));
  const replacedBy = new Map<string, string[]>();
  const appended: (typeof playlistItems.$inferInsert)[] = [];
  const records: (typeof programApplications.$inferInsert)[] = [];
  for (const p of live) {
    const recorded: ApplicationChange[] = [];
    for (const change of p.changes) {
      const file = filesById.get(change.programFileId)!;
      if (change.action === "replace") {
        const item = itemsById.get(change.itemId!)!;
        replacedBy.set(file.id, [...(replacedBy.get(file.id) ?? []), item.id]);
        recorded.push({
          itemId: item.id,
          slot: change.slot,
          action: "replaced",
          previous: { ...mediaOf(item), programFileId: item.programFileId },
          chapters: marks.get(item.id) ?? [],
        });
      } else {
        const itemId = crypto.randomUUID();
        appended.push({
          id: itemId,
          playlistId: p.playlistId,
          userId,
          ...mediaOf(file),
          programFileId: file.id,
          slotPosition: change.slot,
          seqPos: change.seqPos,
        });
        recorded.push({ itemId, slot: change.slot, action: "appended", previous: null });
      }
    }
    records.push({
      id: crypto.randomUUID(),
      programId: program.id,
      playlistId: p.playlistId,
      userId,
      changes: recorded,
    });
  }

  const statements: Statement[] = [];
  for (const [fileId, itemIds] of replacedBy) {
    const media: ItemMedia = { ...mediaOf(filesById.get(fileId)!), programFileId: fileId };
    for (const chunk of chunksOf(itemIds, IDS_PER_STATEMENT))
      statements.push(
        deps.db.update(playlistItems).set(media).where(inArray(playlistItems.id, chunk)),
        dropMarksInsideAll(deps.db, chunk),
      );
  }
  for (const rows of insertChunks(appended)) statements.push(deps.db.insert(playlistItems).values(rows));
  for (const rows of insertChunks(records)) statements.push(deps.db.insert(programApplications).values(rows));
  for (const chunk of chunksOf(
    live.map((p) => p.playlistId),
    IDS_PER_STATEMENT,
  )) {
    if (program.mediaType)
      statements.push(
        deps.db
          .update(playlists)
          .set({ mediaType: program.mediaType })
          .where(and(inArray(playlists.id, chunk), isNull(playlists.mediaType))),
      );
    // The program files' probes may have finished since they were read.
    statements.push(...syncFromHomes(deps.db, chunk));
  }
  const projectOf = new Map(targets.map((t) => [t.playlist.id, t.playlist.projectId]));
  statements.push(
    ...activityInEach(
      deps.db,
      live.map((p) => projectOf.get(p.playlistId)!),
      userId,
      "programApplied",
      program.title,
    ),
  );
  // One batch, one transaction: should D1 fail part-way, nothing is applied and the apply can be made again.
  await runBatch(deps.db, statements);
  const applications = records.map((r) => ({ playlistId: r.playlistId, applicationId: r.id! }));
  // Program files are encoded when uploaded (ADR 053); one that is not (uploaded before any episode
  // could take it, or failed) is queued once here, not per episode, whoever applies. Episodes keep
  // serving their last complete version until it is ready.
  if (applications.length > 0 && program.mediaType !== "video")
    await ensureEpisodeSegments(
      deps,
      applications.map((a) => a.playlistId),
    );
  const refused = plans
    .filter((p) => p.refused)
    .map((p) => ({ playlistId: p.playlistId, projectTitle: p.projectTitle, message: p.refused! }));
  await episodesChanged(deps, applications);
  observe("program.apply", { programId, userId, episodes: applications.length, durationMs: since(start) });
  return {
    success: applications.length > 0,
    message: applications.length ? PROGRAM_APPLIED : (refused[0]?.message ?? PROGRAM_APPLIED),
    applications,
    refused,
  };
}

/** Undoes the latest application on its playlist: replaced items get their media back, appended ones go. */
export async function undoApplication(deps: Deps, userId: string, applicationId: string) {
  const data = memberData(deps.db, userId);
  const [application] = await deps.db
    .select()
    .from(programApplications)
    .where(
      and(
        eq(programApplications.id, applicationId),
        data.mine(programApplications),
        isNull(programApplications.undoneAt),
      ),
    );
  if (!application) throw new NotFound("Nothing to undo.");
  const playlist = await data.playlist(application.playlistId, "edit");
  const [latest] = await deps.db
    .select({ id: programApplications.id })
    .from(programApplications)
    .where(and(eq(programApplications.playlistId, application.playlistId), isNull(programApplications.undoneAt)))
    .orderBy(desc(programApplications.createdAt))
    .limit(1);
  if (latest?.id !== application.id) throw new Conflict("Undo the later program on this playlist first.");

  const statements: Statement[] = application.changes.flatMap((change) => {
    if (change.action === "appended" || !change.previous)
      return [deps.db.delete(playlistItems).where(eq(playlistItems.id, change.itemId))];
    const item = { id: change.itemId, playlistId: application.playlistId, userId };
    return [
      deps.db.update(playlistItems).set(change.previous).where(eq(playlistItems.id, change.itemId)),
      ...(change.chapters ? restoreMarks(deps.db, item, change.chapters) : []),
    ];
  });
  // The restored media's facts may have been probed meanwhile (its home is the project file).
  statements.push(...syncFromHomes(deps.db, application.playlistId));
  statements.push(
    deps.db
      .update(programApplications)
      .set({ undoneAt: new Date(deps.now()) })
      .where(eq(programApplications.id, application.id)),
    activity(deps.db, playlist.projectId, userId, "programUndone"),
  );
  await runBatch(deps.db, statements);
  await episodesChanged(deps, [application]);
  return { success: true, message: "Program change undone.", playlistId: application.playlistId };
}

export async function applicationsOf(deps: Deps, userId: string, playlistId: string) {
  const data = memberData(deps.db, userId);
  await data.playlist(playlistId);
  return deps.db
    .select()
    .from(programApplications)
    .where(
      and(
        data.mine(programApplications),
        eq(programApplications.playlistId, playlistId),
        isNull(programApplications.undoneAt),
      ),
    )
    .orderBy(desc(programApplications.createdAt));
}
