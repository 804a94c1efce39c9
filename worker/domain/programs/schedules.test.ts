// The sweep applies a scheduled program at its start and reverts it at its end.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUp } from "../../../tests/workers/http";
import { playlistOf, playlistWithSlot, programWith } from "../../../tests/workers/playlists";
import { database } from "../../db/client";
import { programs } from "../../db/schema";
import { makeDeps } from "../deps";
import { runProgramSchedules } from "./schedules";

const db = database(env.DB);

describe("a scheduled program", () => {
  it("is applied at its start and reverted at its end by the sweep", async () => {
    const owner = await signUp();
    const { projectId, playlist } = await playlistWithSlot(owner.cookie, ["video", "video"], "Sched", {
      index: 1,
      slot: "c",
    });
    const start = Date.now() + 60 * 60 * 1000;
    const programId = await programWith(owner.cookie, ["c"], "video", {
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 24 * 60 * 60 * 1000).toISOString(),
      playlistIds: [playlist.id],
    });
    const deps = (at: number) => ({ ...makeDeps(env, "http://localhost"), now: () => at });

    expect(await runProgramSchedules(deps(Date.now()))).toEqual([]);
    expect(await runProgramSchedules(deps(start + 1000))).toEqual([playlist.id]);
    expect((await playlistOf(owner.cookie, projectId)).items[1].fileName).toBe("spot-c.mp4");
    const [running] = await db.select().from(programs).where(eq(programs.id, programId));
    expect(running!.scheduleState).toBe("applied");

    expect(await runProgramSchedules(deps(start + 25 * 60 * 60 * 1000))).toEqual([playlist.id]);
    expect((await playlistOf(owner.cookie, projectId)).items[1].fileName).toBe("video-1.mp4");
    const [ended] = await db.select().from(programs).where(eq(programs.id, programId));
    expect(ended!.scheduleState).toBe("ended");
  });
});
