import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../db/client";
import { files, jobs, projects, users } from "../db/schema";
import { consumeJobs, DEAD_LETTER_QUEUE } from "./consumer";

const db = database(env.DB);
let n = 0;

async function probeJob() {
  n += 1;
  const userId = `u-job-${n}`;
  await db
    .insert(users)
    .values({ id: userId, name: "J", username: `job${n}`, email: `job${n}@example.com`, passwordHash: "x" });
  await db.insert(projects).values({ id: `p-job-${n}`, userId, title: "Jobs" });
  const key = `users/${userId}/projects/p-job-${n}/files/1-a-clip.mp4`;
  await env.FILES.put(key, "not really a video");
  await db.insert(files).values({
    id: `f-job-${n}`,
    userId,
    projectId: `p-job-${n}`,
    key,
    fileName: "clip.mp4",
    contentType: "video/mp4",
    size: 18,
    kind: "video",
    probeStatus: "queued",
  });
  await db.insert(jobs).values({
    id: `j-job-${n}`,
    userId,
    kind: "probe",
    input: { target: "file", id: `f-job-${n}`, key, origin: "http://localhost" },
  });
  return { jobId: `j-job-${n}`, fileId: `f-job-${n}` };
}

async function consume(jobId: string, queue = "creator-jobs", attempts = 1) {
  const batch = createMessageBatch(queue, [
    { id: `m-${jobId}`, timestamp: new Date(), attempts, body: { jobId, kind: "probe" } },
  ]);
  const ctx = createExecutionContext();
  await consumeJobs(batch, env);
  return getQueueResult(batch, ctx);
}

const row = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const file = async (id: string) => (await db.select().from(files).where(eq(files.id, id)))[0]!;

let renderer: ReturnType<typeof vi.fn<(path: string, body: any) => Promise<Response>>>;
beforeEach(() => {
  renderer = vi.fn();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!request.url.startsWith(env.RENDERER_URL!)) throw new Error(`unexpected fetch ${request.url}`);
    return renderer(new URL(request.url).pathname, await request.json());
  });
});
afterEach(() => vi.restoreAllMocks());

describe("probe jobs", () => {
  it("send the renderer a signed input URL and record duration, frame rate and resolution", async () => {
    const { jobId, fileId } = await probeJob();
    renderer.mockResolvedValue(
      Response.json({ jobId, result: { durationSeconds: 2.04, frameRate: 25, resolution: "320x240" } }),
    );
    const result = await consume(jobId);

    expect(result.explicitAcks).toEqual([`m-${jobId}`]);
    const [path, body] = renderer.mock.calls[0]!;
    expect(path).toBe("/jobs/probe");
    expect(body.jobId).toBe(jobId);
    expect(body.input.url).toMatch(/^http:\/\/localhost\/api\/storage\/get\//);
    expect(await file(fileId)).toMatchObject({
      durationSeconds: 2.04,
      frameRate: 25,
      resolution: "320x240",
      probeStatus: "done",
    });
    expect(await row(jobId)).toMatchObject({ status: "done", progress: 100, attempts: 1 });
  });

  it("fail at once, with the renderer's reason, when the input is unreadable", async () => {
    const { jobId, fileId } = await probeJob();
    renderer.mockResolvedValue(
      Response.json(
        { jobId, error: { code: "probe_failed", message: "Invalid data found when processing input" } },
        { status: 422 },
      ),
    );
    const result = await consume(jobId);
    expect(result.explicitAcks).toEqual([`m-${jobId}`]);
    expect(await row(jobId)).toMatchObject({ status: "failed", error: "Invalid data found when processing input" });
    expect(await file(fileId)).toMatchObject({
      probeStatus: "failed",
      probeError: "Invalid data found when processing input",
    });
  });

  it("are retried with backoff when the renderer is down or dies, never left running", async () => {
    const { jobId, fileId } = await probeJob();
    renderer.mockRejectedValue(new Error("connection refused"));
    const first = await consume(jobId, "creator-jobs", 1);
    expect(first.retryMessages.map((m) => m.msgId)).toEqual([`m-${jobId}`]);
    expect(await row(jobId)).toMatchObject({ status: "queued", error: "connection refused" });

    renderer.mockResolvedValue(new Response("upstream crashed", { status: 502 }));
    const second = await consume(jobId, "creator-jobs", 2);
    expect(second.retryMessages.map((m) => m.msgId)).toEqual([`m-${jobId}`]);

    renderer.mockResolvedValue(
      Response.json({ jobId, result: { durationSeconds: 1, frameRate: null, resolution: null } }),
    );
    await consume(jobId, "creator-jobs", 3);
    expect(await row(jobId)).toMatchObject({ status: "done", attempts: 3 });
    expect(await file(fileId)).toMatchObject({ probeStatus: "done", durationSeconds: 1 });
  });

  it("end failed with a reason when they reach the dead-letter queue", async () => {
    const { jobId, fileId } = await probeJob();
    renderer.mockRejectedValue(new Error("connection refused"));
    await consume(jobId);
    const dead = await consume(jobId, DEAD_LETTER_QUEUE);
    expect(dead.explicitAcks).toEqual([`m-${jobId}`]);
    expect(renderer).toHaveBeenCalledTimes(1);
    expect(await row(jobId)).toMatchObject({ status: "failed", error: "Gave up after 1 attempts: connection refused" });
    expect(await file(fileId)).toMatchObject({ probeStatus: "failed" });
  });

  it("skip a job whose file was deleted meanwhile, and drop unknown messages", async () => {
    const { jobId, fileId } = await probeJob();
    await db.delete(files).where(eq(files.id, fileId));
    await consume(jobId);
    expect(renderer).not.toHaveBeenCalled();
    expect((await row(jobId)).status).toBe("done");
    const junk = createMessageBatch("creator-jobs", [
      { id: "junk", timestamp: new Date(), attempts: 1, body: { nope: true } },
    ]);
    const ctx = createExecutionContext();
    await consumeJobs(junk, env);
    expect((await getQueueResult(junk, ctx)).explicitAcks).toEqual(["junk"]);
  });
});
