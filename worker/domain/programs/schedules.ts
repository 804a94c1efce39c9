// The cron sweep's part in programs: a scheduled program is applied to its
// playlists when its start comes and reverted when its end passes.
import { and, desc, eq, isNull, lte } from "drizzle-orm";
import { programApplications, programs } from "../../db/schema";
import type { Deps } from "../deps";
import { applyProgram, undoApplication } from "./applications";

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
      for (const a of result.applications) changed.add(a.playlistId);
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
