import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { addToPlaylist, playlistOf, programWith, projectWith, setItemSlot } from "../../../tests/workers/playlists";

describe("applying a program", () => {
  it("replaces the media in matching slots, appends missing slots, previews first, and can be undone", async () => {
    const owner = await signUp();
    const episodes = await Promise.all([
      projectWith(owner.cookie, ["video", "video"], "Ep1"),
      projectWith(owner.cookie, ["video"], "Ep2"),
    ]);
    for (const ep of episodes) await addToPlaylist(owner.cookie, ep.projectId, ep.fileIds);
    const [ep1, ep2] = await Promise.all(episodes.map((ep) => playlistOf(owner.cookie, ep.projectId)));
    await setItemSlot(owner.cookie, ep1.items[1].id, "b");
    const programId = await programWith(owner.cookie, ["b"]);

    expect(
      (
        await (
          await call("/api/program-applications", {
            cookie: owner.cookie,
            json: { programId: "", playlistIds: [ep1.id] },
          })
        ).json<any>()
      ).error.message,
    ).toBe("No program selected. Please select a program first.");
    const preview = (
      await (
        await call("/api/program-applications/preview", {
          cookie: owner.cookie,
          json: { programId, playlistIds: [ep1.id, ep2.id] },
        })
      ).json<any>()
    ).plans;
    expect(preview.find((p: any) => p.playlistId === ep1.id).changes).toEqual([
      expect.objectContaining({ slot: "b", action: "replace", seqPos: 2, from: "video-1.mp4", to: "spot-b.mp4" }),
    ]);
    expect(preview.find((p: any) => p.playlistId === ep2.id).changes).toEqual([
      expect.objectContaining({ slot: "b", action: "append", seqPos: 2, from: null }),
    ]);
    expect((await playlistOf(owner.cookie, episodes[0]!.projectId)).items[1].fileName).toBe("video-1.mp4");

    const applied = await (
      await call("/api/program-applications", {
        cookie: owner.cookie,
        json: { programId, playlistIds: [ep1.id, ep2.id] },
      })
    ).json<any>();
    expect(applied.message).toBe("Program successfully applied to selected playlists!");
    const after1 = (await playlistOf(owner.cookie, episodes[0]!.projectId)).items;
    const after2 = (await playlistOf(owner.cookie, episodes[1]!.projectId)).items;
    expect(after1.map((i: any) => [i.seqPos, i.slotPosition, i.fileName])).toEqual([
      [1, null, "video-0.mp4"],
      [2, "b", "spot-b.mp4"],
    ]);
    expect(after1[1].id).toBe(ep1.items[1].id);
    expect(after2.map((i: any) => [i.seqPos, i.slotPosition, i.fileName])).toEqual([
      [1, null, "video-0.mp4"],
      [2, "b", "spot-b.mp4"],
    ]);

    for (const application of applied.applications) {
      expect(
        (
          await call(`/api/program-applications/${application.applicationId}/undo`, {
            cookie: owner.cookie,
            method: "POST",
          })
        ).status,
      ).toBe(200);
    }
    const undone1 = (await playlistOf(owner.cookie, episodes[0]!.projectId)).items;
    const undone2 = (await playlistOf(owner.cookie, episodes[1]!.projectId)).items;
    expect(undone1.map((i: any) => [i.seqPos, i.slotPosition, i.fileName, i.key])).toEqual(
      ep1.items.map((i: any, n: number) => [i.seqPos, n === 1 ? "b" : null, i.fileName, i.key]),
    );
    expect(undone2.map((i: any) => i.id)).toEqual(ep2.items.map((i: any) => i.id));
  });

  it("refuses a playlist of the other media kind with a message, applying the rest", async () => {
    const owner = await signUp();
    const video = await projectWith(owner.cookie, ["video"], "Vid");
    const audio = await projectWith(owner.cookie, ["audio"], "Aud");
    await addToPlaylist(owner.cookie, video.projectId, video.fileIds);
    await addToPlaylist(owner.cookie, audio.projectId, audio.fileIds);
    const [vp, ap] = [await playlistOf(owner.cookie, video.projectId), await playlistOf(owner.cookie, audio.projectId)];
    const programId = await programWith(owner.cookie, ["a"]);
    const result = await (
      await call("/api/program-applications", {
        cookie: owner.cookie,
        json: { programId, playlistIds: [vp.id, ap.id] },
      })
    ).json<any>();
    expect(result.applications.map((a: any) => a.playlistId)).toEqual([vp.id]);
    expect(result.refused).toEqual([
      { playlistId: ap.id, projectTitle: "Aud", message: "This program holds video files; this playlist plays audio." },
    ]);
    expect((await playlistOf(owner.cookie, audio.projectId)).items).toHaveLength(1);
  });
});
