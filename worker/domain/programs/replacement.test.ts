// Spot replacement done right (issue 11): a replaced slot knows its file's
// facts whenever its probe finishes, slot letters travel from files into the
// playlist, and chapters follow a replacement (and its undo, and schedules).
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, signUp } from "../../../tests/workers/http";
import { addToPlaylist, playlistOf, programWith, projectWith } from "../../../tests/workers/playlists";
import { consume } from "../../../tests/workers/renderer";
import { database } from "../../db/client";
import { files, jobs, playlistItems, programFiles } from "../../db/schema";
import { makeDeps } from "../deps";
import { runProgramSchedules } from "./schedules";

const db = database(env.DB);
let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  member = await signUp();
});

/** A playlist of the given durations (seconds), slot letters a, b, c … in order. */
async function episode(durations: number[], title = "Episode") {
  const { projectId, fileIds } = await projectWith(
    member.cookie,
    durations.map(() => "video"),
    title,
  );
  for (const [i, id] of fileIds.entries())
    await db.update(files).set({ durationSeconds: durations[i]! }).where(eq(files.id, id));
  await addToPlaylist(member.cookie, projectId, fileIds);
  const playlist = await playlistOf(member.cookie, projectId);
  for (const [i, item] of playlist.items.entries()) await setSlot(item.id, String.fromCharCode(97 + i));
  return { projectId, playlistId: playlist.id as string, items: playlist.items as any[] };
}

const setSlot = (itemId: string, slotPosition: string) =>
  call(`/api/playlist-items/${itemId}/slot`, { method: "PUT", cookie: member.cookie, json: { slotPosition } });

async function programFileOf(programId: string) {
  const [file] = await db.select().from(programFiles).where(eq(programFiles.programId, programId));
  return file!;
}

/** The program's spot as already probed, `seconds` long. */
async function probedSpot(slot: string, seconds: number) {
  const programId = await programWith(member.cookie, [slot]);
  const file = await programFileOf(programId);
  await db
    .update(programFiles)
    .set({ durationSeconds: seconds, probeStatus: "done" })
    .where(eq(programFiles.id, file.id));
  return programId;
}

/** Runs the queued probe job of a program file, with the renderer answering `seconds`. */
async function finishProbe(programFileId: string, seconds: number) {
  const [job] = await db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = 'probe' AND json_extract(${jobs.input}, '$.id') = ${programFileId}`);
  const spy = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () =>
      Response.json({ jobId: job!.id, result: { durationSeconds: seconds, frameRate: 25, resolution: "320x240" } }),
    );
  try {
    await consume(job!.id, "probe");
  } finally {
    spy.mockRestore();
  }
}

const apply = async (programId: string, playlistIds: string[]) =>
  (await call("/api/program-applications", { cookie: member.cookie, json: { programId, playlistIds } })).json<any>();

const chapters = async (playlistId: string) =>
  (await (await call(`/api/playlists/${playlistId}/chapters`, { cookie: member.cookie })).json<any>()).chapters.map(
    (c: any) => [c.startSeconds, c.title],
  );

const addMark = (itemId: string, at: string, title: string) =>
  call("/api/chapters", { cookie: member.cookie, json: { itemId, at, title } });

describe("a replaced slot knows its file", () => {
  it("shows the spot's duration and right totals once its probe finishes after the apply", async () => {
    const ep = await episode([2, 3, 4]);
    const programId = await programWith(member.cookie, ["b"]);
    const spot = await programFileOf(programId);
    expect(spot.probeStatus).toBe("queued");

    await apply(programId, [ep.playlistId]);
    let playlist = await playlistOf(member.cookie, ep.projectId);
    expect(playlist.items[1]).toMatchObject({ fileName: "spot-b.mp4", probeStatus: "queued", durationSeconds: null });

    await finishProbe(spot.id, 1);
    playlist = await playlistOf(member.cookie, ep.projectId);
    expect(playlist.items[1]).toMatchObject({ probeStatus: "done", durationSeconds: 1, frameRate: 25 });
    expect(playlist.items.map((i: any) => i.runningTotalSeconds)).toEqual([2, 3, 7]);
    expect(playlist.totalSeconds).toBe(7);
    const all = (await (await call("/api/playlists", { cookie: member.cookie })).json<any>()).data;
    expect(all.find((p: any) => p.id === ep.playlistId).totalSeconds).toBe(7);
    const [program] = (await (await call("/api/programs", { cookie: member.cookie })).json<any>()).programs.filter(
      (p: any) => p.id === programId,
    );
    expect(program.files[0].durationSeconds).toBe(1);
  });

  it("carries the facts when the probe finished before the apply, and gives the file's back on undo", async () => {
    const ep = await episode([2, 3]);
    const programId = await programWith(member.cookie, ["a"]);
    await finishProbe((await programFileOf(programId)).id, 1.5);
    const { applications } = await apply(programId, [ep.playlistId]);
    expect((await playlistOf(member.cookie, ep.projectId)).totalSeconds).toBe(4.5);

    await call(`/api/program-applications/${applications[0].applicationId}/undo`, { cookie: member.cookie, json: {} });
    const playlist = await playlistOf(member.cookie, ep.projectId);
    expect(playlist.items[0]).toMatchObject({ fileName: "video-0.mp4", durationSeconds: 2, probeStatus: "done" });
    expect(playlist.totalSeconds).toBe(5);
  });

  it("fills in a file added to the playlist while its probe was running", async () => {
    const { projectId, fileIds } = await projectWith(member.cookie, ["video"], "Probing");
    await db.update(files).set({ durationSeconds: null, probeStatus: "running" }).where(eq(files.id, fileIds[0]!));
    await addToPlaylist(member.cookie, projectId, fileIds);
    expect((await playlistOf(member.cookie, projectId)).items[0].probeStatus).toBe("running");
    const [job] = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'probe' AND json_extract(${jobs.input}, '$.id') = ${fileIds[0]!}`);
    const spy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () =>
        Response.json({ jobId: job!.id, result: { durationSeconds: 12, frameRate: 30, resolution: "640x360" } }),
      );
    await consume(job!.id, "probe");
    spy.mockRestore();
    const playlist = await playlistOf(member.cookie, projectId);
    expect(playlist.items[0]).toMatchObject({ durationSeconds: 12, frameRate: 30, probeStatus: "done" });
    expect(playlist.totalSeconds).toBe(12);
  });

  it("keeps a file's slot letter in the playlist, and refuses a letter already used with the seed's message", async () => {
    const { projectId, fileIds } = await projectWith(member.cookie, ["video", "video", "video", "video"], "Slots");
    const slotFile = (id: string, slotPosition: string) =>
      call(`/api/files/${id}/slot`, { method: "PUT", cookie: member.cookie, json: { slotPosition } });
    await slotFile(fileIds[0]!, "x");
    expect((await addToPlaylist(member.cookie, projectId, [fileIds[0]!])).status).toBe(201);
    expect((await playlistOf(member.cookie, projectId)).items[0].slotPosition).toBe("x");

    await slotFile(fileIds[1]!, "x");
    const clash = await addToPlaylist(member.cookie, projectId, [fileIds[1]!]);
    expect(clash.status).toBe(409);
    expect((await clash.json<any>()).error.message).toBe("Slot position already exists in this playlist.");

    await slotFile(fileIds[2]!, "y");
    await slotFile(fileIds[3]!, "y");
    const twins = await addToPlaylist(member.cookie, projectId, [fileIds[2]!, fileIds[3]!]);
    expect(twins.status).toBe(409);
    expect((await twins.json<any>()).error.message).toBe("Duplicate slot position detected.");
    expect((await playlistOf(member.cookie, projectId)).items).toHaveLength(1);
  });
});

describe("chapters follow the replacement", () => {
  it("default to one per item, titled by the file's name", async () => {
    const ep = await episode([10, 10]);
    expect(await chapters(ep.playlistId)).toEqual([
      [0, "Video 0"],
      [10, "Video 1"],
    ]);
  });

  it("move later chapters by the difference, drop marks inside the spot and keep a renamed title; undo restores them", async () => {
    const ep = await episode([10, 10, 10]);
    expect((await addMark(ep.items[1].id, "0:04", "Ad read")).status).toBe(201);
    expect((await addMark(ep.items[2].id, "0:05", "Interview")).status).toBe(201);
    await call(`/api/playlist-items/${ep.items[0].id}/chapter`, {
      method: "PUT",
      cookie: member.cookie,
      json: { title: "Cold open" },
    });
    const before = await chapters(ep.playlistId);
    expect(before).toEqual([
      [0, "Cold open"],
      [10, "Video 1"],
      [14, "Ad read"],
      [20, "Video 2"],
      [25, "Interview"],
    ]);

    // Longer: 15 s in place of 10 s.
    const longer = await apply(await probedSpot("b", 15), [ep.playlistId]);
    expect(await chapters(ep.playlistId)).toEqual([
      [0, "Cold open"],
      [10, "Sponsor"],
      [25, "Video 2"],
      [30, "Interview"],
    ]);
    await call(`/api/program-applications/${longer.applications[0].applicationId}/undo`, {
      cookie: member.cookie,
      json: {},
    });
    expect(await chapters(ep.playlistId)).toEqual(before);

    // Shorter, on the renamed first item: 4 s in place of 10 s; its title stays.
    const shorter = await apply(await probedSpot("a", 4), [ep.playlistId]);
    expect(await chapters(ep.playlistId)).toEqual([
      [0, "Cold open"],
      [4, "Video 1"],
      [8, "Ad read"],
      [14, "Video 2"],
      [19, "Interview"],
    ]);
    await call(`/api/program-applications/${shorter.applications[0].applicationId}/undo`, {
      cookie: member.cookie,
      json: {},
    });
    expect(await chapters(ep.playlistId)).toEqual(before);
  });

  it("are shifted when a scheduled program applies and restored when it reverts", async () => {
    const ep = await episode([10, 10], "Scheduled chapters");
    await addMark(ep.items[0].id, "0:03", "Intro over");
    await addMark(ep.items[1].id, "0:06", "Sponsor mention");
    const before = await chapters(ep.playlistId);
    const start = Date.now() + 60 * 60 * 1000;
    const programId = await programWith(member.cookie, ["a"], "video", {
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 24 * 60 * 60 * 1000).toISOString(),
      playlistIds: [ep.playlistId],
    });
    await db
      .update(programFiles)
      .set({ durationSeconds: 15, probeStatus: "done" })
      .where(eq(programFiles.programId, programId));
    const deps = (at: number) => ({ ...makeDeps(env, "http://localhost"), now: () => at });

    expect(await runProgramSchedules(deps(start + 1000))).toEqual([ep.playlistId]);
    expect(await chapters(ep.playlistId)).toEqual([
      [0, "Sponsor"],
      [15, "Video 1"],
      [21, "Sponsor mention"],
    ]);
    expect(await runProgramSchedules(deps(start + 25 * 60 * 60 * 1000))).toEqual([ep.playlistId]);
    expect(await chapters(ep.playlistId)).toEqual(before);
  });

  it("are edited with the shared rules: times inside the item, titles required, one mark per time", async () => {
    const ep = await episode([10]);
    const itemId = ep.items[0].id;
    const bad = await addMark(itemId, "ten", "X");
    expect((await bad.json<any>()).error.message).toBe("Time must be minutes and seconds, like 1:30.");
    expect((await addMark(itemId, "0:12", "Past the end")).status).toBe(400);
    expect((await (await addMark(itemId, "0:02", "  ")).json<any>()).error.message).toBe("Chapter title is required.");
    const { id } = await (await addMark(itemId, "0:02", "First")).json<any>();
    const twin = await addMark(itemId, "0:02", "Again");
    expect((await twin.json<any>()).error.message).toBe("There is already a chapter mark at that time.");
    const moved = await call(`/api/chapters/${id}`, {
      method: "PATCH",
      cookie: member.cookie,
      json: { at: "0:07", title: "Renamed" },
    });
    expect(moved.status).toBe(200);
    expect(await chapters(ep.playlistId)).toEqual([
      [0, "Video 0"],
      [7, "Renamed"],
    ]);
    expect((await call(`/api/chapters/${id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(200);
    expect(await chapters(ep.playlistId)).toEqual([[0, "Video 0"]]);

    const other = await signUp();
    expect((await call(`/api/playlists/${ep.playlistId}/chapters`, { cookie: other.cookie })).status).toBe(404);
    expect(
      (await call("/api/chapters", { cookie: other.cookie, json: { itemId, at: "0:01", title: "x" } })).status,
    ).toBe(404);
    expect((await call(`/api/playlists/${ep.playlistId}/chapters`)).status).toBe(401);
    const [item] = await db.select().from(playlistItems).where(eq(playlistItems.id, itemId));
    expect(item!.fileName).toBe("video-0.mp4");
  });
});
