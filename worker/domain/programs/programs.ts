// Programs: sets of audio or video files with slot letters, in the member's
// order. Applying one to playlists is ./applications.ts; the cron sweep that
// applies and reverts scheduled programs is ./schedules.ts.
import { and, asc, eq, inArray, max } from "drizzle-orm";
import { PROGRAM_SLOT_TAKEN, type ProgramForm } from "../../../app/kernel/schemas/playlists";
import { inChunks } from "../../db/chunks";
import { campaigns, type Program, playlistItems, programFiles, programMembers, programs } from "../../db/schema";
import type { Deps } from "../deps";
import { Conflict } from "../errors";
import { memberData, type Need } from "../member-data";
import { claimingSlot, isSlotFreeIn, saveOrder } from "../ordering";

export async function createProgram(deps: Deps, userId: string, form: ProgramForm) {
  const data = memberData(deps.db, userId);
  await data.playlists(form.playlistIds, "edit");
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

export async function ownProgram(deps: Deps, userId: string, programId: string, need: Need = "view"): Promise<Program> {
  return memberData(deps.db, userId).program(programId, need);
}

/**
 * Programs in the member's order, each with its files sorted by slot letter (seed 000 §2), and the
 * member's role in it: "owner" for their own, their membership's for one shared with them (ADR 041).
 */
export async function listPrograms(deps: Deps, userId: string) {
  const found = await deps.db
    .select({ program: programs, sharedRole: programMembers.role })
    .from(programs)
    .leftJoin(programMembers, and(eq(programMembers.programId, programs.id), eq(programMembers.userId, userId)))
    .where(memberData(deps.db, userId).mine(programs))
    .orderBy(asc(programs.sortOrder), asc(programs.createdAt));
  const rows = found.map(({ program, sharedRole }) => ({
    ...program,
    role: program.userId === userId ? ("owner" as const) : (sharedRole ?? "viewer"),
  }));
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
    .where(memberData(deps.db, userId).mine(programs))
    .orderBy(asc(programs.sortOrder));
}

export async function reorderPrograms(deps: Deps, userId: string, programIds: string[]) {
  const editable = await deps.db
    .select({ id: programs.id })
    .from(programs)
    .where(memberData(deps.db, userId).mine(programs, "edit"));
  // The list shows programs shared with the member for viewing too; their order is their owner's to keep.
  const known = new Set(editable.map((p) => p.id));
  await saveOrder(
    deps.db,
    {
      ids: programIds.filter((id) => known.has(id)),
      known: editable,
      message: "The order must list every program once.",
    },
    (id, n) => deps.db.update(programs).set({ sortOrder: n }).where(eq(programs.id, id)),
  );
}

export async function isProgramSlotFree(
  deps: Deps,
  userId: string,
  programId: string,
  slot: string,
  exceptFileId?: string,
) {
  await ownProgram(deps, userId, programId);
  return isSlotFreeIn(deps.db, programFiles, eq(programFiles.programId, programId), slot, exceptFileId);
}

export async function setProgramFileSlot(deps: Deps, userId: string, fileId: string, slotPosition: string) {
  const file = await memberData(deps.db, userId).programFile(fileId, "edit");
  await claimingSlot(
    () => deps.db.update(programFiles).set({ slotPosition }).where(eq(programFiles.id, file.id)),
    PROGRAM_SLOT_TAKEN,
  );
  return { slotPosition };
}

export async function deleteProgramFile(deps: Deps, userId: string, fileId: string) {
  const file = await memberData(deps.db, userId).programFile(fileId, "edit");
  const [inUse] = await deps.db
    .select({ id: playlistItems.id })
    .from(playlistItems)
    .where(eq(playlistItems.programFileId, file.id))
    .limit(1);
  if (inUse) throw new Conflict("This file is playing in a playlist. Undo the program there first.");
  await deps.db.delete(programFiles).where(eq(programFiles.id, file.id));
  await deps.storage.delete(file.key);
  const [left] = await deps.db
    .select({ id: programFiles.id })
    .from(programFiles)
    .where(eq(programFiles.programId, file.programId))
    .limit(1);
  if (!left) await deps.db.update(programs).set({ mediaType: null }).where(eq(programs.id, file.programId));
  return { success: true, message: "Program file deleted." };
}

export async function deleteProgram(deps: Deps, userId: string, programId: string) {
  const program = await ownProgram(deps, userId, programId, "own");
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
  // Deleting it would take the sponsor's report with it (issue 47).
  const [campaign] = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.programId, program.id));
  if (campaign) throw new Conflict("This program is a campaign. Delete the campaign first.");
  await deps.db.delete(programs).where(eq(programs.id, program.id));
  if (fileRows.length) await deps.storage.delete(fileRows.map((f) => f.key));
}
