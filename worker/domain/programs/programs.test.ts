// Playlists and programs through the API: type lock, slots, order, applying
// a program (replace, append, refuse, undo), schedules, and who may do what.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { addToPlaylist, mp3Bytes, playlistOf, programWith, projectWith } from "../../../tests/workers/playlists";
import { mp4Bytes } from "../../../tests/workers/uploads";
import { database } from "../../db/client";
import { playlistItems, programs } from "../../db/schema";
import { makeDeps } from "../deps";
import { runProgramSchedules } from "./programs";

const db = database(env.DB);

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

describe("programs", () => {
  it("needs a title and takes one media kind, with unique slot letters", async () => {
    const bad = await call("/api/programs", { cookie: member.cookie, json: { title: " " } });
    expect((await bad.json<any>()).error.message).toBe("Program title is required");
    const programId = await programWith(member.cookie, ["a", "b"]);
    const taken = await call("/api/uploads", {
      cookie: member.cookie,
      json: {
        purpose: "program-file",
        fileName: "x.mp4",
        contentType: "video/mp4",
        size: 100,
        programId,
        slotPosition: "a",
      },
    });
    expect((await taken.json<any>()).error.message).toBe("Slot position already exists or is invalid.");
    const audio = await (
      await call("/api/uploads", {
        cookie: member.cookie,
        json: {
          purpose: "program-file",
          fileName: "x.mp3",
          contentType: "audio/mpeg",
          size: 1024,
          programId,
          slotPosition: "c",
        },
      })
    ).json<any>();
    await call(new URL(audio.put.url).pathname, { method: "PUT", body: mp3Bytes(), headers: audio.put.headers });
    const refused = await call(`/api/uploads/${audio.uploadId}/complete`, { cookie: member.cookie, method: "POST" });
    expect((await refused.json<any>()).error.message).toBe("This program only accepts video files.");

    const list = (await (await call("/api/programs", { cookie: member.cookie })).json<any>()).programs;
    const program = list.find((p: any) => p.id === programId);
    expect(program.mediaType).toBe("video");
    expect(program.files.map((f: any) => f.slotPosition)).toEqual(["a", "b"]);
    const [fa, fb] = program.files;
    const badSlot = await call(`/api/program-files/${fa.id}/slot`, {
      method: "PUT",
      cookie: member.cookie,
      json: { slotPosition: "AB" },
    });
    expect((await badSlot.json<any>()).error.message).toBe("Slot position must be a lowercase letter from a to z.");
    const clash = await call(`/api/program-files/${fa.id}/slot`, {
      method: "PUT",
      cookie: member.cookie,
      json: { slotPosition: fb.slotPosition },
    });
    expect(clash.status).toBe(409);
  });

  it("saves the program order as a whole", async () => {
    const owner = await signUp();
    const one = await programWith(owner.cookie, []);
    const two = await programWith(owner.cookie, []);
    expect(
      (await call("/api/programs/order", { method: "PUT", cookie: owner.cookie, json: { programIds: [two, one] } }))
        .status,
    ).toBe(200);
    const list = (await (await call("/api/programs", { cookie: owner.cookie })).json<any>()).programs;
    expect(list.map((p: any) => p.id)).toEqual([two, one]);
  });
});

describe("applying a program", () => {
  it("replaces the media in matching slots, appends missing slots, previews first, and can be undone", async () => {
    const owner = await signUp();
    const episodes = await Promise.all([
      projectWith(owner.cookie, ["video", "video"], "Ep1"),
      projectWith(owner.cookie, ["video"], "Ep2"),
    ]);
    for (const ep of episodes) await addToPlaylist(owner.cookie, ep.projectId, ep.fileIds);
    const [ep1, ep2] = await Promise.all(episodes.map((ep) => playlistOf(owner.cookie, ep.projectId)));
    await call(`/api/playlist-items/${ep1.items[1].id}/slot`, {
      method: "PUT",
      cookie: owner.cookie,
      json: { slotPosition: "b" },
    });
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

  it("is applied at its start and reverted at its end by the sweep", async () => {
    const owner = await signUp();
    const ep = await projectWith(owner.cookie, ["video", "video"], "Sched");
    await addToPlaylist(owner.cookie, ep.projectId, ep.fileIds);
    const playlist = await playlistOf(owner.cookie, ep.projectId);
    await call(`/api/playlist-items/${playlist.items[1].id}/slot`, {
      method: "PUT",
      cookie: owner.cookie,
      json: { slotPosition: "c" },
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
    expect((await playlistOf(owner.cookie, ep.projectId)).items[1].fileName).toBe("spot-c.mp4");
    const [running] = await db.select().from(programs).where(eq(programs.id, programId));
    expect(running!.scheduleState).toBe("applied");

    expect(await runProgramSchedules(deps(start + 25 * 60 * 60 * 1000))).toEqual([playlist.id]);
    expect((await playlistOf(owner.cookie, ep.projectId)).items[1].fileName).toBe("video-1.mp4");
    const [ended] = await db.select().from(programs).where(eq(programs.id, programId));
    expect(ended!.scheduleState).toBe("ended");
  });
});

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
