// Programs: sets of audio or video files with slot letters. Applying a
// program to playlists puts each program file into the playlist slot with the
// same letter (or appends it with that letter), keeping what it replaced so
// the change can be undone; scheduled programs are applied and reverted by
// the cron sweep. This is how an expired ad spot is replaced everywhere.
import { and, asc, desc, eq, inArray, isNull, lte, max } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  NO_PROGRAM_SELECTED,
  PROGRAM_APPLIED,
  PROGRAM_SLOT_TAKEN,
  type ProgramForm,
} from "../../../app/lib/schemas/playlists";
import { inChunks } from "../../db/chunks";
import {
  type ItemMedia,
  type PlaylistItem,
  type Program,
  type ProgramFile,
  playlistItems,
  playlists,
  programApplications,
  programFiles,
  programs,
  projects,
} from "../../db/schema";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";
import { syncFromHomes } from "../media/facts";
import { assertCompleteOrder, claimingSlot } from "../ordering";
import { dropMarksInside, restoreMarks, snapshotMarks } from "../playlists/chapters";
import { itemsOfPlaylists, ownPlaylist, ownPlaylistsWithTitles } from "../playlists/playlists";

export async function createProgram(deps: Deps, userId: string, form: ProgramForm) {
  if (form.playlistIds.length) {
    const owned = await inChunks(form.playlistIds, (chunk) =>
      deps.db
        .select({ id: playlists.id })
        .from(playlists)
        .where(and(eq(playlists.userId, userId), inArray(playlists.id, chunk))),
    );
    if (owned.length !== new Set(form.playlistIds).size) throw new NotFound("Playlist not found.");
  }
  const [{ last } = { last: 0 }] = await deps.db
    .select({ last: max(programs.sortOrder) })
    .from(programs)
    .where(eq(programs.userId, userId));
  const scheduled = Boolean(form.startsAt || form.endsAt);
  const [program] = await deps.db
    .insert(programs)
    .values({
      id: crypto.randomUUID(),
      userId,
      title: form.title,
      accessType: form.accessType,
      sortOrder: (last ?? 0) + 1,
      startsAt: form.startsAt ? new Date(form.startsAt) : null,
      endsAt: form.endsAt ? new Date(form.endsAt) : null,
      schedulePlaylistIds: form.playlistIds,
      scheduleState: scheduled ? "pending" : "none",
    })
    .returning();
  return program!;
}

export async function ownProgram(deps: Deps, userId: string, programId: string): Promise<Program> {
  const [program] = await deps.db
    .select()
    .from(programs)
    .where(and(eq(programs.id, programId), eq(programs.userId, userId)));
  if (!program) throw new NotFound("Program not found.");
  return program;
}

/** Programs in the member's order, each with its files sorted by slot letter (seed 000 §2). */
export async function listPrograms(deps: Deps, userId: string) {
  const rows = await deps.db
    .select()
    .from(programs)
    .where(eq(programs.userId, userId))
    .orderBy(asc(programs.sortOrder), asc(programs.createdAt));
  const ids = rows.map((p) => p.id);
  const fileRows = await inChunks(ids, (chunk) =>
    deps.db
      .select()
      .from(programFiles)
      .where(inArray(programFiles.programId, chunk))
      .orderBy(asc(programFiles.slotPosition)),
  );
  return rows.map((program) => ({ ...program, files: fileRows.filter((f) => f.programId === program.id) }));
}

export async function programTitles(deps: Deps, userId: string) {
  return deps.db
    .select({ id: programs.id, title: programs.title })
    .from(programs)
    .where(eq(programs.userId, userId))
    .orderBy(asc(programs.sortOrder));
}

export async function reorderPrograms(deps: Deps, userId: string, programIds: string[]) {
  const owned = await deps.db.select({ id: programs.id }).from(programs).where(eq(programs.userId, userId));
  assertCompleteOrder(
    programIds,
    owned.map((p) => p.id),
    "The order must list every program once.",
  );
  const [first, ...rest] = programIds.map((id, i) =>
    deps.db
      .update(programs)
      .set({ sortOrder: i + 1 })
      .where(eq(programs.id, id)),
  );
  await deps.db.batch([first!, ...rest]);
}

async function ownProgramFile(deps: Deps, userId: string, fileId: string): Promise<ProgramFile> {
  const [file] = await deps.db
    .select()
    .from(programFiles)
    .where(and(eq(programFiles.id, fileId), eq(programFiles.userId, userId)));
  if (!file) throw new NotFound("Program file not found.");
  return file;
}

export async function isProgramSlotFree(
  deps: Deps,
  userId: string,
  programId: string,
  slot: string,
  exceptFileId?: string,
) {
  await ownProgram(deps, userId, programId);
  const [taken] = await deps.db
    .select({ id: programFiles.id })
    .from(programFiles)
    .where(and(eq(programFiles.programId, programId), eq(programFiles.slotPosition, slot)));
  return !taken || taken.id === exceptFileId;
}

export async function setProgramFileSlot(deps: Deps, userId: string, fileId: string, slotPosition: string) {
  const file = await ownProgramFile(deps, userId, fileId);
  await claimingSlot(
    () => deps.db.update(programFiles).set({ slotPosition }).where(eq(programFiles.id, file.id)),
    PROGRAM_SLOT_TAKEN,
  );
  return { slotPosition };
}

export async function deleteProgramFile(deps: Deps, userId: string, fileId: string) {
  const file = await ownProgramFile(deps, userId, fileId);
  const [inUse] = await deps.db
    .select({ id: playlistItems.id })
    .from(playlistItems)
    .where(eq(playlistItems.programFileId, file.id))
    .limit(1);
  if (inUse) throw new Conflict("This file is playing in a playlist. Undo the program there first.");
  await deps.db.delete(programFiles).where(eq(programFiles.id, file.id));
  await deps.storage.bucket.delete(file.key);
  const [left] = await deps.db
    .select({ id: programFiles.id })
    .from(programFiles)
    .where(eq(programFiles.programId, file.programId))
    .limit(1);
  if (!left) await deps.db.update(programs).set({ mediaType: null }).where(eq(programs.id, file.programId));
  return { success: true, message: "Program file deleted." };
}

export async function deleteProgram(deps: Deps, userId: string, programId: string) {
  const program = await ownProgram(deps, userId, programId);
  const fileRows = await deps.db.select().from(programFiles).where(eq(programFiles.programId, program.id));
  const [inUse] = await inChunks(
    fileRows.map((f) => f.id),
    (chunk) =>
      deps.db
        .select({ id: playlistItems.id })
        .from(playlistItems)
        .where(inArray(playlistItems.programFileId, chunk))
        .limit(1),
  );
  if (inUse) throw new Conflict("This program is applied to a playlist. Undo it there first.");
  await deps.db.delete(programs).where(eq(programs.id, program.id));
  if (fileRows.length) await deps.storage.bucket.delete(fileRows.map((f) => f.key));
}

// ── applying ──

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

function mediaOf(file: ProgramFile | PlaylistItem, programFileId: string | null): ItemMedia {
  return {
    key: file.key,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    durationSeconds: file.durationSeconds,
    frameRate: file.frameRate,
    resolution: file.resolution,
    probeStatus: file.probeStatus,
    loudness: file.loudness,
    programFileId,
  };
}

async function plan(deps: Deps, userId: string, programId: string, playlistIds: string[]) {
  if (!programId) throw new Invalid(NO_PROGRAM_SELECTED);
  const program = await ownProgram(deps, userId, programId);
  const fileRows = await deps.db
    .select()
    .from(programFiles)
    .where(eq(programFiles.programId, program.id))
    .orderBy(asc(programFiles.slotPosition));
  if (fileRows.length === 0) throw new Invalid("This program has no files yet.");
  const targets = await ownPlaylistsWithTitles(deps, userId, playlistIds);
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
  return { program, fileRows, items, plans };
}

/** What applying would change, per playlist, before anything is changed. */
export async function previewApply(deps: Deps, userId: string, programId: string, playlistIds: string[]) {
  return (await plan(deps, userId, programId, playlistIds)).plans;
}

export async function applyProgram(deps: Deps, userId: string, programId: string, playlistIds: string[]) {
  const { program, fileRows, items, plans } = await plan(deps, userId, programId, playlistIds);
  const applications: { playlistId: string; applicationId: string }[] = [];
  for (const p of plans.filter((p) => !p.refused)) {
    const statements: BatchItem<"sqlite">[] = [];
    const recorded: ApplicationChange[] = [];
    const marks = await snapshotMarks(deps.db, p.playlistId);
    for (const change of p.changes) {
      const file = fileRows.find((f) => f.id === change.programFileId)!;
      const media = mediaOf(file, file.id);
      if (change.action === "replace") {
        const item = items.find((i) => i.id === change.itemId)!;
        statements.push(
          deps.db.update(playlistItems).set(media).where(eq(playlistItems.id, item.id)),
          dropMarksInside(deps.db, item.id),
        );
        recorded.push({
          itemId: item.id,
          slot: change.slot,
          action: "replaced",
          previous: mediaOf(item, item.programFileId),
          chapters: marks.get(item.id) ?? [],
        });
      } else {
        const itemId = crypto.randomUUID();
        statements.push(
          deps.db.insert(playlistItems).values({
            id: itemId,
            playlistId: p.playlistId,
            userId,
            ...media,
            slotPosition: change.slot,
            seqPos: change.seqPos,
          }),
        );
        recorded.push({ itemId, slot: change.slot, action: "appended", previous: null });
      }
    }
    const applicationId = crypto.randomUUID();
    statements.push(
      deps.db
        .insert(programApplications)
        .values({ id: applicationId, programId: program.id, playlistId: p.playlistId, userId, changes: recorded }),
    );
    if (program.mediaType)
      statements.push(
        deps.db
          .update(playlists)
          .set({ mediaType: program.mediaType })
          .where(and(eq(playlists.id, p.playlistId), isNull(playlists.mediaType))),
      );
    // The program files' probes may have finished since they were read.
    statements.push(...syncFromHomes(deps.db, p.playlistId));
    const [first, ...rest] = statements;
    await deps.db.batch([first!, ...rest]);
    applications.push({ playlistId: p.playlistId, applicationId });
  }
  const refused = plans
    .filter((p) => p.refused)
    .map((p) => ({ playlistId: p.playlistId, projectTitle: p.projectTitle, message: p.refused! }));
  return {
    success: applications.length > 0,
    message: applications.length ? PROGRAM_APPLIED : (refused[0]?.message ?? PROGRAM_APPLIED),
    applications,
    refused,
  };
}

/** Undoes the latest application on its playlist: replaced items get their media back, appended ones go. */
export async function undoApplication(deps: Deps, userId: string, applicationId: string) {
  const [application] = await deps.db
    .select()
    .from(programApplications)
    .where(
      and(
        eq(programApplications.id, applicationId),
        eq(programApplications.userId, userId),
        isNull(programApplications.undoneAt),
      ),
    );
  if (!application) throw new NotFound("Nothing to undo.");
  const [latest] = await deps.db
    .select({ id: programApplications.id })
    .from(programApplications)
    .where(and(eq(programApplications.playlistId, application.playlistId), isNull(programApplications.undoneAt)))
    .orderBy(desc(programApplications.createdAt))
    .limit(1);
  if (latest?.id !== application.id) throw new Conflict("Undo the later program on this playlist first.");

  const statements: BatchItem<"sqlite">[] = application.changes.flatMap((change) => {
    if (change.action === "appended" || !change.previous)
      return [deps.db.delete(playlistItems).where(eq(playlistItems.id, change.itemId))];
    const item = { id: change.itemId, playlistId: application.playlistId, userId };
    return [
      // Records from before loudness was kept name no loudness: the program's must not stay.
      deps.db
        .update(playlistItems)
        .set({ loudness: null, ...change.previous })
        .where(eq(playlistItems.id, change.itemId)),
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
  );
  const [first, ...rest] = statements;
  await deps.db.batch([first!, ...rest]);
  return { success: true, message: "Program change undone.", playlistId: application.playlistId };
}

export async function applicationsOf(deps: Deps, userId: string, playlistId: string) {
  await ownPlaylist(deps, userId, playlistId);
  return deps.db
    .select()
    .from(programApplications)
    .where(
      and(
        eq(programApplications.userId, userId),
        eq(programApplications.playlistId, playlistId),
        isNull(programApplications.undoneAt),
      ),
    )
    .orderBy(desc(programApplications.createdAt));
}

/**
 * The cron sweep: applies scheduled programs whose start has come and reverts
 * those whose end has passed. Returns the playlists that changed, so the
 * caller can re-render the ones that had been rendered.
 */
export async function runProgramSchedules(deps: Deps): Promise<string[]> {
  const now = new Date(deps.now());
  const changed = new Set<string>();
  const due = await deps.db
    .select()
    .from(programs)
    .where(and(eq(programs.scheduleState, "pending"), lte(programs.startsAt, now)));
  for (const program of due) {
    if (program.endsAt && program.endsAt <= now) {
      await deps.db.update(programs).set({ scheduleState: "ended" }).where(eq(programs.id, program.id));
      continue;
    }
    try {
      const result = await applyProgram(deps, program.userId, program.id, program.schedulePlaylistIds);
      result.applications.forEach((a) => changed.add(a.playlistId));
    } catch (error) {
      console.error(`scheduled program ${program.id} could not be applied`, error);
    }
    await deps.db.update(programs).set({ scheduleState: "applied" }).where(eq(programs.id, program.id));
  }
  const ending = await deps.db
    .select()
    .from(programs)
    .where(and(eq(programs.scheduleState, "applied"), lte(programs.endsAt, now)));
  for (const program of ending) {
    const open = await deps.db
      .select()
      .from(programApplications)
      .where(and(eq(programApplications.programId, program.id), isNull(programApplications.undoneAt)))
      .orderBy(desc(programApplications.createdAt));
    for (const application of open) {
      try {
        await undoApplication(deps, program.userId, application.id);
        changed.add(application.playlistId);
      } catch (error) {
        console.error(`scheduled program ${program.id} could not be reverted on ${application.playlistId}`, error);
      }
    }
    await deps.db.update(programs).set({ scheduleState: "ended" }).where(eq(programs.id, program.id));
  }
  return [...changed];
}
