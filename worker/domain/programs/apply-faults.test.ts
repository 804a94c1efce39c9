// D1 failing in the middle of a program's apply (issue 48 item 4): all or nothing, and the apply
// made again gives what a clean apply gives. The failure is D1's own: a trigger that aborts the
// last write of the apply, after several hundred statements have run.
import { env } from "cloudflare:workers";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ORIGIN, signUp } from "../../../tests/workers/http";
import { chunksOf, insertChunks } from "../../db/chunks";
import { database } from "../../db/client";
import {
  playlistItems,
  playlists,
  programApplications,
  programFiles,
  programs,
  projectActivity,
  projects,
} from "../../db/schema";
import { makeDeps } from "../deps";
import { applyProgram } from "./applications";

const db = database(env.DB);
const SLOTS = "abcdefghijklmnopqrstuvwxyz".split("");

/** 40 empty video playlists and a video program with a file in each of 26 slots: 1,040 appended items. */
async function bigApply() {
  const owner = await signUp({}, "198.51.100.93");
  const userId = owner.user.id;
  const ids = Array.from({ length: 40 }, () => crypto.randomUUID());
  for (const rows of insertChunks(ids.map((id) => ({ id, userId, title: `Ep ${id.slice(0, 6)}` }))))
    await db.insert(projects).values(rows);
  for (const rows of insertChunks(ids.map((id) => ({ id, userId, projectId: id, mediaType: "video" as const }))))
    await db.insert(playlists).values(rows);
  const programId = crypto.randomUUID();
  await db.insert(programs).values({ id: programId, userId, title: "All slots", mediaType: "video" });
  const files = SLOTS.map((slot) => ({
    id: crypto.randomUUID(),
    programId,
    userId,
    key: `users/${userId}/programs/${programId}/${slot}.mp4`,
    fileName: `${slot}.mp4`,
    contentType: "video/mp4",
    size: 10,
    durationSeconds: 10,
    slotPosition: slot,
  }));
  for (const rows of chunksOf(files, 5)) await db.insert(programFiles).values(rows);
  return { userId, ids, programId };
}

async function appliedState(ids: string[], programId: string) {
  const [items, records, activity] = await db.batch([
    db
      .select({ playlistId: playlistItems.playlistId, slot: playlistItems.slotPosition, seq: playlistItems.seqPos })
      .from(playlistItems)
      .where(inArray(playlistItems.playlistId, ids))
      .orderBy(asc(playlistItems.playlistId), asc(playlistItems.seqPos)),
    db.select().from(programApplications).where(eq(programApplications.programId, programId)),
    db.select().from(projectActivity).where(inArray(projectActivity.projectId, ids)),
  ]);
  return { items, records: records.length, activity: activity.length };
}

describe("D1 failing in the middle of a program's apply", () => {
  it("applies nothing, and the apply made again applies everything once", async () => {
    const { userId, ids, programId } = await bigApply();
    const deps = makeDeps(env, ORIGIN);
    const last = ids.at(-1)!;
    // D1 refuses the apply's last write (the last playlist's activity line).
    await env.DB.prepare(
      `CREATE TRIGGER fail_apply BEFORE INSERT ON project_activity WHEN NEW.project_id = '${last}'
       BEGIN SELECT RAISE(ABORT, 'injected D1 failure'); END`,
    ).run();
    try {
      await expect(applyProgram(deps, userId, programId, ids)).rejects.toThrow(/injected D1 failure/);
    } finally {
      await env.DB.prepare("DROP TRIGGER fail_apply").run();
    }
    expect(await appliedState(ids, programId)).toEqual({ items: [], records: 0, activity: 0 });

    const again = await applyProgram(deps, userId, programId, ids);
    expect(again.applications).toHaveLength(40);
    const state = await appliedState(ids, programId);
    expect(state.records).toBe(40);
    expect(state.activity).toBe(40);
    // Every playlist holds the 26 program files, once each, in slot order.
    const expected = [...ids]
      .sort()
      .flatMap((playlistId) => SLOTS.map((slot, i) => ({ playlistId, slot, seq: i + 1 })));
    expect(state.items).toEqual(expected);
  });
});
