// Applying a program to many playlists (issue 30): the writes grow by
// statements of many rows and batches, not by one round trip per playlist.
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { programWith } from "../../../tests/workers/playlists";
import { insertChunks } from "../../db/chunks";
import { database } from "../../db/client";
import { playlistItems, playlists, programApplications, projects } from "../../db/schema";

const db = database(env.DB);

describe("applying a program to many playlists", () => {
  it("takes a few round trips for 300 playlists and replaces slot b in every one", async () => {
    const owner = await signUp({}, "198.51.100.91");
    const ids = Array.from({ length: 300 }, () => crypto.randomUUID());
    const userId = owner.user.id;
    for (const rows of insertChunks(ids.map((id) => ({ id, userId, title: `Episode_${id.slice(0, 6)}` }))))
      await db.insert(projects).values(rows);
    for (const rows of insertChunks(ids.map((id) => ({ id, userId, projectId: id, mediaType: "video" as const }))))
      await db.insert(playlists).values(rows);
    const items = ids.flatMap((id) =>
      ["a", "b"].map((slot, i) => ({
        id: crypto.randomUUID(),
        playlistId: id,
        userId,
        key: `users/${userId}/projects/${id}/playlists/${slot}.mp4`,
        fileName: `${slot}.mp4`,
        contentType: "video/mp4",
        size: 10,
        durationSeconds: 10,
        slotPosition: slot,
        seqPos: i + 1,
      })),
    );
    for (const rows of insertChunks(items)) await db.insert(playlistItems).values(rows);
    const programId = await programWith(owner.cookie, ["b"]);

    const applied = await call("/api/program-applications", {
      cookie: owner.cookie,
      json: { programId, playlistIds: ids },
    });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect((await applied.json<any>()).applications).toHaveLength(300);
    // Before: two reads and one batch per playlist (600+ round trips).
    expect(Number(applied.headers.get("x-d1-round-trips"))).toBeLessThan(40);

    const replaced = await db
      .select({ programFileId: playlistItems.programFileId, slot: playlistItems.slotPosition })
      .from(playlistItems)
      .where(inArray(playlistItems.playlistId, ids.slice(0, 80)));
    expect(replaced.filter((r) => r.slot === "b").every((r) => r.programFileId !== null)).toBe(true);
    expect(replaced.filter((r) => r.slot === "a").every((r) => r.programFileId === null)).toBe(true);
    const records = await db.select().from(programApplications).where(eq(programApplications.programId, programId));
    expect(records).toHaveLength(300);
  });
});
