// A render made before a program changed its playlist says so, and stops
// saying so once 'Render again' has made a newer file (issue 29).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { applyProgram, playlistWithSlot, programWith } from "../../../tests/workers/playlists";
import { database } from "../../db/client";
import { renders } from "../../db/schema";
import { makeDeps } from "../deps";
import { listRenders, renderAgain, startRenders } from "./renders";

const db = database(env.DB);
const deps = () => makeDeps(env, "http://localhost");

async function finish(renderId: string, at: number) {
  await db
    .update(renders)
    .set({ status: "done", createdAt: new Date(at) })
    .where(eq(renders.id, renderId));
}

async function stateOf(userId: string, renderId: string) {
  const listed = await listRenders(deps(), userId);
  const render = listed.find((r) => r.id === renderId)!;
  return { outOfDate: render.outOfDate, superseded: render.superseded };
}

describe("an out-of-date render", () => {
  it("is marked when a program is applied or undone on its playlist after it, and cleared by a newer render", async () => {
    const owner = await signUp();
    const { playlist } = await playlistWithSlot(owner.cookie, ["video", "video"], "Stale", { index: 1, slot: "c" });
    const [first] = await startRenders(deps(), owner.user.id, [playlist.id]);
    await finish(first!.renderId, Date.now() - 60_000);
    expect(await stateOf(owner.user.id, first!.renderId)).toEqual({ outOfDate: false, superseded: false });

    const programId = await programWith(owner.cookie, ["c"]);
    const applied = await applyProgram(owner.cookie, programId, [playlist.id]);
    expect(applied.status).toBe(200);
    expect(await stateOf(owner.user.id, first!.renderId)).toEqual({ outOfDate: true, superseded: false });

    const [again] = await renderAgain(deps(), owner.user.id, first!.renderId);
    // Queued or running, the newer render does not yet supersede the old file.
    expect(await stateOf(owner.user.id, first!.renderId)).toEqual({ outOfDate: true, superseded: false });
    await finish(again!.renderId, Date.now());
    expect(await stateOf(owner.user.id, first!.renderId)).toEqual({ outOfDate: false, superseded: true });
    expect(await stateOf(owner.user.id, again!.renderId)).toEqual({ outOfDate: false, superseded: false });
  });

  it("is also marked by an undo, and 'Render again' is refused for another member's render", async () => {
    const owner = await signUp();
    const { playlist } = await playlistWithSlot(owner.cookie, ["video"], "Undo", { index: 0, slot: "b" });
    const programId = await programWith(owner.cookie, ["b"]);
    const applied = await applyProgram(owner.cookie, programId, [playlist.id]);
    const { applications } = await applied.json<any>();
    const [render] = await startRenders(deps(), owner.user.id, [playlist.id]);
    await finish(render!.renderId, Date.now() + 1);
    expect(await stateOf(owner.user.id, render!.renderId)).toEqual({ outOfDate: false, superseded: false });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const undone = await call(`/api/program-applications/${applications[0].applicationId}/undo`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(undone.status).toBe(200);
    expect(await stateOf(owner.user.id, render!.renderId)).toEqual({ outOfDate: true, superseded: false });

    const stranger = await signUp();
    await expect(renderAgain(deps(), stranger.user.id, render!.renderId)).rejects.toThrow("Render not found.");
  });
});
