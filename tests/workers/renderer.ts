// The renderer stood in for jobs tests. Every fetch to RENDERER_URL goes to a
// vi.fn (path, JSON body) => Response; anything else reaches the real fetch.
// `consume` runs one job as it runs for real: a packaging job through the
// Worker's queue consumer; a renderer job as the renderer's pull loop does
// (render-container/src/puller.ts): claim it with its signed URL, post the
// input to the stand-in, and report the answer on the job's signed callback.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";
import { reportOf } from "../../render-container/src/report";
import { database } from "../../worker/db/client";
import { files, jobs, projects, users } from "../../worker/db/schema";
import { consumeJobs } from "../../worker/jobs/consumer";
import { claimUrl } from "../../worker/jobs/handoff";
import { runsInRenderer } from "../../worker/jobs/jobs";
import { call } from "./http";

const db = database(env.DB);

/** A member and an empty project, written straight into D1; ids `u-{tag}` and `p-{tag}`. */
export async function memberRows(tag: string) {
  const userId = `u-${tag}`;
  const projectId = `p-${tag}`;
  await db
    .insert(users)
    .values({ id: userId, name: "J", username: userId, email: `${userId}@example.com`, passwordHash: "x" });
  await db.insert(projects).values({ id: projectId, userId, title: "Jobs" });
  return { userId, projectId };
}

/**
 * A member's project holding one video (its bytes in R2) and the video's probe job, written straight
 * into D1: a job as the renderer is handed it. Ids end in `tag`; `job` sets the job's state (the
 * file's probe status follows it).
 */
export async function probeJobRows(
  tag: string,
  job: { status?: "queued" | "running"; attempts?: number; error?: string } = {},
) {
  const { userId, projectId } = await memberRows(tag);
  const fileId = `f-${tag}`;
  const jobId = `j-${tag}`;
  const key = `users/${userId}/projects/${projectId}/files/1-a-clip.mp4`;
  await env.FILES.put(key, "not really a video");
  await db.insert(files).values({
    id: fileId,
    userId,
    projectId,
    key,
    fileName: "clip.mp4",
    contentType: "video/mp4",
    size: 18,
    kind: "video",
    probeStatus: job.status ?? "queued",
  });
  await db.insert(jobs).values({
    id: jobId,
    userId,
    kind: "probe",
    ...job,
    input: { target: "file", id: fileId, key, origin: "http://localhost" },
  });
  return { userId, projectId, fileId, jobId, key };
}

export type RendererStub = ReturnType<typeof vi.fn<(path: string, body: any) => Promise<Response>>>;

/** Installs the stand-in before each test; `current()` is this test's stub. */
export function stubRenderer() {
  let renderer: RendererStub = vi.fn();
  beforeEach(() => {
    renderer = vi.fn();
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (!request.url.startsWith(env.RENDERER_URL!)) return realFetch(input, init);
      return renderer(new URL(request.url).pathname, await request.json());
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return () => renderer;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** The renderer's claim of a job: its answer, or null when the job had nothing left to do. */
export async function claim(jobId: string) {
  const answer = await call(pathOf(await claimUrl("http://localhost", env.SESSION_SECRET, jobId)), { json: {} });
  if (answer.status === 409) return null;
  if (!answer.ok) throw new Error(`claim answered ${answer.status}: ${await answer.text()}`);
  return answer.json<{ jobId: string; path: string; input: unknown; callbackUrl: string }>();
}

/** Posts a report on the job's signed callback, as the renderer does. */
export function report(callbackUrl: string, body: unknown) {
  return call(pathOf(callbackUrl), { json: body });
}

export async function consume(jobId: string, kind: string) {
  if (!runsInRenderer(kind)) {
    const batch = createMessageBatch("creator-jobs", [
      { id: `m-${jobId}`, timestamp: new Date(), attempts: 1, body: { jobId, kind } },
    ]);
    const ctx = createExecutionContext();
    await consumeJobs(batch, env);
    return getQueueResult(batch, ctx);
  }
  const claimed = await claim(jobId);
  if (!claimed) return null;
  const answer = await fetch(new URL(claimed.path, env.RENDERER_URL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jobId, input: claimed.input, callbackUrl: claimed.callbackUrl }),
  });
  const body = await answer.json().catch(() => null);
  return report(claimed.callbackUrl, reportOf({ status: answer.status, body }));
}
