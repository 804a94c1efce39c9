// "Only my rows" (ADR 021), through the API: visitors get 401 and other members
// 404 on every playlist and program call; lists show them nothing of another's.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../tests/workers/http";
import { addToPlaylist, playlistOf, programWith, projectWith } from "../../tests/workers/playlists";
import { database } from "../db/client";
import { playlistItems } from "../db/schema";

const db = database(env.DB);

describe("authorisation matrix", () => {
  it("refuses visitors (401) and other members (404) on every playlist and program call", async () => {
    const owner = await signUp();
    const ep = await projectWith(owner.cookie, ["video"], "Private");
    await addToPlaylist(owner.cookie, ep.projectId, ep.fileIds);
    const playlist = await playlistOf(owner.cookie, ep.projectId);
    const itemId = playlist.items[0].id;
    const programId = await programWith(owner.cookie, ["a"]);
    const [program] = (await (await call("/api/programs", { cookie: owner.cookie })).json<any>()).programs;
    const programFileId = program.files[0].id;
    const applied = await (
      await call("/api/program-applications", { cookie: owner.cookie, json: { programId, playlistIds: [playlist.id] } })
    ).json<any>();
    const applicationId = applied.applications[0].applicationId;
    const other = await signUp();

    const calls: [string, string, unknown?][] = [
      ["GET", `/api/projects/${ep.projectId}/playlist`],
      ["POST", `/api/projects/${ep.projectId}/playlist/items`, { fileIds: ep.fileIds }],
      ["POST", `/api/playlists/${playlist.id}/check-slot`, { slotPosition: "z" }],
      ["PUT", `/api/playlists/${playlist.id}/order`, { itemIds: [itemId] }],
      ["GET", `/api/playlists/${playlist.id}/applications`],
      ["PUT", `/api/playlist-items/${itemId}/slot`, { slotPosition: "q" }],
      ["DELETE", `/api/playlist-items/${itemId}`],
      ["POST", `/api/programs/${programId}/check-slot`, { slotPosition: "z" }],
      ["PUT", `/api/program-files/${programFileId}/slot`, { slotPosition: "q" }],
      ["DELETE", `/api/program-files/${programFileId}`],
      ["DELETE", `/api/programs/${programId}`],
      ["POST", "/api/program-applications/preview", { programId, playlistIds: [playlist.id] }],
      ["POST", "/api/program-applications", { programId, playlistIds: [playlist.id] }],
      ["POST", `/api/program-applications/${applicationId}/undo`],
      ["POST", "/api/renders", { playlistIds: [playlist.id] }],
      ["POST", "/api/packages", { playlistIds: [playlist.id] }],
    ];
    for (const [method, path, json] of calls) {
      expect((await call(path, { method, json })).status, `visitor ${method} ${path}`).toBe(401);
      expect((await call(path, { method, json, cookie: other.cookie })).status, `member ${method} ${path}`).toBe(404);
    }
    for (const path of ["/api/playlists", "/api/programs", "/api/programs/titles", "/api/renders"]) {
      expect((await call(path)).status, path).toBe(401);
    }
    expect((await (await call("/api/playlists", { cookie: other.cookie })).json<any>()).data).toEqual([]);
    expect((await (await call("/api/programs", { cookie: other.cookie })).json<any>()).programs).toEqual([]);
    const [still] = await db.select().from(playlistItems).where(eq(playlistItems.id, itemId));
    expect(still!.fileName).toBe("video-0.mp4");
  });
});
