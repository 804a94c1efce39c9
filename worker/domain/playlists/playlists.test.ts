// Playlists through the API: adding project files (type lock, slot letters),
// order, removal and direct uploads into a slot.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { addToPlaylist, mp3Bytes, playlistOf, projectWith } from "../../../tests/workers/playlists";
import { mp4Bytes } from "../../../tests/workers/uploads";

let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  member = await signUp();
});

describe("playlists", () => {
  it("copies selected files into the playlist in R2 and records their media facts", async () => {
    const { projectId, fileIds } = await projectWith(member.cookie, ["video", "video"]);
    const response = await addToPlaylist(member.cookie, projectId, fileIds);
    expect(response.status).toBe(201);
    expect((await response.json<any>()).message).toBe("Files added to playlist.");
    const playlist = await playlistOf(member.cookie, projectId);
    expect(playlist.mediaType).toBe("video");
    expect(playlist.items.map((i: any) => [i.seqPos, i.durationSeconds, i.runningTotalSeconds])).toEqual([
      [1, 10, 10],
      [2, 10, 20],
    ]);
    expect(playlist.totalSeconds).toBe(20);
    const item = playlist.items[0];
    expect(item.key).toContain("/playlists/");
    expect(await env.FILES.head(item.key)).not.toBeNull();
  });

  it("answers 'No files selected.' for an empty selection", async () => {
    const { projectId } = await projectWith(member.cookie, ["video"]);
    const response = await addToPlaylist(member.cookie, projectId, []);
    expect((await response.json<any>()).error.message).toBe("No files selected.");
  });

  it("locks the media kind with the first file, with the seed's messages", async () => {
    const { projectId, fileIds } = await projectWith(member.cookie, ["video", "audio", "image"]);
    expect((await (await addToPlaylist(member.cookie, projectId, [fileIds[2]!])).json<any>()).error.message).toBe(
      "Only audio or video files are allowed.",
    );
    expect(
      (await (await addToPlaylist(member.cookie, projectId, [fileIds[0]!, fileIds[1]!])).json<any>()).error.message,
    ).toBe("All files must be video files.");
    expect((await addToPlaylist(member.cookie, projectId, [fileIds[0]!])).status).toBe(201);
    expect((await (await addToPlaylist(member.cookie, projectId, [fileIds[1]!])).json<any>()).error.message).toBe(
      "You can only add video files to this playlist.",
    );
  });

  it("keeps slot letters unique, also for two concurrent edits", async () => {
    const { projectId, fileIds } = await projectWith(member.cookie, ["video", "video", "video"]);
    await addToPlaylist(member.cookie, projectId, fileIds);
    const [a, b, c] = (await playlistOf(member.cookie, projectId)).items;
    const bad = await call(`/api/playlist-items/${a.id}/slot`, {
      method: "PUT",
      cookie: member.cookie,
      json: { slotPosition: "B" },
    });
    expect((await bad.json<any>()).error.message).toBe("Slot position must be a letter from a to z.");
    const [first, second] = await Promise.all([
      call(`/api/playlist-items/${b.id}/slot`, { method: "PUT", cookie: member.cookie, json: { slotPosition: "k" } }),
      call(`/api/playlist-items/${c.id}/slot`, { method: "PUT", cookie: member.cookie, json: { slotPosition: "k" } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect((await loser.json<any>()).error.message).toBe("Slot position already exists in this playlist.");
    const check = await call(`/api/playlists/${a.playlistId}/check-slot`, {
      cookie: member.cookie,
      json: { slotPosition: "k" },
    });
    expect((await check.json<any>()).success).toBe(false);
  });

  it("saves an order only as a whole, renumbered from 1", async () => {
    const { projectId, fileIds } = await projectWith(member.cookie, ["video", "video", "video"]);
    await addToPlaylist(member.cookie, projectId, fileIds);
    const items = (await playlistOf(member.cookie, projectId)).items;
    const reversed = items.map((i: any) => i.id).reverse();
    expect(
      (
        await call(`/api/playlists/${items[0].playlistId}/order`, {
          method: "PUT",
          cookie: member.cookie,
          json: { itemIds: reversed.slice(1) },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(`/api/playlists/${items[0].playlistId}/order`, {
          method: "PUT",
          cookie: member.cookie,
          json: { itemIds: reversed },
        })
      ).status,
    ).toBe(200);
    const after = (await playlistOf(member.cookie, projectId)).items;
    expect(after.map((i: any) => [i.id, i.seqPos])).toEqual(reversed.map((id: string, i: number) => [id, i + 1]));
  });

  it("removes an item, renumbers the rest and deletes its copy", async () => {
    const { projectId, fileIds } = await projectWith(member.cookie, ["video", "video"]);
    await addToPlaylist(member.cookie, projectId, fileIds);
    const [first, second] = (await playlistOf(member.cookie, projectId)).items;
    expect((await call(`/api/playlist-items/${first.id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(
      200,
    );
    const after = (await playlistOf(member.cookie, projectId)).items;
    expect(after.map((i: any) => [i.id, i.seqPos])).toEqual([[second.id, 1]]);
    expect(await env.FILES.head(first.key)).toBeNull();
  });

  it("takes direct uploads with a slot letter, refusing the other kind and a taken letter", async () => {
    const { projectId, fileIds } = await projectWith(member.cookie, ["video"]);
    await addToPlaylist(member.cookie, projectId, fileIds);
    const [item] = (await playlistOf(member.cookie, projectId)).items;
    await call(`/api/playlist-items/${item.id}/slot`, {
      method: "PUT",
      cookie: member.cookie,
      json: { slotPosition: "a" },
    });
    const sign = (slotPosition: string, bytes: Uint8Array, contentType: string) =>
      call("/api/uploads", {
        cookie: member.cookie,
        json: {
          purpose: "playlist-item",
          fileName: "direct.bin",
          contentType,
          size: bytes.byteLength,
          projectId,
          slotPosition,
        },
      });
    expect((await (await sign("a", mp4Bytes(), "video/mp4")).json<any>()).error.message).toBe(
      "Slot position already exists in this playlist.",
    );
    const audio = await (await sign("b", mp3Bytes(), "audio/mpeg")).json<any>();
    await call(new URL(audio.put.url).pathname, { method: "PUT", body: mp3Bytes(), headers: audio.put.headers });
    const refused = await call(`/api/uploads/${audio.uploadId}/complete`, { cookie: member.cookie, method: "POST" });
    expect((await refused.json<any>()).error.message).toBe("You can only add video files to this playlist.");
    const video = await (await sign("b", mp4Bytes(), "video/mp4")).json<any>();
    await call(new URL(video.put.url).pathname, { method: "PUT", body: mp4Bytes(), headers: video.put.headers });
    expect(
      (await call(`/api/uploads/${video.uploadId}/complete`, { cookie: member.cookie, method: "POST" })).status,
    ).toBe(201);
    const items = (await playlistOf(member.cookie, projectId)).items;
    expect(items.map((i: any) => [i.seqPos, i.slotPosition])).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
  });
});
