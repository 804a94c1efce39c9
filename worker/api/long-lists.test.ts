// Long id lists (issue 13 item 4): every list is bounded in its schema, and every query of a list
// goes through inChunks, so no list the schema allows reaches D1's 100 bound parameters.
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../tests/workers/http";
import { addToPlaylist, playlistOf, programWith, projectWith } from "../../tests/workers/playlists";

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

describe("long id lists never make a 5xx", { timeout: 60_000 }, () => {
  it("GET /api/renders/status takes up to 100 ids and refuses more with a 400", async () => {
    const { cookie } = await signUp();
    const ok = await call(`/api/renders/status?ids=${ids(100).join(",")}`, { cookie });
    expect(ok.status).toBe(200);
    expect((await ok.json<any>()).renders).toEqual([]);
    const tooMany = await call(`/api/renders/status?ids=${ids(101).join(",")}`, { cookie });
    expect(tooMany.status).toBe(400);
  });

  it("POST /api/projects/:id/playlist/items with 200 fileIds: unknown ids are a 404, 200 real copies are added", async () => {
    const { cookie } = await signUp();
    const { projectId, fileIds } = await projectWith(cookie, ["audio", "audio", "audio"]);
    expect((await addToPlaylist(cookie, projectId, ids(200))).status).toBe(404);
    const many = Array.from({ length: 200 }, (_, i) => fileIds[i % 3]!);
    const added = await addToPlaylist(cookie, projectId, many);
    expect(added.status).toBe(201);
    const playlist = await playlistOf(cookie, projectId);
    expect(playlist.items).toHaveLength(200);
    expect(playlist.items.map((i: any) => i.seqPos)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect((await addToPlaylist(cookie, projectId, [...many, fileIds[0]!])).status).toBe(400);
  });

  it("POST /api/program-applications/preview and POST /api/programs with 200 playlistIds answer 404, not 500", async () => {
    const { cookie } = await signUp();
    const programId = await programWith(cookie, ["a"], "audio");
    const preview = await call("/api/program-applications/preview", {
      cookie,
      json: { programId, playlistIds: ids(200) },
    });
    expect(preview.status).toBe(404);
    const apply = await call("/api/program-applications", { cookie, json: { programId, playlistIds: ids(200) } });
    expect(apply.status).toBe(404);
    const created = await call("/api/programs", { cookie, json: { title: "Many", playlistIds: ids(200) } });
    expect(created.status).toBe(404);
    const tooMany = await call("/api/programs", { cookie, json: { title: "Many", playlistIds: ids(201) } });
    expect(tooMany.status).toBe(400);
  });
});
