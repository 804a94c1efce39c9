// A FarmerTV episode's poster job through the queue consumer, the renderer
// stood in by a stubbed fetch: saving an episode queues the job in the same
// batch; the job hands the renderer the video and an output link, stores the
// frame and the probed facts, and the public list then shows the poster. A
// refused video fails the job with its reason and leaves the episode playable.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { publish } from "../../tests/workers/episodes";
import { call, signUp } from "../../tests/workers/http";
import { consume, stubRenderer } from "../../tests/workers/renderer";
import { database } from "../db/client";
import { showEpisodes as episodes, jobs } from "../db/schema";

const db = database(env.DB);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(60).fill(7), 0xff, 0xd9]);
let member: Awaited<ReturnType<typeof signUp>>;
const stub = stubRenderer();

beforeAll(async () => {
  member = await signUp({}, "198.51.100.47");
});

/** A new episode (no cover) and the poster job saved with it. */
async function episodeAndJob() {
  const episode = await publish(member.cookie, "Poster day", false);
  const own = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, member.user.id), eq(jobs.kind, "poster")));
  const job = own.find((j) => (j.input as any).episodeId === episode.id);
  expect(job?.status).toBe("queued");
  return { episode, jobId: job!.id };
}
const episodeRow = async (id: string) => (await db.select().from(episodes).where(eq(episodes.id, id)))[0]!;
const listed = async (id: string) =>
  (await (await call("/api/episodes")).json<any>()).farmVid.find((e: { id: string }) => e.id === id);

describe("episode poster job", () => {
  it("gets the video and an output link, stores the frame and the facts, and the list then shows the poster", async () => {
    const { episode, jobId } = await episodeAndJob();
    expect(await episodeRow(episode.id)).toMatchObject({ posterStatus: "queued", posterKey: null });
    expect((await listed(episode.id)).coverUrl).toBeNull();

    stub().mockImplementation(async (_path, body) => {
      // The renderer PUTs the frame to the signed link it was given.
      const put = await call(new URL(body.input.output.url).pathname + new URL(body.input.output.url).search, {
        method: "PUT",
        body: JPEG,
        headers: { ...body.input.output.headers, "content-type": "image/jpeg" },
      });
      expect(put.status).toBe(200);
      return Response.json({ jobId, result: { durationSeconds: 12.5, width: 640, height: 360, size: JPEG.length } });
    });
    await consume(jobId, "poster");
    const [path, body] = stub().mock.calls[0]!;
    expect(path).toBe("/jobs/poster");
    expect(body.input.source.url).toMatch(/\/api\/storage\/get\//);
    expect(body.input.output.url).toMatch(/\/api\/storage\//);

    const row = await episodeRow(episode.id);
    expect(row).toMatchObject({ posterStatus: "done", durationSeconds: 12.5, width: 640, height: 360 });
    expect(row.posterKey).toBe(`users/${member.user.id}/farmertv/posters/${episode.id}.jpg`);
    expect((await db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!.status).toBe("done");

    const shown = await listed(episode.id);
    expect(shown.durationSeconds).toBe(12.5);
    // With no cover of its own, the episode's cover address serves the poster itself, as an image.
    const picture = await call(new URL(shown.coverUrl).pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(JPEG);
  });

  it("a video the renderer refuses fails the job with its reason; the episode stays listed without a poster", async () => {
    const { episode, jobId } = await episodeAndJob();
    stub().mockResolvedValue(
      Response.json(
        { jobId, error: { code: "poster_failed", message: "no video stream found in the input" } },
        {
          status: 422,
        },
      ),
    );
    await consume(jobId, "poster");
    expect(await episodeRow(episode.id)).toMatchObject({ posterStatus: "failed", posterKey: null });
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: "failed", error: "no video stream found in the input" });
    expect((await listed(episode.id)).coverUrl).toBeNull();
  });
});
