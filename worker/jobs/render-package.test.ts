// Render and package jobs through the consumer: the renderer stood in for
// render (its own suite runs the real ffmpeg); packaging runs for real here.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "../../tests/workers/http";
import { claim, consume, report } from "../../tests/workers/renderer";
import { database } from "../db/client";
import { jobs, playlistChapters, playlistItems, playlists, projects, renders, users } from "../db/schema";
import { makeDeps } from "../domain/deps";
import { startPackage } from "../domain/packages/packages";
import { listRenders, startRenders } from "../domain/renders/renders";
import { progressUrl } from "./progress";

const db = database(env.DB);
const deps = () => makeDeps(env, "http://localhost");
let n = 0;

async function playlistWith(contents: string[], title = "Show One", mediaType: "audio" | "video" = "video") {
  n += 1;
  const userId = `u-rp-${n}`;
  await db
    .insert(users)
    .values({ id: userId, name: "R", username: `rp${n}`, email: `rp${n}@example.com`, passwordHash: "x" });
  await db.insert(projects).values({ id: `p-rp-${n}`, userId, title });
  await db.insert(playlists).values({ id: `pl-rp-${n}`, userId, projectId: `p-rp-${n}`, mediaType });
  for (const [i, text] of contents.entries()) {
    const key = `users/${userId}/projects/p-rp-${n}/playlists/${i}-clip${i}.mp4`;
    await env.FILES.put(key, text);
    await db.insert(playlistItems).values({
      id: `it-rp-${n}-${i}`,
      playlistId: `pl-rp-${n}`,
      userId,
      key,
      fileName: `clip ${i}.mp4`,
      contentType: "video/mp4",
      size: text.length,
      seqPos: i + 1,
    });
  }
  return { userId, playlistId: `pl-rp-${n}` };
}

afterEach(() => vi.restoreAllMocks());

describe("render jobs", () => {
  it("hand the renderer signed inputs in playlist order and a signed output, then record the result", async () => {
    const { userId, playlistId } = await playlistWith(["first", "second", "third"]);
    await db
      .update(playlistItems)
      .set({ seqPos: 9 })
      .where(eq(playlistItems.id, `it-rp-${n}-0`));
    const [started] = await startRenders(deps(), userId, [playlistId]);
    const calls: any[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      calls.push(JSON.parse(String(init!.body)));
      return Response.json({
        jobId: started!.renderId,
        result: { method: "copy", durationSeconds: 4.5, frameRate: 25, resolution: "320x240", size: 1234 },
      });
    });
    await consume(started!.renderId, "render");

    const sent = calls[0];
    expect(sent.input.items.map((i: any) => i.url)).toHaveLength(3);
    const keys = await Promise.all(
      sent.input.items.map(async (i: any) => {
        const got = await call(new URL(i.url).pathname);
        return got.text();
      }),
    );
    expect(keys).toEqual(["second", "third", "first"]);
    expect(sent.input.output.url).toMatch(/^http:\/\/localhost\/api\/storage\/put\//);
    expect(sent.input.mediaType).toBe("video");
    expect(sent.callbackUrl).toBe(await progressUrl("http://localhost", env.SESSION_SECRET, started!.renderId, 1));

    const [render] = await db.select().from(renders).where(eq(renders.id, started!.renderId));
    expect(render).toMatchObject({
      status: "done",
      durationSeconds: 4.5,
      resolution: "320x240",
      frameRate: 25,
    });
    const [playlist] = await db.select().from(playlists).where(eq(playlists.id, playlistId));
    expect(playlist!.renderedAt).not.toBeNull();
  });

  it("send each item's chapters and stored loudness, keep what was measured with the file, and store the chapters beside the render", async () => {
    const { userId, playlistId } = await playlistWith(["quiet", "spot"], "Chaptered", "audio");
    const stored = { integrated: -52, truePeak: -41, channels: 2 };
    await db
      .update(playlistItems)
      .set({ loudness: stored })
      .where(eq(playlistItems.id, `it-rp-${n}-0`));
    await db.insert(playlistChapters).values({
      id: `ch-rp-${n}`,
      playlistId,
      itemId: `it-rp-${n}-1`,
      userId,
      offsetSeconds: 2,
      title: "Offer code",
    });
    const [started] = await startRenders(deps(), userId, [playlistId], true);
    const calls: any[] = [];
    const measured = { integrated: -24, truePeak: -6, channels: 2 };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      calls.push(JSON.parse(String(init!.body)));
      return Response.json({
        jobId: started!.renderId,
        result: {
          method: "reencode",
          durationSeconds: 13,
          frameRate: 5,
          resolution: "1280x720",
          size: 99,
          audioOutput: { size: 42, durationSeconds: 13 },
          chapters: [
            { startTime: 0, title: "clip 0" },
            { startTime: 8, title: "clip 1" },
            { startTime: 10, title: "Offer code" },
          ],
          loudness: {
            target: -16,
            items: [
              { n: 1, loudness: stored, measuredNow: false, gainDb: 36, outcome: "normalised" },
              { n: 2, loudness: measured, measuredNow: true, gainDb: 8, outcome: "normalised" },
            ],
          },
        },
      });
    });
    await consume(started!.renderId, "render");

    const items = calls[0].input.items;
    expect(items.map((i: any) => i.chapters)).toEqual([
      [{ offsetSeconds: 0, title: "Clip 0" }],
      [
        { offsetSeconds: 0, title: "Clip 1" },
        { offsetSeconds: 2, title: "Offer code" },
      ],
    ]);
    expect(items.map((i: any) => i.loudness ?? null)).toEqual([stored, null]);
    const [spot] = await db
      .select()
      .from(playlistItems)
      .where(eq(playlistItems.id, `it-rp-${n}-1`));
    expect(spot!.loudness).toEqual(measured);

    const [render] = await db.select().from(renders).where(eq(renders.id, started!.renderId));
    // An audio playlist's render: the M4A's size beside the MP4's, and its key.
    expect(render).toMatchObject({ size: 99, audioSize: 42 });
    expect(render!.audioKey).toMatch(/\.m4a$/);
    expect(render!.chapters).toHaveLength(3);
    expect(render!.loudnessReport).toEqual({
      target: -16,
      items: [
        { n: 1, fileName: "clip 0.mp4", measured: -52, measuredNow: false, gainDb: 36, outcome: "normalised" },
        { n: 2, fileName: "clip 1.mp4", measured: -24, measuredNow: true, gainDb: 8, outcome: "normalised" },
      ],
    });
    const json = await env.FILES.get(render!.chaptersKey!);
    expect(json!.httpMetadata?.contentType).toBe("application/json+chapters");
    expect(await json!.json()).toEqual({
      version: "1.2.0",
      chapters: [
        { startTime: 0, title: "clip 0" },
        { startTime: 8, title: "clip 1" },
        { startTime: 10, title: "Offer code" },
      ],
    });
    const listed = await listRenders(deps(), userId);
    expect(listed[0]!.chaptersUrl).toMatch(/^http:\/\/localhost\/api\/storage\/get\//);
  });

  it("show the renderer's reason when it fails, and accept progress only with the job's token", async () => {
    const { userId, playlistId } = await playlistWith(["x"]);
    const [started] = await startRenders(deps(), userId, [playlistId]);
    const claimed = await claim(started!.renderId);
    const url = new URL(claimed!.callbackUrl);
    expect(url.toString()).toBe(await progressUrl("http://localhost", env.SESSION_SECRET, started!.renderId, 1));
    expect((await call(url.pathname + url.search, { json: { progress: 42, status: "running" } })).status).toBe(204);
    expect((await db.select().from(renders).where(eq(renders.id, started!.renderId)))[0]).toMatchObject({
      status: "running",
    });
    expect((await db.select().from(jobs).where(eq(jobs.id, started!.renderId)))[0]).toMatchObject({ progress: 42 });
    expect((await call(`${url.pathname}?attempt=1&token=forged`, { json: { progress: 90 } })).status).toBe(403);
    // The token signs the attempt: another attempt number with this token is forged too.
    const otherAttempt = url.search.replace("attempt=1", "attempt=2");
    expect((await call(url.pathname + otherAttempt, { json: { progress: 90 } })).status).toBe(403);

    const failed = { code: "render_failed", message: "Item 1 could not be read: Invalid data" };
    expect((await report(claimed!.callbackUrl, { status: "failed", error: failed })).status).toBe(204);
    expect((await db.select().from(renders).where(eq(renders.id, started!.renderId)))[0]).toMatchObject({
      status: "failed",
      error: "Item 1 could not be read: Invalid data",
    });
  });

  it("refuse a playlist without files", async () => {
    const { userId, playlistId } = await playlistWith([]);
    await expect(startRenders(deps(), userId, [playlistId])).rejects.toThrow(/has no files/);
  });
});

describe("package jobs", () => {
  it("zip every playlist into its own folder, stored, byte for byte", async () => {
    const a = await playlistWith(["alpha", "beta"], "Show A");
    const second = `pl-rp-b-${n}`;
    await db.insert(projects).values({ id: `p-rp-b-${n}`, userId: a.userId, title: "Show B" });
    await db.insert(playlists).values({ id: second, userId: a.userId, projectId: `p-rp-b-${n}` });
    const big = "z".repeat(9 * 1024 * 1024); // crosses one 8 MiB part
    await env.FILES.put(`b-${n}`, big);
    await db.insert(playlistItems).values({
      id: `it-b-${n}`,
      playlistId: second,
      userId: a.userId,
      key: `b-${n}`,
      fileName: "long take.mp4",
      contentType: "video/mp4",
      size: big.length,
      seqPos: 1,
    });

    const { jobId } = await startPackage(deps(), a.userId, [a.playlistId, second]);
    await consume(jobId, "package");
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: "done" });
    const output = job!.output as { key: string; size: number; files: number };
    const zip = await env.FILES.get(output.key);
    const entries = unzipSync(new Uint8Array(await zip!.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      "Show A/01-clip 0.mp4",
      "Show A/02-clip 1.mp4",
      "Show B/01-long take.mp4",
    ]);
    expect(new TextDecoder().decode(entries["Show A/02-clip 1.mp4"])).toBe("beta");
    expect(entries["Show B/01-long take.mp4"]!.length).toBe(big.length);
    expect(output.size).toBeGreaterThan(big.length);
  });

  it("refuses at once what would pass the zip format's 4 GB limit", async () => {
    const { userId, playlistId } = await playlistWith(["x"]);
    await db
      .update(playlistItems)
      .set({ size: 4 * 1024 * 1024 * 1024 })
      .where(eq(playlistItems.playlistId, playlistId));
    await expect(startPackage(deps(), userId, [playlistId])).rejects.toThrow(
      "The selected playlists are too large to package: the zip format is limited to 4 GB.",
    );
  });
});
